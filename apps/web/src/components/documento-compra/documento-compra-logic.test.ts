import { describe, expect, it } from "vitest";
import {
  amountSortKey,
  estatusDocumentoLabel,
  estatusPartidaLabel,
  findByFila,
  formatCantidad,
  formatImporte,
  formatImporteExacto,
  formatPorcentaje,
  metodoPagoDe,
  pdfName,
  totalesDocumento,
} from "./documento-compra-logic";

describe("documento de compra", () => {
  it("reads O as open and anything else as closed", () => {
    expect(estatusDocumentoLabel("O")).toBe("Abierto");
    expect(estatusDocumentoLabel("C")).toBe("Cerrado");
    expect(estatusDocumentoLabel("")).toBe("Cerrado");
    expect(estatusPartidaLabel("O")).toBe("Abierta");
    expect(estatusPartidaLabel("C")).toBe("Cerrada");
  });

  it("derives the payment method from the credit days: PPD above 0, otherwise PUE", () => {
    expect(metodoPagoDe({ GroupNum: 30 })).toBe("PPD");
    expect(metodoPagoDe({ GroupNum: 1 })).toBe("PPD");
    expect(metodoPagoDe({ GroupNum: 0 })).toBe("PUE");
    expect(metodoPagoDe({ GroupNum: -1 })).toBe("PUE");
  });

  it("shows amounts with 2 decimals, thousands commas and the currency", () => {
    expect(formatImporte("47820.76", "MXN")).toBe("47,820.76 MXN");
    expect(formatImporte("1234567.5", "USD")).toBe("1,234,567.50 USD");
    expect(formatImporte("0.005", "MXN")).toBe("0.01 MXN");
    expect(formatImporte("10", "")).toBe("10.00");
  });

  it("shows quantities and percentages as written, grouped, without trailing zeros", () => {
    expect(formatCantidad("1200")).toBe("1,200");
    expect(formatCantidad("7.50")).toBe("7.5");
    expect(formatCantidad("3.000")).toBe("3");
    expect(formatCantidad("0.125")).toBe("0.125");
    expect(formatCantidad("-1500.25")).toBe("-1,500.25");
    expect(formatCantidad("n/a")).toBe("n/a");
    expect(formatPorcentaje("10")).toBe("10 %");
    expect(formatPorcentaje("12.50")).toBe("12.5 %");
  });

  it("computes the footer exactly: subtotal = total − taxes + discount", () => {
    expect(totalesDocumento({ DocTotal: "11484.00", VatSum: "1584.00", DiscSum: "1100.00", DiscPrcnt: "10" })).toEqual({
      subtotal: "11000.00",
      descuentoPorcentaje: "10",
      descuento: "1100.00",
      impuestos: "1584.00",
      total: "11484.00",
    });
    // No binary floating point: 0.3 − 0.2 + 0.1 is exactly 0.2.
    expect(totalesDocumento({ DocTotal: "0.3", VatSum: "0.2", DiscSum: "0.1", DiscPrcnt: "0" }).subtotal).toBe("0.2");
  });

  it("orders amounts by value, not as text", () => {
    const amounts = ["999.99", "1234.50", "10.5", "10.25", "0"];
    expect([...amounts].sort((a, b) => amountSortKey(a) - amountSortKey(b))).toEqual([
      "0",
      "10.25",
      "10.5",
      "999.99",
      "1234.50",
    ]);
  });

  it("finds the :id-th row of the loaded list by its Fila", () => {
    const rows = [{ Fila: 1 }, { Fila: 2 }, { Fila: 3 }];
    expect(findByFila(rows, 2)).toBe(rows[1]);
    expect(findByFila([rows[2], rows[0]] as { Fila: number }[], 3)).toBe(rows[2]);
    expect(findByFila(rows, 4)).toBeUndefined();
    expect(findByFila(undefined, 1)).toBeUndefined();
  });

  it("names the PDF after the document", () => {
    expect(pdfName("Pedido", 1100)).toBe("Pedido-1100.pdf");
  });
});

describe("formatImporteExacto (issue 40)", () => {
  it("keeps every significant decimal, at least two, with commas and the currency", () => {
    expect(formatImporteExacto("4310.340000", "MXN")).toBe("4,310.34 MXN");
    expect(formatImporteExacto("4310.345678", "MXN")).toBe("4,310.345678 MXN");
    expect(formatImporteExacto("1234567", "USD")).toBe("1,234,567.00 USD");
    expect(formatImporteExacto("-1234.5", "")).toBe("-1,234.50");
    expect(formatImporteExacto("n/a", "MXN")).toBe("n/a");
  });
});
