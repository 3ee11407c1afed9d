import { Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { base64FromBytes, formatAmount } from "@portal/cfdi";
import type { FacturaRow } from "@portal/contracts";
import { Navigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { EstadoSatBadges } from "../../../components/estado-sat";
import { FileRows } from "../../../components/file-rows";
import { FormActions } from "../../../components/form-actions";
import type { Operator } from "../../../lib/list-query";
import { notifyErrorList } from "../../../lib/notify-list";
import { isProveedor } from "../../../lib/permissions";
import { readFiles } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { useUploadSubmit } from "../../../lib/use-upload-submit";
import { facturasList, useEntradasDeFactura, usePatchFactura, useProveedorFactura } from "../api";
import { avisoSustitucion, canLiftBlock, canRetryBlock } from "../bloqueo-pago";
import {
  canUpdateFactura,
  canUploadArchivos,
  checkUpdate,
  entradaRefsDeFila,
  entradasDeFila,
  estadoErp,
  estatusFactura,
  estatusPago,
  fechaMostrada,
  isFacturaDePedido,
  saldoMostrado,
} from "../factura-logic";
import { type ArchivoClave, type ArchivosElegidos, invoiceFileRows, SIN_ARCHIVOS } from "./archivos-factura";
import { BloqueoPagoLinea } from "./bloqueo-pago-linea";
import { EstadoErp } from "./estado-erp";
import { FECHA_PROBABLE_PAGO_AYUDA } from "./facturas-columns";
import { HistorialFacturaSection } from "./historial-factura";
import { entradaConParte, LineasFacturadas } from "./lineas-facturadas";
import { SaldoMovimientos } from "./saldo-movimientos";

/**
 * The 'Reintentar' action of the ERP state, given by the route to the employees who may ask for it (it belongs
 * to the pending-invoices review, which this feature does not import).
 */
export type RenderReintentarErp = (row: FacturaRow) => ReactNode;
/**
 * Issue 36 (decision 038): the 'Quitar bloqueo de pago' action beside a blocked payment, given by the route to the
 * employees of accounts payable (the pendientes access), like 'Reintentar'.
 */
export type RenderQuitarBloqueo = (row: FacturaRow) => ReactNode;
/**
 * Decision 054: the invoice's credit notes (issue 27), a section the route puts in this slot, so this feature does
 * not import the credit notes' (which import the invoices').
 */
export type RenderNotasCredito = (row: FacturaRow) => ReactNode;

interface DetalleProps {
  session: Session;
  row: FacturaRow;
  onDone: () => void;
  renderReintentarErp?: RenderReintentarErp;
  renderQuitarBloqueo?: RenderQuitarBloqueo;
  /** Issue 36: the 'Reintentar' of the payment block's ERP job, likewise given by the route. */
  renderReintentarBloqueoErp?: RenderReintentarErp;
  renderNotasCredito?: RenderNotasCredito;
}

/**
 * The invoice's fields read-only, its SAT marks, payment block, substitution notes (issue 36, decision 038: the
 * warning only for employees) and comments.
 */
function DatosFactura({
  row,
  operator,
  forProveedor,
  renderQuitarBloqueo,
  renderReintentarBloqueoErp,
}: Pick<DetalleProps, "row" | "renderQuitarBloqueo" | "renderReintentarBloqueoErp"> & {
  operator: Operator;
  forProveedor: boolean;
}) {
  const docNums = entradasDeFila(row);
  // Issue 39 (decision 058): the balance and what made it.
  const saldo = saldoMostrado(row);
  // Issue 36 (decision 038): for employees, the warning of a CFDI naming a blocked invoice with TipoRelacion 04.
  const aviso = forProveedor ? "" : avisoSustitucion(row);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label="Razón social" value={row.NomSociedad} readOnly />
        <TextInput label="Proveedor" value={row.CardName} readOnly />
        <TextInput label="Folio" value={row.FolioFactura} readOnly />
        <TextInput label="Fecha" value={fechaMostrada(row.FechaFactura)} readOnly />
        <TextInput label="Estatus" value={estatusFactura(row)} readOnly />
        <TextInput
          label={docNums.length > 1 ? "Entradas" : "Entrada"}
          value={entradaConParte(row, docNums.join(", "))}
          readOnly
        />
        <TextInput label="Estatus del pago" value={estatusPago(row)} readOnly />
        <TextInput label="Fecha pago" value={fechaMostrada(row.FechaPago)} readOnly />
        {saldo ? (
          <TextInput
            label="Saldo"
            value={`${formatAmount(saldo.saldo)} ${row.DocCur}`}
            description={saldo.detalle}
            readOnly
          />
        ) : null}
        {row.TentativaPago ? (
          <TextInput
            label="Tentativa de pago"
            description="La fecha de la factura más los días de crédito, antes de moverla al día de pago."
            value={fechaMostrada(row.TentativaPago)}
            readOnly
          />
        ) : null}
        {row.FechaProbablePago ? (
          <TextInput
            label="Fecha probable de pago"
            description={FECHA_PROBABLE_PAGO_AYUDA}
            value={fechaMostrada(row.FechaProbablePago)}
            readOnly
          />
        ) : null}
        {row.FolioSAP == null ? null : <TextInput label="Folio SAP" value={String(row.FolioSAP)} readOnly />}
      </SimpleGrid>
      <LineasFacturadas row={row} />
      {/* Issue 39: what made the balance, line by line (only an accepted invoice is paid or credited). */}
      {saldo && row.EstatusFactura === "A" ? <SaldoMovimientos operator={operator} row={row} /> : null}
      <Group mt="sm">
        <EstadoSatBadges row={row} />
      </Group>
      {forProveedor ? null : (
        <BloqueoPagoLinea
          row={row}
          accion={canRetryBlock(row) && renderReintentarBloqueoErp ? renderReintentarBloqueoErp(row) : null}
        />
      )}
      {!forProveedor && renderQuitarBloqueo && canLiftBlock(row) ? (
        <Group mt="xs">{renderQuitarBloqueo(row)}</Group>
      ) : null}
      {aviso ? (
        <Text size="sm" c="orange.9" fw={500} mt="xs" data-aviso-sustitucion>
          {aviso}
        </Text>
      ) : null}
      {row.SustituidaPor ? (
        <Text size="sm" c="gray.8" mt="xs" data-sustitucion>
          Sustituida por la factura {row.SustituidaPor}, que tomó su factura de proveedor en el ERP.
        </Text>
      ) : null}
      {row.SustituyeA ? (
        <Text size="sm" c="gray.8" mt="xs" data-sustitucion>
          Sustituye a la factura {row.SustituyeA} y toma su factura de proveedor en el ERP.
        </Text>
      ) : null}
      <Textarea label="Comentarios" value={row.Comentarios} readOnly rows={3} mt="sm" />
    </>
  );
}

/**
 * 'Datos generales' (spec §2, §4): the invoice's fields read-only; each file 'Cargado' or 'No cargado' with 'Ver'
 * when present and, while the invoice is not Aceptada, a 'cargar' picker; 'Actualizar' (disabled once Aceptada
 * or Cancelado) sends patchfactura with only the files picked. Only the supplier that owns it may update it.
 * Issue 13: 'Folio SAP' once the ERP's A/P invoice exists; employees also see the ERP state with its message.
 */
function Detalle({
  session,
  row,
  onDone,
  renderReintentarErp,
  renderQuitarBloqueo,
  renderReintentarBloqueoErp,
  renderNotasCredito,
}: DetalleProps) {
  const forProveedor = isProveedor(session);
  // Suppliers see only the Folio SAP: the ERP's messages are for employees (the server sends them '' anyway).
  const erp = forProveedor ? null : estadoErp(row);
  const canUpload = forProveedor && canUploadArchivos(row);
  const canUpdate = forProveedor && canUpdateFactura(row);
  const [archivos, setArchivos] = useState<ArchivosElegidos>(SIN_ARCHIVOS);
  // The cross checks of a new XML need the supplier and the invoice's receipts (spec §5, update form; issue 27).
  const proveedor = useProveedorFactura(session, canUpdate);
  // Decision 077: an invoice billing order lines has no receipt to load; the server compares it with its part.
  const dePedido = isFacturaDePedido(row);
  const entradas = useEntradasDeFactura(
    session,
    canUpdate && !dePedido ? row.BD : null,
    dePedido ? [] : entradaRefsDeFila(row),
  );
  const patch = usePatchFactura();
  const { isSubmitting, isSaved, onSubmit } = useUploadSubmit({
    canSubmit: canUpdate,
    review: async () =>
      checkUpdate({
        session,
        row,
        proveedor: proveedor.data?.[0] ?? null,
        entradas,
        archivos: await readFiles(archivos),
        base64: base64FromBytes,
      }),
    send: patch.mutateAsync,
    notifyErrors: notifyErrorList,
    // Spec §8: a patchfactura that fails at network level is only logged.
    onCallFailed: (error) => console.error("No se pudo consumir el servicio patchfactura", error),
    onDone,
  });
  const pickFile = (clave: ArchivoClave, file: File | null) =>
    setArchivos((current) => ({ ...current, [clave]: file }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Datos generales">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <DatosFactura
            row={row}
            operator={session}
            forProveedor={forProveedor}
            renderQuitarBloqueo={renderQuitarBloqueo}
            renderReintentarBloqueoErp={renderReintentarBloqueoErp}
          />

          {erp ? (
            <section aria-labelledby="erp-titulo">
              <Title order={2} fz="md" c="gray.8" mt="xl" mb="sm" id="erp-titulo">
                ERP
              </Title>
              <EstadoErp estado={erp} accion={erp.canRetry && renderReintentarErp ? renderReintentarErp(row) : null} />
            </section>
          ) : null}

          <FileRows
            rows={invoiceFileRows(row, canUpload)}
            files={archivos}
            onPick={pickFile}
            isDisabled={isSubmitting || isSaved}
            labelWidth={90}
          />
        </Paper>

        <HistorialFacturaSection operator={session} idFactura={row.IdFactura} />
        {renderNotasCredito?.(row)}

        <FormActions
          submitLabel="Actualizar"
          onBack={onDone}
          isPending={isSubmitting}
          isSubmitDisabled={!canUpdate || isSubmitting || isSaved}
        />
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
