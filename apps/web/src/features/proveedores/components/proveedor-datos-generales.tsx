import { Checkbox, Divider, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { ESTATUS_REGISTRO_LABEL, estatusActivoLabel, type ProveedorRow, TIPO_PERSONA_LABEL } from "@portal/contracts";
import { useId } from "react";
import { PasswordField } from "../../../components/password-field";
import { readOnly } from "../../../lib/form-fields";
import {
  PROVEEDOR_LABELS as L,
  type ProveedorFormRole,
  type ProveedorFormValues,
  RESICO_AGAPES_LABEL,
} from "../proveedor-form-logic";

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

interface FieldsProps {
  form: UseFormReturnType<ProveedorFormValues>;
  role: ProveedorFormRole;
}

/** General data: master data (administrator), contact and access, record review. */
export function DatosGeneralesSection({ form, role, row }: FieldsProps & { row: ProveedorRow }) {
  const isAdmin = role === "administrador";
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="prov-datos">
      <Stack gap="md">
        <div>
          <Title order={2} fz="md" c="gray.8" id="prov-datos">
            Datos generales
          </Title>
          {role !== "consulta" ? (
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
        <TextInput label={L.CardName} required={isAdmin} {...readOnly(!isAdmin)} {...form.getInputProps("CardName")} />
        <TipoProveedorFields form={form} role={role} />
        <ContactoFields form={form} role={role} />
        <RevisionFields form={form} role={role} />
      </Stack>
    </Paper>
  );
}

const TIPOS_PROVEEDOR = [
  { value: "nacional", label: "Nacional" },
  { value: "extranjero", label: "Extranjero (sin CFDI)" },
];

/**
 * Issue 42 (decision 073): the supplier's kind (an administrator's); a foreign one's country and tax id abroad. Its RFC
 * is then the SAT's generic one, and it signs in with its CardCode.
 */
function TipoProveedorFields({ form, role }: FieldsProps) {
  const isAdmin = role === "administrador";
  const isExtranjero = form.values.Tipo === "extranjero";
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
      <Select
        label={L.Tipo}
        data={TIPOS_PROVEEDOR}
        required={isAdmin}
        allowDeselect={false}
        {...readOnly(!isAdmin)}
        {...form.getInputProps("Tipo")}
      />
      {isExtranjero ? (
        <>
          <TextInput
            label={L.Pais}
            required={isAdmin}
            maxLength={3}
            description="Por ejemplo USA, CAN, DEU."
            inputWrapperOrder={WRAPPER_ORDER}
            {...readOnly(!isAdmin)}
            {...form.getInputProps("Pais")}
            onChange={(event) => form.setFieldValue("Pais", event.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label={L.NumRegIdTrib}
            required={isAdmin}
            {...readOnly(!isAdmin)}
            {...form.getInputProps("NumRegIdTrib")}
          />
        </>
      ) : null}
    </SimpleGrid>
  );
}

/** Contact and access: phone, contact, mails, the new password and (supplier) the current one. */
function ContactoFields({ form, role }: FieldsProps) {
  const isReadOnly = role === "consulta";
  const passwordId = useId();
  return (
    <>
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
          <PasswordField
            id={passwordId}
            hasError={Boolean(form.errors.U_SYS_PMPASS)}
            label={L.U_SYS_PMPASS}
            autoComplete="new-password"
            description="De 4 a 30 letras y números. Déjela en blanco para conservar la actual."
            inputWrapperOrder={WRAPPER_ORDER}
            {...form.getInputProps("U_SYS_PMPASS")}
          />
        ) : null}
        {role === "proveedor" ? (
          <PasswordField
            id={`${passwordId}-actual`}
            hasError={Boolean(form.errors.ContraseñaActual)}
            label={L.ContraseñaActual}
            autoComplete="current-password"
            description="Solo si cambia la contraseña."
            inputWrapperOrder={WRAPPER_ORDER}
            {...form.getInputProps("ContraseñaActual")}
          />
        ) : null}
      </SimpleGrid>
    </>
  );
}

/** Record review: status (administrator only, spec §4, §6) and the rejection reason. */
function RevisionFields({ form, role }: FieldsProps) {
  const isAdmin = role === "administrador";
  const isRechazado = form.values.U_SYS_PMESPR === "R";
  return (
    <>
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
      {role !== "proveedor" ? (
        // Issue 39 (decision 059): employees see it; an administrator sets it.
        <Checkbox
          label={RESICO_AGAPES_LABEL}
          description="Márquelo si el proveedor vive exclusivamente de estas actividades: a sus facturas del Régimen Simplificado de Confianza no se les pide la retención de ISR de 1.25 % (Ley del ISR, art. 113-E)."
          disabled={!isAdmin}
          {...form.getInputProps("ResicoAgapes", { type: "checkbox" })}
        />
      ) : null}
    </>
  );
}
