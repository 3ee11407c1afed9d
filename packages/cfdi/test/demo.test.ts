import { describe, expect, it } from "vitest";
import { checkPdf, complementoEsperado, creditedUuids, readConceptos } from "../src/index";
import { SERVER_PDF_CHECK } from "../src/pdf/node";
import {
  conConceptosDeLineas,
  facturaDeEntradas,
  freshStamp,
  notaDeFactura,
  pagoDelEsperado,
  readCreditNoteVerified,
  readInvoiceVerified,
  readPaymentComplementVerified,
  testComplementoCfdi,
  testCsdRefusal,
  testFacturaCfdi,
} from "../src/sello/index";

/** Issue 40 (decision 062): the demo's test CFDIs match the portal's records and verify as the portal reads them. */
const KEMPER = { rfc: "EKU9003173C9" as const, nombre: "ESCUELA KEMPER URGATE" };
const MCI = { rfc: "MCI7306249Y1", nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI", cp: "54700", regimen: "603" };
const entrada = (docNum: number, docTotal: string, vatSum: string, groupNum = 0, peyMethod = "03") => ({
  docNum,
  numAtCard: `DEMO-${docNum}`,
  docTotal,
  vatSum,
  discSum: "0",
  wtSum: "0",
  peyMethod,
  mainUsage: "G03",
  cp: "86000",
  groupNum,
  docCur: "MXN",
  docRate: "1",
});
const fecha = "2026-11-29T10:00:00";

describe("facturaDeEntradas", () => {
  it("bills the receipts' sum with their payment form and use, PUE without credit days", async () => {
    const f = facturaDeEntradas({
      emisor: KEMPER,
      receptor: MCI,
      entradas: [entrada(1, "2900.00", "400.00"), entrada(2, "5800.00", "800.00")],
      fecha,
      folio: "7",
      stamp: freshStamp(fecha),
    });
    const cfdi = testFacturaCfdi(f);
    const read = await readInvoiceVerified(cfdi.xml, { trustTestCertificates: true });
    expect(read.ok).toBe(true);
    expect(read.data).toMatchObject({
      Total: "8700.00",
      SubTotal: "7500.00",
      MetodoPago: "PUE",
      FormaPago: "03",
      UsoPrincipal: "G03",
      CPEmisor: "86000",
      CPReceptor: "54700",
      RFCEmisor: "EKU9003173C9",
      UUID: cfdi.uuid,
    });
    expect(checkPdf(`${cfdi.nombre}.pdf`, cfdi.pdf, SERVER_PDF_CHECK)).toEqual([]);
  });

  it("is PPD when a receipt has credit days, with the receipts' payment form (99)", () => {
    const f = facturaDeEntradas({
      emisor: KEMPER,
      receptor: MCI,
      entradas: [entrada(1, "1160.00", "160.00", 30, "99")],
      fecha,
      folio: "8",
      stamp: freshStamp(fecha),
    });
    expect([f.metodoPago, f.formaPago]).toEqual(["PPD", "99"]);
  });
});

describe("conConceptosDeLineas (issue 42)", () => {
  it("writes one concept per billed line and keeps the invoice's totals to the cent", async () => {
    // A part with a discount and withholdings that do not divide evenly among 3 lines.
    const f = facturaDeEntradas({
      emisor: KEMPER,
      receptor: MCI,
      entradas: [{ ...entrada(1, "1149.41", "158.55"), discSum: "10.01", wtSum: "99.11" }],
      fecha,
      folio: "8",
      stamp: freshStamp(fecha),
    });
    const partes = conConceptosDeLineas(f, [
      { itemCode: "ART-1", itemName: "Tornillo", cantidad: "3", importe: "99.99" },
      { itemCode: "ART-2", itemName: "Tuerca", cantidad: "0.5", importe: "333.33" },
      { itemCode: "SRV-1", itemName: "Instalación", cantidad: "1", importe: "567.10" },
    ]);
    const cfdi = testFacturaCfdi(partes);
    const read = await readInvoiceVerified(cfdi.xml, { trustTestCertificates: true });
    expect(read.ok).toBe(true);
    expect(read.data).toMatchObject({ Total: f.total, SubTotal: f.subtotal, Descuento: "10.01" });
    expect(readConceptos(cfdi.xml).map((c) => [c.noIdentificacion, c.descripcion, c.cantidad])).toEqual([
      ["ART-1", "Tornillo", "3"],
      ["ART-2", "Tuerca", "0.5"],
      ["SRV-1", "Instalación", "1"],
    ]);
  });

  it("leaves an invoice without lines as it is", () => {
    const f = facturaDeEntradas({
      emisor: KEMPER,
      receptor: MCI,
      entradas: [entrada(1, "1160.00", "160.00")],
      fecha,
      folio: "9",
      stamp: freshStamp(fecha),
    });
    expect(conConceptosDeLineas(f, [])).toBe(f);
  });
});

describe("testCsdRefusal", () => {
  it("refuses a date past the test CSD's validity and an RFC without a test CSD", () => {
    expect(testCsdRefusal("EKU9003173C9", fecha)).toBeNull();
    expect(testCsdRefusal("XIQB891116QE4", "2023-05-20T10:00:00")).toBeNull();
    expect(testCsdRefusal("XIQB891116QE4", fecha)).toMatch(/venció el 2023-05-2/);
    expect(testCsdRefusal("AAA010101AAA", fecha)).toMatch(/no es un contribuyente de prueba/);
    expect(() =>
      testFacturaCfdi(
        facturaDeEntradas({
          emisor: { rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA" },
          receptor: MCI,
          entradas: [entrada(1, "1160.00", "160.00")],
          fecha,
          folio: "9",
          stamp: freshStamp(fecha),
        }),
      ),
    ).toThrow(/venció/);
  });
});

describe("notaDeFactura", () => {
  it("issues a CFDI de egreso that credits the invoice (TipoRelacion 01)", async () => {
    const uuid = "6C1F2A40-3B7E-4D58-9A61-0E7B2C3D4F51";
    const cfdi = testFacturaCfdi(
      notaDeFactura({
        emisor: KEMPER,
        receptor: MCI,
        factura: { uuid, moneda: "MXN", formaPago: "99", lugarExpedicion: "86000" },
        importe: "580.00",
        fecha,
        folio: "1",
        stamp: freshStamp(fecha),
      }),
    );
    const read = await readCreditNoteVerified(cfdi.xml, { trustTestCertificates: true });
    expect(read.ok).toBe(true);
    expect(read.data).toMatchObject({ Total: "580.00", SubTotal: "500.00", Moneda: "MXN" });
    expect(read.data && creditedUuids(read.data)).toEqual([uuid]);
  });
});

describe("testComplementoCfdi", () => {
  it("issues the complement the portal expects for a payment", async () => {
    const esperado = complementoEsperado({
      pago: {
        fecha: "2026-11-20",
        formaPago: "03",
        moneda: "MXN",
        tipoCambio: "1",
        total: "1160.00",
        cancelado: false,
      },
      facturas: [
        {
          uuid: "6C1F2A40-3B7E-4D58-9A61-0E7B2C3D4F51",
          folio: "A1201",
          moneda: "MXN",
          total: "2320.00",
          aplicado: "1160.00",
          aplicadoAntes: [],
          acreditado: "0",
        },
      ],
    });
    expect(esperado).not.toBeNull();
    if (!esperado) return;
    const cfdi = testComplementoCfdi({
      emisor: { ...KEMPER, regimen: "601" },
      receptor: MCI,
      lugarExpedicion: "86000",
      fecha,
      serie: "CP",
      folio: "1",
      pagos: [pagoDelEsperado(esperado)],
      ...freshStamp(fecha),
    });
    const read = await readPaymentComplementVerified(cfdi.xml, { trustTestCertificates: true });
    expect(read.ok).toBe(true);
    expect(read.data).toMatchObject({ Total: "1160.00", RFCEmisor: "EKU9003173C9" });
    expect(read.data?.Detalle).toHaveLength(1);
  });
});
