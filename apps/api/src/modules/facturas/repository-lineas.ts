import type { LineaFacturada } from "@portal/contracts";
import { type Database, schema } from "@portal/db";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";

const { facturaLineas, facturas, documentosBaseFacturados } = schema;

/** A base line an invoice bills in part, as registered (issue 42, decision 074). */
export interface NuevaLineaFactura {
  baseType: 20 | 22;
  baseEntry: number;
  baseDocNum: number;
  baseLine: number;
  itemCode: string;
  itemName: string;
  cantidad: string;
  cantidadLinea: string;
  importe: string;
}

/** How a base document is held: by a whole-document invoice, by partial ones, by none. */
export interface DocumentoBaseFacturado {
  baseEntry: number;
  completas: number;
  parciales: number;
}

/** `${baseEntry}|${baseLine}`: a base line's key in the maps below. */
export const lineKey = (baseEntry: number, baseLine: number) => `${baseEntry}|${baseLine}`;

/** The lines invoices bill in part and what the database holds of each base line (issue 42; repository.ts composes them). */
export function facturaLineasQueries(db: Database) {
  return {
    /** The invoice's billed lines; the triggers copy its company database and status and take the quantities. */
    addLineas: async (facturaId: number, bd: string, lineas: readonly NuevaLineaFactura[]) => {
      if (lineas.length === 0) return;
      await db.insert(facturaLineas).values(lineas.map((l) => ({ ...l, facturaId, bd })));
    },
    /** The lines each invoice bills in part, by invoice id (invoices billing whole receipts have none). */
    lineasDe: async (facturaIds: readonly number[]): Promise<Map<number, LineaFacturada[]>> => {
      const map = new Map<number, LineaFacturada[]>();
      if (facturaIds.length === 0) return map;
      const rows = await db
        .select()
        .from(facturaLineas)
        .where(inArray(facturaLineas.facturaId, [...facturaIds]))
        .orderBy(facturaLineas.facturaId, facturaLineas.baseDocNum, facturaLineas.baseEntry, facturaLineas.baseLine);
      for (const r of rows) {
        const linea: LineaFacturada = {
          Entrada: r.baseDocNum,
          EntradaDocEntry: r.baseEntry,
          LineNum: r.baseLine,
          ItemCode: r.itemCode,
          ItemName: r.itemName,
          Cantidad: trimZeros(r.cantidad),
          CantidadLinea: trimZeros(r.cantidadLinea),
          Importe: r.importe,
          ...(r.baseType === 22 ? { Pedido: true as const } : {}),
        };
        map.set(r.facturaId, [...(map.get(r.facturaId) ?? []), linea]);
      }
      return map;
    },
    /** How each of these base documents is held (absent: by no invoice). */
    documentosFacturados: async (bd: string, baseType: 20 | 22, entries: readonly number[]) => {
      if (entries.length === 0) return [];
      return db
        .select({
          baseEntry: documentosBaseFacturados.baseEntry,
          completas: documentosBaseFacturados.completas,
          parciales: documentosBaseFacturados.parciales,
        })
        .from(documentosBaseFacturados)
        .where(
          and(
            eq(documentosBaseFacturados.bd, bd),
            eq(documentosBaseFacturados.baseType, baseType),
            inArray(documentosBaseFacturados.baseEntry, [...entries]),
          ),
        ) as Promise<DocumentoBaseFacturado[]>;
    },
    /**
     * Per base line of these documents (lineKey): the quantity Pendiente/Aceptada invoices bill, and the part of it
     * whose A/P invoice the ERP does not have yet (what the ERP's open quantity does not show).
     */
    cantidadesFacturadas: async (bd: string, baseType: 20 | 22, entries: readonly number[]) => {
      const map = new Map<string, { facturada: number; sinErp: number }>();
      if (entries.length === 0) return map;
      const rows = await db
        .select({
          baseEntry: facturaLineas.baseEntry,
          baseLine: facturaLineas.baseLine,
          facturada: sql<string>`sum(${facturaLineas.cantidad})`,
          sinErp: sql<string>`coalesce(sum(${facturaLineas.cantidad}) filter (where ${isNull(facturas.erpDocEntry)}), 0)`,
        })
        .from(facturaLineas)
        .innerJoin(facturas, eq(facturas.id, facturaLineas.facturaId))
        .where(
          and(
            eq(facturaLineas.bd, bd),
            eq(facturaLineas.baseType, baseType),
            inArray(facturaLineas.baseEntry, [...entries]),
            eq(facturaLineas.activa, true),
          ),
        )
        .groupBy(facturaLineas.baseEntry, facturaLineas.baseLine);
      for (const r of rows) {
        map.set(lineKey(r.baseEntry, r.baseLine), { facturada: Number(r.facturada), sinErp: Number(r.sinErp) });
      }
      return map;
    },
  };
}

/** A numeric column's text without trailing zeros ("4.000000" → "4", "2.500000" → "2.5"). */
export function trimZeros(v: string): string {
  return v.includes(".") ? v.replace(/0+$/, "").replace(/\.$/, "") : v;
}
