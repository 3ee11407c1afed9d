import { Loader, Table, Text } from "@mantine/core";
import { formatAmount } from "@portal/cfdi";
import { type FacturaRow, type MovimientoSaldoFactura, MSG } from "@portal/contracts";
import type { Operator } from "../../../lib/list-query";
import { useSaldoFactura } from "../api";
import { fechaMostrada } from "../factura-logic";

/** What a ledger line names: the credit note by its folio and UUID, the payment by its ERP number. */
const concepto = (m: MovimientoSaldoFactura): string =>
  m.Tipo === "pago" ? `Pago ${m.DocNum ?? ""}` : `Nota de crédito ${m.Folio} (${m.UUID})`;

/**
 * Issue 39 (decision 058): what made the invoice's 'Saldo' — one line per movement in date order: the invoice's
 * total, then each accepted credit note (folio, UUID, its CFDI date) and each ERP payment (its number and date), with
 * the amount and the balance before and after. Read from facturas/getSaldo; without the ERP's payments it says so
 * and shows no ledger. The detail never breaks on it: a failed call shows nothing (the one-line 'Saldo' stays).
 */
export function SaldoMovimientos({ operator, row }: { operator: Operator; row: FacturaRow }) {
  const saldo = useSaldoFactura(operator, row.IdFactura);
  if (saldo.isPending) return <Loader size="xs" role="status" aria-label="Cargando movimientos del saldo" mt="xs" />;
  const data = saldo.data;
  if (!data) return null;
  if (!data.PagosLeidos) {
    return (
      <Text size="sm" c="dimmed" mt="xs" data-saldo-sin-erp>
        {MSG.saldoSinPagosErp}
      </Text>
    );
  }
  const moneda = data.Moneda;
  const importe = (valor: string) => `${formatAmount(valor)} ${moneda}`;
  return (
    <>
      <Text size="sm" fw={500} mt="sm">
        Movimientos del saldo
      </Text>
      <Table.ScrollContainer minWidth={560} tabIndex={0} role="region" aria-label="Movimientos del saldo (desplazable)">
        <Table striped verticalSpacing={4} fz="sm" aria-label="Movimientos del saldo">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Movimiento</Table.Th>
              <Table.Th ta="right">Importe</Table.Th>
              <Table.Th ta="right">Saldo anterior</Table.Th>
              <Table.Th ta="right">Saldo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{fechaMostrada(row.FechaFactura)}</Table.Td>
              <Table.Td>Total de la factura</Table.Td>
              <Table.Td ta="right">{importe(data.Total)}</Table.Td>
              <Table.Td />
              <Table.Td ta="right">{importe(data.Total)}</Table.Td>
            </Table.Tr>
            {data.Movimientos.map((m) => (
              <Table.Tr key={`${m.Tipo}-${m.DocNum ?? m.UUID}`}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{fechaMostrada(m.Fecha)}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{concepto(m)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  − {importe(m.Importe)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {importe(m.SaldoAnterior)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {importe(m.SaldoPosterior)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {data.Movimientos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {MSG.saldoSinMovimientos}
          </Text>
        ) : null}
      </Table.ScrollContainer>
    </>
  );
}
