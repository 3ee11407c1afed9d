import {
  checkImage,
  checkInvoiceAgainst,
  checkPdf,
  checkWithholdings,
  checkXmlFile,
  type InvoiceData,
  imageTypeOf,
  joinEntradas,
} from "@portal/cfdi";
import { type CertificateStore, readInvoiceVerified } from "@portal/cfdi/sello";
import {
  type EntradaFactura,
  type FacturaSociedad,
  type GetEntradasRequest,
  type HistorialFactura,
  MSG,
  type PagosProximos,
  type PatchFacturaRequest,
  type PostFacturaRequest,
  type ProveedorResumen,
  REVISION_MSG,
  type RevisionFactura,
} from "@portal/contracts";
import { columnasDelCfdi, type EntradaRef, mismaEntrada } from "@portal/db";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter, ErpEntrada, ErpScope } from "../../erp/types";
import { createAnswerCache } from "../../lib/answer-cache";
import type { Clock } from "../../lib/clock";
import { Forbidden, Invalid, NotFound, refusal } from "../../lib/errors";
import { createPhaseTimer } from "../../lib/phase-timer";
import { successJson } from "../../lib/send-json";
import { isProveedor, type SessionUser } from "../../lib/session-user";
import type { Data, Repositories } from "../../repositories";
import { type Archivo, checkParties, decodeArchivo, saveWithUniqueRace } from "../archivos/upload-kit";
import { SERVER_IMAGE_CHECK, SERVER_PDF_CHECK } from "../archivos/uploads";
import { comoHistorial } from "../auditoria/repository";
import { liftReplaced } from "../bloqueo-pago/service";
import type { ErpOutbox } from "../erp-outbox/service";
import type { Lista69bService } from "../lista-69b/service";
import type { ProveedoresService } from "../proveedores/service";
import { type ReviewKind, review, reviewWindowStart } from "../revision/review-kit";
import type { SatEstadoService } from "../sat-estado/service";
import { createEntradasPedidas, refDe, refsDelEnvio } from "./entradas-pedidas";
import { TIPO_CANCELAR_FACTURA, TIPO_CREAR_FACTURA, TIPO_SUSTITUIR_CFDI } from "./erp-jobs";
import type { createFacturasErpSync } from "./erp-sync";
import { refreshFechasProbables } from "./fecha-probable";
import { pagosProximosDe } from "./pagos-proximos";
import { camposContraXml, FACTURA_MSG, withholdingRulesOf } from "./reglas";
import type { FacturaRecord } from "./repository";

export interface FacturasDeps {
  data: Data;
  clock: Clock;
  erp: ErpAdapter;
  proveedores: ProveedoresService;
  /** The SAT's 69-B list (issue 15): a Definitivo issuer's CFDI is refused; a Presunto's is flagged to reviewers. */
  lista69b: Pick<Lista69bService, "situacionDe">;
  sellos: { certificados: CertificateStore; trustTestCertificates: boolean };
  /** Memory for cached list answers (bytes of UTF-16 text, roughly); 0 turns the cache off. */
  listCacheBytes: number;
  /**
   * Accepted invoices' A/P invoices in the ERP (issue 13): payment status sync (erp-sync.ts) and the outbox's job
   * wake-up.
   */
  erpFacturas: { sync: ReturnType<typeof createFacturasErpSync> } & Pick<ErpOutbox, "queued">;
  erpScope: ErpScopeResolver;
  /** The SAT's status of the CFDI (issue 15): asked at upload, recorded with the invoice. */
  satEstado: Pick<SatEstadoService, "queryOnUpload" | "save">;
  /** Where a failed ERP sync is reported (the list still answers, with the last known payment status). */
  warn: (error: unknown, message: string) => void;
}

/**
 * Invoices (issue 12; spec §2 /MisFacturas, §3, §4, §5, §7 facturas/*). The server decides everything again:
 * the XML is read and both seals verified, every §5 rule and the portal's own refusals run, every field the
 * client sends that also comes from the XML must be the XML's, and every failing message answers together.
 */
export function createFacturasService(deps: FacturasDeps) {
  const { data, clock, erp, proveedores, lista69b, sellos, erpFacturas, erpScope, satEstado, warn } = deps;
  const { repos, withTransaction } = data;
  const repo = repos.facturas;
  // The last getFacturas answer per scope, reused while the scope's fingerprint is unchanged (an employee's
  // list of every invoice takes the database ~1 s to build; its fingerprint a few ms).
  const answers = createAnswerCache(deps.listCacheBytes);

  /** Payment and cancellation of the user's accepted invoices, as the ERP has them now. */
  async function syncErp(user: SessionUser) {
    try {
      await erpFacturas.sync(await erpScope(user));
    } catch (error) {
      warn(error, "no se pudo leer del ERP el estado de pago de las facturas");
    }
  }

  async function sociedadDe(user: SessionUser, bd: string) {
    const s = (await repo.sociedadesDe(user.id)).find((x) => x.bdSap === bd);
    return s && s.estatus === "A" ? s : undefined;
  }

  /** The supplier's receipts in one company database (its own CardCode only). */
  const entradasDe = (user: SessionUser, bd: string): Promise<ErpEntrada[]> => {
    const scope: ErpScope = { bds: [bd], cardCode: user.id };
    return erp.listEntradas(scope);
  };

  // Issue 37 (decision 051): receipts by DocEntry where known, by number for a client that sends only numbers.
  const pedidasErp = createEntradasPedidas(erp);

  function toEntradaFactura(e: ErpEntrada, nomSociedad: string, fila: number): EntradaFactura {
    return {
      Fila: fila,
      DocNum: e.docNum,
      DocEntry: e.docEntry,
      DocTotal: e.docTotal,
      DocCur: e.docCur,
      PeyMethod: e.peyMethod,
      U_B1SYS_MainUsage: e.mainUsage,
      CP: e.cp,
      GroupNum: e.groupNum,
      Pedido: e.pedidoDocNum,
      NomSociedad: nomSociedad,
      CardName: e.cardName,
      DocDate: e.docDate,
      DocDueDate: e.docDueDate,
      NumAtCard: e.numAtCard,
      Comments: e.comments,
      DocStatus: e.docStatus,
    };
  }

  /** Files by content (spec §5 messages), in the spec's order. */
  function checkArchivos(pdf: Archivo | null, xml: Archivo | null, recepcion: Archivo | null): string[] {
    const errores: string[] = [];
    if (recepcion) errores.push(...checkImage(recepcion.bytes, undefined, SERVER_IMAGE_CHECK));
    if (pdf) errores.push(...checkPdf(pdf.nombre, pdf.bytes, SERVER_PDF_CHECK));
    if (xml) errores.push(...checkXmlFile(xml.nombre, xml.bytes));
    return errores;
  }

  /** Reads and verifies the XML, then runs every rule; returns the data read (when readable) and every message. */
  async function checkXml(
    xml: Uint8Array,
    variante: "alta" | "actualizacion",
    ctx: {
      proveedor: { cardName: string; rfc: string };
      sociedad: { nombre: string; rfc: string; regimen: string; cp: string } & Parameters<typeof withholdingRulesOf>[0];
      /** The receipts the CFDI bills (issue 27: one or several, same currency), compared together. */
      entradas: readonly ErpEntrada[];
      enviado: Parameters<typeof camposContraXml>[0];
    },
  ): Promise<{ datos: InvoiceData | null; errores: string[] }> {
    const leido = await readInvoiceVerified(xml, {
      variant: variante,
      store: sellos.certificados,
      trustTestCertificates: sellos.trustTestCertificates,
    });
    const errores = leido.ok ? [] : [...leido.errors];
    const datos = leido.data;
    if (!datos) return { datos: null, errores };
    const { proveedor, sociedad, entradas } = ctx;
    const entrada = entradas[0] as ErpEntrada;
    errores.push(
      ...checkInvoiceAgainst(
        datos,
        {
          proveedor: { CardName: proveedor.cardName },
          sociedad: { NomSociedad: sociedad.nombre, Regimen: sociedad.regimen, CP: sociedad.cp },
          entrada: joinEntradas(
            entradas.map((e) => ({
              DocNum: e.docNum,
              DocTotal: e.docTotal,
              RetencionesTotal: e.wtSum,
              PeyMethod: e.peyMethod,
              U_B1SYS_MainUsage: e.mainUsage,
              CP: e.cp,
              GroupNum: e.groupNum,
            })),
          ),
        },
        variante,
      ),
    );
    errores.push(
      ...(await checkParties(datos, { proveedorRfc: proveedor.rfc, sociedadRfc: sociedad.rfc }, lista69b, FACTURA_MSG)),
    );
    if (datos.Moneda.toUpperCase() !== entrada.docCur.toUpperCase()) {
      errores.push(FACTURA_MSG.moneda(datos.Moneda, entrada.docCur));
    }
    // Issue 27: the withholdings a legal entity must make, as the receiving sociedad's switches say (decision 031).
    // An update form's XML without SubTotal has no base to check.
    if (datos.SubTotal !== undefined) {
      const { rules, isFeeConcept } = withholdingRulesOf(sociedad, datos.ClavesProdServ);
      errores.push(...checkWithholdings(datos, rules, isFeeConcept));
    }
    errores.push(...camposContraXml(ctx.enviado, datos));
    return { datos, errores };
  }

  /** The invoice's credit days: the largest of its receipts' (issue 27: PPD if any receipt has credit days). */
  const valoresDelXml = (d: InvoiceData, entradas: readonly ErpEntrada[]) =>
    columnasDelCfdi(d, Math.max(...entradas.map((e) => e.groupNum)));

  /** Throws the unique-constraint race as the message the check would have given. */
  const conCarrera = <T>(work: () => Promise<T>, uuid: string, docNums: readonly number[]): Promise<T> =>
    saveWithUniqueRace(work, (constraint) =>
      constraint === "factura_entradas_activa_key" || constraint === "factura_entradas_activa_num_key"
        ? docNums.length === 1
          ? FACTURA_MSG.entradaConFactura(docNums[0] as number)
          : FACTURA_MSG.entradasConFactura(docNums)
        : FACTURA_MSG.uuidRegistrado(uuid),
    );

  /**
   * Issue 27 (decision 036): the accepted invoice whose A/P invoice this CFDI takes over — one of the same supplier
   * and sociedad whose UUID the CFDI names with TipoRelacion 04 and that bills some of the same receipts. A takeover
   * keeps the receipts, the total and the currency: anything else is refused (`error`). Null when the CFDI replaces
   * no such invoice (it registers as any other, and lifts a payment block when accepted).
   */
  async function takeoverOf(
    cardCode: string,
    sociedadId: number,
    datos: InvoiceData,
    entradas: readonly ErpEntrada[],
  ): Promise<{ id: number; entradas: EntradaRef[] } | { error: string } | null> {
    const { uuidsSustituidos } = valoresDelXml(datos, entradas);
    const refs = entradas.map(refDe);
    const incluida = (v: EntradaRef) => refs.some((r) => mismaEntrada(v, r));
    for (const vieja of await repo.sustituibles(cardCode, sociedadId, uuidsSustituidos)) {
      if (!vieja.entradas.some(incluida)) continue;
      const mismas = vieja.entradas.length === refs.length && vieja.entradas.every(incluida);
      const total = Number(vieja.total).toFixed(2);
      if (
        mismas &&
        Number(datos.Total).toFixed(2) === total &&
        datos.Moneda.toUpperCase() === vieja.moneda.toUpperCase()
      ) {
        return { id: vieja.id, entradas: vieja.entradas };
      }
      return {
        error: FACTURA_MSG.sustitutaDistinta(
          vieja.folio,
          vieja.uuid,
          vieja.entradas.map((r) => r.docNum),
          total,
          vieja.moneda.toUpperCase(),
        ),
      };
    }
    return null;
  }

  /**
   * Decision 036, in the acceptance's transaction (the replaced invoice was marked by `decide`): the takeover's ERP
   * job, and a line in each invoice's history.
   */
  async function takeOver(tx: Repositories, sustituta: FacturaRecord, viejaId: number, now: Date) {
    await tx.erpTrabajos.enqueue(TIPO_SUSTITUIR_CFDI, { facturaId: sustituta.id }, now);
    const vieja = await tx.facturas.findById(viejaId);
    const linea = (entidadId: number, texto: string) =>
      tx.auditoria.recordChange(
        { operador: "Sistema", id: "Revisión" },
        { entidad: "factura", id: entidadId, campo: "sustitucion", from: "", to: texto },
        now,
      );
    await linea(viejaId, FACTURA_MSG.sustituidaPor(sustituta.folio, sustituta.uuid));
    if (vieja) await linea(sustituta.id, FACTURA_MSG.sustituyeA(vieja.folio, vieja.uuid));
  }

  /** How invoices are reviewed (issue 13): by folio; each decision owes the ERP's A/P invoice a job. */
  const revision: ReviewKind<RevisionFactura, FacturaRecord & { entradas: number[] }, string> = {
    entidad: "factura",
    idOf: (fila) => fila.Factura,
    label: (factura) => factura.folio,
    sentences: REVISION_MSG.factura,
    read: async (ids) => {
      const [records, entradas] = await Promise.all([repo.findByIds(ids), repo.entradasDe(ids)]);
      return records.map((r) => ({ ...r, entradas: (entradas.get(r.id) ?? []).map((e) => e.docNum) }));
    },
    // Issue 27: a Rechazada brought back to P or A must not take a receipt another invoice holds since (the
    // database refuses it too, factura_entradas_activa_key; this says so in words, inside the same transaction).
    decide: async (tx, id, version, values) => {
      const sustituyeA = (await tx.facturas.findById(id))?.sustituyeAId ?? null;
      // Decision 036: an accepted replacement takes the replaced invoice's receipts (first, so they are free);
      // of two replacements of one invoice accepted at once, one wins.
      if (values.estatus === "A" && sustituyeA !== null && !(await tx.facturas.markReplaced(sustituyeA, id))) {
        const vieja = await tx.facturas.findById(sustituyeA);
        throw new Invalid([MSG.revisionError, FACTURA_MSG.yaSustituida(vieja?.folio ?? String(sustituyeA))]);
      }
      // A Pendiente replacement does not hold its receipts (they are the replaced invoice's until it is accepted).
      if (values.estatus === "A" || (values.estatus === "P" && sustituyeA === null)) {
        const tomadas = await tx.facturas.entradasTomadas(id);
        if (tomadas.length > 0) {
          const factura = await tx.facturas.findById(id);
          throw new Invalid([MSG.revisionError, FACTURA_MSG.entradasTomadas(factura?.folio ?? String(id), tomadas)]);
        }
      }
      return tx.facturas.decide(id, version, values);
    },
    // Accepted: the ERP's A/P invoice is owed, as a job committed with the decision (issue 13). Not accepted but
    // with an A/P invoice in the ERP (an invoice changed before every state change was conditional on its
    // version): the A/P invoice is cancelled through the same outbox (issue 22, decision 021).
    afterDecide: async (tx, fila, actual, now) => {
      if (fila.Estatus === "A") {
        if (actual.sustituyeAId === null)
          await tx.erpTrabajos.enqueue(TIPO_CREAR_FACTURA, { facturaId: actual.id }, now);
        else await takeOver(tx, actual, actual.sustituyeAId, now);
        // Decision 036: a replacement CFDI (TipoRelacion 04) lifts the payment block of the one it replaces.
        await liftReplaced(tx, actual, now);
        // Issue 27: an accepted invoice carries its expected payment date from the start (decision 032).
        await refreshFechasProbables(tx.facturas, { ids: [actual.id] });
      } else if (actual.erpDocEntry !== null) {
        await tx.erpTrabajos.rearm(TIPO_CANCELAR_FACTURA, { facturaId: actual.id }, now);
      }
    },
    afterCommit: (decididas) => {
      if (decididas.some(({ fila, record }) => fila.Estatus === "A" || record.erpDocEntry != null)) {
        erpFacturas.queued();
      }
    },
    mail: (actual, estatus) => {
      const decision = estatus === "A" ? "aceptada" : "rechazada";
      return {
        asunto: `su factura ${actual.folio} fue ${decision}`,
        parrafo: `Su factura con folio ${actual.folio} (UUID ${actual.uuid}) de ${
          actual.entradas.length > 1 ? "las entradas de mercancía" : "la entrada de mercancía"
        } ${actual.entradas.join(", ")} fue ${decision}.`,
        correccion: "Puede corregirla y cargarla de nuevo en Mis facturas.",
      };
    },
  };

  return {
    /**
     * getFacturas: a supplier's own invoices, every invoice for employees (spec §6), newest first, as JSON text
     * built by the database (repository listJson); the tests parse every answer with the contract.
     */
    async listJson(user: SessionUser): Promise<string> {
      const cardCode = isProveedor(user) ? user.id : null;
      await syncErp(user);
      // One cached answer per scope: the employees' rows carry columns a supplier's never do (ErrorERP, SAT, …).
      return answers.get(
        cardCode === null ? "empleados" : `proveedor|${cardCode}`,
        () => repo.fingerprint(cardCode),
        async () => successJson(await repo.listJson(cardCode)),
      );
    },
    /** The 'Facturas' home tile: the length of the same user's list. */
    count: (user: SessionUser) => repo.count(isProveedor(user) ? user.id : null),

    /** facturasPendientes/getFacturas (issue 13): Pendiente and Rechazada, and those accepted in the last 30 days. */
    async pendientesJson(user: SessionUser): Promise<string> {
      await syncErp(user);
      return successJson(await repo.pendientesJson(reviewWindowStart(clock)));
    },
    /** The 'Facturas pendientes' tile: invoices awaiting a decision. */
    countPendientes: () => repo.countPendientes(),

    /**
     * facturasPendientes/patchfactura (issue 13): the review kit's all-or-nothing review (review-kit.ts), with the
     * invoices' ERP jobs.
     */
    reviewBatch: (user: SessionUser, filas: RevisionFactura[]): Promise<string> =>
      review({ data, clock }, revision, user, filas),

    /** getHistorial: an invoice's registration, corrections and decisions (supplier: only its own). */
    async historial(user: SessionUser, idFactura: number): Promise<HistorialFactura[]> {
      const factura = await repo.findById(idFactura);
      if (!factura || (isProveedor(user) && factura.cardCode !== user.id)) throw new NotFound("La factura no existe.");
      return (await repo.historial(idFactura)).map(comoHistorial);
    },

    /**
     * home/getPagosProximos (issue 27): what the supplier is expected to be paid in the next 30 days, by week and
     * currency, from the ERP's current payments (synced first, as the list does).
     */
    async pagosProximos(user: SessionUser): Promise<PagosProximos> {
      if (!isProveedor(user)) throw new Forbidden();
      await syncErp(user);
      const hoy = clock().toISOString().slice(0, 10);
      return pagosProximosDe(hoy, (hasta) => repo.porPagarHasta(user.id, hasta));
    },

    /** The sociedades the supplier may invoice: linked and active. */
    async sociedades(user: SessionUser): Promise<FacturaSociedad[]> {
      return (await repo.sociedadesDe(user.id))
        .filter((s) => s.estatus === "A")
        .map((s) => ({
          IdSociedad: s.id,
          NomSociedad: s.nombre,
          RFC: s.rfc,
          Regimen: s.regimen,
          CP: s.cp,
          BDSAP: s.bdSap,
        }));
    },

    /** The supplier when its registration is complete; [] otherwise (spec §7 getProveedor). */
    async proveedor(user: SessionUser): Promise<ProveedorResumen[]> {
      const p = await proveedores.conRegistroCompleto(user.id);
      return p ? [{ CardCode: p.cardCode, CardName: p.cardName, LicTradNum: p.rfc, E_Mail: p.email }] : [];
    },

    /**
     * tipo 'Nuevo': the supplier's open receipts of that sociedad without an invoice Pendiente or Aceptada;
     * a receipt number: that receipt (for the update form).
     */
    async entradas(user: SessionUser, input: GetEntradasRequest): Promise<EntradaFactura[]> {
      const sociedad = await sociedadDe(user, input.BD);
      if (!sociedad) return [];
      if (input.tipo !== "Nuevo") {
        const una = await pedidasErp.una(user.id, input.BD, { docNum: input.tipo, docEntry: input.DocEntry ?? null });
        return una ? [toEntradaFactura(una, sociedad.nombre, 1)] : [];
      }
      const todas = await entradasDe(user, input.BD);
      // Issue 37 (decision 051): held by DocEntry; two receipts sharing a number are told apart.
      const conFactura = new Set(
        (await repo.entradasConFacturaActiva(input.BD, todas.map(refDe))).map((r) => r.docEntry),
      );
      return todas
        .filter((e) => e.docStatus === "O" && !conFactura.has(e.docEntry))
        .map((e, i) => toEntradaFactura(e, sociedad.nombre, i + 1));
    },

    /** postFactura: checks everything, then the invoice, its three files and an audit entry in one transaction. */
    async register(user: SessionUser, input: PostFacturaRequest): Promise<string> {
      const phases = createPhaseTimer();
      const proveedor = await proveedores.conRegistroCompleto(user.id);
      if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
      const sociedad = await sociedadDe(user, input.RazonSocial);
      if (!sociedad) throw new Invalid(FACTURA_MSG.sociedadNoVinculada);
      // Issue 27: one receipt or several (the contract refused an empty list, repeats and too many). Issue 37
      // (decision 051): by DocEntry when the client sends it; ordered by number, then DocEntry.
      const entradas = await pedidasErp.pedidas(
        user.id,
        sociedad.bdSap,
        refsDelEnvio(input.EntradaMercancia, input.EntradaDocEntry),
      );
      const refs = entradas.map(refDe);
      const docNums = refs.map((r) => r.docNum);
      phases.mark("proveedor, sociedad y entrada");

      const pdf = decodeArchivo(input.PDF, input.PDF64);
      const xml = decodeArchivo(input.XML, input.XML64);
      const recepcion = decodeArchivo(input.Recepcion, input.Recepcion64);
      const errores = checkArchivos(pdf, xml, recepcion);
      const tomadas = await repo.entradasConFacturaActiva(sociedad.bdSap, refs);
      const { datos, errores: delXml } = await checkXml(xml.bytes, "alta", {
        proveedor: { cardName: proveedor.cardName, rfc: proveedor.rfc },
        sociedad,
        entradas,
        enviado: { ...input, Total: input.Total },
      });
      // Decision 036: a replacement CFDI takes over the A/P invoice of the accepted invoice holding its receipts
      // (which that A/P invoice closed in the ERP).
      const toma = datos ? await takeoverOf(proveedor.cardCode, sociedad.id, datos, entradas) : null;
      const sustituyeA = toma && "id" in toma ? toma : null;
      if (toma && "error" in toma) errores.push(toma.error);
      for (const e of entradas) {
        if (e.docStatus !== "O" && !sustituyeA) errores.push(FACTURA_MSG.entradaCerrada(e.docNum));
      }
      for (const n of tomadas) {
        if (!sustituyeA?.entradas.some((v) => mismaEntrada(v, n)))
          errores.push(FACTURA_MSG.entradaConFactura(n.docNum));
      }
      errores.push(...delXml);
      if (datos && (await repo.uuidTaken(datos.UUID.toUpperCase()))) {
        errores.push(FACTURA_MSG.uuidRegistrado(datos.UUID.toUpperCase()));
      }
      if (errores.length > 0 || !datos) throw refusal(errores);
      phases.mark("archivos, sellos y reglas");
      // The SAT, last and outside the transaction (it may take seconds; PGlite has one connection).
      const sat = await satEstado.queryOnUpload(xml.bytes, datos.FechaTimbrado);
      phases.mark("consulta al SAT");
      if ("rechazo" in sat) throw new Invalid(sat.rechazo);

      const now = clock();
      await conCarrera(
        () =>
          withTransaction(async (tx) => {
            const [pdfId, xmlId, recepcionId] = [
              await tx.archivos.store(pdf.bytes, "application/pdf"),
              await tx.archivos.store(xml.bytes, "text/xml"),
              await tx.archivos.store(recepcion.bytes, imageMime(recepcion.bytes)),
            ];
            const id = await tx.facturas.insert({
              ...valoresDelXml(datos, entradas),
              cardCode: proveedor.cardCode,
              sociedadId: sociedad.id,
              bd: sociedad.bdSap,
              entradaDocNum: refs[0]!.docNum,
              entradaDocEntry: refs[0]!.docEntry,
              pdfArchivoId: pdfId,
              pdfNombre: pdf.nombre,
              xmlArchivoId: xmlId,
              xmlNombre: xml.nombre,
              recepcionArchivoId: recepcionId,
              recepcionNombre: recepcion.nombre,
              estatus: "P",
              sustituyeAId: sustituyeA?.id ?? null,
              createdAt: now,
              updatedAt: now,
            });
            await tx.facturas.addEntradas(id, sociedad.bdSap, refs.slice(1));
            await satEstado.save(tx, "factura", id, sat.registro);
            const registro = `P · UUID ${datos.UUID.toUpperCase()} · ${docNums.length > 1 ? "entradas" : "entrada"} ${docNums.join(", ")}`;
            await tx.auditoria.recordChange(
              user,
              { entidad: "factura", id, campo: "registro", from: "", to: registro },
              now,
            );
          }),
        datos.UUID.toUpperCase(),
        docNums,
      );
      phases.mark("transacción");
      const slow = phases.summaryIfSlow();
      if (slow) warn(undefined, `postFactura lenta: ${slow}`);
      return MSG.facturaRegistrada;
    },

    /**
     * patchfactura: only the owner, only while not Aceptada; files replaced only when sent; the update form's
     * rule differences of §5; a corrected Rechazada goes back to Pendiente; every change audited.
     */
    async modify(user: SessionUser, input: PatchFacturaRequest): Promise<string> {
      const actual = await repo.findById(input.IdFactura);
      // Another supplier's invoice answers like a missing one.
      if (!actual || actual.cardCode !== user.id) throw new NotFound("La factura no existe.");
      if (actual.estatus === "A") throw new Invalid(FACTURA_MSG.facturaAceptada(actual.folio));
      if (
        input.RazonSocial !== actual.bd ||
        input.BD !== actual.bd ||
        input.EntradaMercancia !== actual.entradaDocNum
      ) {
        throw new Invalid(FACTURA_MSG.cambioDeEntrada);
      }
      const proveedor = await proveedores.conRegistroCompleto(user.id);
      if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
      const sociedad = await sociedadDe(user, actual.bd);
      if (!sociedad) throw new Invalid(FACTURA_MSG.sociedadNoVinculada);
      const refs = (await repo.entradasDe([actual.id])).get(actual.id) ?? [
        { docNum: actual.entradaDocNum, docEntry: actual.entradaDocEntry },
      ];
      const entradas = await pedidasErp.pedidas(user.id, actual.bd, refs);

      const pdf = input.PDF && input.PDF64 ? decodeArchivo(input.PDF, input.PDF64) : null;
      const xmlNuevo = input.XML && input.XML64 ? decodeArchivo(input.XML, input.XML64) : null;
      const recepcion = input.Recepcion && input.Recepcion64 ? decodeArchivo(input.Recepcion, input.Recepcion64) : null;
      // Issue 23: a correction changes a file; without one the same files would go back to review.
      if (!pdf && !xmlNuevo && !recepcion) throw new Invalid(MSG.correccionSinArchivo);
      const errores = checkArchivos(pdf, xmlNuevo, recepcion);
      const xmlBytes = xmlNuevo?.bytes ?? (await repos.archivos.findContent(actual.xmlArchivoId));
      if (!xmlBytes) throw new NotFound("La factura no existe.");
      const { datos, errores: delXml } = await checkXml(new Uint8Array(xmlBytes), "actualizacion", {
        proveedor: { cardName: proveedor.cardName, rfc: proveedor.rfc },
        sociedad,
        entradas,
        enviado: input,
      });
      errores.push(...delXml);
      if (datos && xmlNuevo && actual.sustituyeAId !== null) {
        // Decision 036: a replacement's new XML must still replace the same invoice with the same amounts.
        const toma = await takeoverOf(actual.cardCode, actual.sociedadId, datos, entradas);
        if (toma && "error" in toma) errores.push(toma.error);
        else if (toma?.id !== actual.sustituyeAId) errores.push(FACTURA_MSG.sustitucionPerdida);
      }
      if (datos && (await repo.uuidTaken(datos.UUID.toUpperCase(), actual.id))) {
        errores.push(FACTURA_MSG.uuidRegistrado(datos.UUID.toUpperCase()));
      }
      if (errores.length > 0 || !datos) throw refusal(errores);
      const sat = await satEstado.queryOnUpload(new Uint8Array(xmlBytes), datos.FechaTimbrado);
      if ("rechazo" in sat) throw new Invalid(sat.rechazo);

      const now = clock();
      const nuevoEstatus = actual.estatus === "R" ? "P" : actual.estatus;
      await conCarrera(
        () =>
          withTransaction(async (tx) => {
            const cambios: Partial<FacturaRecord> = {};
            const auditar: { campo: string; antes: string; despues: string }[] = [];
            if (pdf) {
              cambios.pdfArchivoId = await tx.archivos.store(pdf.bytes, "application/pdf");
              cambios.pdfNombre = pdf.nombre;
              auditar.push({ campo: "pdf", antes: actual.pdfNombre, despues: pdf.nombre });
            }
            if (recepcion) {
              cambios.recepcionArchivoId = await tx.archivos.store(recepcion.bytes, imageMime(recepcion.bytes));
              cambios.recepcionNombre = recepcion.nombre;
              auditar.push({ campo: "recepcion", antes: actual.recepcionNombre, despues: recepcion.nombre });
            }
            if (xmlNuevo) {
              Object.assign(cambios, valoresDelXml(datos, entradas));
              cambios.xmlArchivoId = await tx.archivos.store(xmlNuevo.bytes, "text/xml");
              cambios.xmlNombre = xmlNuevo.nombre;
              auditar.push({
                campo: "xml",
                antes: `${actual.xmlNombre} (${actual.uuid})`,
                despues: `${xmlNuevo.nombre} (${datos.UUID.toUpperCase()})`,
              });
            }
            if (nuevoEstatus !== actual.estatus)
              auditar.push({ campo: "estatus", antes: actual.estatus, despues: nuevoEstatus });
            // Only if nobody changed the invoice since this call read it (issue 22): the SAT's answer may take
            // seconds, and a reviewer who accepted or decided meanwhile wins; the supplier reloads and sees it.
            const corregida = await tx.facturas.correct(actual.id, actual.version, {
              ...cambios,
              estatus: nuevoEstatus,
              updatedAt: now,
            });
            if (!corregida) throw new Invalid(FACTURA_MSG.correccionDesactualizada(actual.folio));
            await satEstado.save(tx, "factura", actual.id, sat.registro);
            for (const a of auditar) {
              const change = { campo: a.campo, from: a.antes, to: a.despues, comment: "Corrección del proveedor" };
              await tx.auditoria.recordChange(user, { entidad: "factura", id: actual.id, ...change }, now);
            }
          }),
        datos.UUID.toUpperCase(),
        refs.map((r) => r.docNum),
      );
      return MSG.facturaActualizada(xmlNuevo ? datos.Folio : actual.folio);
    },
  };
}
export type FacturasService = ReturnType<typeof createFacturasService>;

/** The stored type of a receipt image, by its signature (checkImage already read the whole image). */
function imageMime(bytes: Uint8Array): string {
  return `image/${imageTypeOf(bytes) ?? "png"}`;
}
