import { Alert, Paper, Switch, Text, Title } from "@mantine/core";
import { type EntradaFactura, FACTURA_PARTES_MSG } from "@portal/contracts";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatImporte } from "../../../components/documento-compra";
import { totalDeLaParte } from "../entrada-partes";
import { CantidadesTabla } from "./cantidades-tabla";
import type { FacturaPartesState } from "./use-factura-partes";

/**
 * Issue 42 part 3 (decision 074): 'bill part of this receipt' — a switch and, when on, each line of the chosen
 * receipts with what is left to bill and the quantity this CFDI bills, and the part's total.
 */
export function PartesEntradaSection(props: {
  elegidas: readonly EntradaFactura[];
  partes: FacturaPartesState;
  isDisabled: boolean;
  prueba?: ReactNode;
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
          <CantidadesTabla
            documentos={elegidas.map((e) => ({ ...e, Lineas: e.Lineas ?? [] }))}
            columna="Entrada"
            documento="entrada"
            cantidades={partes.cantidades}
            onCantidad={partes.setCantidad}
            isDisabled={isDisabled}
            isLineDisabled={(l) => Number(l.PorFacturar) <= 0}
          />
          <Text mt="sm" fw={600}>
            {FACTURA_PARTES_MSG.totalDeLaParte(formatImporte(totalDeLaParte(elegidas, partes.cantidades), moneda))}
          </Text>
          {props.prueba}
        </>
      )}
    </Paper>
  );
}
