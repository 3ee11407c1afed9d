import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { describeFormaPago, describeMetodoPago, describeUsoCfdi } from "@portal/cfdi";
import { IconArrowLeft, IconDownload } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { isApiError } from "../../lib/api-client";
import { useDocumentTitle } from "../../lib/document-title";
import { notifyError } from "../../lib/notify";
import { downloadProtectedFile } from "../../lib/open-file";
import classes from "./documento-compra.module.css";
import { EstatusDocumentoBadge } from "./documento-compra-columns";
import {
  type DocumentoCompra,
  ESTATUS_ABIERTO,
  estatusPartidaLabel,
  formatCantidad,
  formatImporte,
  formatPorcentaje,
  metodoPagoDe,
  type PartidaBase,
  totalesDocumento,
} from "./documento-compra-logic";

/** One header field of the detail. */
export interface CampoDocumento {
  label: string;
  value: ReactNode;
  /** Takes the whole row (long texts such as comments). */
  isWide?: boolean;
}

/** One column of the line-item table. */
export interface PartidaColumn<Linea> {
  id: string;
  header: string;
  align?: "left" | "right";
  /** Long text that may break into lines; every other cell stays on one line. */
  isWrapped?: boolean;
  cell: (linea: Linea) => ReactNode;
}

const Codigo = ({ code, description }: { code: string; description: string | undefined }) =>
  code ? (
    <>
      {code}
      {description ? (
        <Text span c="dimmed" size="sm">
          {" "}
          · {description}
        </Text>
      ) : null}
    </>
  ) : (
    "—"
  );

const orDash = (text: string): ReactNode => text || "—";

/**
 * Header fields shared by an order and a receipt (spec §3 Order): company, supplier, the document numbers,
 * dates, credit days, main use, payment method and form with their SAT descriptions, reference, comments.
 */
export function camposDocumentoCompra(
  documento: DocumentoCompra,
  { numeros, fechaVencimiento }: { numeros: readonly CampoDocumento[]; fechaVencimiento: string },
): CampoDocumento[] {
  const metodo = metodoPagoDe(documento);
  return [
    { label: "Sociedad", value: documento.U_SYS_PMSNBD },
    { label: "Proveedor", value: documento.CardName },
    ...numeros,
    { label: "Fecha", value: documento.DocDate },
    { label: fechaVencimiento, value: documento.DocDueDate },
    { label: "Días de crédito", value: documento.GroupNum },
    {
      label: "Uso principal",
      value: <Codigo code={documento.U_B1SYS_MainUsage} description={describeUsoCfdi(documento.U_B1SYS_MainUsage)} />,
    },
    { label: "Método de pago", value: <Codigo code={metodo} description={describeMetodoPago(metodo)} /> },
    {
      label: "Forma de pago",
      value: <Codigo code={documento.PeyMethod} description={describeFormaPago(documento.PeyMethod)} />,
    },
    { label: "Moneda", value: orDash(documento.DocCur) },
    { label: "Referencia", value: orDash(documento.NumAtCard) },
    { label: "Total", value: formatImporte(documento.DocTotal, documento.DocCur) },
    { label: "Comentarios", value: orDash(documento.Comments), isWide: true },
  ];
}

/**
 * Line columns shared by both documents (spec §3: code and description, status, unit, quantity, unit price,
 * discount %, total); `cantidades` go right after the quantity (an order's open and delivered quantities).
 * The description shows the item's name with its foreign name below.
 */
export function columnasPartida<Linea extends PartidaBase>(
  cantidades: readonly PartidaColumn<Linea>[] = [],
): readonly PartidaColumn<Linea>[] {
  return [
    { id: "Fila", header: "#", align: "right", cell: (linea) => linea.Fila },
    { id: "ItemCode", header: "Código", cell: (linea) => linea.ItemCode },
    {
      id: "ItemName",
      header: "Descripción",
      isWrapped: true,
      cell: (linea) => (
        <>
          <Text size="sm">{linea.ItemName}</Text>
          {linea.FrgnName ? (
            <Text size="xs" c="dimmed">
              {linea.FrgnName}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      id: "LineStatus",
      header: "Estatus",
      cell: (linea) => (
        <Badge
          variant="dot"
          color={linea.LineStatus === ESTATUS_ABIERTO ? "teal" : "gray"}
          radius="sm"
          tt="none"
          fw={500}
          className={classes.badge}
        >
          {estatusPartidaLabel(linea.LineStatus)}
        </Badge>
      ),
    },
    { id: "UomCode", header: "Unidad", cell: (linea) => linea.UomCode },
    { id: "Quantity", header: "Cantidad", align: "right", cell: (linea) => formatCantidad(linea.Quantity) },
    ...cantidades,
    {
      id: "PriceBefDi",
      header: "Precio unitario",
      align: "right",
      cell: (linea) => formatImporte(linea.PriceBefDi, ""),
    },
    { id: "DiscPrcnt", header: "Descuento %", align: "right", cell: (linea) => formatPorcentaje(linea.DiscPrcnt) },
    { id: "LineTotal", header: "Total", align: "right", cell: (linea) => formatImporte(linea.LineTotal, "") },
  ];
}

function DownloadPdf({ url, nombre }: { url: string; nombre: string }) {
  const [isDownloading, setIsDownloading] = useState(false);
  const download = () => {
    setIsDownloading(true);
    downloadProtectedFile(url, nombre)
      .catch((error: unknown) => {
        console.error("No se pudo descargar el PDF", error);
        notifyError(isApiError(error) ? error.message : "No se pudo descargar el PDF.");
      })
      .finally(() => setIsDownloading(false));
  };
  return (
    <Button leftSection={<IconDownload size={18} aria-hidden />} loading={isDownloading} onClick={download}>
      Descargar PDF
    </Button>
  );
}

function Totales({ documento }: { documento: DocumentoCompra }) {
  const totales = totalesDocumento(documento);
  const moneda = documento.DocCur;
  return (
    <dl className={classes.totals} aria-label="Totales">
      <dt>Subtotal</dt>
      <dd>{formatImporte(totales.subtotal, moneda)}</dd>
      <dt>
        Descuento %{" "}
        <Text span c="dimmed" size="sm">
          ({formatPorcentaje(totales.descuentoPorcentaje)})
        </Text>
      </dt>
      <dd>−{formatImporte(totales.descuento, moneda)}</dd>
      <dt>Impuestos</dt>
      <dd>{formatImporte(totales.impuestos, moneda)}</dd>
      <dt className={classes.grandTotal}>Total</dt>
      <dd className={classes.grandTotal}>{formatImporte(totales.total, moneda)}</dd>
    </dl>
  );
}

interface DocumentoCompraDetalleProps<Linea extends PartidaBase> {
  /** "Pedido #1100", "Entrada de mercancía #5120". */
  title: string;
  /** The list this detail belongs to. */
  backTo: "/Pedidos" | "/Entradas-Mercancia";
  backLabel: string;
  documento: DocumentoCompra;
  fields: readonly CampoDocumento[];
  lines: readonly Linea[];
  columns: readonly PartidaColumn<Linea>[];
  /** File name when the server does not announce one. */
  pdfName: string;
}

/**
 * Detail of an order or a goods receipt (spec §2): title, 'Descargar PDF' when there is a PDF, the header
 * fields, and the line items with Subtotal, Descuento %, Impuestos and Total.
 */
export function DocumentoCompraDetalle<Linea extends PartidaBase>({
  title,
  backTo,
  backLabel,
  documento,
  fields,
  lines,
  columns,
  pdfName,
}: DocumentoCompraDetalleProps<Linea>) {
  useDocumentTitle(title);
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={backTo} size="sm" className={classes.back} aria-label={`Volver a ${backLabel}`}>
          <IconArrowLeft size={16} aria-hidden />
          {backLabel}
        </Anchor>
        <Group justify="space-between" align="center" gap="sm" mt={6}>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 22, sm: 26 }} c="portal.9">
              {title}
            </Title>
            <EstatusDocumentoBadge docStatus={documento.DocStatus} />
          </Group>
          {documento.U_SYS_PMDPDF ? <DownloadPdf url={documento.U_SYS_PMDPDF} nombre={pdfName} /> : null}
        </Group>
      </div>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="documento-datos">
        <Title order={2} fz="md" c="gray.8" mb="md" id="documento-datos">
          Datos generales
        </Title>
        <dl className={classes.fields}>
          {fields.map((campo) => (
            <div key={campo.label} className={campo.isWide ? classes.wide : undefined}>
              <dt>{campo.label}</dt>
              <dd>{campo.value}</dd>
            </div>
          ))}
        </dl>
      </Paper>

      <Paper withBorder radius="md" component="section" aria-labelledby="documento-partidas" className={classes.lines}>
        <Title order={2} fz="md" c="gray.8" p="lg" pb="sm" id="documento-partidas">
          Partidas
        </Title>
        <Table.ScrollContainer
          minWidth={960}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Partidas (desplazable)"
        >
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            // Eleven columns must fit a 1366 px laptop with the menu open (issue 40): 10 px a side, not 16.
            horizontalSpacing="sm"
            aria-labelledby="documento-partidas"
          >
            <Table.Thead className={classes.thead}>
              <Table.Tr>
                {columns.map((columna) => (
                  <Table.Th key={columna.id} ta={columna.align} className={classes.th}>
                    {columna.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" ta="center" py="md" size="sm">
                      El documento no tiene partidas.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                lines.map((linea) => (
                  <Table.Tr key={linea.Fila}>
                    {columns.map((columna) => (
                      <Table.Td
                        key={columna.id}
                        ta={columna.align}
                        className={
                          columna.isWrapped
                            ? classes.description
                            : columna.align === "right"
                              ? classes.number
                              : classes.cell
                        }
                      >
                        {columna.cell(linea)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" p="lg" className={classes.footer}>
          <Totales documento={documento} />
        </Group>
      </Paper>
    </Stack>
  );
}
