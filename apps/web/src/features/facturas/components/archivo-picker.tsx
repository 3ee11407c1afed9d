import { FilePicker } from "../../../components/file-picker";

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

/** One of the invoice's three 'cargar' pickers (spec §2), with its accept types. */
export function ArchivoPicker({ clave, ...props }: ArchivoPickerProps) {
  return <FilePicker clave={clave} nombre={NOMBRE_ARCHIVO[clave]} accept={ACCEPT[clave]} {...props} />;
}
