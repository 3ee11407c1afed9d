import { base64FromBytes, readInvoice } from "@portal/cfdi";
import { type EntradaFactura, MSG, type ProveedorResumen } from "@portal/contracts";
import { useEffect, useMemo, useState } from "react";
import { notifyError } from "../../../lib/notify";
import { notifyErrorList } from "../../../lib/notify-list";
import { readBytes } from "../../../lib/pdf-upload";
import { readFiles } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { useUploadSubmit } from "../../../lib/use-upload-submit";
import { useEntradasFactura, usePostFactura, useSociedadesFactura } from "../api";
import { opcionesEntrada, type Propuesta, proposeEntrada, valorEntrada } from "../entrada-opciones";
import { checkNewFactura } from "../factura-logic";
import { type ArchivoClave, type ArchivosElegidos, hasArchivos, SIN_ARCHIVOS } from "./archivos-factura";

/** Why the files picked were taken away (issue 23: the form says so instead of clearing them silently). */
export const ARCHIVOS_QUITADOS = {
  entrada: "Se quitaron los archivos seleccionados porque cambió la entrada de mercancía; vuelva a elegirlos.",
  sociedad: "Se quitaron los archivos seleccionados porque cambió la razón social; vuelva a elegirlos.",
} as const;

/**
 * The receipt proposed for the XML picked while no receipt is chosen (issue 23): read in the browser, matched by
 * total, reference or order against the sociedad's receipts. Nothing while a receipt is chosen.
 */
function usePropuesta(xml: File | null, entradas: EntradaFactura[] | undefined, isActive: boolean): Propuesta {
  const [propuesta, setPropuesta] = useState<Propuesta>({ tipo: "ninguna" });
  useEffect(() => {
    if (!isActive || !xml || !entradas || entradas.length === 0) {
      setPropuesta({ tipo: "ninguna" });
      return;
    }
    let isCurrent = true;
    void readBytes(xml)
      .then((bytes) => {
        const leido = readInvoice(bytes, { variant: "alta" });
        const texto = new TextDecoder().decode(bytes);
        return leido.ok ? proposeEntrada({ datos: leido.data, texto }, entradas) : ({ tipo: "ninguna" } as const);
      })
      .catch((): Propuesta => ({ tipo: "ninguna" }))
      .then((resultado) => {
        if (isCurrent) setPropuesta(resultado);
      });
    return () => {
      isCurrent = false;
    };
  }, [xml, entradas, isActive]);
  return propuesta;
}

/**
 * The three files picked for the new invoice: cleared (and why, issue 23) when the sociedad or the receipt
 * changes; clearing remounts the pickers, so picking the same file again still counts as a change.
 */
function useArchivosNueva() {
  const [archivos, setArchivos] = useState<ArchivosElegidos>(SIN_ARCHIVOS);
  /** Why the files picked were just taken away, until a file is picked again. */
  const [quitados, setQuitados] = useState<keyof typeof ARCHIVOS_QUITADOS | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const clearFiles = (motivo: keyof typeof ARCHIVOS_QUITADOS) => {
    setQuitados(hasArchivos(archivos) ? motivo : null);
    setArchivos(SIN_ARCHIVOS);
    setPickerKey((key) => key + 1);
  };
  const pickFile = (clave: ArchivoClave, file: File | null) => {
    setArchivos((current) => ({ ...current, [clave]: file }));
    if (file) setQuitados(null);
  };
  return { archivos, quitados, pickerKey, clearFiles, pickFile, keepFiles: () => setQuitados(null) };
}

interface FacturaNuevaOptions {
  session: Session;
  proveedor: ProveedorResumen;
  onDone: () => void;
}

/**
 * State of the new-invoice form: the sociedad and receipts chosen, the files picked (cleared, and said so, when
 * the sociedad or the receipt changes), the receipt proposed for the XML, and the submit that runs the §5 checks
 * and sends postFactura.
 */
export function useFacturaNueva({ session, proveedor, onDone }: FacturaNuevaOptions) {
  const sociedades = useSociedadesFactura(session);
  const [bd, setBd] = useState<string | null>(null);
  // Issue 27: the receipts chosen (one CFDI may bill several), in the order picked; issue 37: by DocEntry (the
  // picker's values, valorEntrada), since two receipts may share a number.
  const [docEntries, setDocEntries] = useState<string[]>([]);
  const files = useArchivosNueva();
  const { archivos, clearFiles } = files;
  const entradas = useEntradasFactura(session, bd);
  const post = usePostFactura();

  const sociedad = sociedades.data?.find((s) => s.BDSAP === bd) ?? null;
  const elegidas = docEntries.flatMap((v) => entradas.data?.find((e) => valorEntrada(e) === v) ?? []);
  // Issue 39: the receipts in another currency than the chosen ones are offered disabled, with why.
  const opciones = useMemo(
    () =>
      opcionesEntrada(
        entradas.data ?? [],
        docEntries.flatMap((v) => entradas.data?.find((e) => valorEntrada(e) === v) ?? []),
      ),
    [entradas.data, docEntries],
  );
  const propuesta = usePropuesta(archivos.xml, entradas.data, docEntries.length === 0);

  const chooseSociedad = (value: string | null) => {
    if (value === bd) return;
    setBd(value);
    setDocEntries([]);
    clearFiles("sociedad");
  };
  const chooseEntradas = (values: string[]) => {
    if (values.length === docEntries.length && values.every((v, i) => v === docEntries[i])) return;
    setDocEntries(values);
    // Spec §4: choosing a receipt clears the files; not the receipt proposed for the XML picked (it was chosen
    // for those files, decision 026).
    const [una] = values;
    if (values.length === 1 && propuesta.tipo === "una" && una === valorEntrada(propuesta.entrada)) files.keepFiles();
    else clearFiles("entrada");
  };

  const { isSubmitting, isSaved, onSubmit } = useUploadSubmit({
    review: async () =>
      checkNewFactura({
        session,
        proveedor,
        sociedad,
        entradas: elegidas,
        archivos: await readFiles(archivos),
        base64: base64FromBytes,
      }),
    send: post.mutateAsync,
    // Spec §8: the server's message(s) when it answers; 'Error al consumir el servicio postFactura' when the
    // call itself fails.
    notifyErrors: notifyErrorList,
    onCallFailed: () => notifyError(MSG.errorPostFactura),
    onDone,
  });

  return {
    sociedades,
    entradas,
    bd,
    docEntries,
    archivos,
    quitados: files.quitados,
    pickerKey: files.pickerKey,
    elegidas,
    opciones,
    propuesta,
    chooseSociedad,
    chooseEntradas,
    pickFile: files.pickFile,
    isSubmitting,
    isSaved,
    onSubmit,
  };
}

export type FacturaNuevaState = ReturnType<typeof useFacturaNueva>;
