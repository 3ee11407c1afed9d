import { Alert, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { FilePicker } from "./file-picker";
import { OpenFileButton } from "./open-file-button";

/** One file of an upload form (spec §2): the name it goes by on screen and its chooser's accept types. */
export interface FileRow<K extends string> {
  clave: K;
  /** The name it goes by on screen ('PDF', 'XML', 'Recepción', 'comprobante de pago'). */
  nombre: string;
  accept: string;
  /** The file already stored, on a detail screen: 'Cargado' with 'Ver', or 'No cargado' (null url). */
  stored?: { url: string | null; type: string; icon?: ReactNode };
  /** This user may pick a new one here. */
  canPick: boolean;
}

interface FileRowsProps<K extends string> {
  rows: readonly FileRow<K>[];
  /** The files picked, by key. */
  files: Readonly<Record<K, File | null>>;
  onPick: (clave: K, file: File | null) => void;
  isDisabled: boolean;
  /** The names' column width (the longest name decides). */
  labelWidth: number;
  /** A warning above the rows (yellow): why the files were cleared, or why nothing can be uploaded. */
  warning?: { text: ReactNode; role?: "alert" } | null;
  /** Shown above the rows, under the warning (e.g. a loader while the upload's conditions load). */
  children?: ReactNode;
}

/**
 * The 'Archivos' section of an upload form (spec §2): its title, a warning when there is one, then a row per file:
 * its name, on a detail screen its state ('Cargado' or 'No cargado') with 'Ver' when stored, and the 'cargar'
 * picker where this user may pick one.
 */
export function FileRows<K extends string>({
  rows,
  files,
  onPick,
  isDisabled,
  labelWidth,
  warning,
  children,
}: FileRowsProps<K>) {
  return (
    <>
      <Title order={2} fz="md" c="gray.8" mt="xl" mb="sm">
        Archivos
      </Title>
      {warning ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          {...(warning.role ? { role: warning.role } : {})}
          mb="sm"
        >
          {warning.text}
        </Alert>
      ) : null}
      {children}
      <Stack gap="sm">
        {rows.map(({ clave, nombre, accept, stored, canPick }) => (
          <Group
            key={clave}
            gap="md"
            wrap={stored ? "wrap" : "nowrap"}
            {...(stored ? { "data-archivo-fila": clave } : {})}
          >
            <Text size="sm" fw={600} w={labelWidth}>
              {nombre}
            </Text>
            {stored ? <StoredFile nombre={nombre} {...stored} /> : null}
            {canPick ? (
              <FilePicker
                clave={clave}
                nombre={nombre}
                accept={accept}
                file={files[clave]}
                onChange={(file) => onPick(clave, file)}
                isDisabled={isDisabled}
              />
            ) : null}
          </Group>
        ))}
      </Stack>
    </>
  );
}

function StoredFile({
  nombre,
  url,
  type,
  icon,
}: {
  nombre: string;
  url: string | null;
  type: string;
  icon?: ReactNode;
}) {
  return (
    <>
      <Badge variant="light" color={url ? "teal" : "gray"} radius="sm" tt="none" w={100}>
        {url ? "Cargado" : "No cargado"}
      </Badge>
      {url ? (
        <OpenFileButton url={url} type={type} icon={icon} aria-label={`Ver ${nombre}`}>
          Ver
        </OpenFileButton>
      ) : null}
    </>
  );
}
