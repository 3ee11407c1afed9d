import { MSG_SESION } from "@portal/contracts";
import classes from "./first-screen/first-screen.module.css";

/** Any path not in the route table (spec §2, §8): exactly 'No page'. Plain HTML: it may show without Mantine. */
export function NotFound() {
  return (
    <div className={classes.page}>
      <p className={`${classes.dimmed} ${classes.notFound}`}>{MSG_SESION.noPage}</p>
    </div>
  );
}
