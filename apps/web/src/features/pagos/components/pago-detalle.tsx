import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { base64FromBytes } from "@portal/cfdi";
import { MSG, type PagoRow } from "@portal/contracts";
import { IconFileCode, IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { Navigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { formatImporte } from "../../../components/documento-compra";
import { EstadoSatBadges } from "../../../components/estado-sat";
import { type FileRow, FileRows } from "../../../components/file-rows";
import { FormActions } from "../../../components/form-actions";
import { HistorialSection } from "../../../components/historial-section";
import { ScreenTitle } from "../../../components/screen-title";
import { notifyErrorList } from "../../../lib/notify-list";
import { isProveedor } from "../../../lib/permissions";
import { readFile } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { useUploadSubmit } from "../../../lib/use-upload-submit";
import { CfdiPruebaComplemento } from "../../cfdi-prueba/cfdi-prueba-button";
import { pagosList, useHistorialPago, usePostPago, useProveedorPago } from "../api";
import {
  canAddToPago,
  canUploadComplemento,
  checkComplementoProveedor,
  checkComprobanteEmpleado,
  estatusComplemento,
  SIN_COMPLEMENTO_EXPLICACION,
} from "../pago-logic";
import { ComplementoEsperadoPanel } from "./complemento-esperado";
import { ComplementoVencidoBadge, FacturasDelPago } from "./pagos-columns";

type ArchivoClave = "pdf" | "xml" | "comprobante";
type ArchivosElegidos = Record<ArchivoClave, File | null>;
const SIN_ARCHIVOS: ArchivosElegidos = { pdf: null, xml: null, comprobante: null };

interface ArchivoPago {
  clave: ArchivoClave;
  /** The name it goes by on screen. */
  nombre: string;
  campo: "U_SYS_PMPDFC" | "U_SYS_PMXMLC" | "U_SYS_PMCOMC";
  accept: string;
  type: string;
  icon?: ReactNode;
  /** Who uploads it (spec §2, §6): the supplier its complement's PDF and XML, an employee the comprobante. */
  isDelProveedor: boolean;
}

const ARCHIVOS: readonly ArchivoPago[] = [
  {
    clave: "pdf",
    nombre: "PDF",
    campo: "U_SYS_PMPDFC",
    accept: "application/pdf",
    type: "application/pdf",
    isDelProveedor: true,
  },
  {
    clave: "xml",
    nombre: "XML",
    campo: "U_SYS_PMXMLC",
    accept: "text/xml",
    type: "text/xml",
    icon: <IconFileCode size={16} aria-hidden />,
    isDelProveedor: true,
  },
  {
    clave: "comprobante",
    nombre: "comprobante de pago",
    campo: "U_SYS_PMCOMC",
    accept: "application/pdf",
    type: "application/pdf",
    isDelProveedor: false,
  },
];

/** The payment's file rows: each file's state with 'Ver'; pickers for the files this user uploads, when allowed. */
const paymentFileRows = (row: PagoRow, forProveedor: boolean, canUpload: boolean): FileRow<ArchivoClave>[] =>
  ARCHIVOS.map(({ clave, nombre, campo, accept, type, icon, isDelProveedor }) => ({
    clave,
    nombre,
    accept,
    stored: { url: row[campo], type, ...(icon ? { icon } : {}) },
    canPick: isDelProveedor === forProveedor && canUpload,
  }));

interface DetalleProps {
  session: Session;
  row: PagoRow;
  onDone: () => void;
}

/**
 * /Pagos/Pago/:id (spec §2, §4, §5): the payment read-only with its files ('Cargado' or 'No cargado', 'Ver' when
 * present) and its invoices. A supplier uploads its complement's PDF and XML (checked here against the payment,
 * every message in one 30 s toast), an employee the comprobante de pago; 'Agregar' is disabled once the complement
 * is Aceptada or Cancelado. Success: the server's message for 3 s, then /Pagos. Issue 14: the complement the
 * supplier must issue ('Complemento esperado'), for both roles.
 */
function Detalle({ session, row, onDone }: DetalleProps) {
  const forProveedor = isProveedor(session);
  // Issue 23: a supplier uploads a complement only for a payment that needs one (not PUE-only).
  const canAdd = forProveedor ? canUploadComplemento(row) : canAddToPago(row);
  // Spec §5: a supplier uploads only with a complete registration (getProveedor answers its record).
  const proveedor = useProveedorPago(session, forProveedor && canAdd);
  const registro = proveedor.data?.[0] ?? null;
  const isRegistroPendiente = forProveedor && canAdd && proveedor.isPending;
  const isRegistroIncompleto = forProveedor && canAdd && !proveedor.isPending && registro === null;
  const canUpload = canAdd && !isRegistroPendiente && !isRegistroIncompleto;
  const [archivos, setArchivos] = useState<ArchivosElegidos>(SIN_ARCHIVOS);
  const post = usePostPago();
  const estatus = estatusComplemento(row);
  const { isSubmitting, isSaved, onSubmit } = useUploadSubmit({
    canSubmit: canUpload,
    review: async () =>
      forProveedor
        ? checkComplementoProveedor({
            session,
            row,
            proveedor: registro,
            archivos: { pdf: await readFile(archivos.pdf), xml: await readFile(archivos.xml) },
            base64: base64FromBytes,
          })
        : checkComprobanteEmpleado({
            session,
            row,
            comprobante: await readFile(archivos.comprobante),
            base64: base64FromBytes,
          }),
    send: post.mutateAsync,
    // Spec §8: the server's message when it answers; a postPago that fails at network level is only logged.
    notifyErrors: notifyErrorList,
    onCallFailed: (error) => console.error("No se pudo consumir el servicio postPago", error),
    onDone,
  });
  const pickFile = (clave: ArchivoClave, file: File | null) =>
    setArchivos((current) => ({ ...current, [clave]: file }));

  const title = forProveedor
    ? `Registar documentos del pago #${row.DocNum}`
    : `Registo del comprobante del pago #${row.DocNum}`;

  return (
    <>
      <ScreenTitle>{title}</ScreenTitle>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="lg">
          <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput label="Razón social" value={row.NomSociedad} readOnly />
              <TextInput label="Proveedor" value={row.CardName} readOnly />
              <TextInput label="Pago" value={String(row.DocNum)} readOnly />
              <TextInput label="Fecha de pago" value={row.DocDate} readOnly />
              <TextInput label="Forma de pago" value={row.PymntGroup} readOnly />
              <TextInput label="Total" value={formatImporte(row.DocTotal, row.DocCur)} readOnly />
              <TextInput label="UUID del complemento" value={row.U_SYS_PMUUID} readOnly />
              <TextInput label="Fecha de carga del complemento" value={row.U_SYS_PMFECA ?? ""} readOnly />
              <TextInput label="Estatus del complemento" value={estatus} readOnly />
            </SimpleGrid>
            {row.Comentarios?.trim() ? (
              <Textarea label="Comentarios" value={row.Comentarios} readOnly rows={2} mt="sm" />
            ) : null}
            {estatus === "No requiere complemento" ? (
              <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} mt="sm">
                {SIN_COMPLEMENTO_EXPLICACION}
              </Alert>
            ) : null}
            {row.ComplementoVencido ? (
              <Group mt="sm">
                <ComplementoVencidoBadge />
              </Group>
            ) : null}
            <Group mt="sm">
              <EstadoSatBadges row={row} />
            </Group>

            <FileRows
              rows={paymentFileRows(row, forProveedor, canUpload)}
              files={archivos}
              onPick={pickFile}
              isDisabled={isSubmitting || isSaved}
              labelWidth={170}
              warning={
                isRegistroIncompleto
                  ? { text: proveedor.isError ? MSG.errorInterno : MSG.registroIncompletoPagos, role: "alert" }
                  : null
              }
            >
              {isRegistroPendiente ? <Loader size="sm" role="status" aria-label="Cargando" mb="sm" /> : null}
            </FileRows>
            {forProveedor && canUpload ? <CfdiPruebaComplemento session={session} row={row} onPick={pickFile} /> : null}
          </Paper>

          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
            <FacturasDelPago detalle={row.Detalle} moneda={row.DocCur} />
          </Paper>

          <ComplementoEsperadoPanel operator={session} bd={row.U_SYS_PMSNBD} pagoSap={row.DocNum} />

          {row.IdPago !== null ? <HistorialPago operator={session} idPago={row.IdPago} /> : null}

          <FormActions
            submitLabel="Agregar"
            icon={<IconPlus size={18} aria-hidden />}
            onBack={onDone}
            isPending={isSubmitting}
            isSubmitDisabled={!canUpload || isSubmitting || isSaved}
          />
        </Stack>
      </form>
    </>
  );
}

/** 'Historial' of the complement (issue 23): its uploads, corrections and decisions, in words. */
function HistorialPago({ operator, idPago }: { operator: Session; idPago: number }) {
  const historial = useHistorialPago(operator, idPago);
  return <HistorialSection isPending={historial.isPending} entradas={historial.data ?? []} />;
}

/** /Pagos/Pago/:id: the :id-th row of the loaded list; without it, back to /Pagos (spec §2). */
export function PagoDetalle({ fila, ...props }: Omit<DetalleProps, "row"> & { fila: number }) {
  const row = pagosList.useLoadedRow(props.session, fila);
  if (!row) return <Navigate to="/Pagos" replace />;
  return <Detalle key={`${row.U_SYS_PMSNBD}:${row.DocEntry}`} row={row} {...props} />;
}
