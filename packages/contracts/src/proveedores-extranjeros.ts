import type { z } from "zod";
import {
  actorRequestSchema,
  base64Schema,
  fechaSchema,
  identificadorSchema,
  importeSchema,
  monedaSchema,
  nombreArchivoSchema,
  requiredText,
} from "./common";
import { entradaDocEntrySchema, entradasMercanciaSchema } from "./facturas";
import { lineasFacturaSchema } from "./facturas-partes";
import { lineasPedidoFacturaSchema } from "./facturas-pedidos";
import { MSG } from "./messages";
import { EXTRANJERO_MSG } from "./messages-extranjeros";
import type { DocumentoProveedorClave, TipoProveedor } from "./proveedores";

/**
 * Issue 42 part 1 (decision 073): the kinds of supplier and, once, what each kind's rules are. The API (registration,
 * profile, payments) and the web (forms, lists) read them from here.
 */

/** The SAT's generic RFC of a foreign resident (Anexo 20, RFC genérico): shared by every foreign supplier. */
export const RFC_GENERICO_EXTRANJERO = "XEXX010101000";

export interface ReglasTipoProveedor {
  /** It invoices with a CFDI (XML, seals, SAT status, 69-B, withholdings); otherwise a PDF and its data. */
  facturaCfdi: boolean;
  /** Its RFC is its own (checked and unique); otherwise the generic RFC, shared. */
  rfcPropio: boolean;
  /** Its payments owe a payment complement (CFDI de tipo P) when they apply to PPD invoices. */
  complementoPago: boolean;
  /**
   * The profile documents required by default: `null` the spec's rule (every document with a required message, the
   * personas morales' ones only for them); otherwise exactly these.
   */
  documentosRequeridos: readonly DocumentoProveedorClave[] | null;
  /** It signs in with its RFC; otherwise with its CardCode (the generic RFC names no one). */
  accesoConRfc: boolean;
}

export const REGLAS_TIPO_PROVEEDOR: Record<TipoProveedor, ReglasTipoProveedor> = {
  nacional: {
    facturaCfdi: true,
    rfcPropio: true,
    complementoPago: true,
    documentosRequeridos: null,
    accesoConRfc: true,
  },
  // No Mexican fiscal document (acta constitutiva, cédula fiscal, opinión de cumplimiento): an identification of
  // the representative, a proof of address and a bank statement, whatever the country issues.
  extranjero: {
    facturaCfdi: false,
    rfcPropio: false,
    complementoPago: false,
    documentosRequeridos: ["IdentificacionOficial", "ComprobanteDomicilio", "EstadoCuenta"],
    accesoConRfc: false,
  },
};

/**
 * POST /api/facturas/postFacturaExtranjera (issue 42 part 1, decision 073): a foreign supplier's invoice, a PDF and
 * the data a clerk needs, against its goods receipts like postFactura; the receipt image as everyone's. Since the
 * amendment of 2026-11-29 it bills what a national supplier's CFDI may bill: whole receipts (EntradaMercancia), part
 * of them (EntradaMercancia with `Lineas`, decision 074) or service lines of purchase orders (`LineasPedido` without
 * EntradaMercancia, decision 076) — receipts or order lines, exactly one of the two.
 */
export const postFacturaExtranjeraRequestSchema = actorRequestSchema
  .extend({
    RazonSocial: identificadorSchema("RazonSocial", 100),
    EntradaMercancia: entradasMercanciaSchema.optional(),
    EntradaDocEntry: entradaDocEntrySchema.optional(),
    /** Decision 074: the receipt lines and quantities billed; absent or empty, the whole receipts. */
    Lineas: lineasFacturaSchema.optional(),
    /** Decision 076: the purchase orders' service lines billed, without a receipt. */
    LineasPedido: lineasPedidoFacturaSchema.optional(),
    PDF: nombreArchivoSchema("PDF", "pdf", MSG.pdfRequerido),
    PDF64: base64Schema("PDF64", MSG.pdfRequerido),
    Recepcion: nombreArchivoSchema("Recepcion", "imagen", MSG.facturaRecepcionRequerida),
    Recepcion64: base64Schema("Recepcion64", MSG.facturaRecepcionRequerida),
    /** The invoice's own number (NumAtCard in the ERP): unique per supplier among its pending and accepted invoices. */
    NumeroFactura: requiredText("NumeroFactura", 40),
    FechaFactura: fechaSchema("FechaFactura"),
    Moneda: monedaSchema("Moneda"),
    Subtotal: importeSchema("Subtotal"),
    Impuestos: importeSchema("Impuestos"),
    Total: importeSchema("Total"),
  })
  .refine((b) => (b?.EntradaMercancia === undefined) !== (b?.LineasPedido === undefined), {
    path: ["EntradaMercancia"],
    error: EXTRANJERO_MSG.entradasOPedido,
    when: () => true,
  })
  .refine((b) => b.LineasPedido === undefined || (b.Lineas ?? []).length === 0, {
    path: ["Lineas"],
    error: EXTRANJERO_MSG.lineasSinEntradas,
  });
export type PostFacturaExtranjeraRequest = z.infer<typeof postFacturaExtranjeraRequestSchema>;

/**
 * Whether a row of the invoice lists is a foreign supplier's invoice without CFDI: the only invoices without a UUID
 * (the database's check facturas_tipo_chk).
 */
export const isFacturaExtranjera = (row: { UUID: string }): boolean => row.UUID === "";
