import { Paper, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { base64FromBytes } from "@portal/cfdi";
import {
  CALLS,
  type EntradaFactura,
  MSG,
  type PostFacturaExtranjeraRequest,
  type ProveedorResumen,
  postFacturaExtranjeraRequestSchema,
} from "@portal/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { FileRows } from "../../../components/file-rows";
import { FormActions } from "../../../components/form-actions";
import { callApi } from "../../../lib/api-client";
import { notifyError } from "../../../lib/notify";
import { notifyErrorList } from "../../../lib/notify-list";
import { checkSizes, type Revision, readFiles, zodMessages } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { useUploadSubmit } from "../../../lib/use-upload-submit";
import { useEntradasFactura, useSociedadesFactura } from "../api";
import { etiquetaEntrada, sortEntradas, valorEntrada } from "../entrada-opciones";
import { checkCantidades, lineasDelEnvio } from "../entrada-partes";
import { FORM_MSG } from "../factura-logic";
import { invoiceFileRows } from "./archivos-factura";
import { PartesEntradaSection } from "./factura-nueva-partes";
import { type FacturaPartesState, useFacturaPartes } from "./use-factura-partes";

/** The foreign invoice's two files: its PDF and the receipt image (no XML: it is not a CFDI). */
export type ArchivoExtranjera = "pdf" | "recepcion";
export const FILAS_EXTRANJERA = invoiceFileRows(null, true).filter(
  (f): f is typeof f & { clave: ArchivoExtranjera } => f.clave !== "xml",
);
export const SIN_ARCHIVOS_EXTRANJERA: Record<ArchivoExtranjera, File | null> = { pdf: null, recepcion: null };

/** What the supplier types: the data a clerk needs of an invoice that is a PDF. */
export interface DatosExtranjera {
  NumeroFactura: string;
  FechaFactura: string;
  Subtotal: string;
  Impuestos: string;
  Total: string;
}
export const SIN_DATOS: DatosExtranjera = {
  NumeroFactura: "",
  FechaFactura: "",
  Subtotal: "",
  Impuestos: "",
  Total: "",
};

/** POST /api/facturas/postFacturaExtranjera; resolves with the server's message. */
export async function postFacturaExtranjera(request: PostFacturaExtranjeraRequest): Promise<string> {
  return (await callApi(CALLS.postFacturaExtranjera, request)).message;
}

/** What a foreign invoice bills, as the request's fields, and its currency; or the messages saying what is missing. */
export type BaseExtranjera = { campos: Record<string, unknown>; moneda: string } | { errores: string[] };

/**
 * The browser's checks of a foreign invoice (decision 073): the files picked (PDF and receipt image, the spec's
 * messages) and the contract's own field messages; the server checks the amounts against what it bills again. It
 * bills a receipt, part of it or (amendment of 2026-11-29) an order's service lines: `base`.
 */
export async function reviewFacturaExtranjera(input: {
  bd: string | null;
  base: BaseExtranjera;
  archivos: Record<ArchivoExtranjera, File | null>;
  datos: DatosExtranjera;
}): Promise<Revision<PostFacturaExtranjeraRequest>> {
  const { bd, base } = input;
  if (!bd || "errores" in base) {
    return {
      ok: false,
      errors: [...(bd ? [] : [FORM_MSG.sociedadRequerida]), ...("errores" in base ? base.errores : [])],
    };
  }
  const leidos = await readFiles(input.archivos);
  const errores = checkSizes([leidos.pdf, leidos.recepcion]);
  const parsed = postFacturaExtranjeraRequestSchema.safeParse({
    RazonSocial: bd,
    ...base.campos,
    PDF: leidos.pdf?.name ?? "",
    PDF64: leidos.pdf ? base64FromBytes(leidos.pdf.bytes) : "",
    Recepcion: leidos.recepcion?.name ?? "",
    Recepcion64: leidos.recepcion ? base64FromBytes(leidos.recepcion.bytes) : "",
    Moneda: base.moneda,
    ...input.datos,
  });
  if (!parsed.success) errores.push(...zodMessages(parsed.error));
  if (errores.length > 0 || !parsed.success) return { ok: false, errors: [...new Set(errores)] };
  return { ok: true, request: parsed.data };
}

/** The receipt a foreign invoice bills, whole or (decision 074) the quantities chosen of its lines. */
export function baseDeEntrada(
  entrada: EntradaFactura | null,
  partes: Pick<FacturaPartesState, "isOn" | "cantidades">,
): BaseExtranjera {
  if (!entrada) return { errores: [FORM_MSG.entradaRequerida] };
  const campos = { EntradaMercancia: entrada.DocNum, EntradaDocEntry: entrada.DocEntry };
  if (!partes.isOn) return { campos, moneda: entrada.DocCur };
  const errores = checkCantidades([entrada], partes.cantidades);
  if (errores.length > 0) return { errores };
  return { campos: { ...campos, Lineas: lineasDelEnvio([entrada], partes.cantidades) }, moneda: entrada.DocCur };
}

/** The invoice's data a foreign supplier types (its number, date, amounts) and the currency, the documents'. */
export function DatosExtranjeraFields(props: {
  datos: DatosExtranjera;
  onChange: (datos: DatosExtranjera) => void;
  moneda: string;
  monedaDescripcion: string;
  isDisabled: boolean;
}) {
  const { datos, isDisabled } = props;
  const campo = (clave: keyof DatosExtranjera, label: string, extra: { type?: string; placeholder?: string } = {}) => (
    <TextInput
      label={label}
      required
      value={datos[clave]}
      disabled={isDisabled}
      onChange={(event) => props.onChange({ ...datos, [clave]: event.currentTarget.value })}
      {...extra}
    />
  );
  return (
    <>
      {campo("NumeroFactura", "Número de factura")}
      {campo("FechaFactura", "Fecha de la factura", { type: "date" })}
      <TextInput label="Moneda" readOnly value={props.moneda} description={props.monedaDescripcion} />
      {campo("Subtotal", "Subtotal", { placeholder: "1000.00" })}
      {campo("Impuestos", "Impuestos", { placeholder: "160.00" })}
      {campo("Total", "Total", { placeholder: "1160.00" })}
    </>
  );
}

/**
 * 'Factura del extranjero' (issue 42 part 1, decision 073): a foreign supplier's invoice without CFDI. It chooses the
 * razón social and the receipt (or, amendment of 2026-11-29, part of it), picks the PDF and the receipt image, and
 * types the invoice's number, date, subtotal, taxes and total; the currency is the receipt's. The server checks
 * everything again and the invoice goes to the same review as a CFDI.
 */
export function FacturaExtranjeraForm(props: { session: Session; proveedor: ProveedorResumen; onDone: () => void }) {
  const sociedades = useSociedadesFactura(props.session);
  const [bd, setBd] = useState<string | null>(null);
  const [docEntry, setDocEntry] = useState<string | null>(null);
  const [archivos, setArchivos] = useState(SIN_ARCHIVOS_EXTRANJERA);
  const [datos, setDatos] = useState(SIN_DATOS);
  const entradas = useEntradasFactura(props.session, bd);
  const entrada = entradas.data?.find((e) => valorEntrada(e) === docEntry) ?? null;
  const partes = useFacturaPartes(entrada ? [entrada] : [], null);
  const { isSubmitting, isSaved, onSubmit } = useUploadSubmit({
    review: () => reviewFacturaExtranjera({ bd, base: baseDeEntrada(entrada, partes), archivos, datos }),
    send: postFacturaExtranjera,
    notifyErrors: notifyErrorList,
    onCallFailed: () => notifyError(MSG.errorPostFactura),
    onDone: props.onDone,
  });
  const isDisabled = isSubmitting || isSaved;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Factura del extranjero">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Razón social"
              required
              data={(sociedades.data ?? []).map((s) => ({ value: s.BDSAP, label: s.NomSociedad }))}
              value={bd}
              disabled={isDisabled}
              onChange={(value) => {
                setBd(value);
                setDocEntry(null);
                partes.reset();
              }}
            />
            <Select
              label="Entrada de mercancía"
              required
              searchable
              data={sortEntradas(entradas.data ?? []).map((e) => ({
                value: valorEntrada(e),
                label: etiquetaEntrada(e),
              }))}
              value={docEntry}
              disabled={isDisabled || !bd}
              onChange={(value) => {
                setDocEntry(value);
                partes.reset();
              }}
            />
            <DatosExtranjeraFields
              datos={datos}
              onChange={setDatos}
              moneda={entrada?.DocCur ?? ""}
              monedaDescripcion="La de la entrada"
              isDisabled={isDisabled}
            />
          </SimpleGrid>
          <FileRows
            rows={FILAS_EXTRANJERA}
            files={archivos}
            onPick={(clave, file) => setArchivos((actual) => ({ ...actual, [clave]: file }))}
            isDisabled={isDisabled}
            labelWidth={90}
          />
        </Paper>
        <PartesEntradaSection elegidas={entrada ? [entrada] : []} partes={partes} isDisabled={isDisabled} />
        <FormActions
          submitLabel="Agregar"
          icon={<IconPlus size={18} aria-hidden />}
          onBack={props.onDone}
          isPending={isSubmitting}
          isSubmitDisabled={isDisabled}
        />
      </Stack>
    </form>
  );
}
