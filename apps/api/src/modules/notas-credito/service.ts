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
import type { Clock } from "../../lib/clock";
import { Invalid, refusal } from "../../lib/errors";
import { isProveedor, type SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import { checkParties, decodeArchivo, saveWithUniqueRace } from "../archivos/upload-kit";
import { SERVER_PDF_CHECK } from "../archivos/uploads";
import type { ErpFacturasService } from "../erp-facturas/service";
import { FACTURA_MSG } from "../facturas/reglas";
import type { Lista69bService } from "../lista-69b/service";
import type { ProveedoresService } from "../proveedores/service";
import { type ReviewKind, review, reviewWindowStart } from "../revision/review-kit";
import type { SatEstadoService } from "../sat-estado/service";
import type { FacturaAcreditable, NotaCreditoListada, NotaCreditoRecord } from "./repository";

export interface NotasCreditoDeps {
  data: Data;
  clock: Clock;
  proveedores: Pick<ProveedoresService, "conRegistroCompleto">;
  lista69b: Pick<Lista69bService, "situacionDe">;
  sellos: { certificados: CertificateStore; trustTestCertificates: boolean };
  satEstado: Pick<SatEstadoService, "queryOnUpload">;
  /** The ERP outbox's wake-up (an accepted credit note owes the ERP its A/P credit memo). */
  erpFacturas: Pick<ErpFacturasService, "queued">;
}

const money = (v: string) => roundAmount(v, 2);

/**
 * What is left of each invoice for credit notes: its total less the credit notes Pendiente and Aceptada against it
 * (decision 034: a pending one reserves its amount, so two pending notes cannot together exceed the invoice).
 */
function remaining(facturas: readonly FacturaAcreditable[], comprometido: Map<number, string>) {
  return facturas.map((f) => ({ factura: f, resto: money(subtractAmounts(f.total, comprometido.get(f.id) ?? "0")) }));
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
  const { data, clock, proveedores, lista69b, sellos, satEstado, erpFacturas } = deps;
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

  /** The amounts, or the refusal naming the total and what is left. */
  async function allocateOrRefuse(
    tx: Pick<Data["repos"], "notasCredito">,
    datos: InvoiceData,
    facturas: readonly FacturaAcreditable[],
  ) {
    const comprometido = await tx.notasCredito.importesPorFactura(
      facturas.map((f) => f.id),
      ["P", "A"],
    );
    const restos = remaining(facturas, comprometido);
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
    return { EstadoERP: estado, ErrorERP: paraEmpleado ? error : "" };
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

  /** How credit notes are reviewed: by folio; an acceptance owes the ERP its A/P credit memo. */
  const revision: ReviewKind<RevisionNotaCredito, NotaCreditoRecord, string> = {
    entidad: "nota_credito",
    idOf: (fila) => fila.NotaCredito,
    label: (nota) => nota.folio,
    sentences: REVISION_MSG.notaCredito,
    read: (ids) => repo.findByIds(ids),
    decide: (tx, id, version, values) => tx.notasCredito.decide(id, version, values),
    afterDecide: async (tx, fila, actual, now) => {
      if (fila.Estatus === "A") await tx.erpTrabajos.enqueueNotaCredito(actual.id, now);
    },
    afterCommit: (decididas) => {
      if (decididas.some(({ fila }) => fila.Estatus === "A")) erpFacturas.queued();
    },
    mail: (actual, estatus) => {
      const decision = estatus === "A" ? "aceptada" : "rechazada";
      return {
        asunto: `su nota de crédito ${actual.folio} fue ${decision}`,
        parrafo: `Su nota de crédito con folio ${actual.folio} (UUID ${actual.uuid}) fue ${decision}.`,
        correccion: "Puede registrar una nueva nota de crédito en Notas de crédito.",
      };
    },
  };

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
      review({ data, clock }, revision, user, filas),

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
      // What is left of the invoices, checked before asking the SAT and again, locked, in the transaction.
      await allocateOrRefuse(repos, datos, facturas);
      const sat = await satEstado.queryOnUpload(xml.bytes, datos.FechaTimbrado);
      if ("rechazo" in sat) throw new Invalid(sat.rechazo);

      const now = clock();
      const tipoRelacion =
        datos.CfdiRelacionados.find((g) => g.TipoRelacion === "01" || g.TipoRelacion === "03")?.TipoRelacion ?? "01";
      await saveWithUniqueRace(
        () =>
          withTransaction(async (tx) => {
            const bloqueadas = inOrder(uuids, await tx.notasCredito.facturasPorUuid(user.id, uuids, true));
            const importes = await allocateOrRefuse(tx, datos, bloqueadas);
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
            await tx.auditoria.record({
              entidad: "nota_credito",
              entidadId: String(id),
              campo: "registro",
              valorAnterior: "",
              valorNuevo: `P · UUID ${uuid} · facturas ${bloqueadas.map((f) => f.folio).join(", ")}`,
              comentario: "",
              operador: user.operador,
              usuarioRef: user.id,
              at: now,
            });
          }),
        () => NOTA_CREDITO_MSG.uuidRegistrado(uuid),
      );
      return NOTA_CREDITO_MSG.registrada;
    },
  };
}
export type NotasCreditoService = ReturnType<typeof createNotasCreditoService>;
