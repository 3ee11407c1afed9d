import { type SQL, sql } from "drizzle-orm";

/*
 * The base documents an A/P invoice line may copy (SAP Document_Lines BaseType; BoObjectTypes
 * oPurchaseDeliveryNotes = 20, oPurchaseOrders = 22; /work/shared/erp/service-layer.md §BaseType): a goods
 * receipt (OPDN/PDN1), or (issue 42 part 2, decision 076) a purchase order (OPOR/POR1), whose lines a service
 * billed without a receipt is copied from. Both tables have the same columns in erp_mock.
 */
export type BaseType = 20 | 22;

/** The erp_mock tables of a base type: the header's and the lines'. */
export function baseTables(baseType: BaseType): { doc: SQL; lines: SQL } {
  return baseType === 22
    ? { doc: sql.raw("erp_mock.pedidos"), lines: sql.raw("erp_mock.pedido_lineas") }
    : { doc: sql.raw("erp_mock.entradas"), lines: sql.raw("erp_mock.entrada_lineas") };
}

/**
 * The one base type of a body's copied lines (20 when none names 22). The portal never mixes orders and receipts in
 * one A/P invoice; the simulator refuses such a body rather than simulate it.
 */
export function baseTypeOf(types: readonly (number | undefined)[]): BaseType | "mixed" {
  const copied = types.filter((t) => t === 20 || t === 22);
  if (copied.some((t) => t === 22)) return copied.every((t) => t === 22) ? 22 : "mixed";
  return 20;
}

/** SAP's refusal of a body the simulator does not simulate: lines copied from receipts and orders at once. */
export const MIXED_BASE_TYPES =
  "Lines copied from goods receipts and purchase orders in one document are not simulated";
