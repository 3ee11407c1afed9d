import { describe, expect, it } from "vitest";
import { bloqueoPago } from "./bloqueo-pago";

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
        "Pago bloqueado en el ERP: el SAT canceló este CFDI. El bloqueo se quita al aceptar el CFDI que lo sustituya.",
      color: "red",
      trabajo: "Bloqueo en el ERP: aplicado",
      error: "",
    });
    expect(
      bloqueoPago({ BloqueoPago: "bloqueado", EstadoBloqueoERP: "fallido", ErrorBloqueoERP: "El ERP no responde" }),
    ).toMatchObject({ trabajo: "Bloqueo en el ERP: con error", error: "El ERP no responde" });
  });

  it("lifted by the replacement, naming it; and a replacement accepted before the cancellation", () => {
    expect(bloqueoPago({ BloqueoPago: "liberado", SustitutoUUID: UUID, EstadoBloqueoERP: "pendiente" })).toMatchObject({
      etiqueta: "Bloqueo de pago quitado",
      linea: `Bloqueo de pago quitado: se aceptó el CFDI que lo sustituye (${UUID}).`,
      trabajo: "Desbloqueo en el ERP: pendiente",
    });
    expect(bloqueoPago({ BloqueoPago: "", SustitutoUUID: UUID })).toMatchObject({
      linea: `El SAT canceló este CFDI; su sustituto (${UUID}) ya estaba aceptado, así que no se bloqueó el pago.`,
      trabajo: "",
    });
  });
});
