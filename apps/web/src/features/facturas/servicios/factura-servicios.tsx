import { Alert, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { base64FromBytes } from "@portal/cfdi";
import {
  FACTURA_PARTES_MSG,
  FACTURA_PEDIDO_MSG,
  MSG,
  type PedidoPorFacturar,
  type PostFacturaExtranjeraRequest,
  type PostFacturaPedidoRequest,
} from "@portal/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { formatImporte } from "../../../components/documento-compra";
import { FileRows } from "../../../components/file-rows";
import { FormActions } from "../../../components/form-actions";
import { notifyError } from "../../../lib/notify";
import { notifyErrorList } from "../../../lib/notify-list";
import { readFiles } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { useUploadSubmit } from "../../../lib/use-upload-submit";
import { useProveedorFactura, useSociedadesFactura } from "../api";
import {
  type ArchivoClave,
  type ArchivosElegidos,
  invoiceFileRows,
  SIN_ARCHIVOS,
} from "../components/archivos-factura";
import {
  type DatosExtranjera,
  DatosExtranjeraFields,
  FILAS_EXTRANJERA,
  postFacturaExtranjera,
  reviewFacturaExtranjera,
  SIN_DATOS,
} from "../components/factura-extranjera";
import { usePedidosPorFacturar, usePostFacturaPedido } from "./api-servicios";
import { baseDePedidos, type Cantidades, checkFacturaPedido, claveLinea, importeElegido } from "./servicios-logic";

const FILAS = invoiceFileRows(null, true);

/** The open orders' service lines, what is left of each, and the quantity this CFDI bills. */
function PedidosTabla(props: {
  pedidos: readonly PedidoPorFacturar[];
  cantidades: Cantidades;
  onCantidad: (clave: string, valor: string) => void;
  isDisabled: boolean;
}) {
  const { pedidos, cantidades, onCantidad, isDisabled } = props;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={FACTURA_PARTES_MSG.cantidadesTitulo} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{FACTURA_PEDIDO_MSG.columnaPedido}</Table.Th>
            <Table.Th>Línea</Table.Th>
            <Table.Th>{FACTURA_PARTES_MSG.columnaArticulo}</Table.Th>
            <Table.Th>{FACTURA_PARTES_MSG.columnaPorFacturar}</Table.Th>
            <Table.Th>{FACTURA_PARTES_MSG.columnaCantidad}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pedidos.flatMap((p) =>
            p.Lineas.map((l) => {
              const clave = claveLinea(p.DocEntry, l.LineNum);
              return (
                <Table.Tr key={clave}>
                  <Table.Td
                    title={FACTURA_PEDIDO_MSG.pedidoTitulo(p.DocNum, p.DocDate, formatImporte(p.PorFacturar, p.DocCur))}
                  >
                    {p.DocNum}
                  </Table.Td>
                  <Table.Td>{l.LineNum}</Table.Td>
                  <Table.Td>{`${l.ItemCode} · ${l.ItemName}`}</Table.Td>
                  <Table.Td>{`${l.PorFacturar} de ${l.Quantity}`}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${FACTURA_PARTES_MSG.columnaCantidad}, pedido ${p.DocNum}, línea ${l.LineNum}`}
                      inputMode="decimal"
                      value={cantidades[clave] ?? ""}
                      onChange={(event) => onCantidad(clave, event.currentTarget.value)}
                      disabled={isDisabled}
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
  );
}

/**
 * Issue 42 part 2 (decision 076): 'Facturar servicios de un pedido' — the supplier picks a sociedad, types the
 * quantity each CFDI bills of its orders' service lines (0.6 of 1 service bills 60 %), picks the three files and
 * sends postFacturaPedido; the server runs the §5 checks against the chosen part of the orders. A foreign supplier
 * (decision 073, amendment of 2026-11-29) types its invoice's data instead of picking an XML and sends
 * postFacturaExtranjera with the same lines.
 */
export function FacturaServicios({ session, onDone }: { session: Session; onDone: () => void }) {
  const proveedor = useProveedorFactura(session);
  if (proveedor.isPending) return <Loader size="sm" role="status" aria-label="Cargando" />;
  const extranjero = proveedor.data?.[0]?.Tipo === "extranjero";
  return <FacturaServiciosForm session={session} onDone={onDone} extranjero={extranjero} />;
}

function FacturaServiciosForm(props: { session: Session; onDone: () => void; extranjero: boolean }) {
  const { session, onDone, extranjero } = props;
  const sociedades = useSociedadesFactura(session);
  const [bd, setBd] = useState<string | null>(null);
  const [cantidades, setCantidades] = useState<Cantidades>({});
  const [archivos, setArchivos] = useState<ArchivosElegidos>(SIN_ARCHIVOS);
  const [datos, setDatos] = useState<DatosExtranjera>(SIN_DATOS);
  const pedidos = usePedidosPorFacturar(session, bd);
  const post = usePostFacturaPedido();
  const lista = pedidos.data ?? [];
  const moneda = lista[0]?.DocCur ?? "";
  const { isSubmitting, isSaved, onSubmit } = useUploadSubmit<PostFacturaPedidoRequest | PostFacturaExtranjeraRequest>({
    review: async () =>
      extranjero
        ? reviewFacturaExtranjera({ bd, base: baseDePedidos(lista, cantidades), archivos, datos })
        : checkFacturaPedido({
            session,
            sociedad: (sociedades.data ?? []).find((s) => s.BDSAP === bd) ?? null,
            pedidos: lista,
            cantidades,
            archivos: await readFiles(archivos),
            base64: base64FromBytes,
          }),
    send: (request) => ("NumeroFactura" in request ? postFacturaExtranjera(request) : post.mutateAsync(request)),
    notifyErrors: notifyErrorList,
    onCallFailed: () => notifyError(MSG.errorPostFactura),
    onDone,
  });
  const isDisabled = isSubmitting || isSaved;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={FACTURA_PEDIDO_MSG.tituloForm}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <Select
            label="Razón social"
            placeholder="Seleccione"
            data={(sociedades.data ?? []).map((s) => ({ value: s.BDSAP, label: s.NomSociedad }))}
            value={bd}
            onChange={(value) => {
              setBd(value);
              setCantidades({});
            }}
            allowDeselect={false}
            disabled={isDisabled}
            rightSection={sociedades.isFetching ? <Loader size="xs" /> : undefined}
            mb="md"
          />
          {extranjero && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
              <DatosExtranjeraFields
                datos={datos}
                onChange={setDatos}
                moneda={moneda}
                monedaDescripcion={FACTURA_PEDIDO_MSG.monedaDelPedido}
                isDisabled={isDisabled}
              />
            </SimpleGrid>
          )}
          <FileRows
            rows={extranjero ? FILAS_EXTRANJERA : FILAS}
            files={archivos}
            onPick={(clave: ArchivoClave, file: File | null) => setArchivos((a) => ({ ...a, [clave]: file }))}
            isDisabled={isDisabled}
            labelWidth={90}
          />
        </Paper>
        {bd && (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="pedidos-por-facturar">
            <Title order={2} fz="md" c="gray.8" mb="md" id="pedidos-por-facturar">
              {FACTURA_PARTES_MSG.cantidadesTitulo}
            </Title>
            {pedidos.isPending ? (
              <Loader size="sm" role="status" aria-label="Cargando" />
            ) : lista.length === 0 ? (
              <Alert color="gray" variant="light">
                {pedidos.isError ? MSG.errorInterno : FACTURA_PEDIDO_MSG.sinPedidos}
              </Alert>
            ) : (
              <>
                <PedidosTabla
                  pedidos={lista}
                  cantidades={cantidades}
                  onCantidad={(clave, valor) => setCantidades((c) => ({ ...c, [clave]: valor }))}
                  isDisabled={isDisabled}
                />
                <Text mt="sm" fw={600}>
                  {FACTURA_PARTES_MSG.totalDeLaParte(formatImporte(importeElegido(lista, cantidades), moneda))}
                </Text>
              </>
            )}
          </Paper>
        )}
        <FormActions
          submitLabel="Agregar"
          icon={<IconPlus size={18} aria-hidden />}
          onBack={onDone}
          isPending={isSubmitting}
          isSubmitDisabled={isDisabled}
        />
      </Stack>
    </form>
  );
}
