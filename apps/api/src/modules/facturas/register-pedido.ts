import { FACTURA_PEDIDO_MSG, MSG, type PostFacturaPedidoRequest } from "@portal/contracts";
import { Invalid, refusal } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import { decodeArchivo } from "../archivos/upload-kit";
import { withQuantityRace } from "./partes";
import { pedidosElegidos, planPedidos } from "./pedidos-servicio";
import { FACTURA_MSG } from "./reglas";
import {
  checkArchivos,
  checkXml,
  conCarrera,
  type FacturasContext,
  imageMime,
  sociedadDe,
  valoresDelXml,
} from "./shared";
import { candidatasDe, lineasSustituibles, takeoverOf } from "./takeover";

/*
 * Issue 42 part 2 (decision 076): postFacturaPedido — a CFDI billing service lines of the supplier's purchase
 * orders, by quantity. The §5 checks compare the CFDI with the chosen part of the orders the way decision 074
 * compares it with the chosen part of a receipt; the invoice has no receipt (facturas.pedido), its lines are in
 * factura_lineas with base_type 22, and its A/P invoice copies them (BaseType 22).
 */

type Deps = Pick<
  FacturasContext,
  "data" | "clock" | "proveedores" | "lista69b" | "sellos" | "satEstado" | "warn" | "repo" | "erp"
>;
type Checked = Awaited<ReturnType<typeof checkRegistration>>;

export function registerPedidoOperation(deps: Deps) {
  return async (user: SessionUser, input: PostFacturaPedidoRequest): Promise<string> => {
    const checked = await checkRegistration(deps, user, input);
    await saveRegistration(deps, user, checked);
    return MSG.facturaRegistrada;
  };
}

/** Every check, every failing message at once; then the SAT. */
async function checkRegistration(deps: Deps, user: SessionUser, input: PostFacturaPedidoRequest) {
  const { proveedores, repo, erp, satEstado } = deps;
  const proveedor = await proveedores.conRegistroCompleto(user.id);
  if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
  const sociedad = await sociedadDe(repo, user, input.RazonSocial);
  if (!sociedad) throw new Invalid(FACTURA_MSG.sociedadNoVinculada);
  const pdf = decodeArchivo(input.PDF, input.PDF64);
  const xml = decodeArchivo(input.XML, input.XML64);
  const recepcion = decodeArchivo(input.Recepcion, input.Recepcion64);
  // Decision 077: an accepted order invoice the CFDI replaces (TipoRelacion 04) lends it its lines and orders.
  const candidatas = await candidatasDe(repo, proveedor.cardCode, sociedad.id, xml.bytes);
  const sustituibles = lineasSustituibles(candidatas, true);
  const deSustituibles = new Set(
    candidatas.filter((c) => c.pedido).flatMap((c) => c.lineas.map((l) => l.EntradaDocEntry)),
  );
  const elegidos = await pedidosElegidos(erp, sociedad.bdSap, proveedor.cardCode, input.LineasPedido, deSustituibles);
  if (elegidos.pedidos.length === 0) throw refusal(elegidos.errores);
  const { errores: delPlan, plan } = await planPedidos(
    repo,
    sociedad.bdSap,
    elegidos.pedidos,
    input.LineasPedido,
    sustituibles,
  );
  const errores = [...elegidos.errores, ...delPlan, ...checkArchivos(pdf, xml, recepcion)];
  const { datos, errores: delXml } = await checkXml(deps, xml.bytes, "alta", {
    proveedor: { cardName: proveedor.cardName, rfc: proveedor.rfc, resicoAgapes: proveedor.resicoAgapes },
    sociedad,
    entradas: plan.partes,
    enviado: { ...input, Total: input.Total },
    sinCpEmisor: true,
  });
  errores.push(...delXml);
  const toma = datos ? takeoverOf(candidatas, datos, plan.partes, { pedido: true, lineas: plan.lineas }) : null;
  if (toma && "error" in toma) errores.push(toma.error);
  if (datos && (await repo.uuidTaken(datos.UUID.toUpperCase()))) {
    errores.push(FACTURA_MSG.uuidRegistrado(datos.UUID.toUpperCase()));
  }
  if (errores.length > 0 || !datos) throw refusal(errores);
  const sat = await satEstado.queryOnUpload(xml.bytes, datos.FechaTimbrado);
  if ("rechazo" in sat) throw new Invalid(sat.rechazo);
  const sustituyeAId = toma && "id" in toma ? toma.id : null;
  return { proveedor, sociedad, pdf, xml, recepcion, datos, sat, plan, sustituyeAId };
}

/** The invoice, its files, its order lines, the SAT's status and an audit entry, in one transaction. */
async function saveRegistration(deps: Deps, user: SessionUser, checked: Checked) {
  const { proveedor, sociedad, pdf, xml, recepcion, datos, sat, plan, sustituyeAId } = checked;
  const docNums = plan.partes.map((p) => p.docNum);
  const primero = plan.partes[0]!;
  const now = deps.clock();
  const work = () =>
    deps.data.withTransaction(async (tx) => {
      const [pdfId, xmlId, recepcionId] = [
        await tx.archivos.store(pdf.bytes, "application/pdf"),
        await tx.archivos.store(xml.bytes, "text/xml"),
        await tx.archivos.store(recepcion.bytes, imageMime(recepcion.bytes)),
      ];
      const id = await tx.facturas.insert({
        ...valoresDelXml(datos, plan.partes),
        cardCode: proveedor.cardCode,
        sociedadId: sociedad.id,
        bd: sociedad.bdSap,
        entradaDocNum: primero.docNum,
        entradaDocEntry: primero.docEntry,
        pdfArchivoId: pdfId,
        pdfNombre: pdf.nombre,
        xmlArchivoId: xmlId,
        xmlNombre: xml.nombre,
        recepcionArchivoId: recepcionId,
        recepcionNombre: recepcion.nombre,
        estatus: "P",
        sustituyeAId,
        parcial: true,
        pedido: true,
        createdAt: now,
        updatedAt: now,
      });
      await tx.facturas.addLineas(id, sociedad.bdSap, plan.lineas);
      await deps.satEstado.save(tx, "factura", id, sat.registro);
      const lineas = plan.lineas.map((l) => `${l.baseDocNum}/${l.baseLine} × ${l.cantidad}`).join(", ");
      const registro = `P · UUID ${datos.UUID.toUpperCase()} · ${FACTURA_PEDIDO_MSG.pedidoEnLista(docNums.join(", "))} · líneas: ${lineas}`;
      await tx.auditoria.recordChange(user, { entidad: "factura", id, campo: "registro", from: "", to: registro }, now);
    });
  // Of two uploads for the last part of a line, the second fails the counter's check (decision 074).
  await conCarrera(() => withQuantityRace(work, docNums, "pedido"), datos.UUID.toUpperCase(), docNums);
}
