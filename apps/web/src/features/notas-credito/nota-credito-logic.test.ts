import type { NotaCreditoRow } from "@portal/contracts";
import { notaCreditoRow } from "@portal/contracts/muestras";
import { describe, expect, it } from "vitest";
import { buildRevisionNotas, erpTexto, facturasTexto } from "./nota-credito-logic";

const operator = { id: "jlopez", operador: "Empleado" as const };
const row = (o: Partial<NotaCreditoRow> = {}): NotaCreditoRow => ({ ...notaCreditoRow, ...o });

describe("credit notes in the browser (issue 27)", () => {
  it("names the credited invoices with their amounts and the ERP's memo", () => {
    expect(facturasTexto(row())).toBe("A-1234 (1160.00)");
    expect(erpTexto(row())).toBe("");
    expect(erpTexto(row({ Estatus: "A" }))).toBe("Pendiente en ERP");
    expect(erpTexto(row({ Estatus: "A", DocNumERP: 9001 }))).toBe("Nota de crédito SAP 9001");
    // Issue 36: a memo the ERP refused shows as such (the ERP's words for employees only).
    expect(erpTexto(row({ Estatus: "A", EstadoERP: "fallido", ErrorERP: "" }))).toBe("Error en ERP");
    expect(erpTexto(row({ Estatus: "A", EstadoERP: "fallido", ErrorERP: "Excede el saldo." }))).toBe(
      "Error en ERP: Excede el saldo.",
    );
  });

  it("builds the review body of the checked rows and refuses a rejection without its reason", () => {
    const r = row();
    const ok = buildRevisionNotas(operator, [r], { "17": { Revisado: true, Revision: "A" } });
    expect(ok).toEqual({
      ok: true,
      request: [
        {
          usuario: "jlopez",
          id: "jlopez",
          operador: "Empleado",
          NotaCredito: 17,
          Comentarios: "",
          Estatus: "A",
          Version: 2,
        },
      ],
    });
    const sinMotivo = buildRevisionNotas(operator, [r], { "17": { Revisado: true, Revision: "R" } });
    expect(sinMotivo.ok).toBe(false);
  });
});
