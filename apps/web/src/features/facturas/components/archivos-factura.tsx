import type { FacturaRow } from "@portal/contracts";
import { IconFileCode, IconPhoto } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { FileRow } from "../../../components/file-rows";

/** The invoice's three files (spec §2: PDF, XML and a gif, jpeg or png image of the receipt). */
export type ArchivoClave = "pdf" | "xml" | "recepcion";
export type ArchivosElegidos = Record<ArchivoClave, File | null>;
export const SIN_ARCHIVOS: ArchivosElegidos = { pdf: null, xml: null, recepcion: null };

const ARCHIVOS: readonly {
  clave: ArchivoClave;
  nombre: string;
  accept: string;
  campo: "PDF" | "XML" | "Recepcion";
  type: string;
  icon?: ReactNode;
}[] = [
  { clave: "pdf", nombre: "PDF", accept: "application/pdf", campo: "PDF", type: "application/pdf" },
  {
    clave: "xml",
    nombre: "XML",
    accept: "text/xml",
    campo: "XML",
    type: "text/xml",
    icon: <IconFileCode size={16} aria-hidden />,
  },
  {
    clave: "recepcion",
    nombre: "Recepción",
    accept: "image/gif,image/jpeg,image/png",
    campo: "Recepcion",
    type: "",
    icon: <IconPhoto size={16} aria-hidden />,
  },
];

/** Some file is picked. */
export const hasArchivos = (archivos: ArchivosElegidos): boolean =>
  ARCHIVOS.some(({ clave }) => archivos[clave] !== null);

/**
 * The invoice's file rows: on the new-invoice form three pickers; on the detail (a stored row) each file's state
 * with 'Ver', and the pickers while the supplier may still upload.
 */
export function invoiceFileRows(row: FacturaRow | null, canPick: boolean): FileRow<ArchivoClave>[] {
  return ARCHIVOS.map(({ clave, nombre, accept, campo, type, icon }) => ({
    clave,
    nombre,
    accept,
    canPick,
    ...(row ? { stored: { url: row[campo], type, ...(icon ? { icon } : {}) } } : {}),
  }));
}
