import {
  Alert,
  Badge,
  Checkbox,
  Divider,
  FileInput,
  Group,
  NativeSelect,
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
import { listCatalogo } from "@portal/cfdi";
import {
  DIAS_PAGO,
  MSG,
  NOMBRES_DIAS_PAGO,
  NOMBRES_REGLA_FECHA_CONTABLE,
  REGLAS_FECHA_CONTABLE,
  type SociedadRow,
} from "@portal/contracts";
import { IconEye, IconEyeOff, IconFileTypePdf, IconLock } from "@tabler/icons-react";
import { useId, useState } from "react";
import { FormActions } from "../../../components/form-actions";
import { OpenFileButton } from "../../../components/open-file-button";
import { ESTATUS_ACTIVO_OPCIONES, readOnly } from "../../../lib/form-fields";
import { notifySuccess } from "../../../lib/notify";
import { readPdfUpload } from "../../../lib/pdf-upload";
import { isAdministrador } from "../../../lib/permissions";
import { notifySaveError, useSaveCompletion } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { useCreateSociedad, useUpdateSociedad } from "../api";
import {
  buildCreateSociedadRequest,
  buildUpdateSociedadRequest,
  emptySociedadForm,
  type FormMode,
  SOCIEDAD_LABELS as L,
  maskCodigoPostalInput,
  type SociedadFormValues,
  sociedadFormFromRow,
  validateSociedadForm,
} from "../sociedad-form-logic";

/** SAT regime catalogue (spec §3 catalogue lookups) as select options: "601 — General de Ley Personas Morales". */
const REGIMENES = listCatalogo("c_RegimenFiscal").map(({ codigo, descripcion }) => ({
  value: codigo,
  label: `${codigo} — ${descripcion}`,
}));

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
  const mode: FormMode = row ? "actualizar" : "crear";
  const isReadOnly = !isAdministrador(session);
  const hasStoredCarta = Boolean(row?.Constancia);
  const create = useCreateSociedad();
  const update = useUpdateSociedad();
  const { isSaved, complete } = useSaveCompletion(onDone);
  const [isBdsapUnlocked, setIsBdsapUnlocked] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [isReading, setIsReading] = useState(false);
  const passwordId = useId();
  const bdsapToggleId = useId();

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

  const isPending = create.isPending || update.isPending;

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

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={960}>
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Sociedad">
        <Stack gap="lg">
          {isReadOnly ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
              Consulta: solo un administrador puede modificar las sociedades.
            </Alert>
          ) : null}

          <div>
            <Title order={2} fz="md" c="gray.8">
              Datos fiscales
            </Title>
            <Text size="sm" c="dimmed">
              Los campos marcados con * son obligatorios.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={L.RazonSocial}
              required
              {...readOnly(isReadOnly)}
              {...form.getInputProps("RazonSocial")}
            />
            <TextInput
              label={L.RFC}
              required
              {...readOnly(isReadOnly)}
              spellCheck={false}
              maxLength={13}
              {...form.getInputProps("RFC")}
              onChange={(event) => form.setFieldValue("RFC", event.currentTarget.value.toUpperCase())}
            />
            <Select
              label={L.RegimenFiscal}
              required
              data={REGIMENES}
              searchable
              {...readOnly(isReadOnly)}
              allowDeselect={false}
              nothingFoundMessage="Sin resultados"
              placeholder="Seleccione"
              {...form.getInputProps("RegimenFiscal")}
            />
            <TextInput
              label={L.CodigoPostal}
              required
              {...readOnly(isReadOnly)}
              inputMode="numeric"
              placeholder="00000"
              maxLength={5}
              {...form.getInputProps("CodigoPostal")}
              onChange={(event) => form.setFieldValue("CodigoPostal", maskCodigoPostalInput(event.currentTarget.value))}
            />
            <Select
              label={L.Estatus}
              required
              data={ESTATUS_ACTIVO_OPCIONES}
              {...readOnly(isReadOnly)}
              allowDeselect={false}
              {...form.getInputProps("Estatus")}
            />
          </SimpleGrid>

          <Divider />
          <Title order={2} fz="md" c="gray.8">
            Conexión con SAP Business One
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={L.UsuarioSAP}
              required
              {...readOnly(isReadOnly)}
              autoComplete="off"
              {...form.getInputProps("UsuarioSAP")}
            />
            <PasswordInput
              id={passwordId}
              label={L.ContraseñaSAP}
              required={mode === "crear"}
              {...readOnly(isReadOnly)}
              autoComplete="new-password"
              description={mode === "actualizar" ? "Déjela en blanco para conservar la actual." : undefined}
              inputWrapperOrder={["label", "input", "description", "error"]}
              aria-invalid={form.errors.ContraseñaSAP ? true : undefined}
              aria-describedby={form.errors.ContraseñaSAP ? `${passwordId}-error` : undefined}
              visibilityToggleIcon={({ reveal }) =>
                reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
              }
              visibilityToggleButtonProps={{ "aria-label": undefined, title: "Mostrar u ocultar la contraseña" }}
              {...form.getInputProps("ContraseñaSAP")}
            />
            <Stack gap={6}>
              <TextInput
                label={L.BDSAP}
                required
                // Spec §5: the SAP database field is unlocked by its checkbox.
                disabled={isReadOnly || !isBdsapUnlocked}
                aria-describedby={bdsapToggleId}
                spellCheck={false}
                {...form.getInputProps("BDSAP")}
              />
              <Checkbox
                id={bdsapToggleId}
                size="xs"
                label="Editar la base de datos SAP"
                checked={isBdsapUnlocked}
                disabled={isReadOnly}
                onChange={(event) => setIsBdsapUnlocked(event.currentTarget.checked)}
              />
            </Stack>
            <NativeSelect
              label={L.ReglaFechaContable}
              description="La fecha del documento en SAP sigue siendo la del CFDI."
              inputWrapperOrder={["label", "input", "description", "error"]}
              data={REGLAS_FECHA_CONTABLE.map((value) => ({ value, label: NOMBRES_REGLA_FECHA_CONTABLE[value] }))}
              disabled={isReadOnly}
              {...form.getInputProps("ReglaFechaContable")}
            />
            <TextInput
              label={L.MonedasSap}
              description="Solo los códigos de SAP que no son ISO, como código=moneda separados por comas: MXP=MXN, US$=USD."
              inputWrapperOrder={["label", "input", "description", "error"]}
              placeholder="MXP=MXN, US$=USD"
              spellCheck={false}
              disabled={isReadOnly}
              {...form.getInputProps("MonedasSap")}
            />
          </SimpleGrid>

          <Divider />
          <Title order={2} fz="md" c="gray.8">
            Constancia de situación fiscal
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <FileInput
              label={L.CartaSituacionFiscal}
              required={mode === "crear" || !hasStoredCarta}
              accept="application/pdf,.pdf"
              clearable
              disabled={isReadOnly || isReading}
              placeholder={hasStoredCarta ? "Seleccione un PDF para reemplazarla" : "Seleccione un PDF"}
              description="Solo archivos PDF."
              inputWrapperOrder={["label", "input", "description", "error"]}
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              value={file}
              onChange={(picked) => void pickCarta(picked)}
              error={form.errors.CartaSituacionFiscal}
            />
            {row ? (
              <Group gap="sm" align="center" mt={{ base: 0, sm: 26 }} h={36}>
                <Badge variant="light" color={hasStoredCarta ? "teal" : "gray"} radius="sm" tt="none">
                  {hasStoredCarta ? "Cargado" : "No cargado"}
                </Badge>
                {row.Constancia ? <OpenFileButton url={row.Constancia} /> : null}
              </Group>
            ) : null}
          </SimpleGrid>

          <Divider />
          <div>
            <Title order={2} fz="md" c="gray.8">
              Retenciones
            </Title>
            <Text size="sm" c="dimmed">
              Se revisan en las facturas de personas físicas a esta sociedad cuando es persona moral.
            </Text>
          </div>
          <Stack gap="xs">
            <Checkbox
              label={L.RetencionResico}
              disabled={isReadOnly}
              {...form.getInputProps("RetencionResico", { type: "checkbox" })}
            />
            <Checkbox
              label={L.RetencionArrendamiento}
              disabled={isReadOnly}
              {...form.getInputProps("RetencionArrendamiento", { type: "checkbox" })}
            />
            <Checkbox
              label={L.RetencionHonorarios}
              disabled={isReadOnly}
              {...form.getInputProps("RetencionHonorarios", { type: "checkbox" })}
            />
          </Stack>
          <TextInput
            label={L.ClavesHonorarios}
            description="Claves ClaveProdServ de 8 dígitos separadas por comas; una factura de honorarios se revisa si incluye alguna."
            placeholder="80111600, 80101500"
            inputWrapperOrder={["label", "input", "description", "error"]}
            spellCheck={false}
            {...readOnly(isReadOnly)}
            {...form.getInputProps("ClavesHonorarios")}
          />

          <Divider />
          <Checkbox.Group
            label={L.DiasPago}
            description="La fecha probable de pago de cada factura pasa al siguiente día de pago. Sin días marcados, cualquier día hábil."
            inputWrapperOrder={["label", "description", "input", "error"]}
            {...form.getInputProps("DiasPago")}
          >
            <Group gap="md" mt="xs">
              {DIAS_PAGO.map((dia) => (
                <Checkbox key={dia} value={String(dia)} label={NOMBRES_DIAS_PAGO[dia]} disabled={isReadOnly} />
              ))}
            </Group>
          </Checkbox.Group>

          <FormActions
            submitLabel={mode === "crear" ? "Crear" : "Actualizar"}
            onBack={onDone}
            isPending={isPending}
            isSubmitDisabled={isReadOnly || isSaved || isReading}
          />
        </Stack>
      </form>
    </Paper>
  );
}
