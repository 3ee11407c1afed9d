import { Button, type ButtonProps } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { isApiError } from "../lib/api-client";
import { notifyError } from "../lib/notify";
import { openProtectedFile } from "../lib/open-file";

interface OpenFileButtonProps {
  /** Download URL (/api/archivos/{id}). */
  url: string;
  /** Visible text: 'Visualizar' in tables, 'Ver' for supplier documents (spec §2). */
  children?: string;
  /** Accessible name when the visible text alone is ambiguous (e.g. several 'Ver' buttons on one screen). */
  "aria-label"?: string;
  size?: ButtonProps["size"];
  /** Content type the new window shows the file as (default PDF; '' keeps the server's, e.g. an image). */
  type?: string;
  /** Leading icon (default: a PDF file). */
  icon?: ReactNode;
}

/**
 * Opens a stored file (a PDF by default) in a new window the way Home's 'Visualizar' does (lib/open-file.ts): fetched with the
 * session header, shown from an object URL. A refused download shows the server's message.
 */
export function OpenFileButton({
  url,
  children = "Visualizar",
  size = "compact-sm",
  type = "application/pdf",
  icon,
  ...rest
}: OpenFileButtonProps) {
  const [isOpening, setIsOpening] = useState(false);
  const open = () => {
    setIsOpening(true);
    openProtectedFile(url, type)
      .catch((error: unknown) => {
        console.error("No se pudo abrir el archivo", error);
        if (isApiError(error)) notifyError(error.message);
      })
      .finally(() => setIsOpening(false));
  };
  return (
    <Button
      size={size}
      variant="light"
      leftSection={icon ?? <IconFileTypePdf size={16} aria-hidden />}
      loading={isOpening}
      onClick={open}
      aria-label={rest["aria-label"]}
    >
      {children}
    </Button>
  );
}
