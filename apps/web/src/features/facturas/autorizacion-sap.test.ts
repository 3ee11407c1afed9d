import { ERP_AUTORIZACION_MSG, type NotaCreditoRow } from "@portal/contracts";
import { notaCreditoRow } from "@portal/contracts/muestras";
import { describe, expect, it } from "vitest";
import { estadoErpNota } from "../notas-credito/nota-credito-logic";
import { estadoErp } from "./factura-logic";
import { makeFactura } from "./facturas.fixtures";

/**
 * Issue 37 (decision 046): an approval procedure of SAP holds the A/P invoice or A/P credit memo as a draft. Where
 * employees read an ERP job's state (the review list and detail, the pending-ERP columns of invoices and credit
 * notes) they read 'Esperando autorización en SAP' or 'Autorización rechazada en SAP', with the job's message.
 */
const esperando = ERP_AUTORIZACION_MSG.esperando("la factura de proveedor de la factura 12 del portal", 5);
const rechazo = ERP_AUTORIZACION_MSG.rechazo("la factura de proveedor de la factura 12 del portal", 5);

describe("the ERP state while SAP's approvers decide", () => {
  it("an invoice: waiting reads 'Esperando autorización en SAP', rejected 'Autorización rechazada en SAP'", () => {
    const base = makeFactura({ EstatusFactura: "A", FolioSAP: null, EnviadoERP: null });
    expect(estadoErp({ ...base, EstadoERP: "pendiente", ErrorERP: esperando })).toMatchObject({
      estado: "pendiente",
      etiqueta: "Esperando autorización en SAP",
      error: esperando,
    });
    expect(estadoErp({ ...base, EstadoERP: "fallido", ErrorERP: rechazo })).toMatchObject({
      estado: "fallido",
      etiqueta: "Autorización rechazada en SAP",
      error: rechazo,
      canRetry: true,
    });
    // Any other message keeps the generic state.
    expect(estadoErp({ ...base, EstadoERP: "fallido", ErrorERP: "Cerrada" })?.etiqueta).toBe("Error en ERP");
  });

  it("a credit note reads the same", () => {
    const row = (o: Partial<NotaCreditoRow>): NotaCreditoRow => ({ ...notaCreditoRow, Estatus: "A", ...o });
    expect(estadoErpNota(row({ EstadoERP: "pendiente", ErrorERP: esperando, DocNumERP: null }))?.etiqueta).toBe(
      "Esperando autorización en SAP",
    );
    expect(estadoErpNota(row({ EstadoERP: "fallido", ErrorERP: rechazo, DocNumERP: null }))?.etiqueta).toBe(
      "Autorización rechazada en SAP",
    );
  });
});
