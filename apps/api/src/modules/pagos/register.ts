import { checkPaymentAgainst, checkPdf, checkXmlFile, normalizeUuid, type PaymentData } from "@portal/cfdi";
import { readPaymentComplementVerified } from "@portal/cfdi/sello";
import { EXTRANJERO_MSG, MSG, type PostPagoRequest, REGLAS_TIPO_PROVEEDOR } from "@portal/contracts";
import { columnasDelComplemento } from "@portal/db";
import type { ErpPago } from "../../erp/types";
import { Forbidden, Invalid, refusal } from "../../lib/errors";
import { isProveedor, type SessionUser } from "../../lib/session-user";
import type { Repositories } from "../../repositories";
import { checkParties, decodeArchivo, saveWithUniqueRace } from "../archivos/upload-kit";
import { SERVER_PDF_CHECK } from "../archivos/uploads";
import type { PagosDeps } from "./deps";
import { complementoDelPago } from "./expected-complement";
import { camposPagoContraXml, checkAgainstPago, PAGO_MSG } from "./reglas";
import type { ComplementoRecord, NuevoComplemento } from "./repository";
import { needsComplemento, type ReachablePago } from "./shared";

type RegisterDeps = Pick<PagosDeps, "data" | "clock" | "proveedores" | "lista69b" | "sellos" | "satEstado" | "erp"> & {
  pagoDe: ReachablePago;
};
type ComplementoInput = Extract<PostPagoRequest, { operador: "Proveedor" }>;
type ComprobanteInput = Extract<PostPagoRequest, { operador: "Empleado" }>;

/** Refusals common to both operators: a cancelled payment, an accepted complement. */
function bloqueos(pago: ErpPago, registro: ComplementoRecord | undefined): string[] {
  if (pago.canceled === "Y") return [PAGO_MSG.pagoCancelado(pago.docNum)];
  if (registro?.estatus === "A") return [PAGO_MSG.complementoAceptado(pago.docNum)];
  return [];
}

/**
 * Updates the payment's record, only if nobody changed it since this call read it (issue 22: the SAT's answer
 * may take seconds, and a reviewer who decided meanwhile wins), or creates it with these values; returns its id.
 */
async function saveRecord(
  tx: Repositories,
  pago: ErpPago,
  registro: ComplementoRecord | undefined,
  sociedadId: number,
  valores: Partial<NuevoComplemento> & { updatedAt: Date },
  now: Date,
): Promise<number> {
  if (registro) {
    if (!(await tx.pagos.modify(registro.id, registro.version, valores))) {
      throw new Invalid(PAGO_MSG.complementoDesactualizado(pago.docNum));
    }
    return registro.id;
  }
  return tx.pagos.insert({
    ...valores,
    bd: pago.bd,
    pagoDocEntry: pago.docEntry,
    pagoDocNum: pago.docNum,
    cardCode: pago.cardCode,
    sociedadId,
    createdAt: now,
  });
}

/** One transaction; the unique-UUID race answers as the check would have. */
async function save(
  { data }: RegisterDeps,
  work: Parameters<RegisterDeps["data"]["withTransaction"]>[0],
  uuid?: string,
) {
  await saveWithUniqueRace(
    () => data.withTransaction(work),
    (restriccion) =>
      restriccion === "complementos_pago_uuid_key" && uuid ? PAGO_MSG.uuidRegistrado(uuid) : MSG.pagoCargaSimultanea,
  );
}

/** The supplier's complement: files, seals, §5 and the portal's own rules; every message at once. */
async function checkComplemento(
  deps: RegisterDeps,
  user: SessionUser,
  input: ComplementoInput,
  pago: ErpPago,
  registro: ComplementoRecord | undefined,
) {
  const { data, proveedores, lista69b, sellos } = deps;
  const repo = data.repos.pagos;
  const proveedor = await proveedores.conRegistroCompleto(user.id);
  if (!proveedor) throw new Invalid(MSG.registroIncompletoPagos);
  // Issue 23: a payment that applies only to PUE invoices needs no complement; none is taken for it.
  if (pago.canceled !== "Y" && !needsComplemento(await repo.metodosDePago(pago.cardCode), pago)) {
    // Decision 073: a foreign supplier's payment owes none because of the supplier's kind.
    const extranjero =
      !REGLAS_TIPO_PROVEEDOR[proveedor.tipo === "extranjero" ? "extranjero" : "nacional"].complementoPago;
    throw new Invalid(
      extranjero ? EXTRANJERO_MSG.pagoSinComplemento(pago.docNum) : PAGO_MSG.noRequiereComplemento(pago.docNum),
    );
  }
  const [sociedad] = await repo.sociedadesPorBd([pago.bd]);
  const pdf = decodeArchivo(input.PDF, input.PDF64);
  const xml = decodeArchivo(input.XML, input.XML64);
  const errores = [...bloqueos(pago, registro)];
  errores.push(...checkPdf(pdf.nombre, pdf.bytes, SERVER_PDF_CHECK), ...checkXmlFile(xml.nombre, xml.bytes));
  const leido = await readPaymentComplementVerified(xml.bytes, {
    store: sellos.certificados,
    trustTestCertificates: sellos.trustTestCertificates,
  });
  if (!leido.ok) errores.push(...leido.errors);
  const datos: PaymentData | null = leido.data ?? null;
  if (datos) {
    errores.push(
      ...checkPaymentAgainst(datos, {
        CardName: pago.cardName,
        NomSociedad: sociedad?.nombre ?? "",
        DocTotal: pago.docTotal,
        facturasUUID: pago.facturas.map((f) => f.uuid),
      }),
    );
    errores.push(
      ...(await checkParties(datos, { proveedorRfc: proveedor.rfc, sociedadRfc: sociedad?.rfc }, lista69b, PAGO_MSG)),
    );
    // Issue 39: ImpSaldoAnt is checked against the expected complement (the invoice's ledger just before the payment).
    const esperado = await complementoDelPago(deps, pago);
    errores.push(...checkAgainstPago(datos, pago, esperado), ...camposPagoContraXml(input, datos));
    if (await repo.uuidTaken(normalizeUuid(datos.UUID), registro?.id)) {
      errores.push(PAGO_MSG.uuidRegistrado(normalizeUuid(datos.UUID)));
    }
  }
  if (errores.length > 0 || !datos || !sociedad) throw refusal(errores);
  return { datos, pdf, xml, sociedad };
}

/** An employee's proof of payment (PDF) on the payment's record. */
async function registerComprobante(
  deps: RegisterDeps,
  user: SessionUser,
  input: ComprobanteInput,
  pago: ErpPago,
  registro: ComplementoRecord | undefined,
  now: Date,
): Promise<void> {
  const comprobante = decodeArchivo(input.Complemento, input.Complemento64);
  const errores = [...bloqueos(pago, registro), ...checkPdf(comprobante.nombre, comprobante.bytes, SERVER_PDF_CHECK)];
  if (errores.length > 0) throw refusal(errores);
  const [sociedad] = await deps.data.repos.pagos.sociedadesPorBd([pago.bd]);
  if (!sociedad) throw new Invalid(PAGO_MSG.pagoNoExiste(pago.docNum));
  await save(deps, async (tx) => {
    const archivoId = await tx.archivos.store(comprobante.bytes, "application/pdf");
    const valores = { comprobanteArchivoId: archivoId, comprobanteNombre: comprobante.nombre, updatedAt: now };
    const id = await saveRecord(tx, pago, registro, sociedad.id, valores, now);
    const change = { from: registro?.comprobanteNombre ?? "", to: comprobante.nombre };
    await tx.auditoria.recordChange(user, { entidad: "pago", id, campo: "comprobante", ...change }, now);
  });
}

/** A supplier's complement (PDF + Pagos 2.0 XML), checked, with the SAT's status, on the payment's record. */
async function registerComplemento(
  deps: RegisterDeps,
  user: SessionUser,
  input: ComplementoInput,
  pago: ErpPago,
  registro: ComplementoRecord | undefined,
  now: Date,
): Promise<void> {
  const { satEstado } = deps;
  const { datos, pdf, xml, sociedad } = await checkComplemento(deps, user, input, pago, registro);
  const uuid = normalizeUuid(datos.UUID);
  // The SAT, last and outside the transaction (it may take seconds; PGlite has one connection).
  const sat = await satEstado.queryOnUpload(xml.bytes, datos.FechaTimbrado);
  if ("rechazo" in sat) throw new Invalid(sat.rechazo);
  await save(
    deps,
    async (tx) => {
      const [pdfId, xmlId] = [
        await tx.archivos.store(pdf.bytes, "application/pdf"),
        await tx.archivos.store(xml.bytes, "text/xml"),
      ];
      const valores = {
        ...columnasDelComplemento(datos),
        pdfArchivoId: pdfId,
        pdfNombre: pdf.nombre,
        xmlArchivoId: xmlId,
        xmlNombre: xml.nombre,
        complementoAt: now,
        estatus: "P",
        updatedAt: now,
      };
      const id = await saveRecord(tx, pago, registro, sociedad.id, valores, now);
      await satEstado.save(tx, "pago", id, sat.registro);
      const change = {
        campo: registro?.uuid ? "correccion" : "registro",
        from: registro?.uuid ? `${registro.estatus} · UUID ${registro.uuid}` : "",
        to: `P · UUID ${uuid} · pago ${pago.docNum}`,
      };
      await tx.auditoria.recordChange(user, { entidad: "pago", id, ...change }, now);
    },
    uuid,
  );
}

/**
 * postPago: a supplier's complement (PDF + Pagos 2.0 XML) or an employee's proof (PDF). Refused once the
 * complement is Aceptada or the payment Cancelado; a Rechazada complement is replaced and Pendiente again.
 */
export const registerPago =
  (deps: RegisterDeps) =>
  async (user: SessionUser, input: PostPagoRequest): Promise<string> => {
    if (isProveedor(user) !== (input.operador === "Proveedor")) throw new Forbidden();
    const pago = await deps.pagoDe(user, input.BD, input.PagoSAP);
    const registro = await deps.data.repos.pagos.findByPago(pago.bd, pago.docEntry);
    const now = deps.clock();
    if (input.operador === "Empleado") {
      await registerComprobante(deps, user, input, pago, registro, now);
    } else {
      await registerComplemento(deps, user, input, pago, registro, now);
    }
    return MSG.documentosAgregados;
  };
