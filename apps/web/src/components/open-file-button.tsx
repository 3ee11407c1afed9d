import { Button, type ButtonProps } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
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
}

/**
 * Opens a stored PDF in a new window the way Home's 'Visualizar' does (lib/open-file.ts): fetched with the
 * session header, shown from an object URL. A refused download shows the server's message.
 */
export function OpenFileButton({ url, children = "Visualizar", size = "compact-sm", ...rest }: OpenFileButtonProps) {
  const [isOpening, setIsOpening] = useState(false);
  const open = () => {
    setIsOpening(true);
    openProtectedFile(url)
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
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={isOpening}
      onClick={open}
      aria-label={rest["aria-label"]}
    >
      {children}
    </Button>
  );
}
