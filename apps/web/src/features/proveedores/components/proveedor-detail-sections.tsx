import { Alert, Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { type ProveedorRow, TIPO_PERSONA_LABEL } from "@portal/contracts";
import { IconBuildingStore, IconInfoCircle, IconLock } from "@tabler/icons-react";
import { useMemo } from "react";
import { detalle69b, Semaforo69b } from "../../../components/semaforo-69b";
import { documentosVista, type ProveedorFormRole, type ProveedorFormValues } from "../proveedor-form-logic";
import { DocumentosProveedor } from "./documentos-proveedor";
import { EstatusActivoBadge, EstatusRegistroBadge } from "./estatus-badges";
import classes from "./proveedor.module.css";

/** The supplier's name, RFC, SAP code and status badges. */
export function ProveedorHeader({ row }: { row: ProveedorRow }) {
  return (
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
  );
}

/** The alerts above the form: article 69-B list (employees), rejection reason (supplier), read-only (consulta). */
export function ProveedorAlerts({ row, role }: { row: ProveedorRow; role: ProveedorFormRole }) {
  const isSupplier = role === "proveedor";
  return (
    <>
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
      {role === "consulta" ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          Consulta: solo un administrador puede modificar los proveedores.
        </Alert>
      ) : null}
    </>
  );
}

interface DocumentosSectionProps {
  row: ProveedorRow;
  form: UseFormReturnType<ProveedorFormValues>;
  role: ProveedorFormRole;
  isLocked: boolean;
}

/** The supplier's compliance documents: picked PDFs and required flags go into the form. */
export function DocumentosSection({ row, form, role, isLocked }: DocumentosSectionProps) {
  const vistas = useMemo(() => documentosVista(row, form.values), [row, form.values]);
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="prov-docs">
      <Stack gap="md">
        <div>
          <Title order={2} fz="md" c="gray.8" id="prov-docs">
            Documentos
          </Title>
          <Text size="sm" c="dimmed">
            {role === "proveedor"
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
          Los documentos deben actualizarse antes de su vencimiento. Los días restantes indican cuánto falta para que
          venza cada uno.
        </Text>
      </Stack>
    </Paper>
  );
}
