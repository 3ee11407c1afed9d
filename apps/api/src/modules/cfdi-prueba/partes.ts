import {
  CONTRIBUYENTES_PRUEBA,
  conConceptosDeLineas,
  facturaDeEntradas,
  freshStamp,
  type LineaParaConcepto,
  type Receptor,
  type RfcPrueba,
} from "@portal/cfdi/sello";
import { CFDI_PRUEBA_MSG, type LineaFactura, type LineaPedidoFactura } from "@portal/contracts";
import type { ErpAdapter, ErpEntrada } from "../../erp/types";
import { refusal } from "../../lib/errors";
import { planPartial } from "../facturas/partes";
import { pedidosElegidos, planPedidos } from "../facturas/pedidos-servicio";
import type { NuevaLineaFactura } from "../facturas/repository-lineas";
import type { FacturasRepository } from "../facturas/shared";

/*
 * Issue 42: 'Generar CFDI de prueba' for a part — the chosen lines of goods receipts (decision 074) or the service
 * lines of purchase orders (decision 076). The part is what the registration's own plan computes (planPartial,
 * planPedidos: partOf and the order lines' pricing), so the CFDI and the §5 checks that follow cannot disagree; the
 * plan's refusals (another's order, a closed one, a quantity over what is left) are the supplier's to read.
 */

type Repo = Pick<FacturasRepository, "cantidadesFacturadas" | "documentosFacturados">;
interface Comunes {
  emisor: { rfc: RfcPrueba; nombre: string };
  receptor: Receptor & { bdSap: string };
  fecha: string;
}

const conceptosDe = (lineas: readonly NuevaLineaFactura[]): LineaParaConcepto[] =>
  lineas.map((l) => ({ itemCode: l.itemCode, itemName: l.itemName, cantidad: l.cantidad, importe: l.importe }));

/** The invoice for a part of the chosen receipts: their reduced totals, one concept per chosen line. */
function facturaDe(c: Comunes, partes: readonly ErpEntrada[], lineas: readonly NuevaLineaFactura[]) {
  const stamp = freshStamp(c.fecha);
  const factura = facturaDeEntradas({
    emisor: c.emisor,
    receptor: c.receptor,
    entradas: partes,
    fecha: c.fecha,
    folio: stamp.uuid.slice(0, 8),
    stamp,
  });
  return conConceptosDeLineas(factura, conceptosDe(lineas));
}

/** A test invoice for the lines and quantities chosen of `entradas` (the supplier's, already read). */
export async function facturaDeParte(
  repo: Repo,
  c: Comunes,
  entradas: readonly ErpEntrada[],
  lineas: readonly LineaFactura[],
) {
  const { errores, plan } = await planPartial(repo, c.receptor.bdSap, entradas, lineas);
  if (errores.length > 0) throw refusal(errores);
  return facturaDe(c, plan.entradas, plan.lineas);
}

/**
 * A test invoice for service lines of the supplier's open purchase orders. An order has no issuer postal code of its
 * own (the checks skip it): the CFDI is issued from the test taxpayer's.
 */
export async function facturaDeServicios(
  deps: { repo: Repo; erp: Pick<ErpAdapter, "readPedidos"> },
  c: Comunes,
  cardCode: string,
  lineas: readonly LineaPedidoFactura[],
) {
  const bd = c.receptor.bdSap;
  const elegidos = await pedidosElegidos(deps.erp, bd, cardCode, lineas);
  const { errores, plan } = await planPedidos(deps.repo, bd, elegidos.pedidos, lineas);
  if (elegidos.errores.length > 0 || errores.length > 0) throw refusal([...elegidos.errores, ...errores]);
  const cp = CONTRIBUYENTES_PRUEBA[c.emisor.rfc].cp;
  const factura = facturaDe(
    c,
    plan.partes.map((p) => ({ ...p, cp })),
    plan.lineas,
  );
  return { ...factura, concepto: CFDI_PRUEBA_MSG.conceptoServicios(plan.partes.map((p) => p.docNum)) };
}
