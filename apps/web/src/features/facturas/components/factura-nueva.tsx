import { Alert, Anchor, Center, Loader, Paper, Stack } from "@mantine/core";
import { CFDI_PRUEBA_MSG, FACTURA_PEDIDO_MSG, MSG, type ProveedorResumen } from "@portal/contracts";
import { IconAlertTriangle, IconPlus } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { type Campo, Campos } from "../../../components/campos";
import { FileRows } from "../../../components/file-rows";
import { FormActions } from "../../../components/form-actions";
import type { Session } from "../../../lib/session";
import { CfdiPruebaButton, pickInto, solicitudFactura } from "../../cfdi-prueba/cfdi-prueba-button";
import { useProveedorFactura } from "../api";
import { lineasDeLaParte } from "../entrada-partes";
import { invoiceFileRows } from "./archivos-factura";
import { FacturaExtranjeraForm } from "./factura-extranjera";
import { camposEntrada, DatosEntradaSection, EntradaPickers, sumaEntradas } from "./factura-nueva-entradas";
import { PartesEntradaSection } from "./factura-nueva-partes";
import { useFacturaNueva } from "./use-factura-nueva";

/** The new invoice's rows: its three pickers. */
const FILAS_NUEVA = invoiceFileRows(null, true);

export { type Campo, Campos, camposEntrada, sumaEntradas };

/**
 * 'Registro de la facturación' (spec §2, §4, §5): choosing a sociedad clears the receipts and the three files
 * and reloads the receipts, and the form says so (issue 23); issue 40 (decision 064): changing the receipts keeps
 * the files while the XML still matches them, and clears them saying why when it no longer does. Receipts read
 * 'number · reference · date · total', newest first, searchable; an XML picked before any receipt proposes the
 * receipt it matches, or the set of receipts whose sum is its total, and accepting keeps the files (decision 026);
 * several receipts show as one table with their sum; issue 42 (decision 074): the supplier may bill part of the
 * receipts, line by line, the quantities proposed from the XML's concepts. On 'Agregar' the browser runs the §5
 * checks (one 30 s toast listing every message with its values) and sends postFactura built from the XML it
 * read; the server checks everything again. Success: a 3 s toast, then /MisFacturas.
 */
function FacturaForm(props: { session: Session; proveedor: ProveedorResumen; onDone: () => void }) {
  const state = useFacturaNueva(props);
  const { quitados, isSubmitting, isSaved } = state;
  return (
    <form onSubmit={state.onSubmit} noValidate aria-label="Registro de la facturación">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <EntradaPickers state={state} />
          <FileRows
            key={state.pickerKey}
            warning={quitados ? { text: quitados } : null}
            rows={FILAS_NUEVA}
            files={state.archivos}
            onPick={state.pickFile}
            isDisabled={isSubmitting || isSaved}
            labelWidth={90}
          />
          {!state.partes.isOn && (
            <CfdiPruebaButton
              session={props.session}
              solicitud={solicitudFactura(state.bd, state.elegidas)}
              onFiles={pickInto(state.pickFile)}
              isDisabled={isSubmitting || isSaved}
              hint={CFDI_PRUEBA_MSG.faltanEntradas}
            />
          )}
        </Paper>
        <DatosEntradaSection elegidas={state.elegidas} />
        <PartesEntradaSection
          elegidas={state.elegidas}
          partes={state.partes}
          isDisabled={isSubmitting || isSaved}
          prueba={
            // Issue 42: billing a part, the test CFDI is the part's (the chosen lines and quantities).
            <CfdiPruebaButton
              session={props.session}
              solicitud={solicitudFactura(
                state.bd,
                state.elegidas,
                lineasDeLaParte(state.elegidas, state.partes.cantidades),
              )}
              onFiles={pickInto(state.pickFile)}
              isDisabled={isSubmitting || isSaved}
              hint={CFDI_PRUEBA_MSG.faltanCantidades}
            />
          }
        />
        <FormActions
          submitLabel="Agregar"
          icon={<IconPlus size={18} aria-hidden />}
          onBack={props.onDone}
          isPending={isSubmitting}
          isSubmitDisabled={isSubmitting || isSaved}
        />
      </Stack>
    </form>
  );
}

/**
 * /MisFacturas/Factura/Nuevo: the form only when the supplier's registration is complete (getProveedor gives
 * its record); otherwise the spec's message (§5).
 */
export function FacturaNueva({ session, onDone }: { session: Session; onDone: () => void }) {
  const proveedor = useProveedorFactura(session);
  if (proveedor.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando" />
      </Center>
    );
  }
  const registro = proveedor.data?.[0];
  if (!registro) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {proveedor.isError ? MSG.errorInterno : MSG.registroIncompletoFacturas}
      </Alert>
    );
  }
  return (
    <>
      {/* Issue 42 part 2 (decision 076): services billed against the purchase order, without a receipt; a foreign
          supplier's too (decision 073, amendment of 2026-11-29). */}
      <Anchor component={Link} to="/MisFacturas/Servicios" size="sm" mb="sm" display="inline-block">
        {FACTURA_PEDIDO_MSG.enlaceForm}
      </Anchor>
      {/* Issue 42 part 1 (decision 073): a foreign supplier invoices without CFDI, a PDF and its data. */}
      {registro.Tipo === "extranjero" ? (
        <FacturaExtranjeraForm session={session} proveedor={registro} onDone={onDone} />
      ) : (
        <FacturaForm session={session} proveedor={registro} onDone={onDone} />
      )}
    </>
  );
}
