import { ActionIcon, Badge, Button, Checkbox, FileButton, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import type { DocumentoProveedorClave } from "@portal/contracts";
import { IconAlertTriangle, IconUpload, IconX } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { OpenFileButton } from "../../../components/open-file-button";
import { type PdfUpload, readPdfUpload } from "../../../lib/pdf-upload";
import { type DocumentoVista, diasRestantesLabel, type ProveedorFormRole } from "../proveedor-form-logic";
import classes from "./proveedor.module.css";

/** Documents due within this many days are highlighted so the supplier renews them in time. */
const DIAS_AVISO = 15;

function DiasRestantes({ dias, isCargado }: { dias: number | null; isCargado: boolean }) {
  const label = diasRestantesLabel(dias, isCargado);
  if (dias === null) {
    return (
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    );
  }
  const color = dias < 0 ? "red" : dias <= DIAS_AVISO ? "orange" : "gray";
  return (
    <Badge variant={dias <= DIAS_AVISO ? "light" : "outline"} color={color} radius="sm" tt="none">
      {label}
    </Badge>
  );
}

interface DocumentosProveedorProps {
  vistas: DocumentoVista[];
  role: ProveedorFormRole;
  /** Disables every control (while saving, after a save). */
  isLocked: boolean;
  onPick: (clave: DocumentoProveedorClave, upload: PdfUpload | null) => void;
  onRequeridoChange: (clave: DocumentoProveedorClave, isRequerido: boolean) => void;
}

function UploadButton({
  vista,
  isLocked,
  onPicked,
}: {
  vista: DocumentoVista;
  isLocked: boolean;
  onPicked: (file: File | null) => void;
}) {
  const resetRef = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={resetRef}
      accept="application/pdf,.pdf"
      onChange={(file) => {
        onPicked(file);
        // Picking the same file again after an error must fire onChange again.
        resetRef.current?.();
      }}
      disabled={isLocked}
    >
      {(props) => (
        <Button
          {...props}
          size="compact-sm"
          variant="default"
          leftSection={<IconUpload size={14} aria-hidden />}
          aria-label={`Cargar ${vista.documento.etiqueta}`}
        >
          Cargar
        </Button>
      )}
    </FileButton>
  );
}

interface DocumentoRowProps {
  vista: DocumentoVista;
  role: ProveedorFormRole;
  isLocked: boolean;
  /** The message of the last file refused for this document. */
  error: string | undefined;
  onPicked: (file: File | null) => void;
  onPick: DocumentosProveedorProps["onPick"];
  onRequeridoChange: DocumentosProveedorProps["onRequeridoChange"];
}

/** One document's row: name (with its pending file and error), required flag, date, days, state and file. */
function DocumentoRow({ vista, role, isLocked, error, onPicked, onPick, onRequeridoChange }: DocumentoRowProps) {
  const { clave, etiqueta } = vista.documento;
  const isMissing = vista.isRequerido === true && !vista.isCargado;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            {isMissing ? (
              <IconAlertTriangle
                size={16}
                className={classes.missingIcon}
                aria-label="Documento requerido sin cargar"
              />
            ) : null}
            <Text size="sm" fw={500}>
              {etiqueta}
            </Text>
          </Group>
          {vista.pendiente ? (
            <Text size="xs" c="dimmed">
              Por guardar: {vista.pendiente.nombre}
            </Text>
          ) : null}
          {error ? (
            <Text size="xs" c="red" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        {vista.isRequerido === null ? (
          <Text size="sm" c="dimmed">
            Adicional
          </Text>
        ) : role === "administrador" ? (
          <Checkbox
            aria-label={`Requerido: ${etiqueta}`}
            checked={vista.isRequerido}
            disabled={isLocked}
            onChange={(event) => onRequeridoChange(clave, event.currentTarget.checked)}
          />
        ) : (
          <Text size="sm">{vista.isRequerido ? "Sí" : "No"}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" className={classes.nowrap}>
          {vista.fecha ?? "—"}
        </Text>
      </Table.Td>
      <Table.Td>
        <DiasRestantes dias={vista.dias} isCargado={vista.archivo !== ""} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={vista.isCargado ? "teal" : isMissing ? "red" : "gray"} radius="sm" tt="none">
          {vista.isCargado ? "Cargado" : "No cargado"}
        </Badge>
      </Table.Td>
      <Table.Td>
        <ArchivoAcciones vista={vista} role={role} isLocked={isLocked} onPicked={onPicked} onPick={onPick} />
      </Table.Td>
    </Table.Tr>
  );
}

/** 'Ver' for an uploaded file; for the supplier, 'Cargar' and the button that takes back the file picked. */
function ArchivoAcciones({
  vista,
  role,
  isLocked,
  onPicked,
  onPick,
}: Pick<DocumentoRowProps, "vista" | "role" | "isLocked" | "onPicked" | "onPick">) {
  const { clave, etiqueta } = vista.documento;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {vista.archivo ? (
        <OpenFileButton url={vista.archivo} aria-label={`Ver ${etiqueta}`}>
          Ver
        </OpenFileButton>
      ) : null}
      {role === "proveedor" ? (
        <>
          <UploadButton vista={vista} isLocked={isLocked} onPicked={onPicked} />
          {vista.pendiente ? (
            <Tooltip label="Quitar el archivo seleccionado" openDelay={100}>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={isLocked}
                aria-label={`Quitar el archivo seleccionado de ${etiqueta}`}
                onClick={() => onPick(clave, null)}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </>
      ) : null}
    </Group>
  );
}

/**
 * Supplier documents (spec §2, §3): each with its required flag, date, days remaining and 'Cargado' /
 * 'No cargado'. Employees get 'Ver'; the supplier gets upload buttons (PDF only, checked by signature at
 * once) and may also open what it uploaded. An administrator sets the required flags.
 */
export function DocumentosProveedor({ vistas, role, isLocked, onPick, onRequeridoChange }: DocumentosProveedorProps) {
  const [errores, setErrores] = useState<Partial<Record<DocumentoProveedorClave, string>>>({});

  const pick = async (clave: DocumentoProveedorClave, file: File | null) => {
    if (!file) return;
    const result = await readPdfUpload(file);
    setErrores((current) => ({ ...current, [clave]: result.ok ? undefined : result.error }));
    if (result.ok) onPick(clave, result.upload);
  };

  return (
    <div className={classes.tableScroll}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label="Documentos del proveedor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Requerido</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Días restantes</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th ta="right">Archivo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vistas.map((vista) => (
            <DocumentoRow
              key={vista.documento.clave}
              vista={vista}
              role={role}
              isLocked={isLocked}
              error={errores[vista.documento.clave]}
              onPicked={(file) => void pick(vista.documento.clave, file)}
              onPick={onPick}
              onRequeridoChange={onRequeridoChange}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
