import { useForm } from "@mantine/form";
import { MSG, type SociedadRow } from "@portal/contracts";
import { useState } from "react";
import { notifySuccess } from "../../../lib/notify";
import { readPdfUpload } from "../../../lib/pdf-upload";
import { notifySaveError, useSaveCompletion } from "../../../lib/save-feedback";
import { useCreateSociedad, useUpdateSociedad } from "../api";
import {
  buildCreateSociedadRequest,
  buildUpdateSociedadRequest,
  emptySociedadForm,
  type FormMode,
  type SociedadFormValues,
  sociedadFormFromRow,
  validateSociedadForm,
} from "../sociedad-form-logic";

interface SociedadFormOptions {
  row: SociedadRow | null;
  isReadOnly: boolean;
  onDone: () => void;
}

/**
 * State of the company form: its values and validation, the tax-situation PDF picked (checked as a PDF by its
 * signature as soon as it is picked) and the submit that creates or updates the company.
 */
export function useSociedadForm({ row, isReadOnly, onDone }: SociedadFormOptions) {
  const mode: FormMode = row ? "actualizar" : "crear";
  const hasStoredCarta = Boolean(row?.Constancia);
  const create = useCreateSociedad();
  const update = useUpdateSociedad();
  const { isSaved, complete } = useSaveCompletion(onDone);
  const [file, setFile] = useState<File | null>(null);
  const [isReading, setIsReading] = useState(false);

  const form = useForm<SociedadFormValues>({
    mode: "controlled",
    initialValues: row ? sociedadFormFromRow(row) : emptySociedadForm(),
    validate: (values) => validateSociedadForm(values, { mode, hasStoredCarta }),
  });

  const pickCarta = async (picked: File | null) => {
    form.clearFieldError("CartaSituacionFiscal");
    if (!picked) {
      setFile(null);
      form.setFieldValue("CartaSituacionFiscal", null);
      return;
    }
    setIsReading(true);
    try {
      const result = await readPdfUpload(picked);
      if (result.ok) {
        setFile(picked);
        form.setFieldValue("CartaSituacionFiscal", result.upload);
      } else {
        setFile(null);
        form.setFieldValue("CartaSituacionFiscal", null);
        form.setFieldError("CartaSituacionFiscal", result.error);
      }
    } finally {
      setIsReading(false);
    }
  };

  const submit = (values: SociedadFormValues) => {
    if (isReadOnly || isSaved) return;
    const onError = (error: unknown) => notifySaveError(error, "No se pudo guardar la sociedad");
    if (!row) {
      const built = buildCreateSociedadRequest(values);
      if (!built.ok) return form.setErrors(built.errors);
      create.mutate(built.request, {
        onSuccess: () => complete((onClose) => notifySuccess(MSG.sociedadCreada, undefined, onClose)),
        onError,
      });
      return;
    }
    const built = buildUpdateSociedadRequest(values, { fila: row.Fila, idSociedad: row.IdSociedad, hasStoredCarta });
    if (!built.ok) return form.setErrors(built.errors);
    update.mutate(built.request, {
      onSuccess: () => complete((onClose) => notifySuccess(MSG.sociedadActualizada, undefined, onClose)),
      onError,
    });
  };

  const isPending = create.isPending || update.isPending;
  return { form, mode, hasStoredCarta, file, isReading, pickCarta, submit, isPending, isSaved };
}

export type SociedadFormState = ReturnType<typeof useSociedadForm>;
