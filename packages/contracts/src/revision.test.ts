import { describe, expect, it } from "vitest";
import { patchFacturasPendientesRequestSchema } from "./facturas-pendientes";
import { MAX_FILAS_REVISION, REVISION_MSG } from "./index";
import { MSG } from "./messages";
import { patchPagosRequestSchema } from "./pagos-pendientes";

const actor = { usuario: "E1", id: "E1", operador: "Empleado" as const };
const factura = (Factura: number) => ({ ...actor, Factura, Estatus: "A", BD: "SBO_A", Version: 1 });
const pago = (Pago: number) => ({ ...actor, Pago, PagoSAP: 7, Estatus: "V", BD: "SBO_A", Version: 1 });
const mensajes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe("revisionBatchSchema: both review bodies", () => {
  it("refuses a repeated document, naming it by the kind's words", () => {
    expect(mensajes(patchFacturasPendientesRequestSchema.safeParse([factura(3), factura(3)]))).toEqual([
      "El campo Factura repite la factura 3.",
    ]);
    expect(mensajes(patchPagosRequestSchema.safeParse([pago(4), pago(5), pago(4)]))).toEqual([
      "El campo Pago repite el pago 4.",
    ]);
  });
  it("refuses a body that is not a list, an empty one and one over the maximum", () => {
    expect(mensajes(patchFacturasPendientesRequestSchema.safeParse({}))).toEqual([
      "Se esperaba la lista de facturas seleccionadas.",
    ]);
    expect(mensajes(patchPagosRequestSchema.safeParse({}))).toEqual(["Se esperaba la lista de pagos seleccionados."]);
    expect(mensajes(patchFacturasPendientesRequestSchema.safeParse([]))).toEqual([
      "Debe seleccionar al menos una factura.",
    ]);
    expect(mensajes(patchPagosRequestSchema.safeParse([]))).toEqual(["Debe seleccionar al menos un pago."]);
    const muchas = Array.from({ length: MAX_FILAS_REVISION + 1 }, (_, i) => factura(i + 1));
    expect(mensajes(patchFacturasPendientesRequestSchema.safeParse(muchas))).toEqual([
      "Se pueden revisar como máximo 500 facturas a la vez.",
    ]);
    const muchos = Array.from({ length: MAX_FILAS_REVISION + 1 }, (_, i) => pago(i + 1));
    expect(mensajes(patchPagosRequestSchema.safeParse(muchos))).toEqual([
      "Se pueden revisar como máximo 500 pagos a la vez.",
    ]);
  });
  it("accepts distinct rows", () => {
    expect(patchFacturasPendientesRequestSchema.safeParse([factura(1), factura(2)]).success).toBe(true);
    expect(patchPagosRequestSchema.safeParse([pago(1), pago(2)]).success).toBe(true);
  });
});

describe("REVISION_MSG", () => {
  it("is what MSG's rejection sentences say", () => {
    expect(MSG.rechazoSinComentarioFactura("B-1")).toBe(REVISION_MSG.factura.sinComentario("B-1"));
    expect(MSG.rechazoSinComentarioPago(601)).toBe(REVISION_MSG.pago.sinComentario(601));
    expect(REVISION_MSG.pago.bloqueada(601)).toBe("El complemento del pago 601 ya fue aceptado y no se puede cambiar.");
  });
});
