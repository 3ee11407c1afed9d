import {
  addAmounts,
  checkPdf,
  checkXmlFile,
  compareAmounts,
  creditedUuids,
  firstCreditRelation,
  type InvoiceData,
  relationGroups,
  subtractAmounts,
} from "@portal/cfdi";
import { readCreditNoteVerified } from "@portal/cfdi/sello";
import { MSG, NOTA_CREDITO_MSG, type PostNotaCreditoRequest } from "@portal/contracts";
import { Invalid, refusal } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import { checkParties, decodeArchivo, saveWithUniqueRace } from "../archivos/upload-kit";
import { SERVER_PDF_CHECK } from "../archivos/uploads";
import { FACTURA_MSG } from "../facturas/reglas";
import type { CompromisoNota, FacturaAcreditable } from "./repository";
import { checkFactura, type LecturaErp, readErp, saldoDe, withoutErp } from "./saldo";
import { money, type NotasCreditoContext } from "./shared";

type RegisterDeps = Pick<
  NotasCreditoContext,
  "data" | "clock" | "proveedores" | "lista69b" | "sellos" | "satEstado" | "erp" | "warn" | "repo"
>;
type CheckedRegistration = Awaited<ReturnType<typeof checkRegistration>>;

/**
 * What is left of each invoice for a credit note dated `fecha` (issue 36, saldo.ts): its open balance in the ERP less
 * the credit notes the ERP has not applied (Pendiente ones reserve their amount, decision 034), and never more than
 * its ledger's balance at the note's date and today (issue 39, decision 058).
 */
function remaining(
  facturas: readonly FacturaAcreditable[],
  lectura: LecturaErp,
  compromisos: readonly CompromisoNota[],
  fecha: string,
) {
  return facturas.map((f) => ({ factura: f, resto: saldoDe(f, lectura, compromisos, fecha) }));
}

/**
 * The credit note's total applied to its invoices in the order the CFDI relates them, each up to what is left of
 * it; null when the total is larger than what is left of them all.
 */
function allocate(
  total: string,
  restos: ReturnType<typeof remaining>,
): { facturaId: number; importe: string }[] | null {
  let pendiente = money(total);
  const out: { facturaId: number; importe: string }[] = [];
  for (const { factura, resto } of restos) {
    if (compareAmounts(pendiente, "0") <= 0) break;
    if (compareAmounts(resto, "0") <= 0) continue;
    const importe = compareAmounts(pendiente, resto) <= 0 ? pendiente : resto;
    out.push({ facturaId: factura.id, importe });
    pendiente = money(subtractAmounts(pendiente, importe));
  }
  return compareAmounts(pendiente, "0") > 0 ? null : out;
}

async function sociedadDe({ data }: RegisterDeps, user: SessionUser, bd: string) {
  const s = (await data.repos.facturas.sociedadesDe(user.id)).find((x) => x.bdSap === bd);
  return s && s.estatus === "A" ? s : undefined;
}

/** The UUID is registered once in the whole portal: invoices, payment complements and credit notes. */
async function uuidTaken({ data, repo }: RegisterDeps, uuid: string): Promise<boolean> {
  const [factura, pago, nota] = await Promise.all([
    data.repos.facturas.uuidTaken(uuid),
    data.repos.pagos.uuidTaken(uuid),
    repo.uuidTaken(uuid),
  ]);
  return factura || pago || nota;
}

/** The related invoices' refusals (each one's, in the CFDI's order). */
function checkFacturas(
  uuids: readonly string[],
  facturas: readonly FacturaAcreditable[],
  bd: string,
  moneda: string,
): string[] {
  const porUuid = new Map(facturas.map((f) => [f.uuid.toUpperCase(), f]));
  const errores: string[] = [];
  for (const uuid of uuids) {
    const f = porUuid.get(uuid);
    // Another supplier's invoice is as good as missing: nothing of it is told.
    if (!f) errores.push(NOTA_CREDITO_MSG.facturaNoExiste(uuid));
    else if (f.estatus !== "A") errores.push(NOTA_CREDITO_MSG.facturaNoAceptada(f.folio));
    else if (f.bd !== bd) errores.push(NOTA_CREDITO_MSG.otraSociedad(f.folio));
    else if (f.moneda.toUpperCase() !== moneda.toUpperCase()) {
      errores.push(NOTA_CREDITO_MSG.monedaDistinta(f.folio, f.moneda, moneda));
    }
  }
  return errores;
}

/** The related invoices in the CFDI's order. */
const inOrder = (uuids: readonly string[], facturas: readonly FacturaAcreditable[]) =>
  uuids.flatMap((u) => facturas.filter((f) => f.uuid.toUpperCase() === u));

/**
 * Issue 36: the invoices' refusals by what the ERP knows (taken over, cancelled at the SAT or in the ERP, paid in
 * full), then the amounts, or the refusal naming the total and what is left.
 */
function allocateOrRefuse(
  datos: InvoiceData,
  facturas: readonly FacturaAcreditable[],
  lectura: LecturaErp,
  compromisos: readonly CompromisoNota[],
) {
  const motivos = facturas.flatMap((f) => checkFactura(f, lectura, compromisos) ?? []);
  if (motivos.length > 0) throw refusal(motivos);
  const restos = remaining(facturas, lectura, compromisos, datos.FechaFactura);
  const importes = allocate(datos.Total, restos);
  if (!importes) {
    const saldo = money(addAmounts("0", ...restos.map((r) => (compareAmounts(r.resto, "0") > 0 ? r.resto : "0"))));
    throw new Invalid(
      NOTA_CREDITO_MSG.excedeSaldo(`${money(datos.Total)} ${datos.Moneda}`, `${saldo} ${datos.Moneda}`),
    );
  }
  return importes;
}

/**
 * The ERP's reading at registration. An ERP that cannot be reached does not stop the supplier (decision 039): the
 * portal's last-known figures stand in, and the review checks again with the ERP's, which it requires.
 */
async function readErpAtRegistration(
  { erp, warn }: RegisterDeps,
  facturas: readonly FacturaAcreditable[],
  compromisos: CompromisoNota[],
) {
  try {
    return await readErp(erp, facturas, compromisos);
  } catch (error) {
    warn(
      error,
      "no se pudo leer del ERP el saldo de las facturas de una nota de crédito; se usan las cifras del portal",
    );
    return withoutErp(compromisos);
  }
}

/** postNotaCredito: every check, then the credit note, its invoices' amounts, its files and an audit entry. */
export function registerOperation(deps: RegisterDeps) {
  return async (user: SessionUser, input: PostNotaCreditoRequest): Promise<string> => {
    const checked = await checkRegistration(deps, user, input);
    await saveRegistration(deps, user, checked);
    return NOTA_CREDITO_MSG.registrada;
  };
}

/** Every check of a registration, every failing message at once; then what is left of the invoices and the SAT. */
async function checkRegistration(deps: RegisterDeps, user: SessionUser, input: PostNotaCreditoRequest) {
  const { proveedores, lista69b, sellos, satEstado, repo } = deps;
  const proveedor = await proveedores.conRegistroCompleto(user.id);
  if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
  const sociedad = await sociedadDe(deps, user, input.RazonSocial);
  if (!sociedad) throw new Invalid(FACTURA_MSG.sociedadNoVinculada);

  const pdf = decodeArchivo(input.PDF, input.PDF64);
  const xml = decodeArchivo(input.XML, input.XML64);
  const errores = [...checkPdf(pdf.nombre, pdf.bytes, SERVER_PDF_CHECK), ...checkXmlFile(xml.nombre, xml.bytes)];
  const leido = await readCreditNoteVerified(xml.bytes, {
    store: sellos.certificados,
    trustTestCertificates: sellos.trustTestCertificates,
  });
  if (!leido.ok) errores.push(...leido.errors);
  const datos = leido.data;
  if (!datos) throw refusal(errores);
  errores.push(
    ...(await checkParties(datos, { proveedorRfc: proveedor.rfc, sociedadRfc: sociedad.rfc }, lista69b, FACTURA_MSG)),
  );
  const uuids = creditedUuids(datos);
  if (uuids.length === 0) errores.push(NOTA_CREDITO_MSG.sinRelacion);
  const facturas = inOrder(uuids, await repo.facturasPorUuid(user.id, uuids));
  errores.push(...checkFacturas(uuids, facturas, sociedad.bdSap, datos.Moneda));
  const uuid = datos.UUID.toUpperCase();
  if (await uuidTaken(deps, uuid)) errores.push(NOTA_CREDITO_MSG.uuidRegistrado(uuid));
  if (errores.length > 0) throw refusal(errores);
  // What is left of the invoices as the ERP knows it (issue 36), checked before asking the SAT and again, the
  // invoices locked and the portal's notes read again, in the transaction (over the same reading of the ERP).
  const compromisos = await repo.compromisos(facturas.map((f) => f.id));
  const lectura = await readErpAtRegistration(deps, facturas, compromisos);
  allocateOrRefuse(datos, facturas, lectura, compromisos);
  const sat = await satEstado.queryOnUpload(xml.bytes, datos.FechaTimbrado);
  if ("rechazo" in sat) throw new Invalid(sat.rechazo);
  return { proveedor, sociedad, pdf, xml, datos, uuids, uuid, lectura, sat };
}

/** The registration's transaction: the invoices locked and checked again, then the note, its files and its audit. */
async function saveRegistration({ data, clock }: RegisterDeps, user: SessionUser, checked: CheckedRegistration) {
  const { proveedor, sociedad, pdf, xml, datos, uuids, uuid, lectura, sat } = checked;
  const now = clock();
  await saveWithUniqueRace(
    () =>
      data.withTransaction(async (tx) => {
        const bloqueadas = inOrder(uuids, await tx.notasCredito.facturasPorUuid(user.id, uuids, true));
        const importes = allocateOrRefuse(
          datos,
          bloqueadas,
          lectura,
          await tx.notasCredito.compromisos(bloqueadas.map((f) => f.id)),
        );
        const pdfId = await tx.archivos.store(pdf.bytes, "application/pdf");
        const xmlId = await tx.archivos.store(xml.bytes, "text/xml");
        const id = await tx.notasCredito.insert(
          {
            cardCode: proveedor.cardCode,
            sociedadId: sociedad.id,
            bd: sociedad.bdSap,
            uuid,
            folio: datos.Folio,
            // Issue 39: every relation group with its type (01 and 03 apart), and the first crediting one's.
            tipoRelacion: firstCreditRelation(datos),
            relaciones: relationGroups(datos),
            rfcEmisor: datos.RFCEmisor,
            nombreEmisor: datos.NombreEmisor,
            rfcReceptor: datos.RFCReceptor,
            nombreReceptor: datos.NombreReceptor,
            fechaCfdi: datos.FechaFactura,
            fechaTimbrado: datos.FechaTimbrado,
            subtotal: datos.SubTotal ?? datos.Total,
            total: datos.Total,
            moneda: datos.Moneda,
            tipoCambio: datos.TipoDeCambio,
            pdfArchivoId: pdfId,
            pdfNombre: pdf.nombre,
            xmlArchivoId: xmlId,
            xmlNombre: xml.nombre,
            estadoSat: sat.registro.pendiente ? "" : (sat.registro.estado ?? ""),
            estatus: "P",
            createdAt: now,
            updatedAt: now,
          },
          importes,
        );
        const registro = `P · UUID ${uuid} · facturas ${bloqueadas.map((f) => f.folio).join(", ")}`;
        await tx.auditoria.recordChange(
          user,
          { entidad: "nota_credito", id, campo: "registro", from: "", to: registro },
          now,
        );
      }),
    () => NOTA_CREDITO_MSG.uuidRegistrado(uuid),
  );
}
