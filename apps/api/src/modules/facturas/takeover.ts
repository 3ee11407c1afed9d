import type { InvoiceData } from "@portal/cfdi";
import { type EntradaRef, mismaEntrada } from "@portal/db";
import type { ErpEntrada } from "../../erp/types";
import type { Repositories } from "../../repositories";
import { refDe } from "./entradas-pedidas";
import { TIPO_SUSTITUIR_CFDI } from "./erp-jobs";
import { FACTURA_MSG } from "./reglas";
import type { FacturaRecord } from "./repository";
import { type FacturasRepository, valoresDelXml } from "./shared";

/**
 * Issue 27 (decision 036): the accepted invoice whose A/P invoice this CFDI takes over — one of the same supplier
 * and sociedad whose UUID the CFDI names with TipoRelacion 04 and that bills some of the same receipts. A takeover
 * keeps the receipts, the total and the currency: anything else is refused (`error`). Null when the CFDI replaces
 * no such invoice (it registers as any other, and lifts a payment block when accepted).
 */
export async function takeoverOf(
  repo: Pick<FacturasRepository, "sustituibles">,
  cardCode: string,
  sociedadId: number,
  datos: InvoiceData,
  entradas: readonly ErpEntrada[],
): Promise<{ id: number; entradas: EntradaRef[] } | { error: string } | null> {
  const { uuidsSustituidos } = valoresDelXml(datos, entradas);
  const refs = entradas.map(refDe);
  const incluida = (v: EntradaRef) => refs.some((r) => mismaEntrada(v, r));
  for (const vieja of await repo.sustituibles(cardCode, sociedadId, uuidsSustituidos)) {
    if (!vieja.entradas.some(incluida)) continue;
    const mismas = vieja.entradas.length === refs.length && vieja.entradas.every(incluida);
    const total = Number(vieja.total).toFixed(2);
    if (
      mismas &&
      Number(datos.Total).toFixed(2) === total &&
      datos.Moneda.toUpperCase() === vieja.moneda.toUpperCase()
    ) {
      return { id: vieja.id, entradas: vieja.entradas };
    }
    return {
      error: FACTURA_MSG.sustitutaDistinta(
        vieja.folio,
        vieja.uuid,
        vieja.entradas.map((r) => r.docNum),
        total,
        vieja.moneda.toUpperCase(),
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
