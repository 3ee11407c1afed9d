import { addAmounts, complementoEsperado, type ImportesFactura, normalizeUuid } from "@portal/cfdi";
import type { ComplementoEsperado } from "@portal/contracts";
import type { ErpPago } from "../../erp/types";
import type { SessionUser } from "../../lib/session-user";
import type { PagosDeps } from "./deps";
import { isPpd, type ReachablePago } from "./shared";

/** The amounts of a registered invoice that its IVA is read from (complementoEsperado's ImportesFactura). */
const importesDe = (
  factura: { subtotal: string; descuento: string; retenciones: string; total: string } | undefined,
): { importes?: ImportesFactura } =>
  factura
    ? {
        importes: {
          subtotal: factura.subtotal,
          descuento: factura.descuento,
          retenciones: factura.retenciones,
          total: factura.total,
        },
      }
    : {};

type ExpectedComplementDeps = Pick<PagosDeps, "data" | "erp"> & { pagoDe: ReachablePago };

/** One credit note on an invoice: its CFDI date and what it took off (the expected complement's `notas`). */
type NotaDeFactura = { fecha: string; importe: string; referencia: string };

/**
 * The ERP's credit memos on each of these invoices (by UUID), with their CFDI dates: the accepted credit notes whose
 * memo the portal recorded, or — the memo job's answer lost — the ERP has (asked by the note's portal id). Issue 39:
 * each lowers the balance from its date on (a note dated after a payment leaves that payment's ImpSaldoAnt alone).
 */
async function creditedInErp(
  { data, erp }: Pick<PagosDeps, "data" | "erp">,
  uuids: readonly string[],
): Promise<Map<string, NotaDeFactura[]>> {
  const notas = await data.repos.notasCredito.aceptadasPorUuid(uuids);
  const sinRegistrar = [...new Map(notas.filter((n) => n.erpDocEntry === null).map((n) => [n.notaCreditoId, n.bd]))];
  const enErp = new Set(
    (
      await Promise.all(
        sinRegistrar.map(async ([id, bd]) => {
          const memo = await erp.findNotaCreditoProveedor(bd, id);
          return memo && memo.canceled !== "Y" ? [id] : [];
        }),
      )
    ).flat(),
  );
  const out = new Map<string, NotaDeFactura[]>();
  for (const n of notas) {
    if (n.erpDocEntry === null && !enErp.has(n.notaCreditoId)) continue;
    const uuid = normalizeUuid(n.uuid);
    out.set(uuid, [
      ...(out.get(uuid) ?? []),
      { fecha: n.fecha, importe: n.importe, referencia: String(n.notaCreditoId) },
    ]);
  }
  return out;
}

/** What earlier payments applied to one of the payment's invoices, from the ERP's applications to them. */
const earlierApplications = (
  pago: ErpPago,
  historial: Awaited<ReturnType<PagosDeps["erp"]["listAplicaciones"]>>,
  facturaDocEntry: number,
) =>
  // Earlier payments: before this one by date, then DocNum; cancelled ones do not count.
  historial
    .filter(
      (a) =>
        a.facturaDocEntry === facturaDocEntry &&
        a.canceled === "N" &&
        a.pagoDocEntry !== pago.docEntry &&
        (a.docDate < pago.docDate || (a.docDate === pago.docDate && a.pagoDocNum < pago.docNum)),
    )
    .map((a) => a.sumApplied);

/**
 * The complement the supplier must issue for this ERP payment, computed from the ERP: its PPD invoices with their
 * parcialidad, previous balance (the invoice's ledger just before the payment, decision 058), amount paid and
 * balance left. Null when none is owed (cancelled payment, no PPD invoice). The upload check compares with it.
 */
export async function complementoDelPago(
  deps: Pick<PagosDeps, "data" | "erp">,
  pago: ErpPago,
): Promise<ComplementoEsperado | null> {
  const { data, erp } = deps;
  const repo = data.repos.pagos;
  if (pago.canceled === "Y") return null;
  const metodos = await repo.metodosDePago(pago.cardCode);
  // The portal's own record of each invoice: its folio and the amounts its taxes are computed from.
  const registered = new Map(
    (await repo.facturasPorUuid(pago.facturas.map((f) => f.uuid))).map((f) => [normalizeUuid(f.uuid), f]),
  );
  const ppd = pago.facturas.filter((f) => isPpd(metodos, f.uuid, f.fecha, pago.docDate));
  if (ppd.length === 0) return null;
  // Issue 27 (decision 034): the credit memos take their amounts off the invoices' balance. Issue 36: only memos
  // the ERP applied count, not notes merely accepted in the portal (their memo job pending or failed). Issue 39:
  // each from its CFDI date on, in the invoice's ledger.
  const acreditado = await creditedInErp(
    deps,
    ppd.map((f) => normalizeUuid(f.uuid)),
  );
  const historial = await erp.listAplicaciones(
    pago.bd,
    ppd.map((f) => f.facturaDocEntry),
  );
  return complementoEsperado({
    pago: {
      fecha: pago.docDate,
      formaPago: pago.formaPago,
      moneda: pago.docCur,
      tipoCambio: pago.docRate,
      // Only the PPD invoices get a complement: its Monto is what the payment applied to them.
      total: ppd.length === pago.facturas.length ? pago.docTotal : addAmounts(...ppd.map((f) => f.appliedPago)),
      cancelado: false,
    },
    facturas: ppd.map((f) => ({
      uuid: f.uuid,
      folio: registered.get(normalizeUuid(f.uuid))?.folio ?? f.folio,
      moneda: f.docCur,
      total: f.facturaTotal,
      aplicado: f.sumApplied,
      ...(f.docCur !== pago.docCur ? { aplicadoMonedaPago: f.appliedPago } : {}),
      aplicadoAntes: earlierApplications(pago, historial, f.facturaDocEntry),
      notas: acreditado.get(normalizeUuid(f.uuid)) ?? [],
      ...importesDe(registered.get(normalizeUuid(f.uuid))),
    })),
  });
}

/**
 * getComplementoEsperado: the complement the supplier must issue for one of its payments (employees: any). Null
 * when none is owed (cancelled payment, accepted complement, no PPD invoice).
 */
export const expectedComplement =
  (deps: ExpectedComplementDeps) =>
  async (user: SessionUser, bd: string, docNum: number): Promise<ComplementoEsperado | null> => {
    const pago = await deps.pagoDe(user, bd, docNum);
    const registro = await deps.data.repos.pagos.findByPago(pago.bd, pago.docEntry);
    if (pago.canceled === "Y" || registro?.estatus === "A") return null;
    return complementoDelPago(deps, pago);
  };
