import { base64FromBytes, CFDI_MSG } from "@portal/cfdi";
import { ENTRADAS_MONEDA_MSG, MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  type ArchivoLeido,
  type ArchivosFactura,
  canUpdateFactura,
  canUploadArchivos,
  checkNewFactura,
  checkUpdate,
  estadoErp,
  estatusFactura,
  estatusMostrado,
  estatusPago,
  FORM_MSG,
  fechaMostrada,
  refuseMixedCurrencies,
} from "./factura-logic";
import {
  bytesDe,
  makeEntradaFactura,
  makeFactura,
  PDF_BYTES,
  PNG_BYTES,
  PROVEEDOR,
  SOCIEDADES,
  type XmlPrueba,
  xmlFactura,
} from "./facturas.fixtures";

const SESSION = { id: "P00001", operador: "Proveedor" as const };
const archivo = (name: string, bytes: Uint8Array, mime = ""): ArchivoLeido => ({
  name,
  bytes,
  mime,
  size: bytes.length,
});
const completos = (xml: XmlPrueba = {}): ArchivosFactura => ({
  pdf: archivo("factura.pdf", PDF_BYTES, "application/pdf"),
  xml: archivo("factura.xml", bytesDe(xmlFactura(xml)), "text/xml"),
  recepcion: archivo("recepcion.png", PNG_BYTES, "image/png"),
});
const nueva = (archivos: ArchivosFactura, overrides: Partial<Parameters<typeof checkNewFactura>[0]> = {}) =>
  checkNewFactura({
    session: SESSION,
    proveedor: PROVEEDOR,
    sociedad: SOCIEDADES[0] ?? null,
    entradas: [makeEntradaFactura()],
    archivos,
    base64: base64FromBytes,
    ...overrides,
  });
/** Issue 23: the spec's sentence, verbatim, then the values compared. */
const valores = (frase: string, esperado: string, xml: string) =>
  `${frase}${frase.endsWith(" ") ? "" : " "}— se esperaba «${esperado}»; el XML trae «${xml}».`;
const errores = (revision: { ok: boolean; errors?: string[] }) => (revision.ok ? [] : (revision.errors ?? []));

describe("invoice status (spec §4)", () => {
  it.each([
    [{ CANCELED: "Y", EstatusFactura: "A" }, "Cancelado"],
    [{ CANCELED: "N", EstatusFactura: "A" }, "Aceptada"],
    [{ CANCELED: "N", EstatusFactura: "R" }, "Rechazada"],
    [{ CANCELED: "N", EstatusFactura: "P" }, "Pendiente"],
    [{ CANCELED: "", EstatusFactura: "" }, "Pendiente"],
  ])("%o is %s", (fields, expected) => {
    expect(estatusFactura(makeFactura(fields))).toBe(expected);
  });

  it.each([
    // Issue 23 (decision 024): the ERP decides for PUE too.
    ["PUE, nothing paid", { MetodoPago: "PUE", PaidToDate: "0.00" }, "Pendiente"],
    ["PUE, cancelled", { MetodoPago: "PUE", CANCELED: "Y" }, "Pendiente"],
    ["PUE, fully paid", { MetodoPago: "PUE", PaidToDate: "3327.01" }, "Pagada"],
    ["PPD, cancelled though paid", { MetodoPago: "PPD", CANCELED: "Y", PaidToDate: "3327.01" }, "Pendiente"],
    // Issue 39 (decision 058): a payment that leaves a balance says so.
    ["PPD, partly paid", { MetodoPago: "PPD", PaidToDate: "3327.00" }, "Pago parcial"],
    ["PPD, fully paid", { MetodoPago: "PPD", PaidToDate: "3327.01" }, "Pagada"],
  ] as const)("payment status: %s", (_case, fields, expected) => {
    expect(estatusPago(makeFactura(fields))).toBe(expected);
  });

  it("shows 'Pagada' when paid, otherwise the invoice status", () => {
    expect(estatusMostrado(makeFactura({ MetodoPago: "PUE", EstatusFactura: "R" }))).toBe("Rechazada");
    expect(estatusMostrado(makeFactura({ MetodoPago: "PUE", EstatusFactura: "A", PaidToDate: "3327.01" }))).toBe(
      "Pagada",
    );
    expect(estatusMostrado(makeFactura({ MetodoPago: "PPD", EstatusFactura: "R" }))).toBe("Rechazada");
    expect(estatusMostrado(makeFactura({ MetodoPago: "PPD", EstatusFactura: "A", PaidToDate: "1.00" }))).toBe(
      "Pago parcial",
    );
    expect(estatusMostrado(makeFactura({ MetodoPago: "PPD", EstatusFactura: "A", PaidToDate: "0.00" }))).toBe(
      "Aceptada",
    );
    expect(estatusMostrado(makeFactura({ MetodoPago: "PPD", CANCELED: "Y" }))).toBe("Cancelado");
  });

  it.each([
    ["P", "N", true, true],
    ["R", "N", true, true],
    ["A", "N", false, false],
    ["P", "Y", true, false],
  ])("EstatusFactura %s CANCELED %s: cargar %s, Actualizar %s", (EstatusFactura, CANCELED, canUpload, modify) => {
    const row = makeFactura({ EstatusFactura, CANCELED });
    expect(canUploadArchivos(row)).toBe(canUpload);
    expect(canUpdateFactura(row)).toBe(modify);
  });

  it("shows dates as YYYY-MM-DD, converted from DD-MM-YYYY", () => {
    expect(fechaMostrada("19-02-2025")).toBe("2025-02-19");
    expect(fechaMostrada("2025-02-19")).toBe("2025-02-19");
    expect(fechaMostrada(null)).toBe("");
  });
});

describe("ERP state of an accepted invoice (issue 13)", () => {
  it.each([
    ["created", { EstadoERP: "creada", FolioSAP: 8123 }, "Factura SAP 8123", false],
    ["waiting", { EstadoERP: "pendiente", FolioSAP: null }, "Pendiente en ERP", true],
    ["refused", { EstadoERP: "fallido", FolioSAP: null }, "Error en ERP", true],
  ] as const)("%s: %o reads %s, Reintentar %s", (_case, fields, etiqueta, canRetry) => {
    const estado = estadoErp(makeFactura({ EstatusFactura: "A", ...fields }));
    expect(estado?.etiqueta).toBe(etiqueta);
    expect(estado?.canRetry).toBe(canRetry);
  });

  it("keeps the ERP's message while not created", () => {
    const row = makeFactura({ EstatusFactura: "A", EstadoERP: "fallido", ErrorERP: " Proveedor inactivo " });
    expect(estadoErp(row)?.error).toBe("Proveedor inactivo");
    expect(estadoErp({ ...row, EstadoERP: "creada", FolioSAP: 9 })?.error).toBe("");
  });

  it("has none when not sent to the ERP, and no retry for an invoice no longer accepted", () => {
    expect(estadoErp(makeFactura({ EstatusFactura: "P", EstadoERP: "" }))).toBeNull();
    expect(estadoErp(makeFactura({ EstatusFactura: "A" }))).toBeNull();
    expect(estadoErp(makeFactura({ EstatusFactura: "R", EstadoERP: "fallido" }))?.canRetry).toBe(false);
  });
});

describe("new invoice checks (spec §5)", () => {
  it("asks for the choices and the three files, every message at once", () => {
    expect(errores(nueva({ pdf: null, xml: null, recepcion: null }, { sociedad: null, entradas: [] }))).toEqual([
      FORM_MSG.sociedadRequerida,
      FORM_MSG.entradaRequerida,
      MSG.pdfRequerido,
      MSG.facturaXmlRequerido,
      MSG.facturaRecepcionRequerida,
    ]);
  });

  it("checks each file's type by content and name", () => {
    const revision = nueva({
      pdf: archivo("factura.txt", PDF_BYTES),
      xml: archivo("factura.txt", bytesDe("hola")),
      recepcion: archivo("recepcion.png", PDF_BYTES, "image/png"),
    });
    expect(errores(revision)).toEqual([MSG.archivoNoImagen, MSG.archivoNoPdf, MSG.archivoNoXml]);
  });

  it("refuses an XML without the stamp's structure", () => {
    const [primero] = errores(nueva(completos({ sinTimbre: true })));
    expect(primero).toBe(MSG.xmlSinTimbre);
  });

  it("gives the receiver messages when the XML is for another sociedad", () => {
    const revision = nueva(
      completos({
        rfcReceptor: "KIJ0906199R1",
        nombreReceptor: "KIJ, S.A DE C.V.",
        regimenReceptor: "601",
        cpReceptor: "59820",
      }),
    );
    expect(errores(revision)).toEqual([
      valores(MSG.nombreReceptorSociedad, "MUNICIPIO DE CUAUTITLAN IZCALLI", "KIJ, S.A DE C.V."),
      valores(MSG.regimenReceptorSociedad, "603", "601"),
      valores(MSG.cpReceptorSociedad, "54700", "59820"),
      // The server's RFC message, said by the browser first (issue 23).
      "El RFC del receptor del XML (KIJ0906199R1) no es el RFC de la sociedad seleccionada (MCI7306249Y1).",
    ]);
  });

  it("compares the supplier, total, forms, use, issuer CP and method with the receipt", () => {
    const revision = nueva(
      completos({
        nombreEmisor: "OTRO PROVEEDOR",
        total: "3000.00",
        formaPago: "03",
        uso: "G01",
        lugarExpedicion: "01000",
        metodoPago: "PPD",
      }),
    );
    expect(errores(revision)).toEqual([
      valores(MSG.nombreProveedorEntrada, "ESCUELA KEMPER URGATE", "OTRO PROVEEDOR"),
      valores(MSG.totalEntrada, "3,327.01", "3,000.00"),
      valores(MSG.formaPagoEntrada, "01", "03"),
      valores(MSG.usoPrincipalEntrada, "G03", "G01"),
      valores(MSG.cpEmisorSociedad, "86000", "01000"),
      valores(MSG.metodoPagoEntrada, "PUE", "PPD"),
    ]);
    // A receipt with credit days wants PPD.
    expect(
      errores(nueva(completos({ metodoPago: "PUE" }), { entradas: [makeEntradaFactura({ GroupNum: 30 })] })),
    ).toEqual([valores(MSG.metodoPagoEntrada, "PPD", "PUE")]);
  });

  it("compares the issuer's RFC with the supplier's and the currency with the receipt's, with both values", () => {
    expect(errores(nueva(completos({ rfcEmisor: "XIQB891116QE4" })))).toEqual([
      "El RFC del emisor del XML (XIQB891116QE4) no es el RFC de su registro en el portal (EKU9003173C9).",
    ]);
    expect(errores(nueva(completos(), { entradas: [makeEntradaFactura({ DocCur: "USD" })] }))).toEqual([
      "La moneda del XML (MXN) no es la moneda de la entrada de mercancía (USD).",
    ]);
    // Case does not count.
    expect(errores(nueva(completos(), { proveedor: { ...PROVEEDOR, LicTradNum: "eku9003173c9" } }))).toEqual([]);
  });

  it("builds postFactura from the XML read in the browser", () => {
    const archivos = completos();
    const revision = nueva(archivos);
    if (!revision.ok) throw new Error(revision.errors.join("\n"));
    expect(revision.request).toEqual({
      usuario: "P00001",
      operador: "Proveedor",
      id: "P00001",
      RazonSocial: "SBO_MCI",
      EntradaMercancia: 5120,
      // Issue 37: the receipt's DocEntry too (the fixture's is its number + 10000).
      EntradaDocEntry: 15120,
      PDF: "factura.pdf",
      PDF64: base64FromBytes(PDF_BYTES),
      XML: "factura.xml",
      XML64: base64FromBytes(archivos.xml?.bytes ?? new Uint8Array()),
      Recepcion: "recepcion.png",
      Recepcion64: base64FromBytes(PNG_BYTES),
      FolioFactura: "A-101",
      RFCEmisor: "EKU9003173C9",
      RFCReceptor: "MCI7306249Y1",
      NombreEmisor: "ESCUELA KEMPER URGATE",
      NombreReceptor: "MUNICIPIO DE CUAUTITLAN IZCALLI",
      UUID: "6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B",
      FechaFactura: "2026-02-19T10:00:00",
      Total: "3327.01",
      FormaPago: "01",
      UsoPrincipal: "G03",
      MetodoPago: "PUE",
      CPReceptor: "54700",
      CPEmisor: "86000",
      Regimen: "603",
      Moneda: "MXN",
      TipoDeCambio: "1",
      Retenciones: "N",
    });
  });

  it("issue 27: checks the CFDI against several receipts together and sends them as a list", () => {
    // 3,327.01 = 2,000.00 + 1,327.01
    const dos = [
      makeEntradaFactura({ DocNum: 5130, DocTotal: "1327.01" }),
      makeEntradaFactura({ DocNum: 5120, DocTotal: "2000.00" }),
    ];
    const revision = nueva(completos(), { entradas: dos });
    if (!revision.ok) throw new Error(revision.errors.join("\n"));
    expect(revision.request.EntradaMercancia).toEqual([5120, 5130]);
    // The total's message names the sum.
    const otra = [dos[0]!, makeEntradaFactura({ DocNum: 5120, DocTotal: "2100.00" })];
    expect(errores(nueva(completos(), { entradas: otra }))).toEqual([
      `${MSG.totalEntrada} — se esperaba «3,427.01»; el XML trae «3,327.01» (suma de las entradas 5130 (1,327.01) + 5120 (2,100.00) = 3,427.01).`,
    ]);
    // Two currencies: refused in the browser too.
    const monedas = [dos[0]!, makeEntradaFactura({ DocNum: 5120, DocTotal: "2000.00", DocCur: "USD" })];
    expect(errores(nueva(completos(), { entradas: monedas }))).toContain(
      ENTRADAS_MONEDA_MSG.entradasDeVariasMonedas([
        { docNum: 5130, moneda: "MXN" },
        { docNum: 5120, moneda: "USD" },
      ]),
    );
  });

  it("issue 39: receipts of two currencies are refused by name, each with its currency, and never added", () => {
    // 349.46 USD and 21,303.47 MXN: their 'sum' 21,652.93 must appear nowhere; the XML (3,327.01 MXN) matches neither.
    const monedas = [
      makeEntradaFactura({ DocNum: 5140, DocTotal: "349.46", DocCur: "USD" }),
      makeEntradaFactura({ DocNum: 5141, DocTotal: "21303.47", DocCur: "MXN" }),
    ];
    const mensajes = errores(nueva(completos(), { entradas: monedas }));
    expect(mensajes).toEqual([
      "Las entradas de mercancía 5140 (USD) y 5141 (MXN) están en monedas distintas; una factura solo puede amparar entradas de la misma moneda: registre una factura por cada moneda.",
    ]);
    expect(mensajes.join(" ")).not.toMatch(/21,?652\.93|suma de las entradas|\+/);
    expect(refuseMixedCurrencies(monedas.slice(0, 1))).toBeNull();
    expect(refuseMixedCurrencies([monedas[1]!, makeEntradaFactura({ DocNum: 5142, DocCur: "mxn" })])).toBeNull();
  });

  it("sends the default folio 'S/F' when the XML has none", () => {
    const revision = nueva(completos({ folio: null }));
    expect(revision.ok && revision.request.FolioFactura).toBe("S/F");
  });
});

describe("invoice update (spec §3 patchfactura, §5 update form)", () => {
  const row = makeFactura({ EstatusFactura: "R", Comentarios: "Falta la firma" });
  const modify = (archivos: Partial<ArchivosFactura>) =>
    checkUpdate({
      session: SESSION,
      row,
      proveedor: PROVEEDOR,
      entradas: [makeEntradaFactura()],
      archivos: { pdf: null, xml: null, recepcion: null, ...archivos },
      base64: base64FromBytes,
    });

  it("refuses a correction without a new file (issue 23)", () => {
    expect(errores(modify({}))).toEqual([MSG.correccionSinArchivo]);
  });

  it("sends only the files picked, the rest from the row", () => {
    const revision = modify({ pdf: archivo("nueva.pdf", PDF_BYTES) });
    if (!revision.ok) throw new Error(revision.errors.join("\n"));
    expect(revision.request).toMatchObject({
      IdFactura: 10,
      RazonSocial: "SBO_MCI",
      BD: "SBO_MCI",
      EntradaMercancia: 5120,
      PDF: "nueva.pdf",
      PDF64: base64FromBytes(PDF_BYTES),
      FolioFactura: "A-101",
      UUID: row.UUID,
      FechaFactura: "2026-02-19",
      Total: "3327.01",
      Estatus: "Rechazada",
    });
    expect(revision.request).not.toHaveProperty("XML64");
    expect(revision.request).not.toHaveProperty("Recepcion64");
  });

  it("takes the XML fields from a new XML, read with the update form's rules", () => {
    // Issue 23: Folio the only thing missing → only the Folio message.
    expect(errores(modify({ xml: archivo("f.xml", bytesDe(xmlFactura({ folio: null }))) }))).toEqual([
      CFDI_MSG.faltaFolio,
    ]);
    // Régimen, postal codes and method are not compared in the update form.
    const revision = modify({
      xml: archivo("f.xml", bytesDe(xmlFactura({ folio: "B-7", regimenReceptor: "601", metodoPago: "PPD" }))),
    });
    if (!revision.ok) throw new Error(revision.errors.join("\n"));
    expect(revision.request).toMatchObject({ FolioFactura: "B-7", XML: "f.xml", MetodoPago: "PPD", Regimen: "601" });
  });

  it("checks the type of every file picked", () => {
    expect(errores(modify({ recepcion: archivo("r.gif", PDF_BYTES), pdf: archivo("x.pdf", PNG_BYTES) }))).toEqual([
      MSG.archivoNoImagen,
      MSG.archivoNoPdf,
    ]);
  });
});
