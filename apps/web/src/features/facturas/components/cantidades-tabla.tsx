import { Table, TextInput } from "@mantine/core";
import { FACTURA_PARTES_MSG, type LineaPorFacturar } from "@portal/contracts";
import { type Cantidades, claveLinea } from "../entrada-partes";

/** One base document (a goods receipt or a purchase order) whose lines the table offers. */
export interface DocumentoConLineas {
  DocEntry: number;
  DocNum: number;
  Lineas: readonly LineaPorFacturar[];
  /** The document cell's title (an order's date and what is left of it). */
  titulo?: string;
}

/**
 * Issue 42: the lines and quantities an invoice bills — a receipt's in part (decision 074) or an order's services
 * (decision 076): each line of `documentos` with what is left to bill and an input for the quantity this CFDI bills,
 * named '<Cantidad a facturar>, <documento> N, línea L'. `columna` heads the document's column; `documento` names it
 * in each input's name ("entrada", "pedido"); `porFacturar` writes what is left of a line.
 */
export function CantidadesTabla(props: {
  documentos: readonly DocumentoConLineas[];
  columna: string;
  documento: string;
  porFacturar?: (linea: LineaPorFacturar) => string;
  cantidades: Cantidades;
  onCantidad: (clave: string, valor: string) => void;
  isDisabled: boolean;
  /** Whether a line's input is disabled (a receipt's line with nothing left to bill). */
  isLineDisabled?: (linea: LineaPorFacturar) => boolean;
}) {
  const { documentos, cantidades, onCantidad, isDisabled } = props;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={FACTURA_PARTES_MSG.cantidadesTitulo} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{props.columna}</Table.Th>
            <Table.Th>Línea</Table.Th>
            <Table.Th>{FACTURA_PARTES_MSG.columnaArticulo}</Table.Th>
            <Table.Th>{FACTURA_PARTES_MSG.columnaPorFacturar}</Table.Th>
            <Table.Th>{FACTURA_PARTES_MSG.columnaCantidad}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documentos.flatMap((d) =>
            d.Lineas.map((l) => {
              const clave = claveLinea(d.DocEntry, l.LineNum);
              return (
                <Table.Tr key={clave}>
                  <Table.Td title={d.titulo}>{d.DocNum}</Table.Td>
                  <Table.Td>{l.LineNum}</Table.Td>
                  <Table.Td>{`${l.ItemCode} · ${l.ItemName}`}</Table.Td>
                  <Table.Td>{props.porFacturar ? props.porFacturar(l) : l.PorFacturar}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${FACTURA_PARTES_MSG.columnaCantidad}, ${props.documento} ${d.DocNum}, línea ${l.LineNum}`}
                      inputMode="decimal"
                      value={cantidades[clave] ?? ""}
                      onChange={(event) => onCantidad(clave, event.currentTarget.value)}
                      disabled={isDisabled || (props.isLineDisabled?.(l) ?? false)}
                      w={120}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            }),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
