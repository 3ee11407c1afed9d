import { useForm } from "@mantine/form";
import { MSG, type ProveedorRow } from "@portal/contracts";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { notifySaveError, useSaveCompletion } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { useSentCorreo, useUpdateProveedor } from "../api";
import {
  buildSentCorreoRequest,
  buildUpdateProveedorRequest,
  type ProveedorFormValues,
  proveedorFormFromRow,
  proveedorFormRole,
  validateProveedorForm,
} from "../proveedor-form-logic";

/**
 * State of the supplier detail: the reader's role, the form and the submit that updates the supplier and,
 * after an administrator's update, notifies the supplier by mail (spec §7, §8).
 */
export function useProveedorDetail(session: Session, row: ProveedorRow, onDone: () => void) {
  const role = proveedorFormRole(session);
  const isAdmin = role === "administrador";
  const isReadOnly = role === "consulta";
  const update = useUpdateProveedor();
  const sentCorreo = useSentCorreo();
  const { isSaved, complete } = useSaveCompletion(onDone);

  const form = useForm<ProveedorFormValues>({
    mode: "controlled",
    initialValues: proveedorFormFromRow(row),
    validate: (values) => validateProveedorForm(values, role),
  });

  const submit = (values: ProveedorFormValues) => {
    if (isReadOnly || isSaved) return;
    const built = buildUpdateProveedorRequest(row, values, role);
    if (!built.ok) {
      form.setErrors(built.errors);
      // Spec §5: each missing required document blocks the update with its message.
      for (const message of built.messages) notifyError(message);
      return;
    }
    update.mutate(built.request, {
      onSuccess: () => {
        complete((onClose) => notifySuccess(MSG.proveedorActualizado, undefined, onClose));
        // Spec §7, §8: after an administrator's update the supplier is notified; a failure is shown too.
        if (isAdmin) {
          sentCorreo.mutate(buildSentCorreoRequest(built.request, row), {
            onError: (error) => notifySaveError(error, "No se pudo notificar al proveedor"),
          });
        }
      },
      onError: (error) => notifySaveError(error, "No se pudo actualizar el proveedor"),
    });
  };

  return { role, form, submit, isPending: update.isPending, isSaved };
}
