import type { EntradaRow, PedidoLinea, PedidoRow } from "@portal/contracts";

/** Test rows that follow the contracts (pedidos.ts, entradas.ts); overrides per test. */
export function makePedido(overrides: Partial<PedidoRow> = {}): PedidoRow {
  const fila = overrides.Fila ?? 1;
  const docNum = overrides.DocNum ?? 1100 + fila;
  const linea = (n: number, extra: Partial<PedidoLinea>): PedidoLinea => ({
    IdPedido: docNum,
    Fila: n,
    ItemCode: "FER-0142",
    ItemName: "Tornillo hexagonal 1/2 x 2",
    FrgnName: "Hex bolt 1/2 x 2",
    LineStatus: "O",
    UomCode: "PZA",
    Quantity: "1000",
    OpenQty: "250",
    PriceBefDi: "10.00",
    DiscPrcnt: "0",
    LineTotal: "10000.00",
    ...extra,
  });
  return {
    Fila: fila,
    U_SYS_PMSNBD: "COMERCIALIZADORA DEL NORTE SA DE CV",
    CardName: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
    DocNum: docNum,
    DocStatus: "O",
    DocDate: "2026-02-03",
    DocDueDate: "2026-03-05",
    GroupNum: 30,
    U_B1SYS_MainUsage: "G01",
    PeyMethod: "03",
    DocTotal: "11484.00",
    NumAtCard: "OC-2026-0042",
    Comments: "Entrega en almacén central",
    DiscPrcnt: "10",
    DiscSum: "1100.00",
    VatSum: "1584.00",
    U_SYS_PMDPDF: "/api/archivos/88",
    BD: "SBO_CNORTE",
    DocCur: "MXN",
    DetallePedido: [
      linea(1, {}),
      linea(2, {
        ItemCode: "CAF-0007",
        ItemName: "Café tostado y molido 1 kg",
        FrgnName: "",
        UomCode: "KG",
        Quantity: "7.5",
        OpenQty: "0",
        PriceBefDi: "200.00",
        LineTotal: "1000.00",
        LineStatus: "C",
        DiscPrcnt: "33.333",
      }),
    ],
    ...overrides,
  };
}

export function makeEntrada(overrides: Partial<EntradaRow> = {}): EntradaRow {
  const { DetallePedido: _lines, ...header } = makePedido({ Fila: overrides.Fila ?? 1 });
  const docNum = overrides.DocNum ?? 5100 + header.Fila;
  return {
    ...header,
    DocNum: docNum,
    DocDueDate: "2026-03-05",
    U_SYS_PMDPDF: "",
    Pedido: 1101,
    CP: "37000",
    DocEntry: docNum + 10000,
    DetalleEntradaMercancia: [
      {
        IdEntrada: docNum,
        Fila: 1,
        ItemCode: "FER-0142",
        ItemName: "Tornillo hexagonal 1/2 x 2",
        FrgnName: "Hex bolt 1/2 x 2",
        LineStatus: "C",
        UomCode: "PZA",
        Quantity: "750",
        PriceBefDi: "10.00",
        DiscPrcnt: "0",
        LineTotal: "7500.00",
      },
    ],
    ...overrides,
  };
}
