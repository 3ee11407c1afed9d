import { type CuentaBancariaDatos, SOLICITUD_CUENTA_MSG, validateClabe } from "@portal/contracts";

/** Currencies the form offers (ISO 4217); the API takes any three-letter code. */
export const MONEDAS_CUENTA = ["MXN", "USD", "EUR", "CAD", "GBP", "JPY", "CHF"] as const;

/**
 * What the CLABE typed so far says (issue 41: "CLABE with the bank shown as typed"): the bank from its first three
 * digits once it is complete and valid, or the check's Spanish refusal; nothing while it is empty.
 */
export function clabeHint(text: string): { banco: string | null; error: string | null } {
  if (text.trim() === "") return { banco: null, error: null };
  const result = validateClabe(text);
  if (result.ok) return { banco: SOLICITUD_CUENTA_MSG.pantalla.bancoDeClabe(result.banco.nombre), error: null };
  return { banco: null, error: result.mensaje };
}

/** An account in one line: kind, number, bank, currency. */
export function describeCuenta(c: CuentaBancariaDatos): string {
  const numero =
    c.Tipo === "clabe"
      ? `CLABE ${c.CLABE}`
      : [c.IBAN ? `IBAN ${c.IBAN}` : "", c.NumeroCuenta ? `Cuenta ${c.NumeroCuenta}` : "", `SWIFT ${c.SWIFT}`]
          .filter(Boolean)
          .join(" · ");
  const banco = c.Banco || c.BancoCodigo;
  return `${numero}${banco ? ` · ${banco}` : ""} · ${c.Moneda}`;
}

export const ESTATUS_ETIQUETA: Record<string, string> = SOLICITUD_CUENTA_MSG.estatus;
