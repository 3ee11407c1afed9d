import { normalizeUuid } from "@portal/cfdi";
import { requiresComplemento } from "@portal/contracts";
import type { ErpPago } from "../../erp/types";
import { Invalid } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { PagosDeps } from "./deps";
import { PAGO_MSG } from "./reglas";
import { SIN_CFDI, sinCfdiKey } from "./repository-lookups";

/**
 * Whether an invoice a payment settles is paid in parcialidades or deferred (PPD): what the portal invoice's
 * XML said when there is one; for the ERP's own history (no CFDI in the portal), a payment in a later month than
 * the invoice (the SAT's test for PUE is payment within the month of issue).
 */
export const isPpd = (metodos: Map<string, string>, uuid: string, fechaFactura: string, fechaPago: string) => {
  const metodo = metodos.get(normalizeUuid(uuid));
  return metodo !== undefined ? metodo === "PPD" : fechaPago.slice(0, 7) > fechaFactura.slice(0, 7);
};

/**
 * Each invoice of a payment with its method (issue 23): a payment applying only to PUE ones needs no complement.
 * Decision 073: a payment to a supplier whose kind owes no complement (a foreign one) applies to invoices 'Sin CFDI'.
 */
export const withMethod = (metodos: Map<string, string>, pago: ErpPago) =>
  pago.facturas.map((f) => ({
    ...f,
    MetodoPago: (metodos.has(sinCfdiKey(pago.cardCode))
      ? SIN_CFDI
      : isPpd(metodos, f.uuid, f.fecha, pago.docDate)
        ? "PPD"
        : "PUE") as "PUE" | "PPD" | typeof SIN_CFDI,
  }));

export const needsComplemento = (metodos: Map<string, string>, pago: ErpPago) =>
  requiresComplemento({ Detalle: withMethod(metodos, pago) });

/** A payment the user may reach: a supplier's own in its sociedades' company databases; employees any. */
export const reachablePago =
  ({ erp, erpScope }: Pick<PagosDeps, "erp" | "erpScope">) =>
  async (user: SessionUser, bd: string, docNum: number): Promise<ErpPago> => {
    const scope = await erpScope(user);
    const pago = scope.bds.includes(bd) ? await erp.findPago(bd, docNum, scope.cardCode ?? undefined) : null;
    if (!pago || (scope.cardCode !== null && pago.cardCode !== scope.cardCode)) {
      throw new Invalid(PAGO_MSG.pagoNoExiste(docNum));
    }
    return pago;
  };
export type ReachablePago = ReturnType<typeof reachablePago>;
