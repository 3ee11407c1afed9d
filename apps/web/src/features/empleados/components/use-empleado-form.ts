import { useForm } from "@mantine/form";
import { type EmpleadoRow, MSG } from "@portal/contracts";
import { notifyEmployeeSuccess } from "../../../lib/notify";
import { notifySaveError, useSaveCompletion } from "../../../lib/save-feedback";
import { useCreateEmpleado, useUpdateEmpleado } from "../api";
import {
  buildCreateEmpleadoRequest,
  buildUpdateEmpleadoRequest,
  type EmpleadoFormValues,
  empleadoFormFromRow,
  emptyEmpleadoForm,
  type FormMode,
  isPasswordAcceptable,
  validateEmpleadoForm,
} from "../empleado-form-logic";

interface EmpleadoFormOptions {
  row: EmpleadoRow | null;
  isReadOnly: boolean;
  /** Whether the pending-documents checkbox is sent (an administrator outside the profile, spec §5, §6). */
  canSetViDocPen: boolean;
  onDone: () => void;
}

/** State of the employee form: its values and validation and the submit that creates or updates the employee. */
export function useEmpleadoForm({ row, isReadOnly, canSetViDocPen, onDone }: EmpleadoFormOptions) {
  const mode: FormMode = row ? "actualizar" : "crear";
  const create = useCreateEmpleado();
  const update = useUpdateEmpleado();
  const { isSaved, complete } = useSaveCompletion(onDone);

  const form = useForm<EmpleadoFormValues>({
    mode: "controlled",
    initialValues: row ? empleadoFormFromRow(row) : emptyEmpleadoForm(),
    validate: (values) => validateEmpleadoForm(values, mode),
    validateInputOnChange: ["Contraseña"],
  });

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

  const isPending = create.isPending || update.isPending;
  const isPasswordBlocking = !isPasswordAcceptable(form.values.Contraseña, mode) && form.values.Contraseña !== "";
  return { form, mode, submit, isPending, isSaved, isPasswordBlocking };
}
