import { Alert, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { base64FromBytes, type ConceptoLeido, readConceptos } from "@portal/cfdi";
import {
  CFDI_PRUEBA_MSG,
  FACTURA_PARTES_MSG,
  FACTURA_PEDIDO_MSG,
  MSG,
  type PedidoPorFacturar,
  type PostFacturaExtranjeraRequest,
  type PostFacturaPedidoRequest,
} from "@portal/contracts";
import { IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { formatImporte } from "../../../components/documento-compra";
import { FileRows } from "../../../components/file-rows";
import { FormActions } from "../../../components/form-actions";
import { notifyError } from "../../../lib/notify";
import { notifyErrorList } from "../../../lib/notify-list";
import { readBytes } from "../../../lib/pdf-upload";
import { readFiles } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { useUploadSubmit } from "../../../lib/use-upload-submit";
import { CfdiPruebaButton, pickInto, solicitudServicios } from "../../cfdi-prueba/cfdi-prueba-button";
import { useProveedorFactura, useSociedadesFactura } from "../api";
import {
  type ArchivoClave,
  type ArchivosElegidos,
  invoiceFileRows,
  SIN_ARCHIVOS,
} from "../components/archivos-factura";
import { CantidadesTabla } from "../components/cantidades-tabla";
import {
  type DatosExtranjera,
  DatosExtranjeraFields,
  FILAS_EXTRANJERA,
  postFacturaExtranjera,
  reviewFacturaExtranjera,
  SIN_DATOS,
} from "../components/factura-extranjera";
import { usePedidosPorFacturar, usePostFacturaPedido } from "./api-servicios";
import {
  baseDePedidos,
  type Cantidades,
  checkFacturaPedido,
  importeElegido,
  lineasDeServicios,
  proposeCantidadesPedidos,
} from "./servicios-logic";

const FILAS = invoiceFileRows(null, true);

/** The XML picked, read in the browser: its concepts (null while reading, or without an XML). */
function useConceptosXml(xml: File | null): ConceptoLeido[] | null {
  const [leido, setLeido] = useState<{ file: File; conceptos: ConceptoLeido[] } | null>(null);
  useEffect(() => {
    if (!xml) return;
    let isCurrent = true;
    void readBytes(xml)
      .then((bytes) => readConceptos(new TextDecoder().decode(bytes)))
      .catch(() => [])
      .then((conceptos) => {
        if (isCurrent) setLeido({ file: xml, conceptos });
      });
    return () => {
      isCurrent = false;
    };
  }, [xml]);
  return leido && leido.file === xml ? leido.conceptos : null;
}

/**
 * The quantities typed, and (issue 42) those the XML's concepts propose when every concept names one of the orders'
 * service lines: a new XML or new orders propose again; typing a quantity ends the proposal.
 */
function useCantidades(pedidos: readonly PedidoPorFacturar[], conceptos: ConceptoLeido[] | null) {
  const [estado, setEstado] = useState<{ cantidades: Cantidades; isProposed: boolean }>({
    cantidades: {},
    isProposed: false,
  });
  const clave = pedidos.map((p) => p.DocEntry).join(",");
  useEffect(() => {
    const propuesta = conceptos ? proposeCantidadesPedidos(conceptos, pedidos) : null;
    if (propuesta) setEstado({ cantidades: propuesta, isProposed: true });
  }, [conceptos, clave]);
  return {
    ...estado,
    setCantidad: (c: string, valor: string) =>
      setEstado((s) => ({ cantidades: { ...s.cantidades, [c]: valor }, isProposed: false })),
    reset: () => setEstado({ cantidades: {}, isProposed: false }),
  };
}

/**
 * Issue 42 part 2 (decision 076): 'Facturar servicios de un pedido' — the supplier picks a sociedad, types the
 * quantity each CFDI bills of its orders' service lines (0.6 of 1 service bills 60 %), picks the three files and
 * sends postFacturaPedido; the server runs the §5 checks against the chosen part of the orders. An XML whose concepts
 * name the service lines proposes their quantities; in the demo, 'Generar CFDI de prueba' seals the CFDI for the
 * quantities typed and puts its XML and PDF in the form. A foreign supplier (decision 073, amendment of 2026-11-29)
 * types its invoice's data instead of picking an XML and sends postFacturaExtranjera with the same lines.
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
  const [archivos, setArchivos] = useState<ArchivosElegidos>(SIN_ARCHIVOS);
  const [datos, setDatos] = useState<DatosExtranjera>(SIN_DATOS);
  const pedidos = usePedidosPorFacturar(session, bd);
  const post = usePostFacturaPedido();
  const lista = pedidos.data ?? [];
  const { cantidades, isProposed, setCantidad, reset } = useCantidades(lista, useConceptosXml(archivos.xml));
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
  const pick = (clave: ArchivoClave, file: File | null) => setArchivos((a) => ({ ...a, [clave]: file }));
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
              reset();
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
            onPick={pick}
            isDisabled={isDisabled}
            labelWidth={90}
          />
          {!extranjero && (
            <CfdiPruebaButton
              session={session}
              solicitud={solicitudServicios(bd, lineasDeServicios(lista, cantidades))}
              onFiles={pickInto(pick)}
              isDisabled={isDisabled}
              hint={CFDI_PRUEBA_MSG.faltanServicios}
            />
          )}
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
                {isProposed && (
                  <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} mb="md">
                    {FACTURA_PARTES_MSG.propuestaDelXml}
                  </Alert>
                )}
                <CantidadesTabla
                  documentos={lista.map((p) => ({
                    ...p,
                    titulo: FACTURA_PEDIDO_MSG.pedidoTitulo(
                      p.DocNum,
                      p.DocDate,
                      formatImporte(p.PorFacturar, p.DocCur),
                    ),
                  }))}
                  columna={FACTURA_PEDIDO_MSG.columnaPedido}
                  documento="pedido"
                  porFacturar={(l) => `${l.PorFacturar} de ${l.Quantity}`}
                  cantidades={cantidades}
                  onCantidad={setCantidad}
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
