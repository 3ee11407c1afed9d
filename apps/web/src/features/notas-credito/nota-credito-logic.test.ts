import type { NotaCreditoRow } from "@portal/contracts";
import { notaCreditoRow } from "@portal/contracts/muestras";
import { describe, expect, it } from "vitest";
import {
  buildRevisionNotas,
  erpTexto,
  facturasTexto,
  relationLabel,
  relationLines,
  relationsOfFactura,
  relationsText,
} from "./nota-credito-logic";

const operator = { id: "jlopez", operador: "Empleado" as const };
const row = (o: Partial<NotaCreditoRow> = {}): NotaCreditoRow => ({ ...notaCreditoRow, ...o });

describe("credit notes in the browser (issue 27)", () => {
  it("names the credited invoices with their amounts and the ERP's memo", () => {
    expect(facturasTexto(row())).toBe("A-1234 (1,160.00 MXN)");
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

describe("a credit note's relation groups (issue 39)", () => {
  const A = "AAAAAAAA-1111-4111-8111-111111111111";
  const B = "BBBBBBBB-2222-4222-8222-222222222222";
  const C = "CCCCCCCC-3333-4333-8333-333333333333";
  const dosGrupos = row({
    TipoRelacion: "01",
    Relaciones: [
      { TipoRelacion: "01", UUIDs: [A] },
      { TipoRelacion: "03", UUIDs: [B] },
      { TipoRelacion: "04", UUIDs: [C] },
    ],
    Facturas: [
      { IdFactura: 1, FolioFactura: "A-1", UUID: A.toLowerCase(), Importe: "1160.00" },
      { IdFactura: 2, FolioFactura: "A-2", UUID: B, Importe: "116.00" },
    ],
  });

  it("shows each group with its type and its invoices by folio (other CFDI by UUID)", () => {
    expect(relationLines(dosGrupos)).toEqual([
      "01 Nota de crédito: A-1",
      "03 Devolución de mercancía: A-2",
      `04 Sustitución: ${C}`,
    ]);
    expect(relationsText(dosGrupos)).toBe(
      `01 Nota de crédito: A-1 · 03 Devolución de mercancía: A-2 · 04 Sustitución: ${C}`,
    );
    expect(relationsOfFactura(dosGrupos, 2)).toBe("03 Devolución de mercancía");
    expect(relationsOfFactura(dosGrupos, 9)).toBe("");
  });

  it("names 07 as an advance applied, and any other code as the SAT's catalogue does", () => {
    const anticipo = row({ TipoRelacion: "07", Relaciones: [{ TipoRelacion: "07", UUIDs: [A] }], Facturas: [] });
    expect(relationsText(anticipo)).toBe(`07 Aplicación de anticipo: ${A}`);
    expect(relationLabel("05")).toBe("05 Traslados de mercancías facturados previamente");
    expect(relationLabel("99")).toBe("99");
  });

  it("reads a row of a server without groups as its one type over every invoice", () => {
    const { Relaciones: _sin, ...antigua } = row({ TipoRelacion: "03" });
    expect(relationLines(antigua)).toEqual(["03 Devolución de mercancía: A-1234"]);
    expect(relationsOfFactura(antigua, 501)).toBe("03 Devolución de mercancía");
  });
});
