import { MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { avisoSustitucion, bloqueoPago, canLiftBlock } from "./bloqueo-pago";

const UUID = "5E2D6AFF-2DD7-43D1-83D3-14C1ACA396D9";

describe("bloqueoPago (issue 27, decision 036)", () => {
  it("nothing for an invoice without a block or a replacement (and for suppliers, who get no fields)", () => {
    expect(bloqueoPago({})).toBeNull();
    expect(bloqueoPago({ BloqueoPago: "", SustitutoUUID: "", EstadoBloqueoERP: "", ErrorBloqueoERP: "" })).toBeNull();
  });

  it("blocked: the line, the ERP job's state in words and its error", () => {
    expect(bloqueoPago({ BloqueoPago: "bloqueado", EstadoBloqueoERP: "hecho", ErrorBloqueoERP: "" })).toEqual({
      etiqueta: "Pago bloqueado en el ERP",
      linea:
        "Pago bloqueado en el ERP: el SAT canceló este CFDI. El bloqueo se quita al aceptar la factura que tome su " +
        "lugar (mismas entradas, total y moneda), o a mano con un motivo.",
      color: "red",
      trabajo: "Bloqueo en el ERP: aplicado",
      error: "",
    });
    expect(
      bloqueoPago({ BloqueoPago: "bloqueado", EstadoBloqueoERP: "fallido", ErrorBloqueoERP: "El ERP no responde" }),
    ).toMatchObject({ trabajo: "Bloqueo en el ERP: con error", error: "El ERP no responde" });
  });

  it("lifted by the replacement taking its place, naming it; and that replacement accepted before the cancellation", () => {
    expect(bloqueoPago({ BloqueoPago: "liberado", SustitutoUUID: UUID, EstadoBloqueoERP: "pendiente" })).toMatchObject({
      etiqueta: "Bloqueo de pago quitado",
      linea: `Bloqueo de pago quitado: se aceptó el CFDI que toma su lugar (${UUID}).`,
      trabajo: "Desbloqueo en el ERP: pendiente",
    });
    expect(bloqueoPago({ BloqueoPago: "", SustitutoUUID: UUID })).toMatchObject({
      linea: `El SAT canceló este CFDI; el CFDI que toma su lugar (${UUID}) ya estaba aceptado, así que no se bloqueó el pago.`,
      trabajo: "",
    });
  });

  it("issue 36: lifted by hand (no replacement), pointing to the reason in the Historial", () => {
    expect(bloqueoPago({ BloqueoPago: "liberado", SustitutoUUID: "", EstadoBloqueoERP: "hecho" })).toMatchObject({
      etiqueta: "Bloqueo de pago quitado",
      linea: "Bloqueo de pago quitado a mano por cuentas por pagar; el motivo está en el Historial.",
      trabajo: "Desbloqueo en el ERP: aplicado",
    });
  });
});

describe("the manual lift and the replacement warning (issue 36, decision 038)", () => {
  it("only a blocked payment can be lifted", () => {
    expect(canLiftBlock({ BloqueoPago: "bloqueado" })).toBe(true);
    for (const BloqueoPago of ["", "liberado", undefined] as const) expect(canLiftBlock({ BloqueoPago })).toBe(false);
  });

  it("the warning is the server's sentence, '' when absent", () => {
    const aviso = MSG.sustituyeFacturaBloqueada("A-101");
    expect(aviso).toBe("Este CFDI dice sustituir a la factura A-101, cuyo pago está bloqueado.");
    expect(avisoSustitucion({ AvisoSustitucion: aviso })).toBe(aviso);
    expect(avisoSustitucion({ AvisoSustitucion: "" })).toBe("");
    expect(avisoSustitucion({})).toBe("");
  });
});
