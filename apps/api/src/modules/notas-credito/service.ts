import {
  addAmounts,
  checkPdf,
  checkXmlFile,
  compareAmounts,
  creditedUuids,
  type InvoiceData,
  roundAmount,
  subtractAmounts,
} from "@portal/cfdi";
import { type CertificateStore, readCreditNoteVerified } from "@portal/cfdi/sello";
import {
  ARCHIVO_URL_PREFIX,
  MSG,
  NOTA_CREDITO_MSG,
  type NotaCreditoRow,
  type PostNotaCreditoRequest,
  REVISION_MSG,
  type RevisionNotaCredito,
} from "@portal/contracts";
import type { ErpAdapter } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import { DomainError, Invalid, refusal } from "../../lib/errors";
import { isProveedor, type SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import { checkParties, decodeArchivo, saveWithUniqueRace } from "../archivos/upload-kit";
import { SERVER_PDF_CHECK } from "../archivos/uploads";
import type { ErpOutbox } from "../erp-outbox/service";
import { FACTURA_MSG } from "../facturas/reglas";
import type { Lista69bService } from "../lista-69b/service";
import type { ProveedoresService } from "../proveedores/service";
import { type ReviewKind, review, reviewWindowStart } from "../revision/review-kit";
import type { SatEstadoService } from "../sat-estado/service";
import {
  type CompromisoNota,
  type FacturaAcreditable,
  type NotaCreditoListada,
  type NotaCreditoRecord,
  TIPO_CREAR_NOTA_CREDITO,
} from "./repository";
import { checkFactura, type LecturaErp, readErp, saldoDe, withoutErp } from "./saldo";

export interface NotasCreditoDeps {
  data: Data;
  clock: Clock;
  proveedores: Pick<ProveedoresService, "conRegistroCompleto">;
  lista69b: Pick<Lista69bService, "situacionDe">;
  sellos: { certificados: CertificateStore; trustTestCertificates: boolean };
  satEstado: Pick<SatEstadoService, "queryOnUpload">;
  /** The ERP outbox's wake-up (an accepted credit note owes the ERP its A/P credit memo). */
  erpOutbox: Pick<ErpOutbox, "queued">;
  /** The ERP: each invoice's open balance (issue 36) is read through the adapter. */
  erp: ErpAdapter;
  /** Where an ERP that could not be reached at registration is reported (the portal's figures stood in). */
  warn?: (error: unknown, message: string) => void;
}

/** The review could not read the ERP: an acceptance waits for it (the whole review is refused, as 503). */
class ErpSinRespuesta extends DomainError {
  constructor(messages: readonly string[]) {
    super(503, messages);
  }
}

const money = (v: string) => roundAmount(v, 2);

/**
 * What is left of each invoice for credit notes (issue 36, saldo.ts): its open balance in the ERP less the credit
 * notes the ERP has not applied (Pendiente ones reserve their amount, decision 034).
 */
function remaining(
  facturas: readonly FacturaAcreditable[],
  lectura: LecturaErp,
  compromisos: readonly CompromisoNota[],
) {
  return facturas.map((f) => ({ factura: f, resto: saldoDe(f, lectura, compromisos) }));
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

/** The XML's date as YYYY-MM-DD. */
const dia = (fecha: string) => fecha.slice(0, 10);

/**
 * Credit notes (CFDI de Egreso; issue 27, decision 034). A supplier registers one against its accepted invoices of
 * one sociedad: the XML is read and both seals verified (readCreditNoteVerified, the invoice reader with tipo E),
 * the parties and the 69-B list checked as for invoices (upload kit), the related invoices (TipoRelacion 01 or 03)
 * must be the supplier's, accepted, of the sociedad and in the note's currency, and the total no larger than what
 * is left of them; the SAT is asked last. Employees review them with the review kit; an accepted one owes the ERP
 * an A/P credit memo (outbox job 'crear_nota_credito').
 */
export function createNotasCreditoService(deps: NotasCreditoDeps) {
  const { data, clock, proveedores, lista69b, sellos, satEstado, erpOutbox, erp } = deps;
  const warn = deps.warn ?? (() => {});
  const { repos, withTransaction } = data;
  const repo = repos.notasCredito;

  async function sociedadDe(user: SessionUser, bd: string) {
    const s = (await repos.facturas.sociedadesDe(user.id)).find((x) => x.bdSap === bd);
    return s && s.estatus === "A" ? s : undefined;
  }

  /** The UUID is registered once in the whole portal: invoices, payment complements and credit notes. */
  async function uuidTaken(uuid: string): Promise<boolean> {
    const [factura, pago, nota] = await Promise.all([
      repos.facturas.uuidTaken(uuid),
      repos.pagos.uuidTaken(uuid),
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
    const restos = remaining(facturas, lectura, compromisos);
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
  async function readErpAtRegistration(facturas: readonly FacturaAcreditable[], compromisos: CompromisoNota[]) {
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

  /**
   * Issue 36: where an accepted credit note stands with the ERP, as the invoices' EstadoERP; the ERP's message (or
   * why it waits: an invoice it credits not in the ERP yet) goes to employees only.
   */
  function erpDe(n: NotaCreditoListada, paraEmpleado: boolean): Pick<NotaCreditoRow, "EstadoERP" | "ErrorERP"> {
    const creada = n.erpDocNum !== null || n.trabajoEstado === "hecho";
    const estado =
      n.estatus !== "A" || n.trabajoEstado === null
        ? ""
        : creada
          ? "creada"
          : (n.trabajoEstado as "pendiente" | "fallido");
    const espera = estado === "pendiente" && n.esperaFolio !== null;
    const error =
      estado === "" || creada
        ? ""
        : espera
          ? NOTA_CREDITO_MSG.erpFacturaPendiente(n.esperaFolio ?? "")
          : n.trabajoError;
    // A supplier's row has no ErrorERP key at all (as the invoices').
    return paraEmpleado ? { EstadoERP: estado, ErrorERP: error } : { EstadoERP: estado };
  }

  function toRow(n: NotaCreditoListada, fila: number, paraEmpleado: boolean): NotaCreditoRow {
    return {
      Fila: fila,
      IdNotaCredito: n.id,
      NomSociedad: n.nomSociedad,
      CardCode: n.cardCode,
      CardName: n.cardName,
      BD: n.bd,
      FolioNotaCredito: n.folio,
      UUID: n.uuid,
      TipoRelacion: n.tipoRelacion,
      FechaNotaCredito: dia(n.fechaCfdi),
      Total: money(n.total),
      Moneda: n.moneda,
      Estatus: n.estatus as NotaCreditoRow["Estatus"],
      Comentarios: n.comentarios,
      Version: n.version,
      PDF: `${ARCHIVO_URL_PREFIX}${n.pdfArchivoId}`,
      XML: `${ARCHIVO_URL_PREFIX}${n.xmlArchivoId}`,
      DocNumERP: n.erpDocNum,
      ...erpDe(n, paraEmpleado),
      Facturas: n.facturas.map((f) => ({
        IdFactura: f.facturaId,
        FolioFactura: f.folio,
        UUID: f.uuid,
        Importe: f.importe,
      })),
    };
  }

  /**
   * Issue 36: a P/R → A decision's refusal, or null: each invoice the note credits must still admit a credit note
   * (checkFactura) and what the note takes off it must fit what is left of it without this note.
   */
  function checkAcceptance(
    nota: NotaCreditoRecord,
    importes: readonly { facturaId: number; importe: string }[],
    facturas: readonly FacturaAcreditable[],
    lectura: LecturaErp,
    compromisos: readonly CompromisoNota[],
  ): string | null {
    const porId = new Map(facturas.map((f) => [f.id, f]));
    for (const { facturaId, importe } of importes) {
      const f = porId.get(facturaId);
      if (!f) continue;
      const motivo = checkFactura(f, lectura, compromisos);
      if (motivo) return NOTA_CREDITO_MSG.noSePuedeAceptar(nota.folio, motivo);
      const saldo = saldoDe(f, lectura, compromisos, nota.id);
      if (compareAmounts(importe, saldo) > 0) {
        const resto = compareAmounts(saldo, "0") > 0 ? saldo : "0.00";
        return NOTA_CREDITO_MSG.noSePuedeAceptar(
          nota.folio,
          NOTA_CREDITO_MSG.excedeSaldoFactura(f.folio, `${money(importe)} ${f.moneda}`, `${resto} ${f.moneda}`),
        );
      }
    }
    return null;
  }

  /**
   * How credit notes are reviewed, for one review call: by folio; an acceptance owes the ERP its A/P credit memo.
   * Issue 36: an acceptance (from P or R) is checked against what the ERP knows before the transaction (every row's
   * refusal answers together) and again inside it, the invoices locked and the notes decided before it counted.
   */
  function revisionDe(): ReviewKind<RevisionNotaCredito, NotaCreditoRecord, string> {
    // The ERP's reading of this call (read once, outside the transaction) and what each accepted note takes.
    let lectura: LecturaErp = withoutErp([]);
    const importesPorNota = new Map<number, { facturaId: number; importe: string }[]>();
    const accepts = (fila: RevisionNotaCredito, nota: NotaCreditoRecord) =>
      fila.Estatus === "A" && nota.estatus !== "A";
    return {
      entidad: "nota_credito",
      idOf: (fila) => fila.NotaCredito,
      label: (nota) => nota.folio,
      sentences: REVISION_MSG.notaCredito,
      read: (ids) => repo.findByIds(ids),
      check: async (notas, filas) => {
        const porId = new Map(notas.map((n) => [n.id, n]));
        const aceptadas = filas.flatMap((fila) => {
          const nota = porId.get(fila.NotaCredito);
          return nota && accepts(fila, nota) ? [nota.id] : [];
        });
        if (aceptadas.length === 0) return () => null;
        for (const r of await repo.importesDe(aceptadas)) {
          importesPorNota.set(r.notaCreditoId, [...(importesPorNota.get(r.notaCreditoId) ?? []), r]);
        }
        const facturaIds = [...new Set([...importesPorNota.values()].flat().map((r) => r.facturaId))];
        const [facturas, compromisos] = await Promise.all([
          repo.facturasPorId(facturaIds),
          repo.compromisos(facturaIds),
        ]);
        try {
          lectura = await readErp(erp, facturas, compromisos);
        } catch (error) {
          warn(error, "no se pudo leer del ERP el saldo de las facturas de una nota de crédito por aceptar");
          const enErp = facturas.filter((f) => f.erpDocEntry !== null || f.sustituyeAId !== null);
          const folios = (enErp.length > 0 ? enErp : facturas).map((f) => f.folio);
          throw new ErpSinRespuesta([MSG.revisionError, ...folios.map(NOTA_CREDITO_MSG.erpSinRespuesta)]);
        }
        return (nota, fila) =>
          accepts(fila, nota)
            ? checkAcceptance(nota, importesPorNota.get(nota.id) ?? [], facturas, lectura, compromisos)
            : null;
      },
      checkInTransaction: async (tx, fila, nota) => {
        if (!accepts(fila, nota)) return null;
        const importes = importesPorNota.get(nota.id) ?? [];
        const facturaIds = importes.map((r) => r.facturaId);
        // Locked as the registration locks them: a note registered (or accepted) at the same time waits.
        const facturas = await tx.notasCredito.facturasPorId(facturaIds, true);
        const compromisos = await tx.notasCredito.compromisos(facturaIds);
        return checkAcceptance(nota, importes, facturas, lectura, compromisos);
      },
      decide: (tx, id, version, values) => tx.notasCredito.decide(id, version, values),
      afterDecide: async (tx, fila, actual, now) => {
        if (fila.Estatus === "A")
          await tx.erpTrabajos.enqueue(TIPO_CREAR_NOTA_CREDITO, { notaCreditoId: actual.id }, now);
      },
      afterCommit: (decididas) => {
        if (decididas.some(({ fila }) => fila.Estatus === "A")) erpOutbox.queued();
      },
      mail: (actual, estatus) =>
        estatus === "A"
          ? {
              // Issue 36: only what is true: the reviewer accepted it; the ERP's memo is still to be made.
              asunto: `su nota de crédito ${actual.folio} fue aceptada por el revisor`,
              parrafo: `Su nota de crédito con folio ${actual.folio} (UUID ${actual.uuid}) fue aceptada por el revisor. Su registro en el ERP (la nota de crédito de proveedor que reduce el saldo de la factura) está pendiente; puede seguir su estado en Notas de crédito.`,
              correccion: "",
            }
          : {
              asunto: `su nota de crédito ${actual.folio} fue rechazada`,
              parrafo: `Su nota de crédito con folio ${actual.folio} (UUID ${actual.uuid}) fue rechazada.`,
              correccion: "Puede registrar una nueva nota de crédito en Notas de crédito.",
            },
    };
  }

  return {
    /** getNotasCredito: the supplier's own; every one for employees. */
    async list(user: SessionUser): Promise<NotaCreditoRow[]> {
      const proveedor = isProveedor(user);
      return (await repo.list(proveedor ? user.id : null)).map((n, i) => toRow(n, i + 1, !proveedor));
    },
    /** The 'Notas de crédito' tile: the length of the same user's list. */
    count: (user: SessionUser) => repo.count(isProveedor(user) ? user.id : null),
    /** notasCreditoPendientes/getNotasCredito: Pendiente and Rechazada, and those accepted in the last 30 days. */
    async pendientes(_user: SessionUser): Promise<NotaCreditoRow[]> {
      return (await repo.pendientes(reviewWindowStart(clock))).map((n, i) => toRow(n, i + 1, true));
    },
    /** The 'Notas de crédito pendientes' tile: those awaiting a decision. */
    countPendientes: () => repo.countPendientes(),
    /** notasCreditoPendientes/patchNotaCredito: the review kit's all-or-nothing review. */
    reviewBatch: (user: SessionUser, filas: RevisionNotaCredito[]): Promise<string> =>
      review({ data, clock }, revisionDe(), user, filas),

    /** postNotaCredito: every check, then the credit note, its invoices' amounts, its files and an audit entry. */
    async register(user: SessionUser, input: PostNotaCreditoRequest): Promise<string> {
      const proveedor = await proveedores.conRegistroCompleto(user.id);
      if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
      const sociedad = await sociedadDe(user, input.RazonSocial);
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
        ...(await checkParties(
          datos,
          { proveedorRfc: proveedor.rfc, sociedadRfc: sociedad.rfc },
          lista69b,
          FACTURA_MSG,
        )),
      );
      const uuids = creditedUuids(datos);
      if (uuids.length === 0) errores.push(NOTA_CREDITO_MSG.sinRelacion);
      const facturas = inOrder(uuids, await repo.facturasPorUuid(user.id, uuids));
      errores.push(...checkFacturas(uuids, facturas, sociedad.bdSap, datos.Moneda));
      const uuid = datos.UUID.toUpperCase();
      if (await uuidTaken(uuid)) errores.push(NOTA_CREDITO_MSG.uuidRegistrado(uuid));
      if (errores.length > 0) throw refusal(errores);
      // What is left of the invoices as the ERP knows it (issue 36), checked before asking the SAT and again, the
      // invoices locked and the portal's notes read again, in the transaction (over the same reading of the ERP).
      const compromisos = await repo.compromisos(facturas.map((f) => f.id));
      const lectura = await readErpAtRegistration(facturas, compromisos);
      allocateOrRefuse(datos, facturas, lectura, compromisos);
      const sat = await satEstado.queryOnUpload(xml.bytes, datos.FechaTimbrado);
      if ("rechazo" in sat) throw new Invalid(sat.rechazo);

      const now = clock();
      const tipoRelacion =
        datos.CfdiRelacionados.find((g) => g.TipoRelacion === "01" || g.TipoRelacion === "03")?.TipoRelacion ?? "01";
      await saveWithUniqueRace(
        () =>
          withTransaction(async (tx) => {
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
                tipoRelacion,
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
      return NOTA_CREDITO_MSG.registrada;
    },
  };
}
export type NotasCreditoService = ReturnType<typeof createNotasCreditoService>;
