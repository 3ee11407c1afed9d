import { Anchor, Paper, Table, Text, Title } from "@mantine/core";
import { formatAmount } from "@portal/cfdi";
import { NOTA_CREDITO_MSG } from "@portal/contracts";
import { Link } from "@tanstack/react-router";
import type { Session } from "../../../lib/session";
import { useNotasCreditoDeFactura } from "../api";
import { ESTATUS_NOTA_CREDITO, relationsOfFactura } from "../nota-credito-logic";
import { ErpNotaCredito } from "./notas-credito-columns";

/**
 * The invoice detail's 'Notas de crédito' section (issue 27): the credit notes that credit this invoice, each with
 * its ERP state (issue 36: employees see the ERP's message, reviewers may retry) and its folio a link to its detail
 * (issue 40).
 */
export function NotasCreditoFactura({ session, idFactura }: { session: Session; idFactura: number }) {
  const notas = useNotasCreditoDeFactura(session, idFactura);
  const rows = notas.data ?? [];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="notas-credito-factura">
      <Title order={2} fz="md" c="gray.8" mb="md" id="notas-credito-factura">
        Notas de crédito
      </Title>
      {notas.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {NOTA_CREDITO_MSG.deFacturaNoDisponibles}
        </Text>
      ) : notas.isPending ? null : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          La factura no tiene notas de crédito.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Notas de crédito de la factura">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Folio</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Importe en esta factura</Table.Th>
                <Table.Th>Relación</Table.Th>
                <Table.Th>Estatus</Table.Th>
                <Table.Th>ERP</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.IdNotaCredito}>
                  <Table.Td>
                    {/* Issue 40: each note opens its own detail, with its Historial. */}
                    <Anchor
                      renderRoot={(props) => (
                        <Link {...props} to="/Notas-Credito/Nota/$id" params={{ id: row.IdNotaCredito }} />
                      )}
                      size="sm"
                      aria-label={`Ver la nota de crédito ${row.FolioNotaCredito}`}
                    >
                      {row.FolioNotaCredito}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.FechaNotaCredito}</Table.Td>
                  <Table.Td>
                    {formatAmount(row.Facturas.find((f) => f.IdFactura === idFactura)?.Importe ?? "0")} {row.Moneda}
                  </Table.Td>
                  <Table.Td>{relationsOfFactura(row, idFactura)}</Table.Td>
                  <Table.Td>{ESTATUS_NOTA_CREDITO[row.Estatus]}</Table.Td>
                  <Table.Td>
                    <ErpNotaCredito session={session} row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
