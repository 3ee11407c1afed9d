import {
  Badge,
  Checkbox,
  Divider,
  FileInput,
  Group,
  NativeSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { listCatalogo } from "@portal/cfdi";
import {
  DIAS_PAGO,
  NOMBRES_DIAS_PAGO,
  NOMBRES_REGLA_FECHA_CONTABLE,
  REGLAS_FECHA_CONTABLE,
  type SociedadRow,
} from "@portal/contracts";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useId, useState } from "react";
import { OpenFileButton } from "../../../components/open-file-button";
import { PasswordField } from "../../../components/password-field";
import { ESTATUS_ACTIVO_OPCIONES, readOnly } from "../../../lib/form-fields";
import {
  type FormMode,
  SOCIEDAD_LABELS as L,
  maskCodigoPostalInput,
  type SociedadFormValues,
} from "../sociedad-form-logic";

/** SAT regime catalogue (spec §3 catalogue lookups) as select options: "601 — General de Ley Personas Morales". */
const REGIMENES = listCatalogo("c_RegimenFiscal").map(({ codigo, descripcion }) => ({
  value: codigo,
  label: `${codigo} — ${descripcion}`,
}));

/** Descriptions under the input. */
const WRAPPER_ORDER: ("label" | "input" | "description" | "error")[] = ["label", "input", "description", "error"];

interface SectionProps {
  form: UseFormReturnType<SociedadFormValues>;
  isReadOnly: boolean;
}

/** Tax data: name, RFC, tax regime, postal code and status. */
export function DatosFiscalesSection({ form, isReadOnly }: SectionProps) {
  return (
    <>
      <div>
        <Title order={2} fz="md" c="gray.8">
          Datos fiscales
        </Title>
        <Text size="sm" c="dimmed">
          Los campos marcados con * son obligatorios.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label={L.RazonSocial} required {...readOnly(isReadOnly)} {...form.getInputProps("RazonSocial")} />
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
    </>
  );
}

/** The SAP connection: user, password, database (unlocked by its checkbox, spec §5), posting-date rule, currencies. */
export function ConexionSapSection({ form, isReadOnly, mode }: SectionProps & { mode: FormMode }) {
  const [isBdsapUnlocked, setIsBdsapUnlocked] = useState(false);
  const passwordId = useId();
  const bdsapToggleId = useId();
  return (
    <>
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
        <PasswordField
          id={passwordId}
          hasError={Boolean(form.errors.ContraseñaSAP)}
          label={L.ContraseñaSAP}
          required={mode === "crear"}
          {...readOnly(isReadOnly)}
          autoComplete="new-password"
          description={mode === "actualizar" ? "Déjela en blanco para conservar la actual." : undefined}
          inputWrapperOrder={WRAPPER_ORDER}
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
          inputWrapperOrder={WRAPPER_ORDER}
          data={REGLAS_FECHA_CONTABLE.map((value) => ({ value, label: NOMBRES_REGLA_FECHA_CONTABLE[value] }))}
          disabled={isReadOnly}
          {...form.getInputProps("ReglaFechaContable")}
        />
        <NumberInput
          label={L.DiasEnfriamientoCuenta}
          description="Las facturas abiertas del proveedor quedan con bloqueo de pago en SAP durante esos días (0: sin bloqueo)."
          inputWrapperOrder={WRAPPER_ORDER}
          min={0}
          max={30}
          allowDecimal={false}
          allowNegative={false}
          disabled={isReadOnly}
          {...form.getInputProps("DiasEnfriamientoCuenta")}
        />
        <TextInput
          label={L.MonedasSap}
          description="Solo los códigos de SAP que no son ISO, como código=moneda separados por comas: MXP=MXN, US$=USD."
          inputWrapperOrder={WRAPPER_ORDER}
          placeholder="MXP=MXN, US$=USD"
          spellCheck={false}
          disabled={isReadOnly}
          {...form.getInputProps("MonedasSap")}
        />
      </SimpleGrid>
    </>
  );
}

interface ConstanciaSectionProps extends SectionProps {
  mode: FormMode;
  row: SociedadRow | null;
  hasStoredCarta: boolean;
  file: File | null;
  isReading: boolean;
  onPick: (picked: File | null) => void;
}

/** The tax-situation PDF: required when none is stored, with the stored one's status and button. */
export function ConstanciaSection(props: ConstanciaSectionProps) {
  const { form, isReadOnly, mode, row, hasStoredCarta, file, isReading, onPick } = props;
  return (
    <>
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
          inputWrapperOrder={WRAPPER_ORDER}
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          value={file}
          onChange={onPick}
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
    </>
  );
}

/** Withholdings (decision 031) and payment days (decision 032). */
export function RetencionesSection({ form, isReadOnly }: SectionProps) {
  return (
    <>
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
        {(["RetencionResico", "RetencionArrendamiento", "RetencionHonorarios"] as const).map((field) => (
          <Checkbox
            key={field}
            label={L[field]}
            disabled={isReadOnly}
            {...form.getInputProps(field, { type: "checkbox" })}
          />
        ))}
        <Checkbox
          label={L.NoRetieneIva}
          description="Márquelo si la sociedad es una entidad federativa, la Ciudad de México, un municipio o uno de sus organismos descentralizados: no retiene IVA (Ley del IVA, art. 3), así que a sus facturas no se les piden las dos terceras partes del IVA; la retención de ISR se sigue revisando."
          disabled={isReadOnly}
          {...form.getInputProps("NoRetieneIva", { type: "checkbox" })}
        />
      </Stack>
      <TextInput
        label={L.ClavesHonorarios}
        description="Claves ClaveProdServ de 8 dígitos separadas por comas. Una factura de honorarios se revisa si incluye alguna, y solo esos conceptos son la base de la retención; en una factura RESICO, esos conceptos y los de arrendamiento (801315xx) deben retener dos terceras partes del IVA."
        placeholder="80111600, 80101500"
        inputWrapperOrder={WRAPPER_ORDER}
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
    </>
  );
}
