import { Divider, Select, SimpleGrid, Text, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { type EmpleadoRow, TIPO_EMPLEADO } from "@portal/contracts";
import { useId, useMemo } from "react";
import { PasswordField } from "../../../components/password-field";
import { ESTATUS_ACTIVO_OPCIONES, readOnly } from "../../../lib/form-fields";
import { useAreas } from "../api";
import { type EmpleadoFormValues, type FormMode, EMPLEADO_LABELS as L } from "../empleado-form-logic";

const ROLES = [
  { value: "A", label: TIPO_EMPLEADO.A },
  { value: "G", label: TIPO_EMPLEADO.G },
];

interface SectionProps {
  form: UseFormReturnType<EmpleadoFormValues>;
  mode: FormMode;
  isReadOnly: boolean;
}

/** The area options; until the areas arrive (or if they fail), the current area still shows by name. */
function useAreaOptions(row: EmpleadoRow | null) {
  const areas = useAreas();
  const options = useMemo(() => {
    const list = (areas.data ?? []).map((area) => ({ value: String(area.IdArea), label: area.Nombre }));
    if (row && !list.some((option) => option.value === String(row.IdArea))) {
      list.push({ value: String(row.IdArea), label: row.Area });
    }
    return list;
  }, [areas.data, row]);
  return { options, isPending: areas.isPending };
}

/** The employee's data: user (fixed once created), role, names, mail, area and status (chosen only when creating). */
export function DatosEmpleadoSection({ form, mode, isReadOnly, row }: SectionProps & { row: EmpleadoRow | null }) {
  const areas = useAreaOptions(row);
  return (
    <>
      <div>
        <Title order={2} fz="md" c="gray.8">
          Datos del empleado
        </Title>
        <Text size="sm" c="dimmed">
          Los campos marcados con * son obligatorios.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput
          label={L.Usuario}
          required
          autoComplete="off"
          spellCheck={false}
          // Usuario identifies the employee on update, so it is fixed once created.
          {...readOnly(isReadOnly || mode === "actualizar")}
          {...form.getInputProps("Usuario")}
        />
        <Select
          label={L.RolEmpleado}
          required
          data={ROLES}
          {...readOnly(isReadOnly)}
          allowDeselect={false}
          placeholder="Seleccione"
          {...form.getInputProps("RolEmpleado")}
        />
        <TextInput label={L.Nombre} required {...readOnly(isReadOnly)} {...form.getInputProps("Nombre")} />
        <TextInput label={L.Apellidos} required {...readOnly(isReadOnly)} {...form.getInputProps("Apellidos")} />
        <TextInput
          label={L.Correo}
          type="email"
          required
          autoComplete="off"
          {...readOnly(isReadOnly)}
          {...form.getInputProps("Correo")}
        />
        <Select
          label={L.Area}
          required
          data={areas.options}
          {...readOnly(isReadOnly)}
          allowDeselect={false}
          searchable
          nothingFoundMessage="Sin resultados"
          placeholder={areas.isPending ? "Cargando áreas…" : "Seleccione"}
          {...form.getInputProps("Area")}
        />
        <Select
          label={L.Estatus}
          required
          data={ESTATUS_ACTIVO_OPCIONES}
          // Spec §4: selectable only when creating; locked afterwards.
          {...readOnly(isReadOnly || mode === "actualizar")}
          allowDeselect={false}
          {...form.getInputProps("Estatus")}
        />
      </SimpleGrid>
    </>
  );
}

/** Access: the password, write-only on update (blank keeps the current one). */
export function AccesoSection({ form, mode, isReadOnly }: SectionProps) {
  const passwordId = useId();
  return (
    <>
      <Divider />
      <Title order={2} fz="md" c="gray.8">
        Acceso
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <PasswordField
          id={passwordId}
          hasError={Boolean(form.errors.Contraseña)}
          label={L.Contraseña}
          required={mode === "crear"}
          {...readOnly(isReadOnly)}
          autoComplete="new-password"
          description={
            mode === "actualizar" ? "Déjela en blanco para conservar la actual." : "De 4 a 30 letras y números."
          }
          inputWrapperOrder={["label", "input", "description", "error"]}
          {...form.getInputProps("Contraseña")}
        />
      </SimpleGrid>
    </>
  );
}
