import { Button, Paper, Stack, Title } from "@mantine/core";
import type { ProveedorRow } from "@portal/contracts";
import { IconPlus } from "@tabler/icons-react";
import { FormActions } from "../../../components/form-actions";
import type { Session } from "../../../lib/session";
import { DatosGeneralesSection } from "./proveedor-datos-generales";
import { DocumentosSection, ProveedorAlerts, ProveedorHeader } from "./proveedor-detail-sections";
import { SociedadesProveedorTable } from "./sociedades-proveedor-table";
import { useProveedorDetail } from "./use-proveedor-detail";

export interface ProveedorDetailProps {
  session: Session;
  row: ProveedorRow;
  /** Where the user goes once the success message closes (the catalogue, or /Home from the profile). */
  onDone: () => void;
  /** The administrator's 'Agregar sociedad' (link a company); absent in profile mode. */
  onAgregarSociedad?: () => void;
}

/**
 * Supplier detail (spec §2): general data, documents and the supplier's companies. An administrator changes
 * the master data, the record status and its rejection reason (and the supplier is notified by mail); a
 * general employee only looks; the supplier (/Perfil, profile mode) updates its contact data and uploads its
 * documents, blocked while a required one is missing (spec §5).
 */
export function ProveedorDetail({ session, row, onDone, onAgregarSociedad }: ProveedorDetailProps) {
  const { role, form, submit, isPending, isSaved } = useProveedorDetail(session, row, onDone);
  const isReadOnly = role === "consulta";

  return (
    <Stack gap="lg">
      <ProveedorHeader row={row} />
      <ProveedorAlerts row={row} role={role} />

      <form
        onSubmit={form.onSubmit(submit)}
        noValidate
        aria-label={role === "proveedor" ? "Perfil del proveedor" : "Proveedor"}
      >
        <Stack gap="lg">
          <DatosGeneralesSection form={form} role={role} row={row} />
          <DocumentosSection row={row} form={form} role={role} isLocked={isPending || isSaved} />
          <FormActions
            submitLabel="Actualizar"
            onBack={onDone}
            isPending={isPending}
            isSubmitDisabled={isReadOnly || isSaved}
          />
        </Stack>
      </form>

      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="prov-socs">
        <Stack gap="md">
          <Title order={2} fz="md" c="gray.8" id="prov-socs">
            Sociedades
          </Title>
          <SociedadesProveedorTable
            sociedades={row.sociedades}
            actions={
              role === "administrador" && onAgregarSociedad ? (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAgregarSociedad}>
                  Agregar sociedad
                </Button>
              ) : null
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
