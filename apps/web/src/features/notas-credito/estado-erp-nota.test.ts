import type { NotaCreditoRow } from "@portal/contracts";
import { notaCreditoRow } from "@portal/contracts/muestras";
import { describe, expect, it } from "vitest";
import { canRetryBlock } from "../facturas/bloqueo-pago";
import { buildErpRetryNota, estadoErpNota, etiquetaReintentarErpNota } from "./nota-credito-logic";

const row = (o: Partial<NotaCreditoRow> = {}): NotaCreditoRow => ({ ...notaCreditoRow, ...o });
const ESPERA =
  "La factura con folio A-1234 aún no está registrada en el ERP; la nota de crédito se registrará cuando lo esté.";

describe("a credit note's ERP state as employees read it (issue 36)", () => {
  it.each([
    ["not accepted", { Estatus: "P", EstadoERP: "" }, null, false],
    ["created", { Estatus: "A", EstadoERP: "creada", DocNumERP: 9120 }, "Nota de crédito SAP 9120", false],
    ["waiting for its invoice", { Estatus: "A", EstadoERP: "pendiente", ErrorERP: ESPERA }, "Pendiente en ERP", true],
    ["failed", { Estatus: "A", EstadoERP: "fallido", ErrorERP: "Cerrada" }, "Error en ERP", true],
    // A server without EstadoERP: what DocNumERP says, as before.
    ["older server, accepted", { Estatus: "A", EstadoERP: undefined }, "Pendiente en ERP", true],
    ["older server, created", { Estatus: "A", EstadoERP: undefined, DocNumERP: 7 }, "Nota de crédito SAP 7", false],
  ] as const)("%s: reads %s, Reintentar %s", (_caso, campos, etiqueta, canRetry) => {
    const estado = estadoErpNota(row(campos as Partial<NotaCreditoRow>));
    expect(estado?.etiqueta ?? null).toBe(etiqueta);
    expect(estado?.canRetry ?? false).toBe(canRetry);
  });

  it("shows the ERP's message, or why it waits, with the state (never 'Pendiente en ERP' for a failed job)", () => {
    expect(estadoErpNota(row({ Estatus: "A", EstadoERP: "pendiente", ErrorERP: ESPERA }))).toMatchObject({
      color: "yellow",
      error: ESPERA,
    });
    expect(estadoErpNota(row({ Estatus: "A", EstadoERP: "fallido", ErrorERP: "Cerrada" }))).toMatchObject({
      estado: "fallido",
      color: "red",
      error: "Cerrada",
    });
  });

  it("builds the retry's body and its button's name", () => {
    expect(buildErpRetryNota({ id: "jlopez", operador: "Empleado" }, row())).toEqual({
      usuario: "jlopez",
      id: "jlopez",
      operador: "Empleado",
      NotaCredito: 17,
    });
    expect(etiquetaReintentarErpNota("NC-17")).toBe("Reintentar en el ERP la nota de crédito NC-17");
  });
});

describe("a payment block's ERP job may be retried (issue 36)", () => {
  it("when it stopped, or waits after a failure; not when done, new or absent", () => {
    expect(canRetryBlock({ EstadoBloqueoERP: "fallido", ErrorBloqueoERP: "Cerrado" })).toBe(true);
    expect(canRetryBlock({ EstadoBloqueoERP: "pendiente", ErrorBloqueoERP: "El ERP no responde" })).toBe(true);
    expect(canRetryBlock({ EstadoBloqueoERP: "pendiente", ErrorBloqueoERP: "" })).toBe(false);
    expect(canRetryBlock({ EstadoBloqueoERP: "hecho", ErrorBloqueoERP: "" })).toBe(false);
    expect(canRetryBlock({})).toBe(false);
  });
});
