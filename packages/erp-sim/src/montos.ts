/**
 * Amounts in cents and calendar dates as the simulated ERP's business logic checks them (A/P invoices in
 * facturas-proveedor.ts, vendor payments in pagos-proveedor.ts).
 */
export const centavos = (v: string | number) => Math.round(Number(v) * 100);
export const dinero = (c: number) =>
  `${c < 0 ? "-" : ""}${Math.trunc(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;
const FECHA_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD (the shape alone lets 2026-02-30 through to PostgreSQL). */
export const isDate = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return FECHA_RE.test(v) && !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
};
