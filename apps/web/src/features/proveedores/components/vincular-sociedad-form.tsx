import { Alert, Badge, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MSG, type ProveedorRow } from "@portal/contracts";
import { IconLock, IconPlus } from "@tabler/icons-react";
import { useMemo } from "react";
import { FormActions } from "../../../components/form-actions";
import { notifySuccess } from "../../../lib/notify";
import { isAdministrador } from "../../../lib/permissions";
import { useSaveCompletion } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { useAddSociedad, useSociedadesOpciones } from "../api";
import { SOCIEDAD_LABEL, type VincularValues, validateVincularSociedad } from "../proveedor-form-logic";

interface VincularSociedadFormProps {
  session: Session;
  proveedor: ProveedorRow;
  /** Back to /Catalogo-Proveedores (also once the success message closes). */
  onDone: () => void;
}

/**
 * Link a company to a supplier (spec §2): one required company select from GET getSociedades and 'Agregar'.
 * On success the spec's message is shown and the user returns to the catalogue; on failure the form is
 * enabled again with no message (spec §8), the error only logged.
 */
export function LinkSociedadForm({ session, proveedor, onDone }: VincularSociedadFormProps) {
  const isReadOnly = !isAdministrador(session);
  const opciones = useSociedadesOpciones();
  const addSociedad = useAddSociedad();
  const { isSaved, complete } = useSaveCompletion(onDone);

  const form = useForm<VincularValues>({
    mode: "controlled",
    initialValues: { IdSociedad: "" },
    validate: validateVincularSociedad,
  });

  const data = useMemo(() => {
    const asignadas = new Set(proveedor.sociedades.map((sociedad) => sociedad.IdSociedad));
    return (opciones.data ?? []).map((opcion) => ({
      value: String(opcion.IdSociedad),
      label: asignadas.has(opcion.IdSociedad) ? `${opcion.NomSociedad} (ya asignada)` : opcion.NomSociedad,
      // Already linked companies are listed but cannot be picked again.
      disabled: asignadas.has(opcion.IdSociedad),
    }));
  }, [opciones.data, proveedor.sociedades]);

  const submit = (values: VincularValues) => {
    if (isReadOnly || isSaved) return;
    addSociedad.mutate(
      { CardCode: proveedor.CardCode, IdSociedad: Number(values.IdSociedad) },
      {
        onSuccess: () => complete((onClose) => notifySuccess(MSG.sociedadVinculada, undefined, onClose)),
        onError: (error) => console.error("No se pudo agregar la sociedad al proveedor", error),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={720}>
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Agregar sociedad al proveedor">
        <Stack gap="lg">
          {isReadOnly ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
              Consulta: solo un administrador puede agregar sociedades a un proveedor.
            </Alert>
          ) : null}
          <div>
            <Title order={2} fz="md" c="gray.8">
              {proveedor.CardName}
            </Title>
            <Text size="sm" c="dimmed">
              RFC {proveedor.LicTradNum} · Código SAP {proveedor.CardCode}
            </Text>
          </div>
          {proveedor.sociedades.length > 0 ? (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                Sociedades asignadas
              </Text>
              <Group gap={6}>
                {proveedor.sociedades.map((sociedad) => (
                  <Badge key={sociedad.IdSociedad} variant="light" color="gray" radius="sm" tt="none">
                    {sociedad.NomSociedad}
                  </Badge>
                ))}
              </Group>
            </Stack>
          ) : null}
          <Select
            label={SOCIEDAD_LABEL}
            required
            data={data}
            searchable
            readOnly={isReadOnly}
            disabled={addSociedad.isPending || isSaved}
            allowDeselect={false}
            nothingFoundMessage="Sin resultados"
            placeholder={opciones.isPending ? "Cargando sociedades…" : "Seleccione una sociedad"}
            {...form.getInputProps("IdSociedad")}
          />
          <FormActions
            submitLabel="Agregar"
            icon={<IconPlus size={18} aria-hidden />}
            onBack={onDone}
            isPending={addSociedad.isPending}
            isSubmitDisabled={isReadOnly || isSaved}
          />
        </Stack>
      </form>
    </Paper>
  );
}
