import { Button, FileButton, Group, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";

/** Accept types of the three invoice files (spec §2: PDF, XML and a gif, jpeg or png image). */
export const ACCEPT = {
  pdf: "application/pdf",
  xml: "text/xml",
  recepcion: "image/gif,image/jpeg,image/png",
} as const;
export type ArchivoClave = keyof typeof ACCEPT;

/** The name each file goes by on screen. */
export const NOMBRE_ARCHIVO: Record<ArchivoClave, string> = { pdf: "PDF", xml: "XML", recepcion: "Recepción" };

interface ArchivoPickerProps {
  clave: ArchivoClave;
  file: File | null;
  onChange: (file: File | null) => void;
  isDisabled?: boolean;
}

/**
 * A 'cargar' file picker (spec §2): the button opens the file chooser with the file's accept types; the name of
 * the file picked shows beside it. The type is checked by content on submit, like the server does.
 */
export function ArchivoPicker({ clave, file, onChange, isDisabled = false }: ArchivoPickerProps) {
  const nombre = NOMBRE_ARCHIVO[clave];
  return (
    <Group gap="sm" wrap="nowrap">
      <FileButton
        onChange={onChange}
        accept={ACCEPT[clave]}
        disabled={isDisabled}
        inputProps={{ "aria-label": `Archivo ${nombre}`, "data-archivo": clave } as React.ComponentProps<"input">}
      >
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="compact-sm"
            disabled={isDisabled}
            leftSection={<IconUpload size={16} aria-hidden />}
            aria-label={`cargar ${nombre}`}
          >
            cargar
          </Button>
        )}
      </FileButton>
      <Text size="sm" c={file ? undefined : "dimmed"} truncate="end" maw={260}>
        {file ? file.name : "Ningún archivo seleccionado"}
      </Text>
    </Group>
  );
}
