import { erpFacturas } from "@portal/db/schema";
import type {
  ErpFacturaProveedor,
  ErpFacturaProveedorNueva,
  ErpNotaCreditoProveedorNueva,
  ErpScope,
} from "@portal/erp";
import { and, sql } from "drizzle-orm";
import {
  cancelFacturaProveedorByKey,
  type FacturaProveedor,
  insertFacturaProveedor,
  repointFacturaProveedorByKey,
  selectFacturaProveedor,
  selectFacturasProveedor,
  setPaymentBlockByKey,
} from "../facturas-proveedor";
import { insertNotaCreditoProveedor, selectNotaCreditoProveedor } from "../notas-credito-proveedor";
import { enAlcance, type MockAdapterDeps, refusalsAsErpErrors } from "./shared";

/**
 * The `mock` adapter's A/P invoices (OPCH) and credit memos (ORPC) created by the portal: the writes call what the
 * simulated ERP itself does (facturas-proveedor.ts, notas-credito-proveedor.ts), whose refusals (ErpRechazo) reach
 * the portal as ErpRechazoError.
 */

export const createFacturaProveedor = ({ db }: MockAdapterDeps, input: ErpFacturaProveedorNueva) =>
  refusalsAsErpErrors(async () => {
    const { docEntry, docNum } = await insertFacturaProveedor(db, input);
    return { docEntry, docNum };
  });

export const cancelFacturaProveedor = ({ db }: MockAdapterDeps, bd: string, docEntry: number) =>
  refusalsAsErpErrors(async () => {
    await cancelFacturaProveedorByKey(db, bd, docEntry);
  });

export const setPaymentBlock = ({ db }: MockAdapterDeps, bd: string, docEntry: number, blocked: boolean) =>
  refusalsAsErpErrors(async () => {
    await setPaymentBlockByKey(db, bd, docEntry, blocked);
  });

export const createNotaCreditoProveedor = ({ db }: MockAdapterDeps, input: ErpNotaCreditoProveedorNueva) =>
  refusalsAsErpErrors(async () => {
    const { docEntry, docNum } = await insertNotaCreditoProveedor(db, input);
    return { docEntry, docNum };
  });

export const repointFacturaProveedor = (
  { db }: MockAdapterDeps,
  bd: string,
  docEntry: number,
  to: Parameters<typeof repointFacturaProveedorByKey>[3],
) =>
  refusalsAsErpErrors(async () => {
    await repointFacturaProveedorByKey(db, bd, docEntry, to);
  });

export const findNotaCreditoProveedor = ({ db }: MockAdapterDeps, bd: string, portalId: number) =>
  selectNotaCreditoProveedor(db, bd, portalId);

export async function findFacturaProveedor({ db }: MockAdapterDeps, bd: string, portalId: number) {
  const f = await selectFacturaProveedor(db, bd, portalId);
  return f && f.portalId !== null ? facturaProveedor(f) : null;
}

export async function listFacturasProveedor({ db }: MockAdapterDeps, scope: ErpScope) {
  if (scope.bds.length === 0) return [];
  const rows = await selectFacturasProveedor(db, {
    bds: scope.bds,
    ...(scope.cardCode === null ? {} : { cardCode: scope.cardCode }),
    soloPortal: true,
  });
  return rows.map(facturaProveedor);
}

export async function facturasProveedorFingerprint({ db }: MockAdapterDeps, scope: ErpScope) {
  if (scope.bds.length === 0) return "0";
  const [row] = await db
    .select({ fingerprint: sql<string>`concat_ws(':', count(*), coalesce(sum(${erpFacturas.version}), 0))` })
    .from(erpFacturas)
    .where(and(enAlcance(erpFacturas, scope), sql`${erpFacturas.portalId} is not null`));
  return row?.fingerprint ?? "0";
}

const facturaProveedor = (f: FacturaProveedor): ErpFacturaProveedor => ({
  bd: f.bd,
  docEntry: f.docEntry,
  docNum: f.docNum,
  cardCode: f.cardCode,
  portalId: f.portalId as number,
  numAtCard: f.numAtCard,
  uuid: f.uuid,
  docDate: f.docDate,
  docTotal: f.docTotal,
  paidToDate: f.paidToDate,
  docCur: f.docCur,
  canceled: f.canceled === "Y" ? "Y" : "N",
  entradaDocNum: f.entradaDocNum,
  fechaPago: f.fechaPago,
  paymentBlock: f.payBlock === "Y" ? "Y" : "N",
  docDueDate: f.docDueDate,
  // SAP answers one installment for the whole total when the payment terms do not split the invoice.
  installments:
    f.installments.length > 0
      ? f.installments
      : [{ installmentId: 1, dueDate: f.docDueDate, percentage: "100", total: f.docTotal }],
});
