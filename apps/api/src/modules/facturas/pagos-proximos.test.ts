import { describe, expect, it } from "vitest";
import { pagosProximosDe, porPagarDe } from "./pagos-proximos";
import type { FilaPorPagar } from "./repository-erp";

// Issue 39 (decision 058): Home's 'Pagos próximos' reads each invoice's balance from its ledger.
const fila = (o: Partial<FilaPorPagar> = {}): FilaPorPagar => ({
  fecha: "2026-12-03",
  docCur: "MXN",
  total: "11020.00",
  pagado: "0.00",
  fechaPago: null,
  notas: [],
  ...o,
});

describe("Pagos próximos: the balance is the invoice's ledger's", () => {
  it("takes off what the ERP paid and the accepted credit notes the ERP has not applied yet", () => {
    // 11,020.00 − 5,000.00 (paid 10 Nov) − 1,000.00 (note of 27 Nov, memo pending) = 5,020.00.
    expect(
      porPagarDe(
        fila({
          pagado: "5000.00",
          fechaPago: "2026-11-10",
          notas: [{ fecha: "2026-11-27T10:00:00", importe: "1000.00" }],
        }),
      ),
    ).toEqual({ fecha: "2026-12-03", docCur: "MXN", saldo: "5020.00" });
  });

  it("leaves out an invoice its credit notes closed", () => {
    // 1,160.00 − 1,044.00 − 116.00 = 0.00.
    expect(
      porPagarDe(
        fila({ total: "1160.00", pagado: "1044.00", notas: [{ fecha: "2026-11-20T09:00:00", importe: "116.00" }] }),
      ),
    ).toBeNull();
  });

  it("sums each currency apart, exactly, never two currencies together", async () => {
    const panel = await pagosProximosDe("2026-11-30", async () => [
      fila({ total: "0.10", pagado: "0.00" }),
      fila({ total: "0.20", pagado: "0.00" }),
      fila({ docCur: "USD", total: "349.46" }),
    ]);
    // 0.10 + 0.20 = 0.30 exactly (no binary fractions); USD on its own.
    expect(panel.Semanas).toEqual([
      {
        Desde: "2026-11-30",
        Hasta: "2026-12-06",
        Importes: [
          { DocCur: "MXN", Total: "0.30", Facturas: 2 },
          { DocCur: "USD", Total: "349.46", Facturas: 1 },
        ],
      },
    ]);
  });
});
