import { MSG_SESION } from "@portal/contracts";
import { useDocumentTitle } from "../lib/document-title";
import classes from "./first-screen/first-screen.module.css";

/** Any path not in the route table (spec §2, §8): exactly 'No page'. Plain HTML: it may show without Mantine. */
export function NotFound() {
  useDocumentTitle(MSG_SESION.noPage);
  return (
    <div className={classes.page}>
      <p className={`${classes.dimmed} ${classes.notFound}`}>{MSG_SESION.noPage}</p>
    </div>
  );
}
