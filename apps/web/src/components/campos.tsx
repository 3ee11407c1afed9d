import type { ReactNode } from "react";
import classes from "./campos.module.css";

/** One read-only field of a panel. */
export interface Campo {
  label: string;
  /**
   * The name the field has in a file or standard, shown as written after the label ("Saldo anterior (ImpSaldoAnt)"):
   * the label is in capitals, the code never is (issue 40: "(IMPSALDOANT)").
   */
  code?: string;
  value: ReactNode;
  isWide?: boolean;
}

/** A read-only panel of labelled fields (a description list); empty values show '—'. */
export function Campos({ campos }: { campos: readonly Campo[] }) {
  return (
    <dl className={classes.fields}>
      {campos.map((campo) => (
        <div key={`${campo.label}|${campo.code ?? ""}`} className={campo.isWide ? classes.wide : undefined}>
          <dt>
            {campo.label}
            {campo.code ? <span className={classes.code}> ({campo.code})</span> : null}
          </dt>
          <dd>{campo.value === "" || campo.value === null ? "—" : campo.value}</dd>
        </div>
      ))}
    </dl>
  );
}
