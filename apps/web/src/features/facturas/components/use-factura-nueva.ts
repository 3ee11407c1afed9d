import { base64FromBytes, readInvoice } from "@portal/cfdi";
import { type EntradaFactura, FACTURA_NUEVA_MSG, MSG, type ProveedorResumen } from "@portal/contracts";
import { useEffect, useMemo, useRef, useState } from "react";
import { notifyError } from "../../../lib/notify";
import { notifyErrorList } from "../../../lib/notify-list";
import { readBytes } from "../../../lib/pdf-upload";
import { readFiles } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { useUploadSubmit } from "../../../lib/use-upload-submit";
import { useEntradasFactura, usePostFactura, useSociedadesFactura } from "../api";
import { opcionesEntrada, type Propuesta, valorEntrada } from "../entrada-opciones";
import { proposeEntradas, reasonToClearArchivos, type XmlLeido } from "../entradas-xml";
import { checkNewFactura } from "../factura-logic";
import { type ArchivoClave, type ArchivosElegidos, hasArchivos, SIN_ARCHIVOS } from "./archivos-factura";
import { matchesPartOnly, useFacturaPartes } from "./use-factura-partes";

/** The XML picked, read once in the browser: a promise for the re-check, its result for the proposal. */
interface XmlElegido {
  file: File;
  lectura: Promise<XmlLeido | null>;
}

/** Reads a picked XML as the form does (the new invoice's rules); null when it is not a readable CFDI. */
const readXmlElegido = (xml: File): Promise<XmlLeido | null> =>
  readBytes(xml)
    .then((bytes) => {
      const leido = readInvoice(bytes, { variant: "alta" });
      return leido.ok ? { datos: leido.data, texto: new TextDecoder().decode(bytes) } : null;
    })
    .catch(() => null);

/** The XML picked and, once read, what was read of it (null while reading or when unreadable). */
function useXmlLeido(xml: File | null) {
  const elegido = useMemo<XmlElegido | null>(() => (xml ? { file: xml, lectura: readXmlElegido(xml) } : null), [xml]);
  const [leido, setLeido] = useState<{ file: File; xml: XmlLeido | null } | null>(null);
  useEffect(() => {
    if (!elegido) return;
    let isCurrent = true;
    void elegido.lectura.then((xml) => {
      if (isCurrent) setLeido({ file: elegido.file, xml });
    });
    return () => {
      isCurrent = false;
    };
  }, [elegido]);
  return { elegido, leido: leido && leido.file === xml ? leido.xml : null };
}

/**
 * The three files picked for the new invoice: cleared, and why (issue 23), when the sociedad changes or (issue 40)
 * when the receipts chosen no longer match the XML; clearing remounts the pickers, so picking the same file again
 * still counts as a change.
 */
function useArchivosNueva() {
  const [archivos, setArchivos] = useState<ArchivosElegidos>(SIN_ARCHIVOS);
  /** Why the files picked were just taken away, until a file is picked again. */
  const [quitados, setQuitados] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const clearFiles = (motivo: string, isAnyPicked = hasArchivos(archivos)) => {
    setQuitados(isAnyPicked ? motivo : null);
    setArchivos(SIN_ARCHIVOS);
    setPickerKey((key) => key + 1);
  };
  const pickFile = (clave: ArchivoClave, file: File | null) => {
    setArchivos((current) => ({ ...current, [clave]: file }));
    if (file) setQuitados(null);
  };
  return { archivos, quitados, pickerKey, clearFiles, pickFile, keepFiles: () => setQuitados(null) };
}

/**
 * Issue 40: a change of the receipts chosen re-checks the XML picked (read once) against them and the sociedad's
 * other receipts (reasonToClearArchivos); the files stay while it may still be theirs (or nothing can be said: no
 * XML, an unreadable one, no receipt), and go, saying why, when it no longer can. Only the latest change counts,
 * and only while the same XML is picked.
 */
function useRecheck(elegido: XmlElegido | null, clearFiles: (motivo: string, isAnyPicked: boolean) => void) {
  const turno = useRef(0);
  const xmlActual = useRef<File | null>(null);
  xmlActual.current = elegido?.file ?? null;
  return (elegidas: readonly EntradaFactura[], disponibles: readonly EntradaFactura[] = []) => {
    turno.current += 1;
    if (!elegido) return;
    const miTurno = turno.current;
    void elegido.lectura.then((xml) => {
      if (miTurno !== turno.current || xmlActual.current !== elegido.file || !xml) return;
      const motivo = reasonToClearArchivos(xml.datos, elegidas, disponibles);
      // Issue 42: an XML for a part of the receipts keeps its files (the form bills that part).
      if (motivo && !matchesPartOnly(xml, elegidas)) clearFiles(motivo, true);
    });
  };
}

interface FacturaNuevaOptions {
  session: Session;
  proveedor: ProveedorResumen;
  onDone: () => void;
}

/**
 * State of the new-invoice form: the sociedad and receipts chosen, the files picked (cleared, and said so, when the
 * sociedad changes or the receipts no longer match the XML), the receipt or receipts proposed for the XML, and the
 * submit that runs the §5 checks and sends postFactura.
 */
export function useFacturaNueva({ session, proveedor, onDone }: FacturaNuevaOptions) {
  const sociedades = useSociedadesFactura(session);
  const [bd, setBd] = useState<string | null>(null);
  // Issue 27: the receipts chosen (one CFDI may bill several), in the order picked; issue 37: by DocEntry (the
  // picker's values, valorEntrada), since two receipts may share a number.
  const [docEntries, setDocEntries] = useState<string[]>([]);
  const files = useArchivosNueva();
  const { archivos, clearFiles } = files;
  const { elegido, leido } = useXmlLeido(archivos.xml);
  const recheck = useRecheck(elegido, clearFiles);
  const entradas = useEntradasFactura(session, bd);
  const post = usePostFactura();

  const sociedad = sociedades.data?.find((s) => s.BDSAP === bd) ?? null;
  const entradasDe = (values: readonly string[]) =>
    values.flatMap((v) => entradas.data?.find((e) => valorEntrada(e) === v) ?? []);
  const elegidas = entradasDe(docEntries);
  // Issue 39: the receipts in another currency than the chosen ones are offered disabled, with why.
  const opciones = useMemo(
    () =>
      opcionesEntrada(
        entradas.data ?? [],
        docEntries.flatMap((v) => entradas.data?.find((e) => valorEntrada(e) === v) ?? []),
      ),
    [entradas.data, docEntries],
  );
  // Issues 23 and 40: what the XML picked before any receipt matches, one receipt or several.
  const propuesta = useMemo<Propuesta>(
    () =>
      leido && docEntries.length === 0 && entradas.data && entradas.data.length > 0
        ? proposeEntradas(leido, entradas.data, sociedad)
        : { tipo: "ninguna" },
    [leido, docEntries.length, entradas.data, sociedad],
  );

  const partes = useFacturaPartes(elegidas, leido);

  const chooseSociedad = (value: string | null) => {
    if (value === bd) return;
    setBd(value);
    setDocEntries([]);
    partes.reset();
    recheck([]);
    clearFiles(FACTURA_NUEVA_MSG.archivosQuitadosSociedad);
  };
  /**
   * Issue 40: the files stay while the XML still matches the receipts chosen (re-checked); the receipts proposed for
   * the XML keep them as they are (decision 026: they were chosen for those files).
   */
  const chooseEntradas = (values: string[], origen: "selector" | "propuesta" = "selector") => {
    if (values.length === docEntries.length && values.every((v, i) => v === docEntries[i])) return;
    setDocEntries(values);
    partes.reset();
    if (origen === "propuesta") {
      recheck([]);
      files.keepFiles();
    } else recheck(entradasDe(values), entradas.data ?? []);
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
        cantidades: partes.isOn ? partes.cantidades : null,
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
    partes,
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
