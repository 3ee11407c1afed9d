import { type InvoiceData, readInvoice } from "@portal/cfdi";
import { FACTURA_PARTES_MSG, type LineaFacturada } from "@portal/contracts";
import { columnasDelCfdi, type EntradaRef, mismaEntrada } from "@portal/db";
import type { ErpEntrada } from "../../erp/types";
import type { Repositories } from "../../repositories";
import { refDe } from "./entradas-pedidas";
import { TIPO_SUSTITUIR_CFDI } from "./erp-jobs";
import { FACTURA_MSG } from "./reglas";
import type { FacturaRecord } from "./repository";
import { lineKey } from "./repository-lineas";
import type { FacturasRepository } from "./shared";

/** A base line an invoice bills, as a takeover compares them (decision 077). */
export interface LineaBase {
  baseType: 20 | 22;
  baseEntry: number;
  baseLine: number;
  cantidad: string;
}

/** An accepted invoice a CFDI may replace, with what it bills: its receipts and, when partial, its lines. */
export type Sustituible = Awaited<ReturnType<FacturasRepository["sustituibles"]>>[number] & {
  lineas: LineaFacturada[];
};

/** What the new (or corrected) invoice bills: receipts or orders, and the lines when partial (none: whole receipts). */
export interface LoQueFactura {
  pedido: boolean;
  lineas: readonly LineaBase[];
}

/**
 * Decision 077: the accepted invoices of this supplier and sociedad, not replaced yet, whose UUIDs the CFDI names with
 * TipoRelacion 04 (read without verifying it: checkXml does that), each with its billed lines. Read before the part's
 * quantities are checked, so a replacement may bill again what the invoice it replaces holds.
 */
export async function candidatasDe(
  repo: Pick<FacturasRepository, "sustituibles" | "lineasDe">,
  cardCode: string,
  sociedadId: number,
  xml: Uint8Array | InvoiceData,
): Promise<Sustituible[]> {
  const datos = xml instanceof Uint8Array ? readCfdi(xml) : xml;
  if (!datos) return [];
  const viejas = await repo.sustituibles(cardCode, sociedadId, columnasDelCfdi(datos, 0).uuidsSustituidos);
  if (viejas.length === 0) return [];
  const lineas = await repo.lineasDe(viejas.map((v) => v.id));
  return viejas.map((v) => ({ ...v, lineas: lineas.get(v.id) ?? [] }));
}

const readCfdi = (xml: Uint8Array): InvoiceData | null => {
  const leido = readInvoice(xml, { variant: "alta" });
  return leido.ok ? leido.data : null;
};

/** The line quantities the candidates hold (lineKey of base type and line → quantity), which a replacement may bill. */
export function lineasSustituibles(candidatas: readonly Sustituible[], pedido: boolean): Map<string, number> {
  const map = new Map<string, number>();
  for (const c of candidatas.filter((x) => x.pedido === pedido)) {
    for (const l of c.lineas) map.set(lineKey(l.EntradaDocEntry, l.LineNum), Number(l.Cantidad));
  }
  return map;
}

/** A stored billed line as takeoverOf compares it. */
export const lineaBaseDe = (l: LineaFacturada): LineaBase => ({
  baseType: l.Pedido ? 22 : 20,
  baseEntry: l.EntradaDocEntry,
  baseLine: l.LineNum,
  cantidad: l.Cantidad,
});
const mismasLineas = (a: readonly LineaBase[], b: readonly LineaBase[]) =>
  a.length === b.length &&
  a.every((x) =>
    b.some(
      (y) =>
        y.baseType === x.baseType &&
        y.baseEntry === x.baseEntry &&
        y.baseLine === x.baseLine &&
        Math.abs(Number(y.cantidad) - Number(x.cantidad)) < 1e-9,
    ),
  );

/** "la entrada 123 (línea 0 × 4); el pedido 55 (línea 1 × 0.6)": what a replaced partial invoice bills. */
function lineasEnPalabras(lineas: readonly LineaFacturada[]): string {
  const docs = [...new Map(lineas.map((l) => [`${l.Pedido ? 22 : 20}|${l.EntradaDocEntry}`, l])).values()];
  return docs
    .map((d) =>
      FACTURA_PARTES_MSG.lineasDeDocumento(
        d.Pedido === true,
        d.Entrada,
        lineas
          .filter((l) => l.EntradaDocEntry === d.EntradaDocEntry && (l.Pedido ?? false) === (d.Pedido ?? false))
          .map((l) => FACTURA_PARTES_MSG.lineaConCantidad(l.LineNum, l.Cantidad))
          .join(", "),
      ),
    )
    .join("; ");
}

/**
 * Issue 27 (decision 036, decision 077): the accepted invoice whose A/P invoice this CFDI takes over — one of the
 * candidates (same supplier and sociedad, UUID named with TipoRelacion 04) that bills some of the same receipts, or
 * of the same orders. A takeover keeps what the invoice bills — its receipts whole, or the same lines and quantities
 * of the same receipts or orders — the total and the currency: anything else is refused (`error`). Null when the CFDI
 * replaces no such invoice (it registers as any other, and lifts a payment block when accepted).
 */
export function takeoverOf(
  candidatas: readonly Sustituible[],
  datos: InvoiceData,
  entradas: readonly ErpEntrada[],
  nueva: LoQueFactura,
): { id: number; entradas: EntradaRef[] } | { error: string } | null {
  const refs = entradas.map(refDe);
  const incluida = (v: EntradaRef) => refs.some((r) => mismaEntrada(v, r));
  const documentos = new Set(entradas.map((e) => e.docEntry));
  for (const vieja of candidatas) {
    if (vieja.pedido !== nueva.pedido) continue;
    const comparte = vieja.pedido
      ? vieja.lineas.some((l) => documentos.has(l.EntradaDocEntry))
      : vieja.entradas.some(incluida);
    if (!comparte) continue;
    const mismosDocumentos = vieja.pedido
      ? new Set(vieja.lineas.map((l) => l.EntradaDocEntry)).size === documentos.size &&
        vieja.lineas.every((l) => documentos.has(l.EntradaDocEntry))
      : vieja.entradas.length === refs.length && vieja.entradas.every(incluida);
    const total = Number(vieja.total).toFixed(2);
    if (
      mismosDocumentos &&
      mismasLineas(vieja.lineas.map(lineaBaseDe), nueva.lineas) &&
      Number(datos.Total).toFixed(2) === total &&
      datos.Moneda.toUpperCase() === vieja.moneda.toUpperCase()
    ) {
      return { id: vieja.id, entradas: vieja.entradas };
    }
    const moneda = vieja.moneda.toUpperCase();
    return {
      error:
        vieja.lineas.length > 0
          ? FACTURA_PARTES_MSG.sustitutaDistintaParcial(
              vieja.folio,
              vieja.uuid,
              lineasEnPalabras(vieja.lineas),
              total,
              moneda,
            )
          : FACTURA_MSG.sustitutaDistinta(
              vieja.folio,
              vieja.uuid,
              vieja.entradas.map((r) => r.docNum),
              total,
              moneda,
            ),
    };
  }
  return null;
}

/**
 * Decision 036, in the acceptance's transaction (the replaced invoice was marked by `decide`): the takeover's ERP
 * job, and a line in each invoice's history.
 */
export async function takeOver(tx: Repositories, sustituta: FacturaRecord, viejaId: number, now: Date) {
  await tx.erpTrabajos.enqueue(TIPO_SUSTITUIR_CFDI, { facturaId: sustituta.id }, now);
  const vieja = await tx.facturas.findById(viejaId);
  const linea = (entidadId: number, texto: string) =>
    tx.auditoria.recordChange(
      { operador: "Sistema", id: "Revisión" },
      { entidad: "factura", id: entidadId, campo: "sustitucion", from: "", to: texto },
      now,
    );
  await linea(viejaId, FACTURA_MSG.sustituidaPor(sustituta.folio, sustituta.uuid));
  if (vieja) await linea(sustituta.id, FACTURA_MSG.sustituyeA(vieja.folio, vieja.uuid));
}
