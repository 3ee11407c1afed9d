import { fireEvent, screen, within } from "@testing-library/react";
import { fakeCalls } from "../../../test/fake-api";
import type { FakeCall } from "../../../test/render-app";
import {
  makeEntradaFactura,
  makeFactura,
  PDF_BYTES,
  PNG_BYTES,
  PROVEEDOR,
  SOCIEDADES,
  xmlFactura,
} from "../facturas.fixtures";

/** What the invoice screens' tests share: the supplier's five invoices, the list's rows, files and the fake API. */
export const FACTURAS = [
  makeFactura({
    Fila: 1,
    IdFactura: 14,
    FolioFactura: "A-104",
    MetodoPago: "PUE",
    EstatusFactura: "A",
    PaidToDate: "3327.01",
  }),
  makeFactura({
    Fila: 2,
    IdFactura: 13,
    FolioFactura: "A-103",
    EstatusFactura: "A",
    Recepcion: "",
    FechaProbablePago: "2026-03-24",
  }),
  makeFactura({
    Fila: 3,
    IdFactura: 12,
    FolioFactura: "A-102",
    MetodoPago: "PUE",
    EstatusFactura: "R",
    Comentarios: "Sin firma",
  }),
  makeFactura({ Fila: 4, IdFactura: 11, FolioFactura: "A-101", CANCELED: "Y", PDF: "", XML: "" }),
  makeFactura({ Fila: 5, IdFactura: 10, FolioFactura: "A-100", FechaFactura: "2026-01-05" }),
];

export const bodyRows = () =>
  within(screen.getByRole("table", { name: "Facturas" }))
    .getAllByRole("row")
    .slice(1);

export const rowOf = (folio: string) => bodyRows().find((row) => row.textContent?.includes(folio)) as HTMLElement;

export const fileInput = (clave: "pdf" | "xml" | "recepcion") =>
  document.querySelector<HTMLInputElement>(`input[type="file"][data-archivo="${clave}"]`) as HTMLInputElement;

export const pick = (clave: "pdf" | "xml" | "recepcion", file: File) =>
  fireEvent.change(fileInput(clave), { target: { files: [file] } });

export const pdfFile = (name = "factura.pdf") => new File([PDF_BYTES as BlobPart], name, { type: "application/pdf" });
export const pngFile = () => new File([PNG_BYTES as BlobPart], "recepcion.png", { type: "image/png" });
export const xmlFile = (xml = xmlFactura()) => new File([xml], "factura.xml", { type: "text/xml" });

export const toast = () => document.querySelector(".mantine-Notification-root") as HTMLElement | null;

export function nuevaApi(extra: Parameters<typeof fakeCalls>[0] = {}) {
  return fakeCalls({
    getNotasCredito: [],
    getFacturas: FACTURAS,
    getProveedor: [PROVEEDOR],
    facturasGetSociedades: SOCIEDADES,
    getEntradas: (call: FakeCall) =>
      (call.body as { BD: string }).BD === "SBO_MCI"
        ? [
            makeEntradaFactura(),
            makeEntradaFactura({ Fila: 2, DocNum: 5121, GroupNum: 30, Pedido: null }),
            makeEntradaFactura({
              Fila: 3,
              DocNum: 5101,
              NumAtCard: "SAT-PRUEBA-2025",
              DocDate: "2025-02-18",
              DocTotal: "3400.00",
              Pedido: 900,
            }),
          ]
        : [makeEntradaFactura({ DocNum: 7001, NomSociedad: "KIJ, S.A DE C.V." })],
    ...extra,
  });
}
