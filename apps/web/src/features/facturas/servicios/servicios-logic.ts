import { buildPostFacturaPayload, type ConceptoLeido, checkInvoiceFiles, readInvoice } from "@portal/cfdi";
import {
  FACTURA_PEDIDO_MSG,
  type FacturaSociedad,
  type PedidoPorFacturar,
  type PostFacturaPedidoRequest,
  postFacturaPedidoRequestSchema,
} from "@portal/contracts";
import { type ArchivoLeido, checkSizes, type Revision, readXml, zodMessages } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { type Cantidades, claveLinea, proposeEnLineas } from "../entrada-partes";

/*
 * Issue 42 part 2 (decision 076): the browser's checks of 'Facturar servicios de un pedido' — a sociedad, at least one
 * quantity, the three files and a readable CFDI; the server runs the §5 checks against the chosen part of the orders.
 */

/** `${DocEntry}|${LineNum}` → the quantity typed (text, as the input holds it): the receipt form's keys. */
export { type Cantidades, claveLinea };

/**
 * The quantities the CFDI's concepts bill of the orders' service lines (the receipt form's matching: item code,
 * name or unit price), or null when some concept names none of them.
 */
export const proposeCantidadesPedidos = (
  conceptos: readonly ConceptoLeido[],
  pedidos: readonly PedidoPorFacturar[],
): Cantidades | null =>
  proposeEnLineas(
    conceptos,
    pedidos.flatMap((p) => p.Lineas.map((linea) => ({ clave: claveLinea(p.DocEntry, linea.LineNum), linea }))),
  );

/** The lines with a quantity above 0, as postFacturaPedido's LineasPedido. */
export function lineasDelEnvio(pedidos: readonly PedidoPorFacturar[], cantidades: Cantidades) {
  return pedidos.flatMap((p) =>
    p.Lineas.flatMap((l) => {
      const cantidad = (cantidades[claveLinea(p.DocEntry, l.LineNum)] ?? "").trim();
      return Number(cantidad) > 0 ? [{ PedidoDocEntry: p.DocEntry, LineNum: l.LineNum, Cantidad: cantidad }] : [];
    }),
  );
}

/** The lines of a test CFDI for the services (issue 42): the lines to send, or none while a quantity is refused. */
export const lineasDeServicios = (pedidos: readonly PedidoPorFacturar[], cantidades: Cantidades) => {
  const excede = pedidos.some((p) =>
    p.Lineas.some((l) => {
      const texto = (cantidades[claveLinea(p.DocEntry, l.LineNum)] ?? "").trim();
      return texto !== "" && !(Number(texto) >= 0 && Number(texto) <= Number(l.PorFacturar) + 1e-9);
    }),
  );
  return excede ? [] : lineasDelEnvio(pedidos, cantidades);
};

/** The chosen part's amount before taxes (quantity × LineTotal / Quantity, to the cent). */
export function importeElegido(pedidos: readonly PedidoPorFacturar[], cantidades: Cantidades): string {
  const centavos = pedidos.reduce(
    (s, p) =>
      s +
      p.Lineas.reduce((t, l) => {
        const cantidad = Number(cantidades[claveLinea(p.DocEntry, l.LineNum)] ?? "");
        return cantidad > 0 && Number(l.Quantity) > 0
          ? t + Math.round((Math.round(Number(l.LineTotal) * 100) * cantidad) / Number(l.Quantity))
          : t;
      }, 0),
    0,
  );
  return (centavos / 100).toFixed(2);
}

/**
 * A foreign supplier's invoice of order lines (decision 073, amendment of 2026-11-29): the lines chosen and the
 * orders' currency, as reviewFacturaExtranjera's base; or the message that none is chosen.
 */
export function baseDePedidos(
  pedidos: readonly PedidoPorFacturar[],
  cantidades: Cantidades,
): { campos: { LineasPedido: ReturnType<typeof lineasDelEnvio> }; moneda: string } | { errores: string[] } {
  const LineasPedido = lineasDelEnvio(pedidos, cantidades);
  if (LineasPedido.length === 0) return { errores: [FACTURA_PEDIDO_MSG.sinCantidades] };
  const moneda = pedidos.find((p) => p.DocEntry === LineasPedido[0]?.PedidoDocEntry)?.DocCur ?? "";
  return { campos: { LineasPedido }, moneda };
}

interface Contexto {
  session: Pick<Session, "id" | "operador">;
  sociedad: FacturaSociedad | null;
  pedidos: readonly PedidoPorFacturar[];
  cantidades: Cantidades;
  archivos: { pdf: ArchivoLeido | null; xml: ArchivoLeido | null; recepcion: ArchivoLeido | null };
  base64: (bytes: Uint8Array) => string;
}

/** The payload to send, or every failing message (one toast). */
export function checkFacturaPedido(ctx: Contexto): Revision<PostFacturaPedidoRequest> {
  const { sociedad, archivos } = ctx;
  const errores: string[] = [];
  if (!sociedad) errores.push(FACTURA_PEDIDO_MSG.sociedadRequerida);
  const LineasPedido = lineasDelEnvio(ctx.pedidos, ctx.cantidades);
  if (LineasPedido.length === 0) errores.push(FACTURA_PEDIDO_MSG.sinCantidades);
  errores.push(...checkSizes([archivos.pdf, archivos.xml, archivos.recepcion]));
  errores.push(...checkInvoiceFiles(archivos));
  const { datos, errores: delXml } = readXml(archivos.xml, (bytes) => readInvoice(bytes, { variant: "alta" }));
  errores.push(...delXml);
  const { pdf, xml, recepcion } = archivos;
  if (errores.length > 0 || !datos || !sociedad || !pdf || !xml || !recepcion) {
    return { ok: false, errors: [...new Set(errores)] };
  }
  const archivo = ({ name, bytes }: ArchivoLeido) => ({ name, base64: ctx.base64(bytes) });
  const {
    EntradaMercancia: _entrada,
    EntradaDocEntry: _docEntry,
    Lineas: _lineas,
    ...payload
  } = buildPostFacturaPayload(datos, {
    RazonSocial: sociedad.BDSAP,
    EntradaMercancia: 0,
    archivos: { pdf: archivo(pdf), xml: archivo(xml), recepcion: archivo(recepcion) },
  });
  const parsed = postFacturaPedidoRequestSchema.safeParse({
    usuario: ctx.session.id,
    operador: ctx.session.operador,
    id: ctx.session.id,
    ...payload,
    LineasPedido,
  });
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, errors: zodMessages(parsed.error) };
}
