import {
  Alert,
  Button,
  Center,
  List,
  Loader,
  MultiSelect,
  type OptionsFilter,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { addAmounts, base64FromBytes, readInvoice } from "@portal/cfdi";
import { type EntradaFactura, MAX_ENTRADAS_POR_FACTURA, MSG, type ProveedorResumen } from "@portal/contracts";
import { IconAlertTriangle, IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { type Campo, Campos } from "../../../components/campos";
import {
  estatusDocumentoLabel,
  formatImporte,
  MetodoPago,
  metodoPagoDe,
  UsoPrincipal,
} from "../../../components/documento-compra";
import { FileRows } from "../../../components/file-rows";
import { FormActions } from "../../../components/form-actions";
import { notifyError } from "../../../lib/notify";
import { notifyErrorList } from "../../../lib/notify-list";
import { readBytes } from "../../../lib/pdf-upload";
import { readFiles } from "../../../lib/read-file";
import type { Session } from "../../../lib/session";
import { useUploadSubmit } from "../../../lib/use-upload-submit";
import { useEntradasFactura, usePostFactura, useProveedorFactura, useSociedadesFactura } from "../api";
import {
  etiquetaEntrada,
  matchesSearch,
  motivosEnTexto,
  opcionesEntrada,
  type Propuesta,
  proposeEntrada,
  valorEntrada,
} from "../entrada-opciones";
import { checkNewFactura } from "../factura-logic";
import {
  type ArchivoClave,
  type ArchivosElegidos,
  hasArchivos,
  invoiceFileRows,
  SIN_ARCHIVOS,
} from "./archivos-factura";

/** The new invoice's rows: its three pickers. */
const FILAS_NUEVA = invoiceFileRows(null, true);

export { type Campo, Campos };

/** Spec §2 'Datos de la entrada': every field of the chosen receipt, read-only. */
export function camposEntrada(entrada: EntradaFactura): Campo[] {
  return [
    { label: "Pedido", value: entrada.Pedido === null ? "—" : entrada.Pedido },
    { label: "Entrada", value: entrada.DocNum },
    { label: "Sociedad", value: entrada.NomSociedad },
    { label: "Proveedor", value: entrada.CardName },
    { label: "Fecha de la entrada", value: entrada.DocDate },
    { label: "Fecha de vencimiento", value: entrada.DocDueDate },
    { label: "Referencia", value: entrada.NumAtCard },
    { label: "Comentarios", value: entrada.Comments },
    { label: "Estatus", value: estatusDocumentoLabel(entrada.DocStatus) },
    { label: "Uso principal", value: <UsoPrincipal code={entrada.U_B1SYS_MainUsage} /> },
    // Spec §9: PPD when the receipt's payment group number is above 0, otherwise PUE.
    { label: "Método de pago", value: <MetodoPago code={metodoPagoDe(entrada)} /> },
    { label: "Total", value: formatImporte(entrada.DocTotal, entrada.DocCur) },
  ];
}

/**
 * Issue 27: what the chosen receipts add up to, per currency ('2,320.00 MXN'); one CFDI is in one currency, so
 * two currencies show both (and the checks refuse them).
 */
export function sumaEntradas(entradas: readonly EntradaFactura[]): string {
  const monedas = [...new Set(entradas.map((e) => e.DocCur))];
  return monedas
    .map((moneda) =>
      formatImporte(addAmounts(...entradas.filter((e) => e.DocCur === moneda).map((e) => e.DocTotal)), moneda),
    )
    .join(" + ");
}

/** Why the files picked were taken away (issue 23: the form says so instead of clearing them silently). */
export const ARCHIVOS_QUITADOS = {
  entrada: "Se quitaron los archivos seleccionados porque cambió la entrada de mercancía; vuelva a elegirlos.",
  sociedad: "Se quitaron los archivos seleccionados porque cambió la razón social; vuelva a elegirlos.",
} as const;

/** Mantine's option filter of the receipt select: every word typed, anywhere in the label (entrada-opciones). */
const filterEntradas: OptionsFilter<string> = ({ options, search }) =>
  options.filter((option) => "label" in option && matchesSearch(option.label, search));

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

function PropuestaEntrada({
  propuesta,
  onAccept,
  isDisabled,
}: {
  propuesta: Propuesta;
  onAccept: (docNum: string) => void;
  isDisabled: boolean;
}) {
  if (propuesta.tipo === "ninguna") return null;
  const motivos = motivosEnTexto(propuesta.motivos);
  if (propuesta.tipo === "varias") {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle size={18} aria-hidden />}
        title="Entradas que coinciden"
      >
        <Text size="sm">Varias entradas coinciden con {motivos} del XML; elija la que corresponde:</Text>
        <List size="sm" mt={4}>
          {propuesta.entradas.map((e) => (
            <List.Item key={e.DocEntry}>{etiquetaEntrada(e)}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title="Entrada propuesta"
      role="region"
      aria-label="Entrada propuesta"
    >
      <Text size="sm">
        La entrada {etiquetaEntrada(propuesta.entrada)} coincide con {motivos} del XML. Puede usarla o elegir otra.
      </Text>
      <Button
        mt="xs"
        size="compact-sm"
        variant="light"
        onClick={() => onAccept(valorEntrada(propuesta.entrada))}
        disabled={isDisabled}
      >
        Usar esta entrada
      </Button>
    </Alert>
  );
}

/**
 * 'Registro de la facturación' (spec §2, §4, §5): choosing a sociedad clears the receipt and the three files
 * and reloads the receipts; choosing a receipt clears the files, and the form says so (issue 23). Receipts read
 * 'number · reference · date · total', newest first, searchable; an XML picked before the receipt proposes the
 * receipt it matches, and accepting it keeps the files (decision 026). On 'Agregar' the browser runs the §5
 * checks (one 30 s toast listing every message with its values) and sends postFactura built from the XML it
 * read; the server checks everything again. Success: a 3 s toast, then /MisFacturas.
 */
function FacturaForm({
  session,
  proveedor,
  onDone,
}: {
  session: Session;
  proveedor: ProveedorResumen;
  onDone: () => void;
}) {
  const sociedades = useSociedadesFactura(session);
  const [bd, setBd] = useState<string | null>(null);
  // Issue 27: the receipts chosen (one CFDI may bill several), in the order picked; issue 37: by DocEntry (the
  // picker's values, valorEntrada), since two receipts may share a number.
  const [docEntries, setDocEntries] = useState<string[]>([]);
  const [archivos, setArchivos] = useState<ArchivosElegidos>(SIN_ARCHIVOS);
  /** Why the files picked were just taken away, until a file is picked again. */
  const [quitados, setQuitados] = useState<keyof typeof ARCHIVOS_QUITADOS | null>(null);
  // Remounts the pickers when the files are cleared, so picking the same file again still counts as a change.
  const [pickerKey, setPickerKey] = useState(0);
  const entradas = useEntradasFactura(session, bd);
  const post = usePostFactura();

  const sociedad = sociedades.data?.find((s) => s.BDSAP === bd) ?? null;
  const elegidas = docEntries.flatMap((v) => entradas.data?.find((e) => valorEntrada(e) === v) ?? []);
  const opciones = useMemo(() => opcionesEntrada(entradas.data ?? []), [entradas.data]);
  const propuesta = usePropuesta(archivos.xml, entradas.data, docEntries.length === 0);

  const clearFiles = (motivo: keyof typeof ARCHIVOS_QUITADOS) => {
    setQuitados(hasArchivos(archivos) ? motivo : null);
    setArchivos(SIN_ARCHIVOS);
    setPickerKey((key) => key + 1);
  };
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
    if (values.length === 1 && propuesta.tipo === "una" && una === valorEntrada(propuesta.entrada)) setQuitados(null);
    else clearFiles("entrada");
  };
  const pickFile = (clave: ArchivoClave, file: File | null) => {
    setArchivos((current) => ({ ...current, [clave]: file }));
    if (file) setQuitados(null);
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

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Registro de la facturación">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Select
              label="Razón social"
              placeholder="Seleccione"
              data={(sociedades.data ?? []).map((s) => ({ value: s.BDSAP, label: s.NomSociedad }))}
              value={bd}
              onChange={chooseSociedad}
              allowDeselect={false}
              disabled={isSubmitting || isSaved}
              rightSection={sociedades.isFetching ? <Loader size="xs" /> : undefined}
            />
            <MultiSelect
              label="Entrada de mercancia"
              placeholder={bd ? (docEntries.length === 0 ? "Seleccione" : "") : "Seleccione primero la razón social"}
              data={opciones}
              value={docEntries}
              onChange={chooseEntradas}
              searchable
              hidePickedOptions
              maxValues={MAX_ENTRADAS_POR_FACTURA}
              filter={filterEntradas}
              description="Número · referencia · fecha · total; escriba cualquiera de ellos para buscar. Una factura puede amparar varias entradas"
              // Below the input, so both selects' inputs stay on one line.
              inputWrapperOrder={["label", "input", "description", "error"]}
              nothingFoundMessage="Sin entradas de mercancía por facturar"
              disabled={!bd || isSubmitting || isSaved}
              rightSection={entradas.isFetching ? <Loader size="xs" /> : undefined}
            />
          </SimpleGrid>
          {docEntries.length === 0 ? (
            <Stack mt="md">
              <PropuestaEntrada
                propuesta={propuesta}
                onAccept={(valor) => chooseEntradas([valor])}
                isDisabled={isSubmitting || isSaved}
              />
            </Stack>
          ) : null}

          <FileRows
            key={pickerKey}
            warning={quitados ? { text: ARCHIVOS_QUITADOS[quitados] } : null}
            rows={FILAS_NUEVA}
            files={archivos}
            onPick={pickFile}
            isDisabled={isSubmitting || isSaved}
            labelWidth={90}
          />
        </Paper>

        {elegidas.length > 0 ? (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="datos-entrada">
            <Title order={2} fz="md" c="gray.8" mb="md" id="datos-entrada">
              Datos de la entrada
            </Title>
            <Stack gap="lg">
              {elegidas.map((entrada) => (
                <Campos key={entrada.DocEntry} campos={camposEntrada(entrada)} />
              ))}
              {elegidas.length > 1 ? (
                <Text fw={600} aria-label="Suma de las entradas">
                  Suma de las {elegidas.length} entradas: {sumaEntradas(elegidas)}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        ) : null}

        <FormActions
          submitLabel="Agregar"
          icon={<IconPlus size={18} aria-hidden />}
          onBack={onDone}
          isPending={isSubmitting}
          isSubmitDisabled={isSubmitting || isSaved}
        />
      </Stack>
    </form>
  );
}

/**
 * /MisFacturas/Factura/Nuevo: the form only when the supplier's registration is complete (getProveedor gives
 * its record); otherwise the spec's message (§5).
 */
export function FacturaNueva({ session, onDone }: { session: Session; onDone: () => void }) {
  const proveedor = useProveedorFactura(session);
  if (proveedor.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando" />
      </Center>
    );
  }
  const registro = proveedor.data?.[0];
  if (!registro) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {proveedor.isError ? MSG.errorInterno : MSG.registroIncompletoFacturas}
      </Alert>
    );
  }
  return <FacturaForm session={session} proveedor={registro} onDone={onDone} />;
}
