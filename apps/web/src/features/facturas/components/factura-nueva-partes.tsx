import { Alert, Paper, Switch, Table, Text, TextInput, Title } from "@mantine/core";
import { type EntradaFactura, FACTURA_PARTES_MSG } from "@portal/contracts";
import { IconInfoCircle } from "@tabler/icons-react";
import { formatImporte } from "../../../components/documento-compra";
import { claveLinea, totalDeLaParte } from "../entrada-partes";
import type { FacturaPartesState } from "./use-factura-partes";

/**
 * Issue 42 part 3 (decision 074): 'bill part of this receipt' — a switch and, when on, each line of the chosen
 * receipts with what is left to bill and the quantity this CFDI bills, and the part's total.
 */
export function PartesEntradaSection(props: {
  elegidas: readonly EntradaFactura[];
  partes: FacturaPartesState;
  isDisabled: boolean;
}) {
  const { elegidas, partes, isDisabled } = props;
  if (!partes.isAvailable) return null;
  const moneda = elegidas[0]?.DocCur ?? "";
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="partes-entrada">
      <Title order={2} fz="md" c="gray.8" mb="md" id="partes-entrada">
        {FACTURA_PARTES_MSG.cantidadesTitulo}
      </Title>
      <Switch
        label={FACTURA_PARTES_MSG.facturarParte}
        checked={partes.isOn}
        onChange={(event) => partes.toggle(event.currentTarget.checked)}
        disabled={isDisabled || partes.isForced}
        mb="md"
      />
      {partes.isOn && (
        <>
          {partes.isProposed && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} mb="md">
              {FACTURA_PARTES_MSG.propuestaDelXml}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={FACTURA_PARTES_MSG.cantidadesTitulo} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Entrada</Table.Th>
                  <Table.Th>Línea</Table.Th>
                  <Table.Th>{FACTURA_PARTES_MSG.columnaArticulo}</Table.Th>
                  <Table.Th>{FACTURA_PARTES_MSG.columnaPorFacturar}</Table.Th>
                  <Table.Th>{FACTURA_PARTES_MSG.columnaCantidad}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {elegidas.flatMap((e) =>
                  (e.Lineas ?? []).map((l) => {
                    const clave = claveLinea(e.DocEntry, l.LineNum);
                    return (
                      <Table.Tr key={clave}>
                        <Table.Td>{e.DocNum}</Table.Td>
                        <Table.Td>{l.LineNum}</Table.Td>
                        <Table.Td>{`${l.ItemCode} · ${l.ItemName}`}</Table.Td>
                        <Table.Td>{l.PorFacturar}</Table.Td>
                        <Table.Td>
                          <TextInput
                            aria-label={`${FACTURA_PARTES_MSG.columnaCantidad}, entrada ${e.DocNum}, línea ${l.LineNum}`}
                            inputMode="decimal"
                            value={partes.cantidades[clave] ?? ""}
                            onChange={(event) => partes.setCantidad(clave, event.currentTarget.value)}
                            disabled={isDisabled || Number(l.PorFacturar) <= 0}
                            w={120}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  }),
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text mt="sm" fw={600}>
            {FACTURA_PARTES_MSG.totalDeLaParte(formatImporte(totalDeLaParte(elegidas, partes.cantidades), moneda))}
          </Text>
        </>
      )}
    </Paper>
  );
}
