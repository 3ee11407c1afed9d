import { Button, FileButton, Group, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";

export interface FilePickerProps {
  /** The name the file goes by on screen ('PDF', 'XML', 'comprobante de pago'). */
  nombre: string;
  /** The chooser's accept types. */
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  isDisabled?: boolean;
  /** data-archivo of the hidden input (tests and e2e find the input by it). */
  clave: string;
}

/**
 * A 'cargar' file picker (spec §2): the button opens the file chooser with the file's accept types; the name of
 * the file picked shows beside it. The type is checked by content on submit, like the server does.
 */
export function FilePicker({ nombre, accept, file, onChange, isDisabled = false, clave }: FilePickerProps) {
  return (
    <Group gap="sm" wrap="wrap">
      <FileButton
        onChange={onChange}
        accept={accept}
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
      <Text size="sm" c={file ? undefined : "dimmed"} truncate="end" maw="min(260px, 100%)" miw={0}>
        {file ? file.name : "Ningún archivo seleccionado"}
      </Text>
    </Group>
  );
}
