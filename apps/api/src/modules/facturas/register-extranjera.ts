import { addAmounts, roundAmount, subtractAmounts } from "@portal/cfdi";
import {
  distinctCurrencies,
  EXTRANJERO_MSG,
  FACTURA_PEDIDO_MSG,
  MSG,
  type PostFacturaExtranjeraRequest,
  REGLAS_TIPO_PROVEEDOR,
  type TipoProveedor,
} from "@portal/contracts";
import { type EntradaRef, isoDateOf, mismaEntrada } from "@portal/db";
import type { ErpEntrada } from "../../erp/types";
import { Invalid, refusal } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import { decodeArchivo, saveWithUniqueRace } from "../archivos/upload-kit";
import { refDe, refsDelEnvio } from "./entradas-pedidas";
import { heldInParts, heldReceiptErrors, type ModoFacturado, planPartial, withQuantityRace } from "./partes";
import { pedidosElegidos, planPedidos } from "./pedidos-servicio";
import { FACTURA_MSG } from "./reglas";
import type { NuevaLineaFactura } from "./repository-lineas";
import { checkArchivos, type FacturasContext, imageMime, sociedadDe } from "./shared";

type Deps = Pick<FacturasContext, "data" | "clock" | "proveedores" | "repo" | "pedidasErp" | "erp">;
type Checked = Awaited<ReturnType<typeof checkFacturaExtranjera>>;

/** Whether a supplier of this kind invoices with a CFDI (REGLAS_TIPO_PROVEEDOR, decision 073). */
export const invoicesWithCfdi = (tipo: string): boolean =>
  REGLAS_TIPO_PROVEEDOR[(tipo in REGLAS_TIPO_PROVEEDOR ? tipo : "nacional") as TipoProveedor].facturaCfdi;

/**
 * postFacturaExtranjera (issue 42 part 1, decision 073): a foreign supplier's invoice without CFDI — its PDF, the
 * receipt image and the data it types — against its goods receipts, part of them or its orders' service lines
 * (amendment of 2026-11-29). The same refusals as a CFDI's where they apply
 * (registration complete, sociedad linked, receipts its own, open and free, one currency, the total the receipts'),
 * none of the CFDI's (XML, seals, SAT status, 69-B, withholdings). Saved Pendiente for the same review.
 */
export function registerExtranjeraOperation(deps: Deps) {
  return async (user: SessionUser, input: PostFacturaExtranjeraRequest): Promise<string> => {
    const checked = await checkFacturaExtranjera(deps, user, input);
    await saveFacturaExtranjera(deps, user, input, checked);
    return MSG.facturaRegistrada;
  };
}

/**
 * What a foreign invoice bills (amendment of 2026-11-29): whole receipts, part of them (decision 074) or service
 * lines of purchase orders (decision 076), through the national paths' own checks; every failing message.
 */
interface Base {
  /** The receipts, or the chosen part of them or of the orders, as the totals rule reads them. */
  partes: ErpEntrada[];
  /** The receipts the invoice holds (factura_entradas); none for orders. */
  refs: EntradaRef[];
  /** The receipts' or the orders' numbers, and the first one's key (the invoice's `entrada` columns). */
  docNums: number[];
  primero: EntradaRef;
  lineas: NuevaLineaFactura[];
  modo: ModoFacturado;
  errores: string[];
}

async function baseDe(
  deps: Deps,
  user: SessionUser,
  bd: string,
  cardCode: string,
  input: PostFacturaExtranjeraRequest,
): Promise<Base> {
  const { repo, erp, pedidasErp } = deps;
  if (input.LineasPedido) {
    const elegidos = await pedidosElegidos(erp, bd, cardCode, input.LineasPedido);
    const pedido = elegidos.pedidos[0];
    if (!pedido) throw refusal(elegidos.errores);
    const { errores, plan } = await planPedidos(repo, bd, elegidos.pedidos, input.LineasPedido);
    return {
      partes: plan.partes,
      refs: [],
      docNums: elegidos.pedidos.map((p) => p.docNum),
      primero: { docNum: pedido.docNum, docEntry: pedido.docEntry },
      lineas: plan.lineas,
      modo: "pedido",
      errores: [...elegidos.errores, ...errores],
    };
  }
  const entradas = await pedidasErp.pedidas(
    user.id,
    bd,
    refsDelEnvio(input.EntradaMercancia ?? [], input.EntradaDocEntry),
  );
  const refs = entradas.map(refDe);
  const parcial = (input.Lineas ?? []).length > 0;
  const partes = parcial ? await planPartial(repo, bd, entradas, input.Lineas ?? []) : null;
  const enPartes = await heldInParts(repo, bd, entradas);
  const errores = [...(partes?.errores ?? [])];
  for (const e of entradas) if (e.docStatus !== "O") errores.push(FACTURA_MSG.entradaCerrada(e.docNum));
  const tomadas = (await repo.entradasConFacturaActiva(bd, refs)).filter((n) => refs.some((r) => mismaEntrada(r, n)));
  errores.push(...heldReceiptErrors(tomadas, enPartes, parcial));
  return {
    partes: partes?.plan.entradas ?? entradas,
    refs,
    docNums: refs.map((r) => r.docNum),
    primero: refs[0] as EntradaRef,
    lineas: partes?.plan.lineas ?? [],
    modo: parcial,
    errores,
  };
}

/**
 * The amounts: subtotal plus taxes is the total; the currency is the documents'; the total is what the invoice bills
 * of them (the receipts, or the chosen part) less what they withhold, to the cent.
 */
function checkAmounts(input: PostFacturaExtranjeraRequest, base: Base): string[] {
  const errores: string[] = [];
  const { partes, modo } = base;
  const dos = (v: string) => roundAmount(v, 2);
  if (dos(addAmounts(input.Subtotal, input.Impuestos)) !== dos(input.Total)) {
    errores.push(EXTRANJERO_MSG.totalNoSuma(dos(input.Subtotal), dos(input.Impuestos), dos(input.Total)));
  }
  // pedidas refuses receipts of two currencies; each order's currency must be the invoice's.
  for (const moneda of distinctCurrencies(partes.map((e) => e.docCur))) {
    if (input.Moneda !== moneda) {
      errores.push(
        modo === "pedido"
          ? EXTRANJERO_MSG.monedaPedidos(input.Moneda, moneda)
          : EXTRANJERO_MSG.monedaEntradas(input.Moneda, moneda),
      );
    }
  }
  const esperado = dos(
    subtractAmounts(addAmounts(...partes.map((e) => e.docTotal)), addAmounts(...partes.map((e) => e.wtSum))),
  );
  if (esperado !== dos(input.Total)) {
    const mensaje =
      modo === "pedido"
        ? EXTRANJERO_MSG.totalPedidos
        : modo
          ? EXTRANJERO_MSG.totalLineas
          : EXTRANJERO_MSG.totalEntradas;
    errores.push(mensaje(esperado, dos(input.Total)));
  }
  return errores;
}

/** A date at most one day after the clock's (UTC): a supplier east of Mexico may already live tomorrow. */
const isFutureDate = (fecha: string, hoy: string) =>
  fecha > new Date(Date.parse(`${hoy}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function checkFacturaExtranjera(deps: Deps, user: SessionUser, input: PostFacturaExtranjeraRequest) {
  const { proveedores, repo } = deps;
  const proveedor = await proveedores.conRegistroCompleto(user.id);
  if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
  if (invoicesWithCfdi(proveedor.tipo)) throw new Invalid(EXTRANJERO_MSG.soloProveedorExtranjero);
  const sociedad = await sociedadDe(repo, user, input.RazonSocial);
  if (!sociedad) throw new Invalid(FACTURA_MSG.sociedadNoVinculada);
  const base = await baseDe(deps, user, sociedad.bdSap, proveedor.cardCode, input);
  const pdf = decodeArchivo(input.PDF, input.PDF64);
  const recepcion = decodeArchivo(input.Recepcion, input.Recepcion64);
  const errores = [...checkArchivos(pdf, null, recepcion), ...base.errores];
  errores.push(...checkAmounts(input, base));
  if (isFutureDate(input.FechaFactura, isoDateOf(deps.clock))) errores.push(EXTRANJERO_MSG.fechaFutura);
  if (await repo.numeroExtranjeraTaken(proveedor.cardCode, input.NumeroFactura)) {
    errores.push(EXTRANJERO_MSG.numeroFacturaRegistrado(input.NumeroFactura));
  }
  if (errores.length > 0) throw refusal(errores);
  return { proveedor, sociedad, base, pdf, recepcion };
}

/** The invoice, its two files, its receipts and an audit entry, in one transaction; the database's races in words. */
async function saveFacturaExtranjera(
  deps: Deps,
  user: SessionUser,
  input: PostFacturaExtranjeraRequest,
  checked: Checked,
) {
  const { proveedor, sociedad, base, pdf, recepcion } = checked;
  const { partes, refs, docNums, primero, lineas, modo } = base;
  const now = deps.clock();
  const dos = (v: string) => roundAmount(v, 2);
  const work = () =>
    deps.data.withTransaction(async (tx) => {
      const pdfId = await tx.archivos.store(pdf.bytes, "application/pdf");
      const recepcionId = await tx.archivos.store(recepcion.bytes, imageMime(recepcion.bytes));
      const id = await tx.facturas.insert({
        tipo: "extranjera",
        uuid: "",
        folio: input.NumeroFactura,
        rfcEmisor: proveedor.rfc,
        nombreEmisor: proveedor.cardName,
        rfcReceptor: sociedad.rfc,
        nombreReceptor: sociedad.nombre,
        cpEmisor: "",
        cpReceptor: sociedad.cp,
        regimenReceptor: sociedad.regimen,
        fechaCfdi: `${input.FechaFactura}T00:00:00`,
        fechaFactura: input.FechaFactura,
        fechaTimbrado: "",
        diasCredito: Math.max(...partes.map((e) => e.groupNum)),
        subtotal: dos(input.Subtotal),
        total: dos(input.Total),
        moneda: input.Moneda,
        // The documents' rate: a foreign invoice states none the portal could check.
        tipoCambio: partes[0]?.docRate ?? "1",
        formaPago: "",
        metodoPago: "",
        usoCfdi: "",
        cardCode: proveedor.cardCode,
        sociedadId: sociedad.id,
        bd: sociedad.bdSap,
        entradaDocNum: primero.docNum,
        entradaDocEntry: primero.docEntry,
        pdfArchivoId: pdfId,
        pdfNombre: pdf.nombre,
        xmlArchivoId: null,
        xmlNombre: "",
        recepcionArchivoId: recepcionId,
        recepcionNombre: recepcion.nombre,
        estatus: "P",
        parcial: modo !== false,
        pedido: modo === "pedido",
        createdAt: now,
        updatedAt: now,
      });
      await tx.facturas.addEntradas(id, sociedad.bdSap, refs.slice(1));
      await tx.facturas.addLineas(id, sociedad.bdSap, lineas);
      const documentos =
        modo === "pedido"
          ? FACTURA_PEDIDO_MSG.pedidoEnLista(docNums.join(", "))
          : `${docNums.length > 1 ? "entradas" : "entrada"} ${docNums.join(", ")}`;
      const partesTexto =
        lineas.length > 0
          ? ` · líneas: ${lineas.map((l) => `${l.baseDocNum}/${l.baseLine} × ${l.cantidad}`).join(", ")}`
          : "";
      const registro = `P · factura del extranjero ${input.NumeroFactura} · ${documentos}${partesTexto}`;
      await tx.auditoria.recordChange(user, { entidad: "factura", id, campo: "registro", from: "", to: registro }, now);
    });
  // Of two uploads for the last units of a line, the second fails the counters' check (decision 074).
  await saveWithUniqueRace(
    () => withQuantityRace(work, docNums, modo),
    (constraint) =>
      constraint === "facturas_numero_extranjera_key"
        ? EXTRANJERO_MSG.numeroFacturaRegistrado(input.NumeroFactura)
        : docNums.length === 1
          ? FACTURA_MSG.entradaConFactura(docNums[0] as number)
          : FACTURA_MSG.entradasConFactura(docNums),
  );
}
