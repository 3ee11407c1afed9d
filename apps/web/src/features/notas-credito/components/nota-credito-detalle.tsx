import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { formatAmount } from "@portal/cfdi";
import { NOTA_CREDITO_MSG, type NotaCreditoRow } from "@portal/contracts";
import { IconAlertTriangle, IconFileCode } from "@tabler/icons-react";
import { type FileRow, FileRows } from "../../../components/file-rows";
import { HistorialSection } from "../../../components/historial-section";
import { isApiError } from "../../../lib/api-client";
import { isProveedor } from "../../../lib/permissions";
import type { Session } from "../../../lib/session";
import { useNotaCreditoDetalle } from "../api";
import { ESTATUS_NOTA_CREDITO, erpTexto, relationLines, relationsOfFactura } from "../nota-credito-logic";
import { ErpNotaCredito } from "./notas-credito-columns";

type Clave = "pdf" | "xml";
const SIN_ARCHIVOS: Record<Clave, File | null> = { pdf: null, xml: null };
const noPick = () => {};

/** The note's two files, stored: 'Cargado' with 'Ver' (nothing to upload here: a note is registered once). */
const archivosDe = (row: NotaCreditoRow): FileRow<Clave>[] => [
  { clave: "pdf", nombre: "PDF", accept: "", canPick: false, stored: { url: row.PDF, type: "application/pdf" } },
  {
    clave: "xml",
    nombre: "XML",
    accept: "",
    canPick: false,
    stored: { url: row.XML, type: "text/xml", icon: <IconFileCode size={16} aria-hidden /> },
  },
];

/** An amount as every screen shows one: '1,160.00 MXN'. */
const importe = (amount: string, moneda: string) => `${formatAmount(amount)} ${moneda}`;

/** The invoices the note credits: folio, UUID, the amount taken off each and by which relation. */
function FacturasNota({ row }: { row: NotaCreditoRow }) {
  return (
    <section aria-labelledby="facturas-nota">
      <Title order={2} fz="md" c="gray.8" mt="xl" mb="sm" id="facturas-nota">
        Facturas
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" fz="sm" aria-label="Facturas de la nota de crédito">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Folio</Table.Th>
              <Table.Th>UUID</Table.Th>
              <Table.Th ta="right">Importe</Table.Th>
              <Table.Th>Relación</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row.Facturas.map((f) => (
              <Table.Tr key={f.IdFactura}>
                <Table.Td>{f.FolioFactura}</Table.Td>
                <Table.Td ff="monospace">{f.UUID}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {importe(f.Importe, row.Moneda)}
                </Table.Td>
                <Table.Td>{relationsOfFactura(row, f.IdFactura)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* Issue 39: every CfdiRelacionados group of the CFDI with its TipoRelacion, those that credit nothing too. */}
      <Text size="sm" fw={500} mt="sm">
        Relaciones del CFDI
      </Text>
      <Stack gap={2} data-relaciones>
        {relationLines(row).map((linea) => (
          <Text key={linea} size="sm">
            {linea}
          </Text>
        ))}
      </Stack>
    </section>
  );
}

/** The note's fields read-only, its invoices and relations, its ERP state and its files. */
function DatosNota({ session, row }: { session: Session; row: NotaCreditoRow }) {
  const forProveedor = isProveedor(session);
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label="Razón social" value={row.NomSociedad} readOnly />
        <TextInput label="Proveedor" value={row.CardName} readOnly />
        <TextInput label="Folio" value={row.FolioNotaCredito} readOnly />
        <TextInput label="UUID" value={row.UUID} readOnly styles={{ input: { fontFamily: "monospace" } }} />
        <TextInput label="Fecha" value={row.FechaNotaCredito} readOnly />
        <TextInput label="Total" value={importe(row.Total, row.Moneda)} readOnly />
        <TextInput label="Estatus" value={ESTATUS_NOTA_CREDITO[row.Estatus]} readOnly />
        {/* Issue 36: a supplier reads where its accepted note stands, never the ERP's messages. */}
        {forProveedor && erpTexto(row) ? <TextInput label="ERP" value={erpTexto(row)} readOnly /> : null}
      </SimpleGrid>
      <Textarea label="Comentarios" value={row.Comentarios} readOnly rows={2} mt="sm" />
      {forProveedor || row.Estatus !== "A" ? null : (
        <section aria-labelledby="erp-nota">
          <Title order={2} fz="md" c="gray.8" mt="xl" mb="sm" id="erp-nota">
            ERP
          </Title>
          <ErpNotaCredito session={session} row={row} />
        </section>
      )}
      <FacturasNota row={row} />
      <FileRows rows={archivosDe(row)} files={SIN_ARCHIVOS} onPick={noPick} isDisabled labelWidth={90} />
    </Paper>
  );
}

/** Why the note could not be shown: the server's refusal in its words, or that it could not be read. */
const motivoDe = (error: unknown): string =>
  isApiError(error) && error.kind === "http" && error.message ? error.message : NOTA_CREDITO_MSG.detalleNoDisponible;

/**
 * /Notas-Credito/Nota/:id (issue 40, decision 065): one credit note by its id — its fields, amounts with their
 * currency, the invoices it credits with its TipoRelacion groups, status, ERP state and files — and its Historial
 * (registration and decisions). The server decides who reads it: a supplier only its own notes; another's reads as
 * one that does not exist, shown here in the server's words with the way back.
 */
export function NotaCreditoDetalle({ session, id, onDone }: { session: Session; id: number; onDone: () => void }) {
  const detalle = useNotaCreditoDetalle(session, id);
  const regresar = (
    <Group justify="flex-end">
      <Button variant="default" onClick={onDone}>
        Regresar
      </Button>
    </Group>
  );
  if (detalle.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando la nota de crédito" />
      </Center>
    );
  }
  if (detalle.isError) {
    return (
      <Stack gap="lg">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {motivoDe(detalle.error)}
        </Alert>
        {regresar}
      </Stack>
    );
  }
  const { NotaCredito: row, Historial } = detalle.data;
  return (
    <Stack gap="lg" aria-label={`Nota de crédito ${row.FolioNotaCredito}`} component="article">
      <DatosNota session={session} row={row} />
      <HistorialSection isPending={false} entradas={Historial} />
      {regresar}
    </Stack>
  );
}
