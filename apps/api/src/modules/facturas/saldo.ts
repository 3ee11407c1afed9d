import { type MovimientoSaldo, saldoFactura } from "@portal/cfdi";
import { type MovimientoSaldoFactura, MSG, type SaldoFacturaDetalle } from "@portal/contracts";
import type { ErpAplicacion } from "../../erp/types";
import { NotFound } from "../../lib/errors";
import { isProveedor, type SessionUser } from "../../lib/session-user";
import type { FacturasContext } from "./shared";

/**
 * facturas/getSaldo (issue 39, decision 058): one invoice's ledger for its detail — its total, then every accepted
 * credit note (by its CFDI date) and every ERP payment applied to its A/P invoice (by the payment's date), in date
 * order, each with the balance before and after (@portal/cfdi saldoFactura, the ledger the expected complement and
 * the credit notes' checks read). The payments are the ERP's (listAplicaciones, the expected complement's source);
 * the credit notes every accepted one, as the list's 'Saldo' counts them. A supplier reads only its own invoice.
 */
export function saldoQuery(deps: Pick<FacturasContext, "repo" | "erp" | "data" | "warn">) {
  const { repo, erp, data, warn } = deps;

  /** The ERP's non-cancelled payments to the invoice's A/P invoice; null when the ERP could not be read. */
  async function pagosDe(f: { bd: string; erpDocEntry: number | null }): Promise<ErpAplicacion[] | null> {
    // Without an A/P invoice (its creation job pending, or the invoice not accepted) nothing was paid in the ERP.
    if (f.erpDocEntry === null) return [];
    try {
      const aplicaciones = await erp.listAplicaciones(f.bd, [f.erpDocEntry]);
      return aplicaciones.filter((a) => a.facturaDocEntry === f.erpDocEntry && a.canceled === "N");
    } catch (error) {
      warn(error, "no se pudieron leer del ERP los pagos de la factura");
      return null;
    }
  }

  return async (user: SessionUser, idFactura: number): Promise<SaldoFacturaDetalle> => {
    const f = await repo.findById(idFactura);
    if (!f || (isProveedor(user) && f.cardCode !== user.id)) throw new NotFound(MSG.facturaNoExiste);
    const [pagos, notas] = await Promise.all([pagosDe(f), data.repos.notasCredito.aceptadasDeFactura(f.id)]);
    const movimientos: MovimientoSaldo[] = [
      ...(pagos ?? []).map(
        (p): MovimientoSaldo => ({
          tipo: "pago",
          fecha: p.docDate,
          importe: p.sumApplied,
          moneda: f.moneda,
          referencia: String(p.pagoDocNum),
          orden: p.pagoDocNum,
        }),
      ),
      ...notas.map(
        (n): MovimientoSaldo => ({
          tipo: "nota",
          fecha: n.fecha,
          importe: n.importe,
          moneda: n.moneda,
          referencia: String(n.notaCreditoId),
          orden: n.fecha,
        }),
      ),
    ];
    const ledger = saldoFactura({ total: f.total, moneda: f.moneda, movimientos });
    const notaDe = new Map(notas.map((n) => [String(n.notaCreditoId), n]));
    const filas = ledger.filas.map(({ movimiento, fecha, saldoAnterior, saldoPosterior }): MovimientoSaldoFactura => {
      const nota = movimiento.tipo === "nota" ? notaDe.get(movimiento.referencia) : undefined;
      return {
        Tipo: movimiento.tipo,
        Fecha: fecha,
        DocNum: movimiento.tipo === "pago" ? Number(movimiento.referencia) : null,
        Folio: nota?.folio ?? "",
        UUID: nota?.uuid ?? "",
        Importe: movimiento.importe,
        SaldoAnterior: saldoAnterior,
        SaldoPosterior: saldoPosterior,
      };
    });
    return {
      IdFactura: f.id,
      Total: ledger.total,
      Moneda: ledger.moneda,
      Saldo: pagos === null ? null : ledger.saldo,
      // Without the ERP's payments the ledger would tell a balance that is not the invoice's: none is shown.
      Movimientos: pagos === null ? [] : filas,
      PagosLeidos: pagos !== null,
    };
  };
}
