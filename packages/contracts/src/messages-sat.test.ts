import { describe, expect, it } from "vitest";
import { SAT_MSG } from "./messages-sat";

describe("the SAT mails' sentences (issue 40: correct Spanish)", () => {
  it("start with a capital and agree with the document", () => {
    expect(SAT_MSG.proveedorAsunto("factura", "F-1")).toBe("La factura F-1 fue rechazada por el SAT");
    expect(SAT_MSG.proveedorAsunto("pago", "P-2")).toBe("El complemento de pago P-2 fue rechazado por el SAT");
    expect(SAT_MSG.proveedorParrafo("factura", "F-1", "U", "Motivo.")).toBe(
      "La factura con folio F-1 (UUID U) fue rechazada. Motivo.",
    );
    expect(SAT_MSG.revisoresParrafo("pago", "P-2", "P001", "U", "Motivo.")).toBe(
      "El complemento de pago con folio P-2 del proveedor P001 (UUID U) ya fue aceptado en el portal. Motivo.",
    );
    expect(SAT_MSG.revisoresParrafo("factura", "F-1", "P001", "U", "Motivo.")).toContain("ya fue aceptada");
  });
});
