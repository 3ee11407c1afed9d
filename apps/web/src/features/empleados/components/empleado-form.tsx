import {
  Alert,
  Checkbox,
  Divider,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { type EmpleadoRow, MSG, TIPO_EMPLEADO } from "@portal/contracts";
import { IconEye, IconEyeOff, IconLock } from "@tabler/icons-react";
import { useId, useMemo } from "react";
import { FormActions } from "../../../components/form-actions";
import { ESTATUS_ACTIVO_OPCIONES, readOnly } from "../../../lib/form-fields";
import { notifyEmployeeSuccess } from "../../../lib/notify";
import { isAdministrador } from "../../../lib/permissions";
import { notifySaveError, useSaveCompletion } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { useAreas, useCreateEmpleado, useUpdateEmpleado } from "../api";
import {
  buildCreateEmpleadoRequest,
  buildUpdateEmpleadoRequest,
  type EmpleadoFormValues,
  empleadoFormFromRow,
  emptyEmpleadoForm,
  type FormMode,
  isPasswordAcceptable,
  EMPLEADO_LABELS as L,
  validateEmpleadoForm,
} from "../empleado-form-logic";
import { EstatusEmpleadoAction } from "./estatus-empleado-action";

const ROLES = [
  { value: "A", label: TIPO_EMPLEADO.A },
  { value: "G", label: TIPO_EMPLEADO.G },
];

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
  const mode: FormMode = row ? "actualizar" : "crear";
  const isReadOnly = !isAdministrador(session);
  const canSetViDocPen = isAdministrador(session) && !isProfile;
  // Issue 22: the status stays locked in the form (spec §4); administrators change it with its own action.
  const canChangeEstatus = isAdministrador(session) && !isProfile && row !== null;
  const areas = useAreas();
  const create = useCreateEmpleado();
  const update = useUpdateEmpleado();
  const { isSaved, complete } = useSaveCompletion(onDone);
  const passwordId = useId();

  const form = useForm<EmpleadoFormValues>({
    mode: "controlled",
    initialValues: row ? empleadoFormFromRow(row) : emptyEmpleadoForm(),
    validate: (values) => validateEmpleadoForm(values, mode),
    validateInputOnChange: ["Contraseña"],
  });

  const areaOptions = useMemo(() => {
    const options = (areas.data ?? []).map((area) => ({ value: String(area.IdArea), label: area.Nombre }));
    // Until the areas arrive (or if they fail), the current area still shows by name.
    if (row && !options.some((option) => option.value === String(row.IdArea))) {
      options.push({ value: String(row.IdArea), label: row.Area });
    }
    return options;
  }, [areas.data, row]);

  const isPending = create.isPending || update.isPending;
  const isPasswordBlocking = !isPasswordAcceptable(form.values.Contraseña, mode) && form.values.Contraseña !== "";

  const submit = (values: EmpleadoFormValues) => {
    if (isReadOnly || isSaved) return;
    const onError = (error: unknown) => notifySaveError(error, "No se pudo guardar el empleado");
    if (!row) {
      const built = buildCreateEmpleadoRequest(values, { canSetViDocPen });
      if (!built.ok) return form.setErrors(built.errors);
      create.mutate(built.request, {
        onSuccess: () => complete((onClose) => notifyEmployeeSuccess(MSG.empleadoCreado, onClose)),
        onError,
      });
      return;
    }
    const built = buildUpdateEmpleadoRequest(values, { canSetViDocPen, fila: row.Fila });
    if (!built.ok) return form.setErrors(built.errors);
    update.mutate(built.request, {
      onSuccess: () => complete((onClose) => notifyEmployeeSuccess(MSG.empleadoActualizado, onClose)),
      onError,
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={960}>
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label={isProfile ? "Perfil del empleado" : "Empleado"}>
        <Stack gap="lg">
          {isReadOnly ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
              Consulta: solo un administrador puede modificar los empleados.
            </Alert>
          ) : null}

          <div>
            <Title order={2} fz="md" c="gray.8">
              Datos del empleado
            </Title>
            <Text size="sm" c="dimmed">
              Los campos marcados con * son obligatorios.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={L.Usuario}
              required
              autoComplete="off"
              spellCheck={false}
              // Usuario identifies the employee on update, so it is fixed once created.
              {...readOnly(isReadOnly || mode === "actualizar")}
              {...form.getInputProps("Usuario")}
            />
            <Select
              label={L.RolEmpleado}
              required
              data={ROLES}
              {...readOnly(isReadOnly)}
              allowDeselect={false}
              placeholder="Seleccione"
              {...form.getInputProps("RolEmpleado")}
            />
            <TextInput label={L.Nombre} required {...readOnly(isReadOnly)} {...form.getInputProps("Nombre")} />
            <TextInput label={L.Apellidos} required {...readOnly(isReadOnly)} {...form.getInputProps("Apellidos")} />
            <TextInput
              label={L.Correo}
              type="email"
              required
              autoComplete="off"
              {...readOnly(isReadOnly)}
              {...form.getInputProps("Correo")}
            />
            <Select
              label={L.Area}
              required
              data={areaOptions}
              {...readOnly(isReadOnly)}
              allowDeselect={false}
              searchable
              nothingFoundMessage="Sin resultados"
              placeholder={areas.isPending ? "Cargando áreas…" : "Seleccione"}
              {...form.getInputProps("Area")}
            />
            <Select
              label={L.Estatus}
              required
              data={ESTATUS_ACTIVO_OPCIONES}
              // Spec §4: selectable only when creating; locked afterwards.
              {...readOnly(isReadOnly || mode === "actualizar")}
              allowDeselect={false}
              {...form.getInputProps("Estatus")}
            />
          </SimpleGrid>
          {canChangeEstatus ? (
            <EstatusEmpleadoAction
              usuario={row.IdEmpleado}
              estatus={form.values.Estatus === "I" ? "I" : "A"}
              onChanged={(estatus) => form.setFieldValue("Estatus", estatus)}
            />
          ) : null}

          <Divider />
          <Title order={2} fz="md" c="gray.8">
            Acceso
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <PasswordInput
              id={passwordId}
              label={L.Contraseña}
              required={mode === "crear"}
              {...readOnly(isReadOnly)}
              autoComplete="new-password"
              description={
                mode === "actualizar" ? "Déjela en blanco para conservar la actual." : "De 4 a 30 letras y números."
              }
              inputWrapperOrder={["label", "input", "description", "error"]}
              aria-invalid={form.errors.Contraseña ? true : undefined}
              aria-describedby={form.errors.Contraseña ? `${passwordId}-error` : undefined}
              visibilityToggleIcon={({ reveal }) =>
                reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
              }
              visibilityToggleButtonProps={{ "aria-label": undefined, title: "Mostrar u ocultar la contraseña" }}
              {...form.getInputProps("Contraseña")}
            />
          </SimpleGrid>
          {canSetViDocPen ? (
            <Checkbox
              label={L.ViDocPen}
              description="Facturas pendientes y complementos de pago pendientes."
              {...form.getInputProps("ViDocPen", { type: "checkbox" })}
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
