import { addAmounts, roundAmount, subtractAmounts } from "@portal/cfdi";
import {
  EXTRANJERO_MSG,
  MSG,
  type PostFacturaExtranjeraRequest,
  REGLAS_TIPO_PROVEEDOR,
  type TipoProveedor,
} from "@portal/contracts";
import { isoDateOf, mismaEntrada } from "@portal/db";
import type { ErpEntrada } from "../../erp/types";
import { Invalid, refusal } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import { decodeArchivo, saveWithUniqueRace } from "../archivos/upload-kit";
import { refDe, refsDelEnvio } from "./entradas-pedidas";
import { FACTURA_MSG } from "./reglas";
import { checkArchivos, type FacturasContext, imageMime, sociedadDe } from "./shared";

type Deps = Pick<FacturasContext, "data" | "clock" | "proveedores" | "repo" | "pedidasErp">;
type Checked = Awaited<ReturnType<typeof checkFacturaExtranjera>>;

/** Whether a supplier of this kind invoices with a CFDI (REGLAS_TIPO_PROVEEDOR, decision 073). */
export const invoicesWithCfdi = (tipo: string): boolean =>
  REGLAS_TIPO_PROVEEDOR[(tipo in REGLAS_TIPO_PROVEEDOR ? tipo : "nacional") as TipoProveedor].facturaCfdi;

/**
 * postFacturaExtranjera (issue 42 part 1, decision 073): a foreign supplier's invoice without CFDI — its PDF, the
 * receipt image and the data it types — against its goods receipts. The same refusals as a CFDI's where they apply
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

/** The amounts: subtotal plus taxes is the total; the total is the receipts' (less what they withhold), to the cent. */
function checkAmounts(input: PostFacturaExtranjeraRequest, entradas: readonly ErpEntrada[]): string[] {
  const errores: string[] = [];
  const dos = (v: string) => roundAmount(v, 2);
  if (dos(addAmounts(input.Subtotal, input.Impuestos)) !== dos(input.Total)) {
    errores.push(EXTRANJERO_MSG.totalNoSuma(dos(input.Subtotal), dos(input.Impuestos), dos(input.Total)));
  }
  const moneda = entradas[0]?.docCur.trim().toUpperCase() ?? "";
  if (input.Moneda !== moneda) errores.push(EXTRANJERO_MSG.monedaEntradas(input.Moneda, moneda));
  const esperado = subtractAmounts(
    addAmounts(...entradas.map((e) => e.docTotal)),
    addAmounts(...entradas.map((e) => e.wtSum)),
  );
  if (dos(esperado) !== dos(input.Total)) errores.push(EXTRANJERO_MSG.totalEntradas(dos(esperado), dos(input.Total)));
  return errores;
}

/** A date at most one day after the clock's (UTC): a supplier east of Mexico may already live tomorrow. */
const isFutureDate = (fecha: string, hoy: string) =>
  fecha > new Date(Date.parse(`${hoy}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function checkFacturaExtranjera(deps: Deps, user: SessionUser, input: PostFacturaExtranjeraRequest) {
  const { proveedores, repo, pedidasErp } = deps;
  const proveedor = await proveedores.conRegistroCompleto(user.id);
  if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
  if (invoicesWithCfdi(proveedor.tipo)) throw new Invalid(EXTRANJERO_MSG.soloProveedorExtranjero);
  const sociedad = await sociedadDe(repo, user, input.RazonSocial);
  if (!sociedad) throw new Invalid(FACTURA_MSG.sociedadNoVinculada);
  const entradas = await pedidasErp.pedidas(
    user.id,
    sociedad.bdSap,
    refsDelEnvio(input.EntradaMercancia, input.EntradaDocEntry),
  );
  const refs = entradas.map(refDe);
  const pdf = decodeArchivo(input.PDF, input.PDF64);
  const recepcion = decodeArchivo(input.Recepcion, input.Recepcion64);
  const errores = checkArchivos(pdf, null, recepcion);
  for (const e of entradas) if (e.docStatus !== "O") errores.push(FACTURA_MSG.entradaCerrada(e.docNum));
  const tomadas = await repo.entradasConFacturaActiva(sociedad.bdSap, refs);
  for (const n of tomadas) {
    if (refs.some((r) => mismaEntrada(r, n))) errores.push(FACTURA_MSG.entradaConFactura(n.docNum));
  }
  errores.push(...checkAmounts(input, entradas));
  if (isFutureDate(input.FechaFactura, isoDateOf(deps.clock))) errores.push(EXTRANJERO_MSG.fechaFutura);
  if (await repo.numeroExtranjeraTaken(proveedor.cardCode, input.NumeroFactura)) {
    errores.push(EXTRANJERO_MSG.numeroFacturaRegistrado(input.NumeroFactura));
  }
  if (errores.length > 0) throw refusal(errores);
  return { proveedor, sociedad, entradas, refs, pdf, recepcion };
}

/** The invoice, its two files, its receipts and an audit entry, in one transaction; the database's races in words. */
async function saveFacturaExtranjera(
  deps: Deps,
  user: SessionUser,
  input: PostFacturaExtranjeraRequest,
  checked: Checked,
) {
  const { proveedor, sociedad, entradas, refs, pdf, recepcion } = checked;
  const docNums = refs.map((r) => r.docNum);
  const now = deps.clock();
  const dos = (v: string) => roundAmount(v, 2);
  await saveWithUniqueRace(
    () =>
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
          diasCredito: Math.max(...entradas.map((e) => e.groupNum)),
          subtotal: dos(input.Subtotal),
          total: dos(input.Total),
          moneda: input.Moneda,
          // The receipts' rate: a foreign invoice states none the portal could check.
          tipoCambio: entradas[0]?.docRate ?? "1",
          formaPago: "",
          metodoPago: "",
          usoCfdi: "",
          cardCode: proveedor.cardCode,
          sociedadId: sociedad.id,
          bd: sociedad.bdSap,
          entradaDocNum: refs[0]!.docNum,
          entradaDocEntry: refs[0]!.docEntry,
          pdfArchivoId: pdfId,
          pdfNombre: pdf.nombre,
          xmlArchivoId: null,
          xmlNombre: "",
          recepcionArchivoId: recepcionId,
          recepcionNombre: recepcion.nombre,
          estatus: "P",
          createdAt: now,
          updatedAt: now,
        });
        await tx.facturas.addEntradas(id, sociedad.bdSap, refs.slice(1));
        const registro = `P · factura del extranjero ${input.NumeroFactura} · ${docNums.length > 1 ? "entradas" : "entrada"} ${docNums.join(", ")}`;
        await tx.auditoria.recordChange(
          user,
          { entidad: "factura", id, campo: "registro", from: "", to: registro },
          now,
        );
      }),
    (constraint) =>
      constraint === "facturas_numero_extranjera_key"
        ? EXTRANJERO_MSG.numeroFacturaRegistrado(input.NumeroFactura)
        : docNums.length === 1
          ? FACTURA_MSG.entradaConFactura(docNums[0] as number)
          : FACTURA_MSG.entradasConFactura(docNums),
  );
}
