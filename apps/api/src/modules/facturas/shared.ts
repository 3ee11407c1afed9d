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
import { columnasDelCfdi } from "@portal/db";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter, ErpEntrada } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import type { SessionUser } from "../../lib/session-user";
import type { Data, Repositories } from "../../repositories";
import { type Archivo, checkParties, saveWithUniqueRace } from "../archivos/upload-kit";
import { SERVER_IMAGE_CHECK, SERVER_PDF_CHECK } from "../archivos/uploads";
import type { ErpOutbox } from "../erp-outbox/service";
import type { Lista69bService } from "../lista-69b/service";
import type { ProveedoresService } from "../proveedores/service";
import type { SatEstadoService } from "../sat-estado/service";
import { type createEntradasPedidas, refuseMixedCurrencies } from "./entradas-pedidas";
import type { createFacturasErpSync } from "./erp-sync";
import { camposContraXml, FACTURA_MSG, withholdingRulesOf } from "./reglas";

/*
 * What the invoices' operations share (issue 38 step 3): the service's dependencies, the context service.ts builds
 * once from them, and the checks and helpers both the registration and the correction use.
 */

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

/** The dependencies with what service.ts builds once from them; each operation picks what it uses. */
export interface FacturasContext extends FacturasDeps {
  repo: FacturasRepository;
  /** Issue 37 (decision 051): receipts by DocEntry where known, by number for a client that sends only numbers. */
  pedidasErp: ReturnType<typeof createEntradasPedidas>;
}

export type FacturasRepository = Repositories["facturas"];

/** The sociedad the supplier may invoice in that company database: linked and active. */
export async function sociedadDe(repo: Pick<FacturasRepository, "sociedadesDe">, user: SessionUser, bd: string) {
  const s = (await repo.sociedadesDe(user.id)).find((x) => x.bdSap === bd);
  return s && s.estatus === "A" ? s : undefined;
}

/** Files by content (spec §5 messages), in the spec's order. */
export function checkArchivos(pdf: Archivo | null, xml: Archivo | null, recepcion: Archivo | null): string[] {
  const errores: string[] = [];
  if (recepcion) errores.push(...checkImage(recepcion.bytes, undefined, SERVER_IMAGE_CHECK));
  if (pdf) errores.push(...checkPdf(pdf.nombre, pdf.bytes, SERVER_PDF_CHECK));
  if (xml) errores.push(...checkXmlFile(xml.nombre, xml.bytes));
  return errores;
}

/** What checkXml compares the CFDI with. */
export interface XmlCheckContext {
  /** Issue 39: `resicoAgapes`, the administrator's flag of a supplier living from agricultural activities. */
  proveedor: { cardName: string; rfc: string; resicoAgapes: boolean };
  sociedad: { nombre: string; rfc: string; regimen: string; cp: string } & Parameters<typeof withholdingRulesOf>[0];
  /** The receipts the CFDI bills (issue 27: one or several, same currency), compared together. */
  entradas: readonly ErpEntrada[];
  enviado: Parameters<typeof camposContraXml>[0];
  /** Issue 42 part 2 (decision 076): purchase orders have no issuer postal code; the receipt's check is skipped. */
  sinCpEmisor?: boolean;
}

/** Reads and verifies the XML, then runs every rule; returns the data read (when readable) and every message. */
export async function checkXml(
  deps: Pick<FacturasDeps, "lista69b" | "sellos">,
  xml: Uint8Array,
  variante: "alta" | "actualizacion",
  ctx: XmlCheckContext,
): Promise<{ datos: InvoiceData | null; errores: string[] }> {
  const { lista69b, sellos } = deps;
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
            CP: ctx.sinCpEmisor ? undefined : e.cp,
            GroupNum: e.groupNum,
            Moneda: e.docCur,
          })),
        ),
      },
      variante,
    ),
  );
  errores.push(
    ...(await checkParties(datos, { proveedorRfc: proveedor.rfc, sociedadRfc: sociedad.rfc }, lista69b, FACTURA_MSG)),
  );
  // Issue 39: receipts of several currencies are refused by name (pedidas does first), never compared as one.
  const variasMonedas = refuseMixedCurrencies(entradas);
  if (variasMonedas) errores.push(variasMonedas);
  else if (datos.Moneda.toUpperCase() !== entrada.docCur.toUpperCase()) {
    errores.push(FACTURA_MSG.moneda(datos.Moneda, entrada.docCur));
  }
  // Issue 27: the withholdings a legal entity must make, as the receiving sociedad's switches say (decision 031).
  // An update form's XML without SubTotal has no base to check.
  if (datos.SubTotal !== undefined) {
    const { rules, context } = withholdingRulesOf(sociedad);
    errores.push(...checkWithholdings(datos, rules, { ...context, proveedorAgapes: proveedor.resicoAgapes }));
  }
  errores.push(...camposContraXml(ctx.enviado, datos));
  return { datos, errores };
}

/** The invoice's credit days: the largest of its receipts' (issue 27: PPD if any receipt has credit days). */
export const valoresDelXml = (d: InvoiceData, entradas: readonly ErpEntrada[]) =>
  columnasDelCfdi(d, Math.max(...entradas.map((e) => e.groupNum)));

/** Throws the unique-constraint race as the message the check would have given. */
export const conCarrera = <T>(work: () => Promise<T>, uuid: string, docNums: readonly number[]): Promise<T> =>
  saveWithUniqueRace(work, (constraint) =>
    constraint === "factura_entradas_activa_key" || constraint === "factura_entradas_activa_num_key"
      ? docNums.length === 1
        ? FACTURA_MSG.entradaConFactura(docNums[0] as number)
        : FACTURA_MSG.entradasConFactura(docNums)
      : FACTURA_MSG.uuidRegistrado(uuid),
  );

/** The stored type of a receipt image, by its signature (checkImage already read the whole image). */
export function imageMime(bytes: Uint8Array): string {
  return `image/${imageTypeOf(bytes) ?? "png"}`;
}
