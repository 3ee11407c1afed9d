import { Badge, Group, Stack, Text } from "@mantine/core";
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
}

/**
 * The 'Archivos' rows of an upload form (spec §2): each file's name, on a detail screen its state ('Cargado' or
 * 'No cargado') with 'Ver' when stored, and the 'cargar' picker where this user may pick one.
 */
export function FileRows<K extends string>({ rows, files, onPick, isDisabled, labelWidth }: FileRowsProps<K>) {
  return (
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
