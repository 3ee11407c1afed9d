import { Alert, Checkbox, Paper, Stack } from "@mantine/core";
import type { EmpleadoRow } from "@portal/contracts";
import { IconLock } from "@tabler/icons-react";
import { FormActions } from "../../../components/form-actions";
import { isAdministrador } from "../../../lib/permissions";
import type { Session } from "../../../lib/session";
import { EMPLEADO_LABELS as L } from "../empleado-form-logic";
import { AccesoSection, DatosEmpleadoSection } from "./empleado-form-sections";
import { EstatusEmpleadoAction } from "./estatus-empleado-action";
import { SegundoFactorEmpleadoAction } from "./segundo-factor-empleado-action";
import { useEmpleadoForm } from "./use-empleado-form";

export interface EmpleadoFormProps {
  session: Session;
  /** The employee being edited, or null for a new one (route id Nuevo). */
  row: EmpleadoRow | null;
  /** /Perfil: the signed-in employee's own record (no pending-documents checkbox, spec §5, §6). */
  isProfile?: boolean;
  /** Where the user goes once the success message closes (the catalogue, or /Home from the profile). */
  onDone: () => void;
}

/**
 * Employee form (spec §2, §3, §4, §5). Crear for a new employee, Actualizar otherwise. A general employee
 * sees it read-only with the button disabled (spec §6). The status is chosen only when creating (afterwards an
 * administrator uses Desactivar / Activar, issue 22); the password is write-only on update (blank keeps the
 * current one).
 */
export function EmpleadoForm({ session, row, isProfile = false, onDone }: EmpleadoFormProps) {
  const isReadOnly = !isAdministrador(session);
  const canSetViDocPen = isAdministrador(session) && !isProfile;
  // Issue 22: the status stays locked in the form (spec §4); administrators change it with its own action.
  const canChangeEstatus = isAdministrador(session) && !isProfile && row !== null;
  const { form, mode, submit, isPending, isSaved, isPasswordBlocking } = useEmpleadoForm({
    row,
    isReadOnly,
    canSetViDocPen,
    onDone,
  });

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={960}>
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label={isProfile ? "Perfil del empleado" : "Empleado"}>
        <Stack gap="lg">
          {isReadOnly ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
              Consulta: solo un administrador puede modificar los empleados.
            </Alert>
          ) : null}
          <DatosEmpleadoSection form={form} mode={mode} isReadOnly={isReadOnly} row={row} />
          {canChangeEstatus ? (
            <EstatusEmpleadoAction
              usuario={row.IdEmpleado}
              estatus={form.values.Estatus === "I" ? "I" : "A"}
              onChanged={(estatus) => form.setFieldValue("Estatus", estatus)}
            />
          ) : null}
          {canChangeEstatus ? <SegundoFactorEmpleadoAction usuario={row.IdEmpleado} /> : null}
          <AccesoSection form={form} mode={mode} isReadOnly={isReadOnly} />
          {canSetViDocPen ? (
            <Checkbox
              label={L.ViDocPen}
              description="Facturas pendientes y complementos de pago pendientes."
              {...form.getInputProps("ViDocPen", { type: "checkbox" })}
            />
          ) : null}
          {canSetViDocPen ? (
            <Checkbox
              label={L.ApruebaCuentas}
              description="Solicitudes de cambio de cuenta bancaria de los proveedores (nunca las que capturó el mismo empleado)."
              {...form.getInputProps("ApruebaCuentas", { type: "checkbox" })}
            />
          ) : null}
          {canSetViDocPen ? (
            <Checkbox
              label={L.ConciliaSat}
              description="La pantalla Conciliación SAT: los CFDI que el SAT registra como recibidos frente a los del portal y SAP."
              {...form.getInputProps("ConciliaSat", { type: "checkbox" })}
            />
          ) : null}
          <FormActions
            submitLabel={mode === "crear" ? "Crear" : "Actualizar"}
            onBack={onDone}
            isPending={isPending}
            isSubmitDisabled={isReadOnly || isSaved || isPasswordBlocking}
          />
        </Stack>
      </form>
    </Paper>
  );
}
