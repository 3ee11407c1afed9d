import type { ComplementosAtrasadosRow } from "@portal/contracts";

/** The overdue-complements report the tests share (the pure logic's and the screen's). */
export const pago = (
  o: Partial<ComplementosAtrasadosRow["Pagos"][number]>,
): ComplementosAtrasadosRow["Pagos"][number] => ({
  BD: "SBO_MCI",
  NomSociedad: "MCI, S.A. DE C.V.",
  DocEntry: 1,
  DocNum: 9001,
  DocDate: "2026-10-10",
  DocTotal: "1160.00",
  DocCur: "MXN",
  FechaLimite: "2026-11-05",
  DiasAtraso: 16,
  EstatusComplemento: "Complemento por emitir",
  ...o,
});
export const REPORTE: ComplementosAtrasadosRow[] = [
  {
    Fila: 1,
    CardCode: "P00001",
    CardName: "ESCUELA KEMPER URGATE",
    RFC: "EKU9003173C9",
    RetenerPagos: "Y",
    RetenerPagosComentario: "Dos meses sin complementos.",
    Importes: [
      { Moneda: "MXN", Importe: "3660.50" },
      { Moneda: "USD", Importe: "300.00" },
    ],
    Pagos: [
      pago({}),
      pago({ DocEntry: 2, DocNum: 9002, DocTotal: "2500.50", EstatusComplemento: "Rechazada" }),
      pago({
        BD: "SBO_KIJ",
        NomSociedad: "KIJ, S.A DE C.V.",
        DocEntry: 3,
        DocNum: 9003,
        DocTotal: "300.00",
        DocCur: "USD",
      }),
    ],
  },
  {
    Fila: 2,
    CardCode: "P00002",
    CardName: "BERENICE XIMO QUEZADA",
    RFC: "XIQB891116QE4",
    RetenerPagos: "N",
    RetenerPagosComentario: "",
    Importes: [{ Moneda: "MXN", Importe: "580.00" }],
    Pagos: [pago({ BD: "SBO_KIJ", NomSociedad: "KIJ, S.A DE C.V.", DocEntry: 4, DocNum: 9004, DocTotal: "580.00" })],
  },
];
