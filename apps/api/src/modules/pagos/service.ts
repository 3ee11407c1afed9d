import {
  addAmounts,
  checkPaymentAgainst,
  checkPdf,
  checkXmlFile,
  complementoEsperado,
  type ImportesFactura,
  normalizeUuid,
  type PaymentData,
} from "@portal/cfdi";
import { type CertificateStore, readPaymentComplementVerified } from "@portal/cfdi/sello";
import {
  ARCHIVO_URL_PREFIX,
  type ComplementoEsperado,
  type HistorialFactura,
  MSG,
  type PagoRow,
  type PostPagoRequest,
  pagoPorRevisar,
  REVISION_MSG,
  type RevisionPago,
  requiresComplemento,
  situacionComplemento,
} from "@portal/contracts";
import { columnasDelComplemento } from "@portal/db";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter, ErpPago } from "../../erp/types";
import { createAnswerCache } from "../../lib/answer-cache";
import type { Clock } from "../../lib/clock";
import { Forbidden, Invalid, NotFound, refusal } from "../../lib/errors";
import { successJson } from "../../lib/send-json";
import { isProveedor, type SessionUser } from "../../lib/session-user";
import type { Data, Repositories } from "../../repositories";
import { checkParties, decodeArchivo, saveWithUniqueRace } from "../archivos/upload-kit";
import { SERVER_PDF_CHECK } from "../archivos/uploads";
import { comoHistorial } from "../auditoria/repository";
import type { Lista69bService } from "../lista-69b/service";
import type { ProveedoresService } from "../proveedores/service";
import { type ReviewKind, review, reviewWindowStart } from "../revision/review-kit";
import type { SatEstadoService } from "../sat-estado/service";
import { camposPagoContraXml, checkAgainstPago, PAGO_MSG } from "./reglas";
import type { ComplementoRecord, NuevoComplemento } from "./repository";

/** The amounts of a registered invoice that its IVA is read from (complementoEsperado's ImportesFactura). */
const importesDe = (
  factura: { subtotal: string; descuento: string; retenciones: string; total: string } | undefined,
): { importes?: ImportesFactura } =>
  factura
    ? {
        importes: {
          subtotal: factura.subtotal,
          descuento: factura.descuento,
          retenciones: factura.retenciones,
          total: factura.total,
        },
      }
    : {};

export interface PagosDeps {
  /** Memory for cached list answers (characters); 0 turns the cache off. */
  listCacheBytes: number;
  data: Data;
  clock: Clock;
  erp: ErpAdapter;
  erpScope: ErpScopeResolver;
  proveedores: ProveedoresService;
  /** The SAT's 69-B list (issue 15): a Definitivo issuer's complement is refused; a Presunto's is flagged. */
  lista69b: Pick<Lista69bService, "situacionDe" | "query">;
  sellos: { certificados: CertificateStore; trustTestCertificates: boolean };
  /** The SAT's status of the complement (issue 15): asked at upload, recorded with it, shown to employees. */
  satEstado: Pick<SatEstadoService, "queryOnUpload" | "save">;
}

const url = (archivoId: string | null) => (archivoId ? `${ARCHIVO_URL_PREFIX}${archivoId}` : "");
const fecha = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * Payments and their complements (issue 14; spec §2 /Pagos, /Pagos/Pago/:id, /Pagos-Pendientes, §3, §4, §5, §7
 * pagos/* and pagosPendientes/*). The payments are the ERP's (vendor payments with the A/P invoices they
 * settle); the portal keeps one record per payment with the supplier's complement and the employee's proof.
 * The server decides everything again: the complement's XML is read and both seals verified, every §5 rule and
 * the portal's own refusals run, and every failing message answers together.
 */
export function createPagosService(deps: PagosDeps) {
  const { data, clock, erp, erpScope, proveedores, sellos, satEstado, lista69b } = deps;
  const { repos, withTransaction } = data;
  const repo = repos.pagos;
  // The last getPagos answer per scope, reused while nothing it shows changed (an employee's list of every
  // payment takes seconds to read and join; its fingerprint a few ms).
  const answers = createAnswerCache(deps.listCacheBytes);

  /**
   * Whether an invoice a payment settles is paid in parcialidades or deferred (PPD): what the portal invoice's
   * XML said when there is one; for the ERP's own history (no CFDI in the portal), a payment in a later month than
   * the invoice (the SAT's test for PUE is payment within the month of issue).
   */
  const isPpd = (metodos: Map<string, string>, uuid: string, fechaFactura: string, fechaPago: string) => {
    const metodo = metodos.get(normalizeUuid(uuid));
    return metodo !== undefined ? metodo === "PPD" : fechaPago.slice(0, 7) > fechaFactura.slice(0, 7);
  };

  /** Each invoice of a payment with its method (issue 23): a payment applying only to PUE ones needs no complement. */
  const conMetodo = (metodos: Map<string, string>, pago: ErpPago) =>
    pago.facturas.map((f) => ({
      ...f,
      MetodoPago: (isPpd(metodos, f.uuid, f.fecha, pago.docDate) ? "PPD" : "PUE") as "PUE" | "PPD",
    }));
  const needsComplemento = (metodos: Map<string, string>, pago: ErpPago) =>
    requiresComplemento({ Detalle: conMetodo(metodos, pago) });

  /** The rows of these ERP payments, numbered in list order, joined with the portal's records. */
  async function filas(
    pagos: ErpPago[],
    registros: ComplementoRecord[],
    paraEmpleado: boolean,
    hoy = clock().toISOString().slice(0, 10),
  ): Promise<PagoRow[]> {
    const porPago = new Map(registros.map((r) => [`${r.bd}\u0000${r.pagoDocEntry}`, r]));
    // The SAT's status of each complement (issue 15), for employees.
    const sat = new Map(
      paraEmpleado
        ? (
            await repos.satEstado.deDocumentos(
              "pago",
              registros.filter((r) => r.uuid).map((r) => r.id),
            )
          ).map((e) => [e.documentoId, e])
        : [],
    );
    const bds = [...new Set(pagos.map((p) => p.bd))];
    const cardCodes = [...new Set(pagos.map((p) => p.cardCode))];
    const [sociedades, proveedoresPortal, socios, metodos] = await Promise.all([
      repo.sociedadesPorBd(bds),
      repo.proveedoresPorCardCode(cardCodes),
      erp.listProveedores({ bds, cardCode: cardCodes.length === 1 ? (cardCodes[0] as string) : null }),
      repo.metodosDePago(cardCodes.length === 1 ? (cardCodes[0] as string) : null),
    ]);
    const sociedad = new Map(sociedades.map((s) => [s.bd, s]));
    const proveedor = new Map(proveedoresPortal.map((p) => [p.cardCode, p]));
    const cp = new Map(socios.map((s) => [`${s.bd}\u0000${s.cardCode}`, s.zipCode]));
    return pagos.map((p, i): PagoRow => {
      const r = porPago.get(`${p.bd}\u0000${p.docEntry}`);
      const s = sociedad.get(p.bd);
      const pr = proveedor.get(p.cardCode);
      const detalle = conMetodo(metodos, p).map((f) => ({
        FolioSAP: f.facturaDocNum,
        FolioFactura: f.folio,
        UUID: f.uuid,
        FechaFactura: f.fecha,
        Total: f.sumApplied,
        MetodoPago: f.MetodoPago,
      }));
      const uuid = r?.uuid ?? "";
      const estatus = r?.uuid ? r.estatus : "";
      const fechaComplemento = fecha(r?.complementoAt ?? null);
      // Issue 23: the shared rule (PUE-only needs none; late only when nothing valid was uploaded by the deadline).
      const situacion = situacionComplemento(
        {
          CANCELED: p.canceled,
          DocDate: p.docDate,
          U_SYS_PMUUID: uuid,
          U_SYS_PMESPA: estatus,
          U_SYS_PMFECA: fechaComplemento,
          Detalle: detalle,
        },
        hoy,
      );
      return {
        Fila: i + 1,
        IdPago: r?.id ?? null,
        NomSociedad: s?.nombre ?? p.bd,
        CardName: p.cardName,
        U_SYS_PMUUID: uuid,
        DocEntry: p.docEntry,
        DocNum: p.docNum,
        U_SYS_PMFECC: r?.fechaTimbrado ? r.fechaTimbrado.slice(0, 10) : null,
        DocDate: p.docDate,
        PymntGroup: p.formaPago,
        DocTotal: p.docTotal,
        U_SYS_PMFECA: fechaComplemento,
        U_SYS_PMESPA: estatus,
        CANCELED: p.canceled,
        U_SYS_PMCOMC: url(r?.comprobanteArchivoId ?? null),
        U_SYS_PMPDFC: url(r?.pdfArchivoId ?? null),
        U_SYS_PMXMLC: url(r?.xmlArchivoId ?? null),
        U_SYS_PMSNBD: p.bd,
        DocCur: p.docCur,
        U_SYS_PMPARE: "",
        RFCEmisor: pr?.rfc ?? "",
        RFCReceptor: s?.rfc ?? "",
        CPEmisor: cp.get(`${p.bd}\u0000${p.cardCode}`) ?? "",
        CPReceptor: s?.cp ?? "",
        Uso: "CP01",
        Regimen: s?.regimen ?? "",
        E_Mail: pr?.email ?? "",
        Detalle: detalle,
        ComplementoVencido: situacion.vencido,
        // Issue 23: the reviewer's comment on a rejected or 'Validación' complement, for the supplier too.
        Comentarios: r?.uuid && (r.estatus === "R" || r.estatus === "V") ? r.comentarios : "",
        ...(r ? { Version: r.version } : {}),
        ...(paraEmpleado && r?.uuid
          ? {
              EstadoSAT: (sat.get(r.id)?.estado ?? "") as NonNullable<PagoRow["EstadoSAT"]>,
              PendienteSAT: sat.get(r.id)?.pendiente ?? false,
              EfosSAT: sat.get(r.id)?.validacionEfos ?? "",
            }
          : {}),
      };
    });
  }

  /** A payment the user may reach: a supplier's own in its sociedades' company databases; employees any. */
  async function pagoDe(user: SessionUser, bd: string, docNum: number): Promise<ErpPago> {
    const scope = await erpScope(user);
    const pago = scope.bds.includes(bd) ? await erp.findPago(bd, docNum, scope.cardCode ?? undefined) : null;
    if (!pago || (scope.cardCode !== null && pago.cardCode !== scope.cardCode)) {
      throw new Invalid(PAGO_MSG.pagoNoExiste(docNum));
    }
    return pago;
  }

  /**
   * The ERP payments of these complement records that the review shows: in the user's scope, still in the ERP and
   * not cancelled there, read in one call (issue 22), by key.
   */
  async function pagosEnRevision(user: SessionUser, registros: readonly ComplementoRecord[]): Promise<ErpPago[]> {
    const scope = await erpScope(user);
    const claves = registros
      .filter((r) => scope.bds.includes(r.bd))
      .map((r) => ({ bd: r.bd, docEntry: r.pagoDocEntry }));
    return (await erp.readPagos(claves)).filter((p) => p.canceled !== "Y");
  }

  /** Of these payments, those that need a complement (issue 23): the review and its tile leave out PUE-only ones. */
  async function pagosQueRequieren(pagos: ErpPago[]): Promise<ErpPago[]> {
    if (pagos.length === 0) return pagos;
    const cardCodes = new Set(pagos.map((p) => p.cardCode));
    const metodos = await repo.metodosDePago(cardCodes.size === 1 ? (pagos[0] as ErpPago).cardCode : null);
    return pagos.filter((p) => needsComplemento(metodos, p));
  }

  /**
   * What the ERP's credit memos took off each of these invoices (by UUID): the accepted credit notes whose memo the
   * portal recorded, or — the memo job's answer lost — the ERP has (asked by the note's portal id).
   */
  async function acreditadoEnErp(uuids: readonly string[]): Promise<Map<string, string>> {
    const notas = await repos.notasCredito.aceptadasPorUuid(uuids);
    const sinRegistrar = [...new Map(notas.filter((n) => n.erpDocEntry === null).map((n) => [n.notaCreditoId, n.bd]))];
    const enErp = new Set(
      (
        await Promise.all(
          sinRegistrar.map(async ([id, bd]) => {
            const memo = await erp.findNotaCreditoProveedor(bd, id);
            return memo && memo.canceled !== "Y" ? [id] : [];
          }),
        )
      ).flat(),
    );
    const out = new Map<string, string>();
    for (const n of notas) {
      if (n.erpDocEntry === null && !enErp.has(n.notaCreditoId)) continue;
      const uuid = normalizeUuid(n.uuid);
      out.set(uuid, addAmounts(out.get(uuid) ?? "0", n.importe));
    }
    return out;
  }

  /** Refusals common to both operators: a cancelled payment, an accepted complement. */
  function bloqueos(pago: ErpPago, registro: ComplementoRecord | undefined): string[] {
    if (pago.canceled === "Y") return [PAGO_MSG.pagoCancelado(pago.docNum)];
    if (registro?.estatus === "A") return [PAGO_MSG.complementoAceptado(pago.docNum)];
    return [];
  }

  /** The supplier's complement: files, seals, §5 and the portal's own rules; every message at once. */
  async function checkComplemento(
    user: SessionUser,
    input: Extract<PostPagoRequest, { operador: "Proveedor" }>,
    pago: ErpPago,
    registro: ComplementoRecord | undefined,
  ) {
    const proveedor = await proveedores.conRegistroCompleto(user.id);
    if (!proveedor) throw new Invalid(MSG.registroIncompletoPagos);
    // Issue 23: a payment that applies only to PUE invoices needs no complement; none is taken for it.
    if (pago.canceled !== "Y" && !needsComplemento(await repo.metodosDePago(pago.cardCode), pago)) {
      throw new Invalid(PAGO_MSG.noRequiereComplemento(pago.docNum));
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
      errores.push(...checkAgainstPago(datos, pago), ...camposPagoContraXml(input, datos));
      if (await repo.uuidTaken(normalizeUuid(datos.UUID), registro?.id)) {
        errores.push(PAGO_MSG.uuidRegistrado(normalizeUuid(datos.UUID)));
      }
    }
    if (errores.length > 0 || !datos || !sociedad) throw refusal(errores);
    return { datos, pdf, xml, sociedad };
  }

  /**
   * How complements are reviewed (issue 14), by their payment's number, for this reviewer: a payment the ERP
   * cancelled since the list was loaded leaves the list, and is not decided either (issue 22); a record without a
   * complement has nothing to review.
   */
  const revisionDe = (user: SessionUser): ReviewKind<RevisionPago, ComplementoRecord, number> => ({
    entidad: "pago",
    idOf: (fila) => fila.Pago,
    label: (registro) => registro.pagoDocNum,
    sentences: REVISION_MSG.pago,
    read: (ids) => repo.findByIds(ids),
    check: async (registros) => {
      const vigentes = new Set((await pagosEnRevision(user, registros)).map((p) => `${p.bd}\u0000${p.docEntry}`));
      return (actual) =>
        !vigentes.has(`${actual.bd}\u0000${actual.pagoDocEntry}`)
          ? PAGO_MSG.revisionPagoCancelado(actual.pagoDocNum)
          : !actual.uuid
            ? PAGO_MSG.sinComplemento(actual.pagoDocNum)
            : null;
    },
    decide: (tx, id, version, values) => tx.pagos.decide(id, version, values),
    mail: (actual, estatus) => {
      const decision = estatus === "A" ? "aceptado" : "rechazado";
      return {
        asunto: `su complemento del pago ${actual.pagoDocNum} fue ${decision}`,
        parrafo: `Su complemento de pago (UUID ${actual.uuid}) del pago ${actual.pagoDocNum} fue ${decision}.`,
        correccion: "Puede corregirlo y cargarlo de nuevo en Complemento de pagos.",
      };
    },
  });

  return {
    /**
     * getPagos: a supplier's payments in its sociedades (employees: every payment), newest first, as the JSON
     * answer text; rebuilt only when the ERP's payments, the portal's records, names or the day changed.
     */
    async listJson(user: SessionUser): Promise<string> {
      const scope = await erpScope(user);
      const cardCode = isProveedor(user) ? user.id : null;
      const clave = `${cardCode ?? "*"}|${[...scope.bds].sort().join(",")}`;
      return answers.get(
        clave,
        async () => {
          const [erpFingerprint, portal] = await Promise.all([erp.pagosFingerprint(scope), repo.fingerprint(cardCode)]);
          // The overdue mark depends on the day.
          return `${erpFingerprint}|${portal}|${clock().toISOString().slice(0, 10)}`;
        },
        async () => {
          const [pagos, registros] = await Promise.all([erp.listPagos(scope), repo.deAlcance(cardCode)]);
          const rows = await filas(pagos, registros, cardCode === null);
          return successJson(JSON.stringify(rows));
        },
      );
    },
    /**
     * getComplementoEsperado: the complement the supplier must issue for one of its payments (employees: any),
     * computed from the ERP: its PPD invoices with their parcialidad, previous balance, amount paid and balance
     * left. Null when none is owed (cancelled payment, accepted complement, no PPD invoice).
     */
    async esperado(user: SessionUser, bd: string, docNum: number): Promise<ComplementoEsperado | null> {
      const pago = await pagoDe(user, bd, docNum);
      const registro = await repo.findByPago(pago.bd, pago.docEntry);
      if (pago.canceled === "Y" || registro?.estatus === "A") return null;
      const metodos = await repo.metodosDePago(pago.cardCode);
      // The portal's own record of each invoice: its folio and the amounts its taxes are computed from.
      const registered = new Map(
        (await repo.facturasPorUuid(pago.facturas.map((f) => f.uuid))).map((f) => [normalizeUuid(f.uuid), f]),
      );
      const ppd = pago.facturas.filter((f) => isPpd(metodos, f.uuid, f.fecha, pago.docDate));
      if (ppd.length === 0) return null;
      // Issue 27 (decision 034): the credit memos took their amounts off the invoices' balance first. Issue 36: only
      // memos the ERP applied count, not notes merely accepted in the portal (their memo job pending or failed).
      const acreditado = await acreditadoEnErp(ppd.map((f) => normalizeUuid(f.uuid)));
      const historial = await erp.listAplicaciones(
        pago.bd,
        ppd.map((f) => f.facturaDocEntry),
      );
      // Earlier payments: before this one by date, then DocNum; cancelled ones do not count.
      const antes = (facturaDocEntry: number) =>
        historial
          .filter(
            (a) =>
              a.facturaDocEntry === facturaDocEntry &&
              a.canceled === "N" &&
              a.pagoDocEntry !== pago.docEntry &&
              (a.docDate < pago.docDate || (a.docDate === pago.docDate && a.pagoDocNum < pago.docNum)),
          )
          .map((a) => a.sumApplied);
      return complementoEsperado({
        pago: {
          fecha: pago.docDate,
          formaPago: pago.formaPago,
          moneda: pago.docCur,
          tipoCambio: pago.docRate,
          // Only the PPD invoices get a complement: its Monto is what the payment applied to them.
          total: ppd.length === pago.facturas.length ? pago.docTotal : addAmounts(...ppd.map((f) => f.appliedPago)),
          cancelado: false,
        },
        facturas: ppd.map((f) => ({
          uuid: f.uuid,
          folio: registered.get(normalizeUuid(f.uuid))?.folio ?? f.folio,
          moneda: f.docCur,
          total: f.facturaTotal,
          aplicado: f.sumApplied,
          ...(f.docCur !== pago.docCur ? { aplicadoMonedaPago: f.appliedPago } : {}),
          aplicadoAntes: antes(f.facturaDocEntry),
          acreditado: acreditado.get(normalizeUuid(f.uuid)) ?? "0",
          ...importesDe(registered.get(normalizeUuid(f.uuid))),
        })),
      });
    },

    /** getHistorial (issue 23): a complement's uploads, corrections and decisions (supplier: only its own). */
    async historial(user: SessionUser, idPago: number): Promise<HistorialFactura[]> {
      const registro = await repo.findById(idPago);
      if (!registro || (isProveedor(user) && registro.cardCode !== user.id)) {
        throw new NotFound("El pago no tiene documentos registrados.");
      }
      return (await repo.historial(idPago)).map(comoHistorial);
    },

    /**
     * Every payment of these company databases with its row (as employees read it, without the SAT columns) and
     * its complement status on `hoy` (issue 27): the complement deadline reminders and 'Complementos atrasados'
     * decide with the payment list's own rule (situacionComplemento), so they never disagree with it.
     */
    async complementStatus(bds: readonly string[], hoy: string) {
      if (bds.length === 0) return [];
      const [pagos, registros] = await Promise.all([
        erp.listPagos({ bds: [...bds], cardCode: null }),
        repo.deAlcance(null),
      ]);
      const rows = await filas(pagos, registros, false, hoy);
      return pagos.map((pago, i) => {
        const row = rows[i] as PagoRow;
        return { pago, row, situacion: situacionComplemento(row, hoy) };
      });
    },

    /** The 'Pagos' tile: the length of the same user's list. */
    count: async (user: SessionUser) => erp.countPagos(await erpScope(user)),

    /**
     * pagosPendientes/getPagos: complements Pendiente, Rechazada or in Validación, and those accepted in the last
     * 30 days (locked); never those of cancelled payments. U_SYS_PMMERR is the reviewer's comment.
     */
    async pendientes(user: SessionUser) {
      const registros = await repo.pendientes(reviewWindowStart(clock));
      const pagos = await pagosQueRequieren(await pagosEnRevision(user, registros));
      // Issue 23 (decision 025): the complements to decide first (numbered 1…n), then the decided ones; newest
      // payment first in each.
      const estatus = new Map(registros.map((r) => [`${r.bd}\u0000${r.pagoDocEntry}`, r.estatus]));
      const aDecidir = (p: { bd: string; docEntry: number }) =>
        pagoPorRevisar(estatus.get(`${p.bd}\u0000${p.docEntry}`)) ? 0 : 1;
      pagos.sort((a, b) =>
        aDecidir(a) !== aDecidir(b)
          ? aDecidir(a) - aDecidir(b)
          : a.docDate !== b.docDate
            ? a.docDate < b.docDate
              ? 1
              : -1
            : a.bd !== b.bd
              ? a.bd < b.bd
                ? -1
                : 1
              : b.docNum - a.docNum,
      );
      const comentario = new Map(registros.map((r) => [r.id, r.comentarios]));
      const rows = await filas(pagos, registros, true);
      // The issuer on the SAT's 69-B list, for the reviewer (issue 15): only when listed.
      const en69b = await lista69b.query(rows.map((f) => f.RFCEmisor).filter(Boolean));
      // Issue 27: the suppliers an employee flagged "retener pagos por complementos atrasados" (a badge).
      const retenidos = await repos.complementosAtrasados.retenidos();
      return rows.map((f, i) => {
        const l = f.RFCEmisor ? en69b(f.RFCEmisor) : null;
        return {
          ...f,
          U_SYS_PMMERR: comentario.get(f.IdPago ?? 0) ?? "",
          Lista69B: l?.Situacion ? l : null,
          RetenerPagos: retenidos.has((pagos[i] as ErpPago).cardCode),
        };
      });
    },
    /**
     * The 'Pagos pendientes' tile: the review list's complements awaiting a decision (Pendiente or Validación),
     * so never one whose payment the ERP cancelled (the list hides those).
     */
    countPendientes: async (user: SessionUser) =>
      (await pagosQueRequieren(await pagosEnRevision(user, await repo.porDecidir()))).length,

    /**
     * postPago: a supplier's complement (PDF + Pagos 2.0 XML) or an employee's proof (PDF). Refused once the
     * complement is Aceptada or the payment Cancelado; a Rechazada complement is replaced and Pendiente again.
     */
    async register(user: SessionUser, input: PostPagoRequest): Promise<string> {
      if (isProveedor(user) !== (input.operador === "Proveedor")) throw new Forbidden();
      const pago = await pagoDe(user, input.BD, input.PagoSAP);
      const registro = await repo.findByPago(pago.bd, pago.docEntry);
      const now = clock();
      if (input.operador === "Empleado") {
        const comprobante = decodeArchivo(input.Complemento, input.Complemento64);
        const errores = [
          ...bloqueos(pago, registro),
          ...checkPdf(comprobante.nombre, comprobante.bytes, SERVER_PDF_CHECK),
        ];
        if (errores.length > 0) throw refusal(errores);
        const [sociedad] = await repo.sociedadesPorBd([pago.bd]);
        if (!sociedad) throw new Invalid(PAGO_MSG.pagoNoExiste(pago.docNum));
        await save(async (tx) => {
          const archivoId = await tx.archivos.store(comprobante.bytes, "application/pdf");
          const valores = { comprobanteArchivoId: archivoId, comprobanteNombre: comprobante.nombre, updatedAt: now };
          const id = await saveRecord(tx, pago, registro, sociedad.id, valores, now);
          const change = { from: registro?.comprobanteNombre ?? "", to: comprobante.nombre };
          await tx.auditoria.recordChange(user, { entidad: "pago", id, campo: "comprobante", ...change }, now);
        });
        return MSG.documentosAgregados;
      }

      const { datos, pdf, xml, sociedad } = await checkComplemento(user, input, pago, registro);
      const uuid = normalizeUuid(datos.UUID);
      // The SAT, last and outside the transaction (it may take seconds; PGlite has one connection).
      const sat = await satEstado.queryOnUpload(xml.bytes, datos.FechaTimbrado);
      if ("rechazo" in sat) throw new Invalid(sat.rechazo);
      await save(async (tx) => {
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
      }, uuid);
      return MSG.documentosAgregados;
    },

    /**
     * pagosPendientes/patchPagos: the review kit's all-or-nothing review (review-kit.ts), like the invoice review;
     * only records with a complement, of payments the ERP has not cancelled, are reviewed.
     */
    reviewBatch: (user: SessionUser, filas: RevisionPago[]): Promise<string> =>
      review({ data, clock }, revisionDe(user), user, filas),
  };

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
  async function save(work: Parameters<typeof withTransaction>[0], uuid?: string) {
    await saveWithUniqueRace(
      () => withTransaction(work),
      (restriccion) =>
        restriccion === "complementos_pago_uuid_key" && uuid
          ? PAGO_MSG.uuidRegistrado(uuid)
          : "Otro usuario cargó documentos de este pago al mismo tiempo; recargue e intente de nuevo.",
    );
  }
}
export type PagosService = ReturnType<typeof createPagosService>;
