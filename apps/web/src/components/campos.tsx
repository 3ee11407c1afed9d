import type { ReactNode } from "react";
import classes from "./campos.module.css";

/** One read-only field of a panel. */
export interface Campo {
  label: string;
  value: ReactNode;
  isWide?: boolean;
}

/** A read-only panel of labelled fields (a description list); empty values show '—'. */
export function Campos({ campos }: { campos: readonly Campo[] }) {
  return (
    <dl className={classes.fields}>
      {campos.map((campo) => (
        <div key={campo.label} className={campo.isWide ? classes.wide : undefined}>
          <dt>{campo.label}</dt>
          <dd>{campo.value === "" || campo.value === null ? "—" : campo.value}</dd>
        </div>
      ))}
    </dl>
  );
}
