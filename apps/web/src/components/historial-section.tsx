import { Loader, Paper, Table, Text, Title } from "@mantine/core";
import type { HistorialFactura } from "@portal/contracts";
import { useId } from "react";
import { HORA_CDMX } from "../lib/fecha-hora";
import { cambioHistorial, fechaHoraHistorial } from "../lib/historial";

/**
 * 'Historial' of a detail (issues 13, 23: invoices and payment complements): oldest first — when, who, what
 * changed in words and the comment; 'Sin movimientos' when there are none (or the history could not be read: the
 * detail never breaks on it).
 */
export function HistorialSection({
  isPending,
  entradas,
}: {
  isPending: boolean;
  entradas: readonly HistorialFactura[];
}) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby={titleId}>
      <Title order={2} fz="md" c="gray.8" mb="sm" id={titleId}>
        Historial
      </Title>
      {isPending ? (
        <Loader size="sm" role="status" aria-label="Cargando historial" />
      ) : entradas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin movimientos
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} tabIndex={0} role="region" aria-label="Historial (desplazable)">
          <Table striped verticalSpacing="xs" fz="sm" aria-label="Historial">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha {HORA_CDMX}</Table.Th>
                <Table.Th>Quién</Table.Th>
                <Table.Th>Cambio</Table.Th>
                <Table.Th>Comentario</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entradas.map((entrada, indice) => (
                <Table.Tr key={indice}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{fechaHoraHistorial(entrada.Fecha)}</Table.Td>
                  <Table.Td>{entrada.Quien}</Table.Td>
                  <Table.Td>{cambioHistorial(entrada)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "pre-line" }}>{entrada.Comentario}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
