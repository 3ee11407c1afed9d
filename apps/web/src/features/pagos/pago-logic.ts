import {
  buildPostPagoPayload,
  checkComprobanteFile,
  checkPaymentAgainst,
  checkPaymentFiles,
  readPaymentComplement,
} from "@portal/cfdi";
import {
  areValidEmails,
  type ComplementoEsperado,
  type EstatusComplementoPago,
  estatusComplementoPago,
  MESES,
  MSG,
  type PagoRow,
  type ProveedorResumen,
  postPagoRequestSchema,
  requiresComplemento,
} from "@portal/contracts";
import type { z } from "zod";
import { type ArchivoLeido, checkSizes, type Revision, readXml, zodMessages } from "../../lib/read-file";
import type { Session } from "../../lib/session";

/**
 * Pure rules of the payment screens (spec §2 /Pagos, /Pagos/Pago/:id; §3 Payment post payload; §4 complement
 * status, read-only on acceptance; §5 Payments). The browser's checks are for speed only: the server reads the
 * XML again and decides.
 */

export type EstatusComplemento = EstatusComplementoPago;

/**
 * 'Estatus del complemento' (issue 23, decision 024; extends spec §4): Cancelado; 'No requiere complemento' when
 * the payment applies only to PUE invoices; 'Complemento por emitir' while none was uploaded; then the review's
 * Aceptada, Rechazada, Validación or Pendiente. The shared rule of @portal/contracts.
 */
export const estatusComplemento = (
  row: Pick<PagoRow, "CANCELED" | "U_SYS_PMUUID" | "U_SYS_PMESPA" | "Detalle">,
): EstatusComplemento => estatusComplementoPago(row);

export const COLOR_ESTATUS_COMPLEMENTO: Record<EstatusComplemento, string> = {
  Aceptada: "blue",
  Rechazada: "red",
  Validación: "violet",
  Cancelado: "gray",
  Pendiente: "yellow",
  "Complemento por emitir": "yellow",
  "No requiere complemento": "teal",
};

/** Issue 14: the mark of a payment whose complement is overdue, and why (issue 23: the corrected rule). */
export const COMPLEMENTO_VENCIDO = "Complemento vencido";
export const COMPLEMENTO_VENCIDO_EXPLICACION =
  "El pago liquida una factura PPD y no tiene un complemento válido dentro del plazo legal (el día 5 del mes " +
  "siguiente al pago): no se cargó a tiempo o el último fue rechazado.";

/** Why a payment takes no complement (issue 23). */
export const SIN_COMPLEMENTO_EXPLICACION =
  "Este pago solo liquida facturas PUE (pago en una sola exhibición): no requiere complemento de pago.";

/** Spec §2, §4: 'Agregar' is disabled once the complement is Aceptada or Cancelado (files can then only be viewed). */
export function canAddToPago(row: Pick<PagoRow, "CANCELED" | "U_SYS_PMESPA">): boolean {
  return row.CANCELED !== "Y" && row.U_SYS_PMESPA !== "A";
}

/**
 * The supplier may upload the complement's PDF and XML (issue 23): 'Agregar' allowed and the payment needs a
 * complement (a PUE-only one does not; the server refuses it too).
 */
export const canUploadComplemento = (row: Pick<PagoRow, "CANCELED" | "U_SYS_PMESPA" | "Detalle">): boolean =>
  canAddToPago(row) && requiresComplemento(row);

export type { ArchivoLeido, Revision } from "../../lib/read-file";
export type PostPagoBody = z.input<typeof postPagoRequestSchema>;

/**
 * Correo is only a hint (the server reads the supplier's stored addresses), so a stored value that is not a valid
 * list of addresses is left out rather than blocking the upload or the review with a message about it.
 */
export const correoPista = (correo: string): { Correo?: string } =>
  correo.trim() !== "" && areValidEmails(correo.trim()) ? { Correo: correo.trim() } : {};

/** Who sends and for which payment: the part of the body both variants share (spec §3). */
const basePago = (session: Pick<Session, "id">, row: PagoRow) => ({
  usuario: session.id,
  id: session.id,
  ...correoPista(row.E_Mail),
  PagoSAP: row.DocNum,
  BD: row.U_SYS_PMSNBD,
});

interface ComplementoProveedorContexto {
  session: Pick<Session, "id">;
  row: PagoRow;
  /** The supplier's record when its registration is complete (getProveedor), null otherwise. */
  proveedor: ProveedorResumen | null;
  archivos: { pdf: ArchivoLeido | null; xml: ArchivoLeido | null };
  base64: (bytes: Uint8Array) => string;
}

/**
 * 'Registar documentos del pago' on 'Agregar' (spec §5 Payments): a complete registration ('...para poder cargar
 * pagos'), the PDF and the XML required and of their types, the XML with the payment-complement structure, then
 * the supplier name, the sociedad name, the total (sum of Pago@Monto to 2 decimals) and every related document's
 * UUID against the payment. Every failing message is returned together (one toast); when none fails, the
 * supplier's postPago body built from the XML read here.
 */
export function checkComplementoProveedor(ctx: ComplementoProveedorContexto): Revision<PostPagoBody> {
  const { row, archivos } = ctx;
  const errores: string[] = [];
  if (!ctx.proveedor) errores.push(MSG.registroIncompletoPagos);
  errores.push(...checkSizes([archivos.pdf, archivos.xml]));
  errores.push(...checkPaymentFiles(archivos));
  const { datos, errores: xmlErrores } = readXml(archivos.xml, readPaymentComplement);
  errores.push(...xmlErrores);
  if (datos) {
    errores.push(
      ...checkPaymentAgainst(datos, {
        CardName: row.CardName,
        NomSociedad: row.NomSociedad,
        DocTotal: row.DocTotal,
        facturasUUID: row.Detalle.map((detalle) => detalle.UUID),
      }),
    );
  }
  const { pdf, xml } = archivos;
  if (errores.length > 0 || !datos || !pdf || !xml) return { ok: false, errors: [...new Set(errores)] };
  const archivo = ({ name, bytes }: ArchivoLeido) => ({ name, base64: ctx.base64(bytes) });
  const request: PostPagoBody = {
    ...basePago(ctx.session, row),
    operador: "Proveedor",
    ...buildPostPagoPayload(datos, {
      PagoSAP: row.DocNum,
      BD: row.U_SYS_PMSNBD,
      archivos: { pdf: archivo(pdf), xml: archivo(xml) },
      // Spec §3 Detalle: the invoices the payment settles, as the list gave them.
      Detalle: row.Detalle.map((detalle) => ({
        FolioSAP: detalle.FolioSAP,
        FolioFactura: detalle.FolioFactura,
        UUID: detalle.UUID,
        FechaFactura: detalle.FechaFactura,
        Total: detalle.Total,
      })),
    }),
  };
  const parsed = postPagoRequestSchema.safeParse(request);
  return parsed.success ? { ok: true, request } : { ok: false, errors: zodMessages(parsed.error) };
}

interface ComprobanteEmpleadoContexto {
  session: Pick<Session, "id">;
  row: PagoRow;
  comprobante: ArchivoLeido | null;
  base64: (bytes: Uint8Array) => string;
}

/**
 * 'Registo del comprobante del pago' on 'Agregar' (spec §5 Payments, employee): the comprobante required ('Debe
 * cargar el complemento') and a PDF; the body sends it as Complemento/Complemento64 and PDF, XML, UUID and
 * FechaPago as 'No'.
 */
export function checkComprobanteEmpleado(ctx: ComprobanteEmpleadoContexto): Revision<PostPagoBody> {
  const { comprobante } = ctx;
  const errores = [...checkSizes([comprobante]), ...checkComprobanteFile(comprobante)];
  if (errores.length > 0 || !comprobante) return { ok: false, errors: [...new Set(errores)] };
  const request: PostPagoBody = {
    ...basePago(ctx.session, ctx.row),
    operador: "Empleado",
    Complemento: comprobante.name,
    Complemento64: ctx.base64(comprobante.bytes),
    PDF: "No",
    XML: "No",
    UUID: "No",
    FechaPago: "No",
  };
  const parsed = postPagoRequestSchema.safeParse(request);
  return parsed.success ? { ok: true, request } : { ok: false, errors: zodMessages(parsed.error) };
}

/** The legal deadline has passed: FechaLimite (YYYY-MM-DD) is before today (the deadline day itself still counts). */
export const fechaLimiteVencida = (fechaLimite: string, hoy: string): boolean => fechaLimite < hoy;

/** 'Descargar JSON': the expected complement as a file named complemento-esperado-{PagoSAP}.json. */
export const nombreJsonComplemento = (pagoSap: number): string => `complemento-esperado-${pagoSap}.json`;
export const jsonComplemento = (complemento: ComplementoEsperado): string =>
  `${JSON.stringify(complemento, null, 2)}\n`;

/** A payment's key in a list: its ERP database and DocEntry (two sociedades may reuse a DocEntry). */
export const clavePago = (row: Pick<PagoRow, "U_SYS_PMSNBD" | "DocEntry">): string =>
  `${row.U_SYS_PMSNBD}:${row.DocEntry}`;

/** "2026-12-05" (or a date-time) → "5 de diciembre de 2026"; text that is not a date is returned as it came. */
export function fechaLarga(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const mes = match ? MESES[Number(match[2]) - 1] : undefined;
  if (!match || !mes) return iso;
  return `${Number(match[3])} de ${mes} de ${match[1]}`;
}

/**
 * 'Complemento esperado' in one sentence for an accounts clerk (issue 23): what to do and by when. The deadline is
 * the fifth day of the month after the payment (FechaLimite); once it has passed, the sentence says so.
 */
export function instruccionComplemento(fechaLimite: string, hoy: string): string {
  const fecha = fechaLarga(fechaLimite);
  return fechaLimiteVencida(fechaLimite, hoy)
    ? `El plazo venció el ${fecha}: emita cuanto antes un CFDI de tipo P con estos datos.`
    : `Emita un CFDI de tipo P con estos datos antes del ${fecha}.`;
}

/** ObjetoImpDR as the clerk reads it: the SAT code and what it means. */
export function objetoImpuestoTexto(objeto: "01" | "02" | null): string {
  if (objeto === "02") return "02 · Sí objeto de impuesto";
  if (objeto === "01") return "01 · No objeto de impuesto";
  return "Tómelo de la factura (el portal no tiene sus importes)";
}

/** "0.160000" → "IVA 16 %" (ImpuestoDR 002 is IVA). */
export function trasladoTexto(impuesto: string, tasa: string): string {
  const nombre = impuesto === "002" ? "IVA" : impuesto === "003" ? "IEPS" : impuesto;
  const porcentaje = Number(tasa) * 100;
  return Number.isFinite(porcentaje) ? `${nombre} ${Number(porcentaje.toFixed(4))} %` : `${nombre} ${tasa}`;
}
