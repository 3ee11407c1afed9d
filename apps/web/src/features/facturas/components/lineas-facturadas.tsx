import { Table, Text } from "@mantine/core";
import { formatAmount } from "@portal/cfdi";
import { FACTURA_PARTES_MSG, FACTURA_PEDIDO_MSG, type FacturaRow } from "@portal/contracts";

/** Issue 42 (decision 074): the receipt number of a row, marked when the invoice bills only part of it. */
export const entradaConParte = (row: Pick<FacturaRow, "LineasFacturadas">, entradas: string | number): string =>
  row.LineasFacturadas && row.LineasFacturadas.length > 0
    ? `${deLineas(row) ? FACTURA_PEDIDO_MSG.pedidoEnLista(String(entradas)) : entradas} (${FACTURA_PARTES_MSG.facturaParcial})`
    : String(entradas);

/** Issue 42 part 2 (decision 076): whether the invoice bills purchase order lines (services) instead of receipts. */
const deLineas = (row: Pick<FacturaRow, "LineasFacturadas">) => (row.LineasFacturadas ?? []).some((l) => l.Pedido);

/** The list's and the review's 'Entrada' cell: the receipts and, for a partial invoice, each line and quantity. */
export function EntradaCelda({ row }: { row: FacturaRow }) {
  const entradas = row.EntradasMercancia && row.EntradasMercancia.length > 0 ? row.EntradasMercancia : [row.Entrada];
  const lineas = row.LineasFacturadas ?? [];
  if (lineas.length === 0) return <>{entradas.join(", ")}</>;
  return (
    <>
      {entradaConParte(row, entradas.join(", "))}
      {lineas.map((l) => (
        <Text key={`${l.EntradaDocEntry}|${l.LineNum}`} size="xs" c="gray.7" style={{ whiteSpace: "nowrap" }}>
          {`${l.Entrada}/${l.LineNum} ${l.ItemCode}: ${l.Cantidad} de ${l.CantidadLinea}`}
        </Text>
      ))}
    </>
  );
}

/**
 * Issue 42 (decision 074): the receipt lines and quantities a partial invoice bills (invoice detail and review);
 * nothing for an invoice billing whole receipts.
 */
export function LineasFacturadas({ row }: { row: Pick<FacturaRow, "LineasFacturadas" | "DocCur"> }) {
  const lineas = row.LineasFacturadas ?? [];
  if (lineas.length === 0) return null;
  return (
    <>
      <Text fw={600} size="sm" mt="md" mb="xs" id="lineas-facturadas">
        {FACTURA_PARTES_MSG.lineasFacturadasTitulo}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-labelledby="lineas-facturadas" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{deLineas(row) ? FACTURA_PEDIDO_MSG.columnaPedido : "Entrada"}</Table.Th>
              <Table.Th>Línea</Table.Th>
              <Table.Th>{FACTURA_PARTES_MSG.columnaArticulo}</Table.Th>
              <Table.Th ta="right">Cantidad</Table.Th>
              <Table.Th ta="right">Importe</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lineas.map((l) => (
              <Table.Tr key={`${l.EntradaDocEntry}|${l.LineNum}`}>
                <Table.Td>{l.Entrada}</Table.Td>
                <Table.Td>{l.LineNum}</Table.Td>
                <Table.Td>{`${l.ItemCode} · ${l.ItemName}`}</Table.Td>
                <Table.Td ta="right">{`${l.Cantidad} de ${l.CantidadLinea}`}</Table.Td>
                <Table.Td ta="right">{`${formatAmount(l.Importe)} ${row.DocCur}`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
