import { z } from "zod";
import { boundedArray } from "./bounded";
import { flagCampo, metodoPagoSchema } from "./codes";
import {
  actorRequestSchema,
  archivoRefSchema,
  archivosEnPareja,
  base64OpcionalSchema,
  base64Schema,
  codigoPostalSchema,
  decimalSchema,
  enteroSchema,
  fechaCfdiSchema,
  fechaSchema,
  folioSchema,
  formaPagoSchema,
  identificadorSchema,
  idSchema,
  importeSchema,
  listRequestSchema,
  messageAnswerSchema,
  monedaSchema,
  nombreArchivoOpcionalSchema,
  nombreArchivoSchema,
  optionalText,
  regimenFiscalSchema,
  requiredText,
  rfcSchema,
  successAnswer,
  textoSchema,
  usoCfdiSchema,
  uuidCfdiSchema,
} from "./common";
import { lineaFacturadaSchema, lineaPorFacturarSchema, lineasFacturaSchema } from "./facturas-partes";
import { lista69bSchema } from "./lista-69b";
import { MSG } from "./messages";

/**
 * Invoice row (spec §3 Invoice list row); also the row of the pending-invoices review. PDF, XML and
 * Recepcion are download URLs ('' when absent) instead of the legacy inline base64.
 */
export const facturaRowSchema = z.object({
  Fila: enteroSchema("Fila"),
  IdFactura: enteroSchema("IdFactura"),
  NomSociedad: z.string(),
  /** Provider name. */
  CardName: z.string(),
  FolioFactura: z.string(),
  /** Issuer RFC. */
  RFC: z.string(),
  RFCReceptor: z.string(),
  CPEmisor: z.string(),
  CPReceptor: z.string(),
  /**
   * '' for an invoice without CFDI, a foreign supplier's (issue 42, decision 073: `isFacturaExtranjera`): its number
   * is FolioFactura, and it has no XML, payment form, use or method.
   */
  UUID: z.string(),
  /** DocNum of the goods receipt the invoice is tied to (the first one when it bills several, issue 27). */
  Entrada: enteroSchema("Entrada"),
  /** Issue 27: every goods receipt the invoice bills (DocNums, ascending); absent from older servers. */
  EntradasMercancia: z.array(enteroSchema("EntradasMercancia")).optional(),
  /**
   * Issue 37 (decision 051): the same receipts' DocEntry, in the order of EntradasMercancia (null for a receipt
   * stored before the portal kept it); absent from older servers. The update form reads each receipt by it.
   */
  EntradasDocEntry: z.array(enteroSchema("EntradasDocEntry").nullable()).optional(),
  /**
   * Issue 42 (decision 074): the receipt lines and quantities the invoice bills when it bills part of its receipts;
   * null (or absent, from older servers) when it bills them whole.
   */
  LineasFacturadas: z.array(lineaFacturadaSchema).nullable().optional(),
  FechaFactura: fechaSchema("FechaFactura"),
  Total: importeSchema("Total"),
  FormaPago: z.string(),
  /** Tentative payment date (fecha tentativa de pago), null while unknown. */
  TentativaPago: fechaSchema("TentativaPago").nullable(),
  UsoPrincipal: z.string(),
  MetodoPago: metodoPagoSchema,
  PDF: archivoRefSchema,
  XML: archivoRefSchema,
  Recepcion: archivoRefSchema,
  /** A Aceptada, R Rechazada, anything else Pendiente (spec §4). */
  EstatusFactura: z.string(),
  /** Y = cancelled. */
  CANCELED: z.string(),
  PaidToDate: importeSchema("PaidToDate"),
  FechaPago: fechaSchema("FechaPago").nullable(),
  /**
   * Issue 39 (decision 058): what lowered the invoice's balance, in its currency: the ERP's payments (PaidToDate
   * less the credit memos the ERP applied) and the accepted credit notes. Saldo = Total − Pagos − Notas
   * (saldoDeFactura). Absent from older servers: PaidToDate then counts as payments.
   */
  Abonos: z.object({ Pagos: importeSchema("Abonos.Pagos"), Notas: importeSchema("Abonos.Notas") }).optional(),
  /**
   * Issue 27 (decision 032): when an accepted, unpaid invoice is expected to be paid (its due date in the ERP moved
   * to the sociedad's next payment day); null otherwise.
   */
  FechaProbablePago: fechaSchema("FechaProbablePago").nullable().optional(),
  Comentarios: z.string(),
  BD: z.string(),
  DocCur: z.string(),
  Regimen: z.string(),
  /** Spelled E_mail here, as the spec writes it for invoices. */
  E_mail: z.string(),
  /** Grows with every change: a reviewer's decision carries the version it saw (issue 13; always sent). */
  Version: enteroSchema("Version"),
  /** DocNum of the ERP's A/P invoice once created (issue 13), else null. */
  FolioSAP: enteroSchema("FolioSAP").nullable().optional(),
  /**
   * Where an accepted invoice stands with the ERP (issue 13): '' not accepted, 'pendiente' waiting for (or
   * retrying) the A/P invoice, 'creada' in the ERP, 'fallido' the ERP refused it or retries stopped.
   */
  EstadoERP: z.enum(["", "pendiente", "creada", "fallido"]).optional(),
  /** The ERP's last error for this invoice (employees only, '' when there is none; absent from a supplier's rows). */
  ErrorERP: z.string().optional(),
  /**
   * When the A/P invoice's job was queued (ISO 8601, UTC) while it is still 'pendiente', else null (issue 23): the
   * review list shows 'Enviando al ERP…' during its first minute, before a retry makes sense. Employees only.
   */
  EnviadoERP: z.string().max(40).nullable().optional(),
  /**
   * The SAT's status of the CFDI (issue 15; employees only): '' not known yet, else what ConsultaCFDIService last
   * answered (Vigente, Cancelado, No Encontrado).
   */
  EstadoSAT: z.enum(["", "Vigente", "Cancelado", "No Encontrado"]).optional(),
  /** Accepted without a definite answer from the SAT ('pendiente de verificar'): a job asks again (issue 15). */
  PendienteSAT: z.boolean().optional(),
  /** ValidacionEFOS as the SAT answered it: '200' the issuer is not on the EFOS list, '100' it is (issue 15). */
  EfosSAT: z.string().optional(),
  /**
   * Issue 27 (decision 036; employees only): the payment block the portal asked of the ERP. 'bloqueado' the SAT
   * cancelled this accepted CFDI; 'liberado' lifted: by the replacement that took its place (SustitutoUUID) or, with
   * SustitutoUUID '', by an employee with a reason (issue 36, decision 038; the reason is in the Historial); '' none.
   */
  BloqueoPago: z.enum(["", "bloqueado", "liberado"]).optional(),
  /**
   * Issue 27 (decision 036): the accepted replacement that took over this invoice's A/P invoice ("folio (UUID …)"),
   * '' when none; and, on the replacement, the invoice it takes over ('' when it is not a takeover).
   */
  SustituidaPor: z.string().optional(),
  SustituyeA: z.string().optional(),
  /** The accepted CFDI that took this one's place (the takeover, decision 038), '' when none. */
  SustitutoUUID: z.string().optional(),
  /** Where the ERP job of that block (or its lifting) stands: '' none, 'pendiente', 'hecho', 'fallido'. */
  EstadoBloqueoERP: z.enum(["", "pendiente", "hecho", "fallido"]).optional(),
  /** That job's last error, '' when none. */
  ErrorBloqueoERP: z.string().optional(),
  /**
   * Issue 36 (decision 038; employees only): this CFDI names with TipoRelacion 04 an invoice whose payment is
   * blocked, other than the one it takes over (whose acceptance lifts the block): MSG.sustituyeFacturaBloqueada, one
   * sentence per such invoice; '' when none. Accepting this CFDI lifts nothing.
   */
  AvisoSustitucion: z.string().optional(),
  /**
   * The issuer on the SAT's 69-B list in force (issue 15), in the review list only: its situation and
   * publication data; null when the issuer is not listed.
   */
  Lista69B: lista69bSchema.nullable().optional(),
});
export type FacturaRow = z.infer<typeof facturaRowSchema>;

/** POST /api/facturas/getFacturas (spec §7). */
export const getFacturasRequestSchema = listRequestSchema;
export type GetFacturasRequest = z.infer<typeof getFacturasRequestSchema>;
export const getFacturasAnswerSchema = successAnswer(z.array(facturaRowSchema));
export type GetFacturasAnswer = z.infer<typeof getFacturasAnswerSchema>;

/**
 * POST /api/facturas/getSociedades: the supplier's companies for the 'Razón social' select. BDSAP is the value
 * sent back as postFactura RazonSocial and getEntradas BD; name, regime and CP feed the receiver cross checks.
 */
export const facturasGetSociedadesRequestSchema = listRequestSchema;
export type FacturasGetSociedadesRequest = z.infer<typeof facturasGetSociedadesRequestSchema>;
export const facturaSociedadSchema = z.object({
  IdSociedad: enteroSchema("IdSociedad"),
  NomSociedad: z.string(),
  RFC: z.string(),
  Regimen: z.string(),
  CP: z.string(),
  BDSAP: z.string(),
});
export type FacturaSociedad = z.infer<typeof facturaSociedadSchema>;
export const facturasGetSociedadesAnswerSchema = successAnswer(z.array(facturaSociedadSchema));
export type FacturasGetSociedadesAnswer = z.infer<typeof facturasGetSociedadesAnswerSchema>;

/**
 * POST /api/facturas/getProveedor: the caller's supplier record when the registration is complete; an empty
 * list means incomplete (MSG.registroIncompletoFacturas / registroIncompletoPagos).
 */
export const getProveedorRequestSchema = listRequestSchema;
export type GetProveedorRequest = z.infer<typeof getProveedorRequestSchema>;
export const proveedorResumenSchema = z.object({
  CardCode: z.string(),
  CardName: z.string(),
  LicTradNum: z.string(),
  E_Mail: z.string(),
  /**
   * Issue 42 part 1 (decision 073): the supplier's kind, which decides its invoice form (a CFDI, or a foreign
   * invoice's PDF and data); absent from older servers: nacional.
   */
  Tipo: z.enum(["nacional", "extranjero"]).optional(),
});
export type ProveedorResumen = z.infer<typeof proveedorResumenSchema>;
export const getProveedorAnswerSchema = successAnswer(z.array(proveedorResumenSchema));
export type GetProveedorAnswer = z.infer<typeof getProveedorAnswerSchema>;

/** POST /api/facturas/getEntradas: tipo 'Nuevo' lists receipts open for a new invoice, else one receipt. */
const tipoEntradaMensaje = "El campo tipo debe ser Nuevo o el número de la entrada.";
export const getEntradasRequestSchema = listRequestSchema.extend({
  BD: identificadorSchema("BD", 100),
  tipo: z.union([z.literal("Nuevo", { error: tipoEntradaMensaje }), idSchema("tipo")], { error: tipoEntradaMensaje }),
  /**
   * Issue 37 (decision 051): with tipo a number, the receipt with this DocEntry (it must have that number): the number
   * alone may name several receipts (the ERP's numbering series repeat numbers).
   */
  DocEntry: idSchema("DocEntry").optional(),
});
export type GetEntradasRequest = z.infer<typeof getEntradasRequestSchema>;
/** Goods receipt as the invoice form reads it (spec §3 Goods receipt, "fields read from the server"). */
export const entradaFacturaSchema = z.object({
  Fila: enteroSchema("Fila"),
  /** The number users read ("Entrada"): it repeats across the ERP's numbering series. */
  DocNum: enteroSchema("DocNum"),
  /**
   * Issue 37 (decision 051): the receipt's key in the ERP (SAP DocEntry), unique where DocNum is not; the form sends
   * it back with the number (postFactura EntradaDocEntry).
   */
  DocEntry: enteroSchema("DocEntry"),
  DocTotal: importeSchema("DocTotal"),
  DocCur: z.string(),
  /** Payment form code. */
  PeyMethod: z.string(),
  U_B1SYS_MainUsage: z.string(),
  /** Issuer postal code. */
  CP: z.string(),
  /** Credit days: the XML method must be PPD when above 0, otherwise PUE. */
  GroupNum: enteroSchema("GroupNum"),
  Pedido: enteroSchema("Pedido").nullable(),
  NomSociedad: z.string(),
  CardName: z.string(),
  DocDate: fechaSchema("DocDate"),
  DocDueDate: fechaSchema("DocDueDate"),
  NumAtCard: z.string(),
  Comments: z.string(),
  /** O = Abierto, otherwise Cerrado. */
  DocStatus: z.string(),
  /**
   * Issue 42 (decision 074): the receipt's lines with what is left to bill of each, and whether partial invoices
   * already bill it (then only its lines and quantities can be billed, never the whole receipt).
   */
  Lineas: z.array(lineaPorFacturarSchema).optional(),
  EnPartes: z.boolean().optional(),
});
export type EntradaFactura = z.infer<typeof entradaFacturaSchema>;
export const getEntradasAnswerSchema = successAnswer(z.array(entradaFacturaSchema));
export type GetEntradasAnswer = z.infer<typeof getEntradasAnswerSchema>;

/**
 * Invoice total. The spec types postFactura Total as a number (spec §3); money is otherwise a decimal string,
 * so both are accepted here and the server stores it as a decimal (String(total) of a JS number loses nothing
 * the XML's two-decimal total had). The XML's own total remains the source of truth for the cross checks.
 */
export const totalFacturaSchema = z.union(
  [
    importeSchema("Total"),
    z
      .number({ error: "El campo Total debe ser un importe." })
      .refine((total) => Number.isFinite(total) && Math.abs(total) < 1e15, {
        error: "El campo Total debe ser un importe de hasta 15 dígitos enteros.",
      }),
  ],
  { error: "El campo Total es obligatorio y debe ser un importe, por ejemplo 1234.56." },
);

/** Fields taken from the invoice XML, shared by the new and the update payloads. */
export const datosXmlFactura = {
  RFCEmisor: rfcSchema("RFCEmisor"),
  RFCReceptor: rfcSchema("RFCReceptor"),
  NombreEmisor: requiredText("NombreEmisor", 254),
  NombreReceptor: requiredText("NombreReceptor", 254),
  UUID: uuidCfdiSchema("UUID"),
  FechaFactura: fechaCfdiSchema("FechaFactura"),
  Total: totalFacturaSchema,
  FormaPago: formaPagoSchema("FormaPago"),
  UsoPrincipal: usoCfdiSchema("UsoPrincipal"),
  MetodoPago: metodoPagoSchema,
  CPReceptor: codigoPostalSchema("CPReceptor"),
  CPEmisor: codigoPostalSchema("CPEmisor"),
  Regimen: regimenFiscalSchema("Regimen"),
};

/**
 * A new invoice's three files and what its XML says (spec §3 New invoice payload): the same in postFactura and, since
 * issue 42 (decision 076), postFacturaPedido.
 */
export const cfdiFacturaNueva = {
  PDF: nombreArchivoSchema("PDF", "pdf", MSG.pdfRequerido),
  XML: nombreArchivoSchema("XML", "xml", MSG.facturaXmlRequerido),
  Recepcion: nombreArchivoSchema("Recepcion", "imagen", MSG.facturaRecepcionRequerida),
  PDF64: base64Schema("PDF64", MSG.pdfRequerido),
  XML64: base64Schema("XML64", MSG.facturaXmlRequerido),
  Recepcion64: base64Schema("Recepcion64", MSG.facturaRecepcionRequerida),
  /** Absent or empty becomes 'S/F'. */
  FolioFactura: folioSchema("FolioFactura"),
  ...datosXmlFactura,
  Moneda: monedaSchema("Moneda"),
  /** 1 unless the XML gives one (spec §3, §9). */
  TipoDeCambio: decimalSchema("TipoDeCambio").default("1"),
  /** Y when the XML carries withholdings. */
  Retenciones: flagCampo("Retenciones"),
};

/** Issue 27 (decision 033): at most this many goods receipts in one CFDI (a month of deliveries fits easily). */
export const MAX_ENTRADAS_POR_FACTURA = 50;

/** 'A', 'A y B', 'A, B y C'. */
const enumerate = (partes: readonly string[]) =>
  partes.length <= 1 ? partes.join("") : `${partes.slice(0, -1).join(", ")} y ${partes.at(-1)}`;

/**
 * Issue 39 (decision 060): one invoice is one CFDI in one currency, so the receipts it bills are in one currency;
 * receipts of two currencies are never chosen together, and no message or panel adds amounts of two currencies.
 */
export const ENTRADAS_MONEDA_MSG = {
  /** The receipt picker: why a receipt cannot join the ones chosen. */
  entradaEnOtraMoneda: (moneda: string, monedaElegidas: string) =>
    `Esta entrada está en ${moneda}; las entradas elegidas están en ${monedaElegidas}.`,
  /** The refusal (browser and server): each receipt with its currency, never their sum. */
  entradasDeVariasMonedas: (entradas: readonly { docNum: number; moneda: string }[]) =>
    `Las entradas de mercancía ${enumerate(entradas.map((e) => `${e.docNum} (${e.moneda})`))} están en monedas distintas; una factura solo puede amparar entradas de la misma moneda: registre una factura por cada moneda.`,
  /** 'Datos de la entrada' with receipts of two currencies: they are listed, not added. */
  sinSuma: (monedas: readonly string[]) =>
    `Las entradas elegidas están en monedas distintas (${monedas.join(", ")}); no se suman.`,
} as const;

/** The distinct currencies (upper case, trimmed) of some receipts, in the order they first appear. */
export const distinctCurrencies = (monedas: readonly string[]): string[] => [
  ...new Set(monedas.map((m) => m.trim().toUpperCase())),
];

/**
 * The goods receipt an invoice bills: one DocNum, as the spec writes it, or (issue 27) a list of DocNums of the
 * same supplier, sociedad and currency, without repeats.
 */
const entradasMensajes = {
  tipo: "El campo EntradaMercancia debe ser un número de entrada o una lista de números de entrada.",
  min: "Seleccione al menos una entrada de mercancía.",
  max: `Una factura puede amparar como máximo ${MAX_ENTRADAS_POR_FACTURA} entradas de mercancía.`,
};
export const entradasMercanciaSchema = z.union(
  [
    idSchema("EntradaMercancia"),
    boundedArray(idSchema("EntradaMercancia"), {
      campo: "EntradaMercancia",
      min: 1,
      max: MAX_ENTRADAS_POR_FACTURA,
      mensajes: entradasMensajes,
    }),
  ],
  {
    // A list of the wrong length is refused before its elements (boundedArray), which zod's union reports as its
    // own failure: the list's message is the one to show.
    error: (issue) => {
      if (!Array.isArray(issue.input)) return entradasMensajes.tipo;
      const lista = (issue as { errors?: { message?: string }[][] }).errors?.[1]?.[0]?.message;
      return lista ?? entradasMensajes.tipo;
    },
  },
);

/** The receipts of a postFactura body as a list (one receipt or several). */
export const entradaDocNums = (entrada: number | readonly number[]): number[] =>
  typeof entrada === "number" ? [entrada] : [...entrada];

/**
 * Issue 37 (decision 051): the same receipts by DocEntry (getEntradas' DocEntry), in the order of EntradaMercancia —
 * a number when EntradaMercancia is a number, a list of as many when it is a list. Optional, so that a client that
 * sends numbers only keeps working while each number names one receipt of its own; a number naming several (the
 * ERP's numbering series repeat numbers) is refused asking to choose the receipt again.
 */
export const entradaDocEntrySchema = z.union(
  [
    idSchema("EntradaDocEntry"),
    boundedArray(idSchema("EntradaDocEntry"), {
      campo: "EntradaDocEntry",
      min: 1,
      max: MAX_ENTRADAS_POR_FACTURA,
      mensajes: {
        tipo: "El campo EntradaDocEntry debe ser un número de documento o una lista de números de documento.",
        min: "Seleccione al menos una entrada de mercancía.",
        max: `Una factura puede amparar como máximo ${MAX_ENTRADAS_POR_FACTURA} entradas de mercancía.`,
      },
    }).refine((docEntries) => new Set(docEntries).size === docEntries.length, {
      error: "La lista de entradas de mercancía repite una entrada; cada entrada se selecciona una sola vez.",
    }),
  ],
  {
    // As EntradaMercancia's: a list of the wrong length is refused with the list's message.
    error: (issue) => {
      const tipo = "El campo EntradaDocEntry debe ser un número de documento o una lista de números de documento.";
      if (!Array.isArray(issue.input)) return tipo;
      return (issue as { errors?: { message?: string }[][] }).errors?.[1]?.[0]?.message ?? tipo;
    },
  },
);

/**
 * A list of receipts repeats none: its numbers are distinct or (issue 37, decision 051) its DocEntries are — two
 * receipts of two numbering series may share a number, and one CFDI may bill both.
 */
function sinEntradasRepetidas(body: unknown): boolean {
  const { EntradaMercancia: docNums, EntradaDocEntry: docEntries } = (body ?? {}) as Record<string, unknown>;
  if (!Array.isArray(docNums) || new Set(docNums).size === docNums.length) return true;
  return Array.isArray(docEntries) && docEntries.length === docNums.length;
}

/**
 * POST /api/facturas/postFactura (spec §3 New invoice payload). RazonSocial is the company's ERP database code
 * (BDSAP); PDF/XML/Recepcion are file names and PDF64/XML64/Recepcion64 their base64 contents, all required.
 */
export const postFacturaRequestSchema = actorRequestSchema
  .extend({
    RazonSocial: identificadorSchema("RazonSocial", 100),
    EntradaMercancia: entradasMercanciaSchema,
    /** Issue 37 (decision 051): optional, the receipts' DocEntry in the order of EntradaMercancia. */
    EntradaDocEntry: entradaDocEntrySchema.optional(),
    /**
     * Issue 42 part 3 (decision 074): the receipt lines and quantities the CFDI bills when it bills part of its
     * receipts; absent or empty, the whole receipts (every open line).
     */
    Lineas: lineasFacturaSchema.optional(),
    ...cfdiFacturaNueva,
  })
  .refine(sinEntradasRepetidas, {
    path: ["EntradaMercancia"],
    error: "La lista de entradas de mercancía repite una entrada; cada entrada se selecciona una sola vez.",
    // Checked whatever else fails, so its message answers with the others' (as when it was EntradaMercancia's own).
    when: () => true,
  });
export type PostFacturaRequest = z.infer<typeof postFacturaRequestSchema>;
/** What a client may send (FolioFactura and TipoDeCambio optional, Total string or number). */
export type PostFacturaRequestInput = z.input<typeof postFacturaRequestSchema>;
export const postFacturaAnswerSchema = messageAnswerSchema;

/**
 * PATCH /api/facturas/patchfactura (spec §3 Invoice update payload). IdFactura identifies the invoice; each
 * file is replaced only when its name and content are sent (empty or absent keeps the stored one). FolioFactura
 * is required here (spec §5). Estatus, EstatusPago and FechaPago are display values the form carries back: the
 * server never takes them from the client (only reviewers change the status), and it refuses updates of an
 * invoice already Aceptada or Cancelado (spec §4).
 */
export const patchFacturaRequestSchema = actorRequestSchema
  .extend({
    IdFactura: idSchema("IdFactura"),
    RazonSocial: identificadorSchema("RazonSocial", 100),
    EntradaMercancia: idSchema("EntradaMercancia"),
    PDF: nombreArchivoOpcionalSchema("PDF", "pdf"),
    XML: nombreArchivoOpcionalSchema("XML", "xml"),
    Recepcion: nombreArchivoOpcionalSchema("Recepcion", "imagen"),
    PDF64: base64OpcionalSchema("PDF64"),
    XML64: base64OpcionalSchema("XML64"),
    Recepcion64: base64OpcionalSchema("Recepcion64"),
    FolioFactura: requiredText("FolioFactura", 40),
    ...datosXmlFactura,
    Estatus: optionalText("Estatus", 20),
    EstatusPago: optionalText("EstatusPago", 20),
    FechaPago: textoSchema("FechaPago")
      .max(40, { error: "El campo FechaPago admite como máximo 40 caracteres." })
      .nullable()
      .optional(),
    Comentarios: optionalText("Comentarios", 1000),
    BD: identificadorSchema("BD", 100),
  })
  .superRefine((valor, ctx) =>
    archivosEnPareja(valor, ctx, [
      ["PDF", "PDF64"],
      ["XML", "XML64"],
      ["Recepcion", "Recepcion64"],
    ]),
  );
export type PatchFacturaRequest = z.infer<typeof patchFacturaRequestSchema>;
export const patchFacturaAnswerSchema = messageAnswerSchema;

/** POST /api/facturas/getHistorial (not in the spec; issue 13): what happened to one invoice, oldest first. */
export const getHistorialFacturaRequestSchema = listRequestSchema.extend({ IdFactura: idSchema("IdFactura") });
export type GetHistorialFacturaRequest = z.infer<typeof getHistorialFacturaRequestSchema>;
export const historialFacturaSchema = z.object({
  /** When (ISO 8601 date and time, UTC). */
  Fecha: z.string(),
  /** Who: the employee's or the supplier's name. */
  Quien: z.string(),
  Operador: z.string(),
  /** What changed: registro, estatus, pdf, xml, recepcion. */
  Campo: z.string(),
  De: z.string(),
  A: z.string(),
  Comentario: z.string(),
});
export type HistorialFactura = z.infer<typeof historialFacturaSchema>;
export const getHistorialFacturaAnswerSchema = successAnswer(z.array(historialFacturaSchema));
export type GetHistorialFacturaAnswer = z.infer<typeof getHistorialFacturaAnswerSchema>;

/**
 * POST /api/facturas/getSaldo (not in the spec; issue 39, decision 058): the invoice's ledger — its total, then every
 * accepted credit note (by its CFDI date) and every ERP payment (by its date) in date order, each with the balance
 * before and after it. A supplier only for its own invoice.
 */
export const getSaldoFacturaRequestSchema = listRequestSchema.extend({ IdFactura: idSchema("IdFactura") });
export type GetSaldoFacturaRequest = z.infer<typeof getSaldoFacturaRequestSchema>;
export const movimientoSaldoFacturaSchema = z.object({
  Tipo: z.enum(["nota", "pago"]),
  /** YYYY-MM-DD: the credit note's CFDI date, the payment's date (DocDate). */
  Fecha: z.string(),
  /** The ERP payment's number (DocNum); null for a credit note. */
  DocNum: z.number().int().nullable(),
  /** The credit note's folio and UUID; '' for a payment. */
  Folio: z.string(),
  UUID: z.string(),
  /** What it took off the invoice, in the invoice's currency (exact decimal text, cents). */
  Importe: z.string(),
  SaldoAnterior: z.string(),
  SaldoPosterior: z.string(),
});
export type MovimientoSaldoFactura = z.infer<typeof movimientoSaldoFacturaSchema>;
export const saldoFacturaSchema = z.object({
  IdFactura: z.number().int(),
  /** The invoice's total and currency. */
  Total: z.string(),
  Moneda: z.string(),
  /** The balance after every movement; null when the ERP's payments could not be read. */
  Saldo: z.string().nullable(),
  Movimientos: z.array(movimientoSaldoFacturaSchema),
  /**
   * False when the ERP could not be read: without its payments there is no ledger (Movimientos is empty) and the
   * detail says so.
   */
  PagosLeidos: z.boolean(),
});
export type SaldoFacturaDetalle = z.infer<typeof saldoFacturaSchema>;
export const getSaldoFacturaAnswerSchema = successAnswer(saldoFacturaSchema);
export type GetSaldoFacturaAnswer = z.infer<typeof getSaldoFacturaAnswerSchema>;
