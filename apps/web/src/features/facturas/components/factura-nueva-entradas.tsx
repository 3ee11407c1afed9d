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
  Table,
  Text,
  Title,
} from "@mantine/core";
import { addAmounts, formatAmount } from "@portal/cfdi";
import {
  distinctCurrencies,
  ENTRADAS_MONEDA_MSG,
  type EntradaFactura,
  FACTURA_NUEVA_MSG,
  MAX_ENTRADAS_POR_FACTURA,
} from "@portal/contracts";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { type Campo, Campos } from "../../../components/campos";
import {
  estatusDocumentoLabel,
  formatImporte,
  MetodoPago,
  metodoPagoDe,
  UsoPrincipal,
} from "../../../components/documento-compra";
import {
  etiquetaEntrada,
  matchesSearch,
  motivosEnTexto,
  type Propuesta,
  SIN_REFERENCIA,
  valorEntrada,
} from "../entrada-opciones";
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
 * Issue 27: what the chosen receipts add up to, the last row of their table ('Suma de las 2 entradas', MXN,
 * 2,320.00). Issue 39: one CFDI is in one currency and amounts of two currencies are never added, so receipts of
 * several currencies get no sum but the sentence that says so.
 */
export function sumaEntradas(
  entradas: readonly EntradaFactura[],
): { etiqueta: string; moneda: string; total: string } | { sinSuma: string } {
  const monedas = distinctCurrencies(entradas.map((e) => e.DocCur));
  const [moneda] = monedas;
  if (moneda === undefined || monedas.length > 1) return { sinSuma: ENTRADAS_MONEDA_MSG.sinSuma(monedas) };
  return {
    etiqueta: FACTURA_NUEVA_MSG.sumaEntradas(entradas.length),
    moneda,
    total: formatAmount(addAmounts(...entradas.map((e) => e.DocTotal))),
  };
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

/** Issue 40: the receipts whose sum is the XML's total, proposed together. */
function PropuestaConjunto({
  propuesta,
  onAccept,
  isDisabled,
}: {
  propuesta: Extract<Propuesta, { tipo: "conjunto" }>;
  onAccept: (values: string[]) => void;
  isDisabled: boolean;
}) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={FACTURA_NUEVA_MSG.conjuntoTitulo}
      role="region"
      aria-label={FACTURA_NUEVA_MSG.conjuntoTitulo}
    >
      <Text size="sm">
        {FACTURA_NUEVA_MSG.conjuntoPropuesto(
          propuesta.entradas.length,
          formatImporte(propuesta.suma, propuesta.moneda),
        )}
      </Text>
      <List size="sm" mt={4}>
        {propuesta.entradas.map((e) => (
          <List.Item key={e.DocEntry}>{etiquetaEntrada(e)}</List.Item>
        ))}
      </List>
      <Button
        mt="xs"
        size="compact-sm"
        variant="light"
        onClick={() => onAccept(propuesta.entradas.map(valorEntrada))}
        disabled={isDisabled}
      >
        {FACTURA_NUEVA_MSG.conjuntoBoton}
      </Button>
    </Alert>
  );
}

/** What the XML picked before any receipt matches: one receipt, several equally (named), or a set (issue 40). */
export function PropuestaEntrada({
  propuesta,
  onAccept,
  isDisabled,
}: {
  propuesta: Propuesta;
  onAccept: (values: string[]) => void;
  isDisabled: boolean;
}) {
  if (propuesta.tipo === "ninguna") return null;
  if (propuesta.tipo === "conjunto") {
    return <PropuestaConjunto propuesta={propuesta} onAccept={onAccept} isDisabled={isDisabled} />;
  }
  if (propuesta.tipo === "conjuntos") {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle size={18} aria-hidden />}
        title={FACTURA_NUEVA_MSG.conjuntosTitulo}
        role="region"
        aria-label={FACTURA_NUEVA_MSG.conjuntosTitulo}
      >
        <Text size="sm">
          {FACTURA_NUEVA_MSG.conjuntosAmbiguos(propuesta.tamano, formatImporte(propuesta.total, propuesta.moneda))}
        </Text>
      </Alert>
    );
  }
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
        onClick={() => onAccept([valorEntrada(propuesta.entrada)])}
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
  // Issue 40: the receipt picker's list closes after each choice (it covered the help text and the proposal).
  const [isPickerOpen, setPickerOpen] = useState(false);
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
          onChange={(values) => state.chooseEntradas(values)}
          dropdownOpened={isPickerOpen}
          onDropdownOpen={() => setPickerOpen(true)}
          onDropdownClose={() => setPickerOpen(false)}
          onOptionSubmit={() => setPickerOpen(false)}
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
            onAccept={(values) => state.chooseEntradas(values, "propuesta")}
            isDisabled={isSubmitting || isSaved}
          />
        </Stack>
      ) : null}
    </>
  );
}

/** Issue 40: several chosen receipts as one compact table (number, date, reference, currency, total) and their sum. */
function EntradasTable({ elegidas }: { elegidas: readonly EntradaFactura[] }) {
  const suma = sumaEntradas(elegidas);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder aria-label="Entradas elegidas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Entrada</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Referencia</Table.Th>
            <Table.Th>Moneda</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {elegidas.map((entrada) => (
            <Table.Tr key={entrada.DocEntry}>
              <Table.Td>{entrada.DocNum}</Table.Td>
              <Table.Td>{entrada.DocDate}</Table.Td>
              <Table.Td>{entrada.NumAtCard.trim() || SIN_REFERENCIA}</Table.Td>
              <Table.Td>{entrada.DocCur}</Table.Td>
              <Table.Td ta="right">{formatAmount(entrada.DocTotal)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {"sinSuma" in suma ? (
            <Table.Tr aria-label="Suma de las entradas">
              <Table.Td colSpan={5}>{suma.sinSuma}</Table.Td>
            </Table.Tr>
          ) : (
            <Table.Tr aria-label="Suma de las entradas">
              <Table.Th colSpan={3}>{suma.etiqueta}</Table.Th>
              <Table.Th>{suma.moneda}</Table.Th>
              <Table.Th ta="right">{suma.total}</Table.Th>
            </Table.Tr>
          )}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Spec §2 'Datos de la entrada': the chosen receipt's fields; issue 40: several receipts as one table with their
 * sum (their fields one after another took several screens for 20 receipts).
 */
export function DatosEntradaSection({ elegidas }: { elegidas: readonly EntradaFactura[] }) {
  const [una] = elegidas;
  if (!una) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="datos-entrada">
      <Title order={2} fz="md" c="gray.8" mb="md" id="datos-entrada">
        Datos de la entrada
      </Title>
      {elegidas.length === 1 ? <Campos campos={camposEntrada(una)} /> : <EntradasTable elegidas={elegidas} />}
    </Paper>
  );
}
