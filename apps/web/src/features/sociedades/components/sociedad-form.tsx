import { Alert, Paper, Stack } from "@mantine/core";
import type { SociedadRow } from "@portal/contracts";
import { IconLock } from "@tabler/icons-react";
import { FormActions } from "../../../components/form-actions";
import { isAdministrador } from "../../../lib/permissions";
import type { Session } from "../../../lib/session";
import { EfirmaSection } from "./efirma-section";
import {
  ConexionSapSection,
  ConstanciaSection,
  DatosFiscalesSection,
  RetencionesSection,
} from "./sociedad-form-sections";
import { useSociedadForm } from "./use-sociedad-form";

export interface SociedadFormProps {
  session: Session;
  /** The company being edited, or null for a new one (route id Nuevo). */
  row: SociedadRow | null;
  /** Back to the catalogue (also once the success message closes). */
  onDone: () => void;
}

/**
 * Company form (spec §2, §3, §4, §5): Crear for a new company, Actualizar otherwise; read-only with the
 * button disabled for a general employee (spec §6). The SAP database field is unlocked by its checkbox;
 * the tax-situation PDF is required ('Debe cargar la carta de situación fiscal') and checked as a PDF by
 * its signature as soon as it is picked.
 */
export function SociedadForm({ session, row, onDone }: SociedadFormProps) {
  const isReadOnly = !isAdministrador(session);
  const state = useSociedadForm({ row, isReadOnly, onDone });
  const { form, mode, isReading, isSaved } = state;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={960}>
        <form onSubmit={form.onSubmit(state.submit)} noValidate aria-label="Sociedad">
          <Stack gap="lg">
            {isReadOnly ? (
              <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
                Consulta: solo un administrador puede modificar las sociedades.
              </Alert>
            ) : null}
            <DatosFiscalesSection form={form} isReadOnly={isReadOnly} />
            <ConexionSapSection form={form} isReadOnly={isReadOnly} mode={mode} />
            <ConstanciaSection
              form={form}
              isReadOnly={isReadOnly}
              mode={mode}
              row={row}
              hasStoredCarta={state.hasStoredCarta}
              file={state.file}
              isReading={isReading}
              onPick={(picked) => void state.pickCarta(picked)}
            />
            <RetencionesSection form={form} isReadOnly={isReadOnly} />
            <FormActions
              submitLabel={mode === "crear" ? "Crear" : "Actualizar"}
              onBack={onDone}
              isPending={state.isPending}
              isSubmitDisabled={isReadOnly || isSaved || isReading}
            />
          </Stack>
        </form>
      </Paper>
      {/* Issue 43: the e.firma is uploaded on its own (its own call), once the sociedad exists. */}
      {row ? <EfirmaSection row={row} isAdmin={!isReadOnly} /> : null}
    </Stack>
  );
}
