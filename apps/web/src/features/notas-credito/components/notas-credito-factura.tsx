import { Paper, Title } from "@mantine/core";
import type { NotaCreditoRow } from "@portal/contracts";
import { useMemo } from "react";
import { DataTable } from "../../../components/data-table";
import type { Session } from "../../../lib/session";
import { notasCreditoList } from "../api";
import { notasDeFactura } from "../nota-credito-logic";
import { NOTAS_CREDITO_COLUMNS } from "./notas-credito-columns";

const COLUMNAS = NOTAS_CREDITO_COLUMNS.filter((c) => !["Fila", "CardName", "NomSociedad"].includes(c.id));

/** The invoice detail's 'Notas de crédito' section (issue 27): the credit notes that credit this invoice. */
export function NotasCreditoFactura({ session, idFactura }: { session: Session; idFactura: number }) {
  const notas = notasCreditoList.useList(session);
  const rows: readonly NotaCreditoRow[] = useMemo(
    () => notasDeFactura(notas.data ?? [], idFactura),
    [notas.data, idFactura],
  );
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="notas-credito-factura">
      <Title order={2} fz="md" c="gray.8" mb="md" id="notas-credito-factura">
        Notas de crédito
      </Title>
      <DataTable
        label="Notas de crédito de la factura"
        rows={rows}
        columns={COLUMNAS}
        getRowKey={(row) => String(row.IdNotaCredito)}
        isLoading={notas.isPending && notas.fetchStatus !== "idle"}
        emptyText="La factura no tiene notas de crédito."
      />
    </Paper>
  );
}
