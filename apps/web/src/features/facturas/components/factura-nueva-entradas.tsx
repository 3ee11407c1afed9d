import {
  Alert,
  Button,
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
import { addAmounts } from "@portal/cfdi";
import {
  distinctCurrencies,
  ENTRADAS_MONEDA_MSG,
  type EntradaFactura,
  MAX_ENTRADAS_POR_FACTURA,
} from "@portal/contracts";
import { IconInfoCircle } from "@tabler/icons-react";
import { type Campo, Campos } from "../../../components/campos";
import {
  estatusDocumentoLabel,
  formatImporte,
  MetodoPago,
  metodoPagoDe,
  UsoPrincipal,
} from "../../../components/documento-compra";
import { etiquetaEntrada, matchesSearch, motivosEnTexto, type Propuesta, valorEntrada } from "../entrada-opciones";
import type { FacturaNuevaState } from "./use-factura-nueva";

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
 * Issue 27: what the chosen receipts add up to ('Suma de las 2 entradas: 2,320.00 MXN'). Issue 39: one CFDI is in
 * one currency and amounts of two currencies are never added, so receipts of several currencies get no sum but
 * the sentence that says so.
 */
export function sumaEntradas(entradas: readonly EntradaFactura[]): string {
  const monedas = distinctCurrencies(entradas.map((e) => e.DocCur));
  const [moneda] = monedas;
  if (moneda === undefined || monedas.length > 1) return ENTRADAS_MONEDA_MSG.sinSuma(monedas);
  return `Suma de las ${entradas.length} entradas: ${formatImporte(addAmounts(...entradas.map((e) => e.DocTotal)), moneda)}`;
}

/** Issue 39: an option of the receipt picker, with why it is disabled under its label. */
function OptionWithReason({ label, motivo }: { label: string; motivo: string | undefined }) {
  if (motivo === undefined) return <>{label}</>;
  return (
    <Stack gap={0}>
      <Text size="sm">{label}</Text>
      <Text size="xs" c="orange.9">
        {motivo}
      </Text>
    </Stack>
  );
}

/** Mantine's option filter of the receipt select: every word typed, anywhere in the label (entrada-opciones). */
const filterEntradas: OptionsFilter<string> = ({ options, search }) =>
  options.filter((option) => "label" in option && matchesSearch(option.label, search));

export function PropuestaEntrada({
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

/** The sociedad and receipt pickers, with the receipt proposed for the XML while none is chosen. */
export function EntradaPickers({ state }: { state: FacturaNuevaState }) {
  const { sociedades, entradas, bd, docEntries, isSubmitting, isSaved } = state;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Select
          label="Razón social"
          placeholder="Seleccione"
          data={(sociedades.data ?? []).map((s) => ({ value: s.BDSAP, label: s.NomSociedad }))}
          value={bd}
          onChange={state.chooseSociedad}
          allowDeselect={false}
          disabled={isSubmitting || isSaved}
          rightSection={sociedades.isFetching ? <Loader size="xs" /> : undefined}
        />
        <MultiSelect
          label="Entrada de mercancia"
          placeholder={bd ? (docEntries.length === 0 ? "Seleccione" : "") : "Seleccione primero la razón social"}
          data={state.opciones}
          value={docEntries}
          onChange={state.chooseEntradas}
          searchable
          hidePickedOptions
          maxValues={MAX_ENTRADAS_POR_FACTURA}
          filter={filterEntradas}
          renderOption={({ option }) => (
            <OptionWithReason
              label={option.label}
              motivo={state.opciones.find((o) => o.value === option.value)?.motivo}
            />
          )}
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
            propuesta={state.propuesta}
            onAccept={(valor) => state.chooseEntradas([valor])}
            isDisabled={isSubmitting || isSaved}
          />
        </Stack>
      ) : null}
    </>
  );
}

/** Spec §2 'Datos de la entrada': every chosen receipt's fields, and their sum when there are several. */
export function DatosEntradaSection({ elegidas }: { elegidas: readonly EntradaFactura[] }) {
  if (elegidas.length === 0) return null;
  return (
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
            {sumaEntradas(elegidas)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
