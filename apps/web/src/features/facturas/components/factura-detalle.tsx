import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { base64FromBytes } from "@portal/cfdi";
import type { FacturaRow } from "@portal/contracts";
import { IconDeviceFloppy, IconFileCode, IconPhoto } from "@tabler/icons-react";
import { Navigate } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useState } from "react";
import { EstadoSatBadges } from "../../../components/estado-sat";
import { OpenFileButton } from "../../../components/open-file-button";
import { isApiError } from "../../../lib/api-client";
import { TOAST_SUCCESS_MS } from "../../../lib/constants";
import { notifyErrorLines, notifySuccess } from "../../../lib/notify";
import { isProveedor } from "../../../lib/permissions";
import { useSaveCompletion } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { facturasList, useEntradasFactura, usePatchFactura, useProveedorFactura } from "../api";
import {
  estadoErp,
  estatusFactura,
  estatusPago,
  fechaMostrada,
  puedeActualizar,
  puedeCargarArchivos,
  revisarActualizacion,
} from "../factura-logic";
import { type ArchivoClave, ArchivoPicker, NOMBRE_ARCHIVO } from "./archivo-picker";
import { EstadoErp } from "./estado-erp";
import { type ArchivosElegidos, leerArchivos, SIN_ARCHIVOS } from "./factura-nueva";
import { HistorialFacturaSection } from "./historial-factura";

const ARCHIVOS: readonly { clave: ArchivoClave; campo: "PDF" | "XML" | "Recepcion"; type: string }[] = [
  { clave: "pdf", campo: "PDF", type: "application/pdf" },
  { clave: "xml", campo: "XML", type: "text/xml" },
  { clave: "recepcion", campo: "Recepcion", type: "" },
];

const ICONOS: Partial<Record<ArchivoClave, ReactNode>> = {
  xml: <IconFileCode size={16} aria-hidden />,
  recepcion: <IconPhoto size={16} aria-hidden />,
};

/**
 * The 'Reintentar' action of the ERP state, given by the route to the employees who may ask for it (it belongs
 * to the pending-invoices review, which this feature does not import).
 */
export type RenderReintentarErp = (row: FacturaRow) => ReactNode;

interface DetalleProps {
  session: Session;
  row: FacturaRow;
  onDone: () => void;
  renderReintentarErp?: RenderReintentarErp;
}

/**
 * 'Datos generales' (spec §2, §4): the invoice's fields read-only; each file 'Cargado' or 'No cargado' with 'Ver'
 * when present and, while the invoice is not Aceptada, a 'cargar' picker; 'Actualizar' (disabled once Aceptada
 * or Cancelado) sends patchfactura with only the files picked. Only the supplier that owns it may update it.
 * Issue 13: 'Folio SAP' once the ERP's A/P invoice exists; employees also see the ERP state with its message.
 */
function Detalle({ session, row, onDone, renderReintentarErp }: DetalleProps) {
  const esProveedor = isProveedor(session);
  // Suppliers see only the Folio SAP: the ERP's messages are for employees (the server sends them '' anyway).
  const erp = esProveedor ? null : estadoErp(row);
  const canUpload = esProveedor && puedeCargarArchivos(row);
  const canUpdate = esProveedor && puedeActualizar(row);
  const [archivos, setArchivos] = useState<ArchivosElegidos>(SIN_ARCHIVOS);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // The cross checks of a new XML need the supplier and the invoice's receipt (spec §5, update form).
  const proveedor = useProveedorFactura(session, canUpdate);
  const entradas = useEntradasFactura(session, canUpdate ? row.BD : null, row.Entrada);
  const patch = usePatchFactura();
  const { isSaved, complete } = useSaveCompletion(onDone);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canUpdate || isSubmitting || isSaved) return;
    setIsSubmitting(true);
    try {
      const revision = revisarActualizacion({
        session,
        row,
        proveedor: proveedor.data?.[0] ?? null,
        entrada: entradas.data?.find((e) => e.DocNum === row.Entrada) ?? null,
        archivos: await leerArchivos(archivos),
        base64: base64FromBytes,
      });
      if (!revision.ok) {
        notifyErrorLines(revision.errors);
        return;
      }
      const message = await patch.mutateAsync(revision.request);
      complete((onClose) => notifySuccess(message, TOAST_SUCCESS_MS, onClose));
    } catch (error) {
      // Spec §8: a patchfactura that fails at network level is only logged.
      if (isApiError(error) && error.kind === "http") notifyErrorLines([error.message]);
      else console.error("No se pudo consumir el servicio patchfactura", error);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Datos generales">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="Razón social" value={row.NomSociedad} readOnly />
            <TextInput label="Proveedor" value={row.CardName} readOnly />
            <TextInput label="Folio" value={row.FolioFactura} readOnly />
            <TextInput label="Fecha" value={fechaMostrada(row.FechaFactura)} readOnly />
            <TextInput label="Estatus" value={estatusFactura(row)} readOnly />
            <TextInput label="Entrada" value={String(row.Entrada)} readOnly />
            <TextInput label="Estatus del pago" value={estatusPago(row)} readOnly />
            <TextInput label="Fecha pago" value={fechaMostrada(row.FechaPago)} readOnly />
            {row.FolioSAP == null ? null : <TextInput label="Folio SAP" value={String(row.FolioSAP)} readOnly />}
          </SimpleGrid>
          <Group mt="sm">
            <EstadoSatBadges row={row} />
          </Group>
          <Textarea label="Comentarios" value={row.Comentarios} readOnly rows={3} mt="sm" />

          {erp ? (
            <section aria-labelledby="erp-titulo">
              <Title order={2} fz="md" c="gray.8" mt="xl" mb="sm" id="erp-titulo">
                ERP
              </Title>
              <EstadoErp
                estado={erp}
                accion={erp.puedeReintentar && renderReintentarErp ? renderReintentarErp(row) : null}
              />
            </section>
          ) : null}

          <Title order={2} fz="md" c="gray.8" mt="xl" mb="sm">
            Archivos
          </Title>
          <Stack gap="sm">
            {ARCHIVOS.map(({ clave, campo, type }) => {
              const url = row[campo];
              const nombre = NOMBRE_ARCHIVO[clave];
              return (
                <Group key={clave} gap="md" wrap="wrap" data-archivo-fila={clave}>
                  <Text size="sm" fw={600} w={90}>
                    {nombre}
                  </Text>
                  <Badge variant="light" color={url ? "teal" : "gray"} radius="sm" tt="none" w={100}>
                    {url ? "Cargado" : "No cargado"}
                  </Badge>
                  {url ? (
                    <OpenFileButton url={url} type={type} icon={ICONOS[clave]} aria-label={`Ver ${nombre}`}>
                      Ver
                    </OpenFileButton>
                  ) : null}
                  {canUpload ? (
                    <ArchivoPicker
                      clave={clave}
                      file={archivos[clave]}
                      onChange={(file) => setArchivos((current) => ({ ...current, [clave]: file }))}
                      isDisabled={isSubmitting || isSaved}
                    />
                  ) : null}
                </Group>
              );
            })}
          </Stack>
        </Paper>

        <HistorialFacturaSection operator={session} idFactura={row.IdFactura} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Regresar
          </Button>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            loading={isSubmitting}
            disabled={!canUpdate || isSubmitting || isSaved}
          >
            Actualizar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /MisFacturas/MiFactura/:id: the :id-th row of the loaded list; without it, back to /MisFacturas (spec §2). */
export function FacturaDetalle({ fila, ...props }: Omit<DetalleProps, "row"> & { fila: number }) {
  const row = facturasList.useLoadedRow(props.session, fila);
  if (!row) return <Navigate to="/MisFacturas" replace />;
  return <Detalle key={row.IdFactura} row={row} {...props} />;
}
