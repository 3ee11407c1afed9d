import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  ESTATUS_REGISTRO_LABEL,
  estatusActivoLabel,
  MSG,
  type ProveedorRow,
  TIPO_PERSONA_LABEL,
} from "@portal/contracts";
import { IconBuildingStore, IconEye, IconEyeOff, IconInfoCircle, IconLock, IconPlus } from "@tabler/icons-react";
import { useId, useMemo } from "react";
import { FormActions } from "../../../components/form-actions";
import { detalle69b, Semaforo69b } from "../../../components/semaforo-69b";
import { readOnly } from "../../../lib/form-fields";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { notifySaveError, useSaveCompletion } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { useSentCorreo, useUpdateProveedor } from "../api";
import {
  buildSentCorreoRequest,
  buildUpdateProveedorRequest,
  documentosVista,
  PROVEEDOR_LABELS as L,
  type ProveedorFormValues,
  proveedorFormFromRow,
  proveedorFormRole,
  validateProveedorForm,
} from "../proveedor-form-logic";
import { DocumentosProveedor } from "./documentos-proveedor";
import { EstatusActivoBadge, EstatusRegistroBadge } from "./estatus-badges";
import classes from "./proveedor.module.css";
import { SociedadesProveedorTable } from "./sociedades-proveedor-table";

const TIPOS_PERSONA = [
  { value: "F", label: TIPO_PERSONA_LABEL.F },
  { value: "M", label: TIPO_PERSONA_LABEL.M },
];
/** Descriptions under the input keep the inputs of a row aligned. */
const WRAPPER_ORDER: ("label" | "input" | "description" | "error")[] = ["label", "input", "description", "error"];

const ESTATUS_REGISTRO = [
  { value: "C", label: ESTATUS_REGISTRO_LABEL.C },
  { value: "P", label: ESTATUS_REGISTRO_LABEL.P },
  { value: "R", label: ESTATUS_REGISTRO_LABEL.R },
];

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
  const role = proveedorFormRole(session);
  const isAdmin = role === "administrador";
  const isSupplier = role === "proveedor";
  const isReadOnly = role === "consulta";
  const update = useUpdateProveedor();
  const sentCorreo = useSentCorreo();
  const { isSaved, complete } = useSaveCompletion(onDone);
  const passwordId = useId();

  const form = useForm<ProveedorFormValues>({
    mode: "controlled",
    initialValues: proveedorFormFromRow(row),
    validate: (values) => validateProveedorForm(values, role),
  });

  const vistas = useMemo(() => documentosVista(row, form.values), [row, form.values]);
  const isLocked = update.isPending || isSaved;

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

  const isRechazado = form.values.U_SYS_PMESPR === "R";

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={52} radius="md" variant="light">
            <IconBuildingStore size={28} stroke={1.6} aria-hidden />
          </ThemeIcon>
          <Stack gap={4} miw={0}>
            <Title order={2} fz="lg" c="gray.9">
              {row.CardName}
            </Title>
            <Text size="sm" c="dimmed">
              RFC {row.LicTradNum} · Código SAP {row.CardCode}
            </Text>
            <Group gap={6} mt={4}>
              <Badge variant="outline" color="gray" radius="sm" tt="none">
                Persona {TIPO_PERSONA_LABEL[row.U_SYS_PMTYPE]}
              </Badge>
              <EstatusRegistroBadge estatus={row.U_SYS_PMESPR} />
              <EstatusActivoBadge estatus={row.U_SYS_PMESRE} />
              <Semaforo69b lista={row.Lista69B} />
            </Group>
          </Stack>
        </Group>
      </Paper>

      {!isSupplier && row.Lista69B && row.Lista69B.Semaforo !== "verde" ? (
        <Alert
          color={row.Lista69B.Semaforo === "rojo" ? "red" : "yellow"}
          variant="light"
          title={
            row.Lista69B.Semaforo === "rojo"
              ? "Proveedor en la lista definitiva del artículo 69-B del CFF: sus CFDI se rechazan"
              : "Proveedor presunto en la lista del artículo 69-B del CFF: sus CFDI se marcan para revisión"
          }
          icon={<IconInfoCircle aria-hidden />}
        >
          {detalle69b(row.Lista69B).map((linea) => (
            <Text key={linea} size="sm">
              {linea}
            </Text>
          ))}
        </Alert>
      ) : null}
      {isSupplier && row.U_SYS_PMESPR === "R" && row.MOTRECHAZO ? (
        <Alert color="red" variant="light" title="Su registro fue rechazado" icon={<IconInfoCircle aria-hidden />}>
          {row.MOTRECHAZO}
        </Alert>
      ) : null}
      {isReadOnly ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          Consulta: solo un administrador puede modificar los proveedores.
        </Alert>
      ) : null}

      <form onSubmit={form.onSubmit(submit)} noValidate aria-label={isSupplier ? "Perfil del proveedor" : "Proveedor"}>
        <Stack gap="lg">
          <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="prov-datos">
            <Stack gap="md">
              <div>
                <Title order={2} fz="md" c="gray.8" id="prov-datos">
                  Datos generales
                </Title>
                {!isReadOnly ? (
                  <Text size="sm" c="dimmed">
                    Los campos marcados con * son obligatorios.
                  </Text>
                ) : null}
              </div>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
                <TextInput label="Código SAP" value={row.CardCode} {...readOnly(true)} />
                <Select
                  label={L.U_SYS_PMTYPE}
                  data={TIPOS_PERSONA}
                  required={isAdmin}
                  allowDeselect={false}
                  {...readOnly(!isAdmin)}
                  {...form.getInputProps("U_SYS_PMTYPE")}
                />
                <TextInput
                  label={L.LicTradNum}
                  required={isAdmin}
                  spellCheck={false}
                  maxLength={13}
                  {...readOnly(!isAdmin)}
                  {...form.getInputProps("LicTradNum")}
                  onChange={(event) => form.setFieldValue("LicTradNum", event.currentTarget.value.toUpperCase())}
                />
                {/* Spec §4: the active status is shown read-only. */}
                <TextInput label="Estatus" value={estatusActivoLabel(row.U_SYS_PMESRE)} {...readOnly(true)} />
              </SimpleGrid>
              <TextInput
                label={L.CardName}
                required={isAdmin}
                {...readOnly(!isAdmin)}
                {...form.getInputProps("CardName")}
              />

              <Divider label="Contacto y acceso" labelPosition="left" mt="xs" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <TextInput
                  label={L.Phone1}
                  type="tel"
                  autoComplete="tel"
                  {...readOnly(isReadOnly)}
                  {...form.getInputProps("Phone1")}
                />
                <TextInput label={L.CntctPrsn} {...readOnly(isReadOnly)} {...form.getInputProps("CntctPrsn")} />
                <TextInput
                  label={L.E_Mail}
                  autoComplete="off"
                  description={isReadOnly ? undefined : "Varios correos se separan con comas."}
                  inputWrapperOrder={WRAPPER_ORDER}
                  {...readOnly(isReadOnly)}
                  {...form.getInputProps("E_Mail")}
                />
                {!isReadOnly ? (
                  <PasswordInput
                    id={passwordId}
                    label={L.U_SYS_PMPASS}
                    autoComplete="new-password"
                    description="De 4 a 30 letras y números. Déjela en blanco para conservar la actual."
                    inputWrapperOrder={WRAPPER_ORDER}
                    aria-invalid={form.errors.U_SYS_PMPASS ? true : undefined}
                    aria-describedby={form.errors.U_SYS_PMPASS ? `${passwordId}-error` : undefined}
                    visibilityToggleIcon={({ reveal }) =>
                      reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
                    }
                    visibilityToggleButtonProps={{ "aria-label": undefined, title: "Mostrar u ocultar la contraseña" }}
                    {...form.getInputProps("U_SYS_PMPASS")}
                  />
                ) : null}
                {isSupplier ? (
                  <PasswordInput
                    id={`${passwordId}-actual`}
                    label={L.ContraseñaActual}
                    autoComplete="current-password"
                    description="Solo si cambia la contraseña."
                    inputWrapperOrder={WRAPPER_ORDER}
                    aria-invalid={form.errors.ContraseñaActual ? true : undefined}
                    aria-describedby={form.errors.ContraseñaActual ? `${passwordId}-actual-error` : undefined}
                    visibilityToggleIcon={({ reveal }) =>
                      reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
                    }
                    visibilityToggleButtonProps={{ "aria-label": undefined, title: "Mostrar u ocultar la contraseña" }}
                    {...form.getInputProps("ContraseñaActual")}
                  />
                ) : null}
              </SimpleGrid>

              <Divider label="Revisión del registro" labelPosition="left" mt="xs" />
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
                <Select
                  label={L.U_SYS_PMESPR}
                  data={ESTATUS_REGISTRO}
                  required={isAdmin}
                  allowDeselect={false}
                  // Spec §4, §6: only an administrator changes the record status.
                  {...readOnly(!isAdmin)}
                  {...form.getInputProps("U_SYS_PMESPR")}
                />
              </SimpleGrid>
              {isAdmin || form.values.MOTRECHAZO ? (
                <Textarea
                  label={L.MOTRECHAZO}
                  required={isAdmin && isRechazado}
                  rows={3}
                  resize="vertical"
                  description={isAdmin ? "Se envía al proveedor en la notificación por correo." : undefined}
                  inputWrapperOrder={WRAPPER_ORDER}
                  {...readOnly(!isAdmin)}
                  {...form.getInputProps("MOTRECHAZO")}
                />
              ) : null}
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="prov-docs">
            <Stack gap="md">
              <div>
                <Title order={2} fz="md" c="gray.8" id="prov-docs">
                  Documentos
                </Title>
                <Text size="sm" c="dimmed">
                  {isSupplier
                    ? "Cargue sus documentos en formato PDF y guárdelos con Actualizar."
                    : "Documentos de cumplimiento del proveedor."}
                </Text>
              </div>
              <DocumentosProveedor
                vistas={vistas}
                role={role}
                isLocked={isLocked}
                onPick={(clave, upload) => {
                  const { [clave]: _removed, ...others } = form.values.archivos;
                  form.setFieldValue("archivos", upload ? { ...others, [clave]: upload } : others);
                }}
                onRequeridoChange={(clave, isRequerido) =>
                  form.setFieldValue("requeridos", { ...form.values.requeridos, [clave]: isRequerido })
                }
              />
              <Text size="sm" c="dimmed" className={classes.footnote}>
                Los documentos deben actualizarse antes de su vencimiento. Los días restantes indican cuánto falta para
                que venza cada uno.
              </Text>
            </Stack>
          </Paper>

          <FormActions
            submitLabel="Actualizar"
            onBack={onDone}
            isPending={update.isPending}
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
              isAdmin && onAgregarSociedad ? (
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
