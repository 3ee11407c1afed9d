import { MSG } from "@portal/contracts/messages";
import { describe, expect, it } from "vitest";
import { CFDI_MSG, classifyCfdi, type InvoiceData, readInvoice, readPaymentComplement } from "../src/index";
import { fixtureBytes, fixtureText, INVOICE_UUID, invoiceXml, stamp } from "./helpers";

function okData(result: ReturnType<typeof readInvoice>): InvoiceData {
  if (!result.ok) throw new Error(result.errors.join(" | "));
  return result.data;
}

function errorsOf(result: ReturnType<typeof readInvoice>): string[] {
  if (result.ok) throw new Error("se esperaba un error");
  return result.errors;
}

const V4_INVOICE_EXPECTED = "una factura: un CFDI versión 4.0 de tipo I (Ingreso)";

describe("readInvoice on real files", () => {
  it("reads a real production CFDI 4.0 (cfdiutils cfdi40-real) with the payload's field names", () => {
    const result = readInvoice(fixtureBytes("cfdiutils__cfdi40-real.xml"));
    expect(result).toEqual({
      ok: true,
      warnings: [],
      data: {
        UUID: "C2832671-DA6D-11EF-A83D-00155D012007",
        Version: "4.0",
        TipoDeComprobante: "I",
        Serie: "O",
        Folio: "52375239",
        FechaFactura: "2025-01-24T10:10:41",
        FechaTimbrado: "2025-01-24T10:10:42",
        RFCEmisor: "ISD950921HE5",
        NombreEmisor: "PASE, SERVICIOS ELECTRONICOS",
        RegimenFiscalEmisor: "601",
        RFCReceptor: "COSC8001137NA",
        NombreReceptor: "CARLOS CORTES SOTO",
        CPReceptor: "52176",
        Regimen: "612",
        UsoPrincipal: "G03",
        CPEmisor: "11529",
        SubTotal: "862.07",
        Descuento: "0",
        Total: "1000.00",
        FormaPago: "04",
        MetodoPago: "PUE",
        Moneda: "MXN",
        TipoDeCambio: "1",
        TotalImpuestosTrasladados: "137.93",
        TotalImpuestosRetenidos: "0",
        TotalTrasladosLocales: "0",
        TotalRetencionesLocales: "0",
        Retenciones: "N",
        RetenidoISR: "0",
        RetenidoIVA: "0",
        TrasladadoIVA: "137.93",
        Conceptos: 2,
        ClavesProdServ: ["80141628", "95111615"],
        // Issue 39: each concept as written (six decimals here), for the withholding rules.
        ConceptLines: [
          {
            ClaveProdServ: "80141628",
            Importe: "8.620690",
            Descuento: "0",
            TasaIVA: "0.160000",
            TrasladadoIVA: "1.379310",
            RetenidoISR: "0",
            RetenidoIVA: "0",
          },
          {
            ClaveProdServ: "95111615",
            Importe: "853.448276",
            Descuento: "0",
            TasaIVA: "0.160000",
            TrasladadoIVA: "136.551724",
            RetenidoISR: "0",
            RetenidoIVA: "0",
          },
        ],
        CfdiRelacionados: [],
      },
    });
  });

  it("gives the same result for the string and the bytes", () => {
    expect(readInvoice(fixtureText("cfdiutils__cfdi40-real.xml"))).toEqual(
      readInvoice(fixtureBytes("cfdiutils__cfdi40-real.xml")),
    );
  });

  it("requires FormaPago as spec §5 does: the stamped satcfdi PPD invoices omit it", () => {
    for (const f of [
      "satcfdi__hande951128469_ingreso_iva16_stamped.xml",
      "satcfdi__xiqb891116qe4_ingreso_iva16_stamped.xml",
    ]) {
      expect(errorsOf(readInvoice(fixtureBytes(f)))).toEqual([
        MSG.xmlSinTimbre,
        "Falta el atributo FormaPago en cfdi:Comprobante.",
      ]);
    }
  });

  it("decodes &amp; in the RFC and name (h&e951128469 with FormaPago 99 added) and flags RFC/régimen", () => {
    const xml = fixtureText("satcfdi__hande951128469_ingreso_iva16_stamped.xml").replace(
      'MetodoPago="PPD"',
      'MetodoPago="PPD" FormaPago="99"',
    );
    const result = readInvoice(xml);
    const data = okData(result);
    expect(data.RFCEmisor).toBe("H&E951128469");
    expect(data.NombreEmisor).toBe("HERRERIA & ELECTRICOS S DE CV");
    expect(data.UUID).toBe("6D7434A6-E3F2-47AD-9E4C-08849946AFA0");
    expect(data.Retenciones).toBe("N");
    expect(result.ok && result.warnings).toEqual([
      "El RFC del emisor H&E951128469 es de persona moral, pero el régimen fiscal 606 no aplica a personas morales.",
      "La fecha del comprobante (2020-01-01T22:40:38) es anterior al 1 de enero de 2022, inicio de la versión 4.0 del CFDI.",
    ]);
  });

  it("reads withholdings (xiqb891116qe4: ISR and IVA retenidos) and flags persona física with 601", () => {
    const xml = fixtureText("satcfdi__xiqb891116qe4_ingreso_iva16_stamped.xml").replace(
      'MetodoPago="PPD"',
      'MetodoPago="PPD" FormaPago="99"',
    );
    const result = readInvoice(xml);
    const data = okData(result);
    expect(data).toMatchObject({
      SubTotal: "15390.30",
      TotalImpuestosTrasladados: "2462.45",
      TotalImpuestosRetenidos: "3180.67",
      Total: "14672.08",
      Retenciones: "Y",
      // Issue 27: by tax, from the invoice's totals (concept-level nodes are not added again).
      RetenidoISR: "1539.03",
      RetenidoIVA: "1641.64",
      TrasladadoIVA: "2462.45",
      Conceptos: 1,
      ClavesProdServ: ["10101702"],
      CfdiRelacionados: [],
    });
    expect(result.ok && result.warnings).toContain(
      "El RFC del emisor XIQB891116QE4 es de persona física, pero el régimen fiscal 601 no aplica a personas físicas.",
    );
  });

  it("keeps TipoCambio, Descuento and a zero-padded Folio as written (created-with-discounts-40, stamped)", () => {
    const data = okData(readInvoice(stamp(fixtureText("cfdiutils__created-with-discounts-40.xml"))));
    expect(data).toMatchObject({
      Folio: "0000123456",
      Moneda: "USD",
      TipoDeCambio: "18.9008",
      Descuento: "500.00",
      SubTotal: "3300.00",
      Total: "3248.00",
    });
  });

  it("refuses an unstamped CFDI 4.0 (created-with-discounts-40 as published)", () => {
    expect(errorsOf(readInvoice(fixtureBytes("cfdiutils__created-with-discounts-40.xml")))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.sinTimbre,
    ]);
  });

  it("says what an older CFDI is and what is expected", () => {
    expect(errorsOf(readInvoice(fixtureBytes("cfdiutils__cfdi33-real.xml")))).toEqual([
      `El XML es un CFDI versión 3.3 de tipo I (Ingreso); se espera ${V4_INVOICE_EXPECTED}.`,
    ]);
    expect(errorsOf(readInvoice(fixtureBytes("cfdiutils__cfdi32-real.xml")))).toEqual([
      `El XML es un CFDI versión 3.2 de tipo I (Ingreso); se espera ${V4_INVOICE_EXPECTED}.`,
    ]);
    expect(errorsOf(readInvoice(fixtureBytes("satcfdi__cfdv33-pagos10.xml")))).toEqual([
      `El XML es un CFDI versión 3.3 de tipo I (Ingreso) con complemento de pagos 1.0; se espera ${V4_INVOICE_EXPECTED}.`,
    ]);
  });

  it("says a payment complement is not an invoice", () => {
    expect(errorsOf(readInvoice(fixtureBytes("satcfdi__pago_hande951128469_ingreso_iva16.xml")))).toEqual([
      `El XML es un complemento de pago (CFDI 4.0 de tipo P (Pago)); se espera ${V4_INVOICE_EXPECTED}.`,
    ]);
  });

  it("names the other CFDI types", () => {
    const cases: [string, string][] = [
      ["E", "un CFDI 4.0 de tipo E (Egreso)"],
      ["T", "un CFDI 4.0 de tipo T (Traslado)"],
      ["N", "un CFDI 4.0 de tipo N (Nómina)"],
      ["X", "un CFDI 4.0 con TipoDeComprobante «X», que no existe en el catálogo del SAT"],
    ];
    for (const [tipo, what] of cases) {
      expect(errorsOf(readInvoice(invoiceXml({ comprobante: { TipoDeComprobante: tipo } })))).toEqual([
        `El XML es ${what}; se espera ${V4_INVOICE_EXPECTED}.`,
      ]);
    }
  });
});

describe("readInvoice: namespaces, not prefixes", () => {
  const reference = okData(readInvoice(invoiceXml()));

  it("reads the reference invoice", () => {
    expect(reference).toMatchObject({
      UUID: INVOICE_UUID.toUpperCase(),
      CPReceptor: "01000",
      Total: "953.33",
      TotalImpuestosRetenidos: "206.67",
      Retenciones: "Y",
      Folio: "100",
      Serie: "A",
    });
  });

  it("accepts any prefix bound to the CFDI 4.0 namespace, or the default namespace", () => {
    expect(okData(readInvoice(invoiceXml({ prefix: "c" })))).toEqual(reference);
    expect(okData(readInvoice(invoiceXml({ prefix: "" })))).toEqual(reference);
    expect(okData(readInvoice(invoiceXml({ tfdPrefix: "timbre" })))).toEqual(reference);
  });

  it("refuses a cfdi: prefix bound to another namespace", () => {
    expect(errorsOf(readInvoice(invoiceXml({ cfdiNs: "http://example.com/cfd/4" })))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.raizNoEsCfdi("cfdi:Comprobante del espacio de nombres http://example.com/cfd/4"),
    ]);
  });

  it("refuses a document whose root is not a Comprobante", () => {
    expect(errorsOf(readInvoice("<factura><total>1</total></factura>"))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.raizNoEsCfdi("factura sin espacio de nombres"),
    ]);
  });

  it("ignores elements in other namespaces: Emisor must be cfdi:Emisor", () => {
    const xml = invoiceXml().replace("<cfdi:Emisor ", '<x:Emisor xmlns:x="urn:otro" ');
    expect(errorsOf(readInvoice(xml))).toEqual([MSG.xmlSinTimbre, "Falta el nodo cfdi:Emisor."]);
  });
});

describe("readInvoice: the stamp", () => {
  it("looks for the TimbreFiscalDigital only in cfdi:Complemento (an Addenda can carry anything)", () => {
    const tfd =
      '<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="ab12cd34-5678-4def-9abc-0123456789ef" FechaTimbrado="2025-03-10T12:01:00" SelloCFD="c2VsbG8gZGVsIGVtaXNvcg=="/>';
    const xml = invoiceXml({ tfd: null, afterComplemento: `<cfdi:Addenda>${tfd}</cfdi:Addenda>` });
    expect(errorsOf(readInvoice(xml))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.sinTimbre]);
  });

  it("refuses a stamp whose SelloCFD is not the comprobante's Sello", () => {
    expect(errorsOf(readInvoice(invoiceXml({ tfd: { SelloCFD: "b3RybyBzZWxsbw==" } })))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.timbreNoCorresponde,
    ]);
  });

  it("refuses two stamps, a TFD 1.0 and a malformed UUID", () => {
    const extra =
      '<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="ab12cd34-5678-4def-9abc-0123456789ee"/>';
    expect(errorsOf(readInvoice(invoiceXml({ complementoExtra: extra })))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.nodoRepetido("tfd:TimbreFiscalDigital"),
    ]);
    expect(errorsOf(readInvoice(invoiceXml({ tfd: { Version: "1.0" } })))).toContain(
      CFDI_MSG.atributoInvalido("Version", "tfd:TimbreFiscalDigital", "1.0", "1.1"),
    );
    expect(errorsOf(readInvoice(invoiceXml({ tfd: { UUID: "no-es-uuid" } })))).toContain(
      CFDI_MSG.atributoInvalido(
        "UUID",
        "tfd:TimbreFiscalDigital",
        "no-es-uuid",
        "un UUID (8-4-4-4-12 caracteres hexadecimales)",
      ),
    );
  });
});

describe("readInvoice: structure of spec §5", () => {
  it("lists every missing piece at once, after the spec's message", () => {
    const xml = invoiceXml({
      comprobante: { Fecha: null, LugarExpedicion: null, Total: null },
      receptor: { UsoCFDI: null, RegimenFiscalReceptor: null },
      emisor: { Nombre: null },
    });
    expect(errorsOf(readInvoice(xml))).toEqual([
      MSG.xmlSinTimbre,
      "Falta el atributo Fecha en cfdi:Comprobante.",
      "Falta el atributo LugarExpedicion en cfdi:Comprobante.",
      "Falta el atributo Total en cfdi:Comprobante.",
      "Falta el atributo Nombre en cfdi:Emisor.",
      "Falta el atributo RegimenFiscalReceptor en cfdi:Receptor.",
      "Falta el atributo UsoCFDI en cfdi:Receptor.",
    ]);
  });

  it("requires each field the spec lists", () => {
    const required: ["comprobante" | "emisor" | "receptor", string, string][] = [
      ["comprobante", "Fecha", "cfdi:Comprobante"],
      ["comprobante", "LugarExpedicion", "cfdi:Comprobante"],
      ["comprobante", "SubTotal", "cfdi:Comprobante"],
      ["comprobante", "Total", "cfdi:Comprobante"],
      ["comprobante", "FormaPago", "cfdi:Comprobante"],
      ["comprobante", "MetodoPago", "cfdi:Comprobante"],
      ["comprobante", "Moneda", "cfdi:Comprobante"],
      ["emisor", "Rfc", "cfdi:Emisor"],
      ["emisor", "Nombre", "cfdi:Emisor"],
      ["receptor", "Rfc", "cfdi:Receptor"],
      ["receptor", "Nombre", "cfdi:Receptor"],
      ["receptor", "DomicilioFiscalReceptor", "cfdi:Receptor"],
      ["receptor", "UsoCFDI", "cfdi:Receptor"],
      ["receptor", "RegimenFiscalReceptor", "cfdi:Receptor"],
    ];
    for (const [node, attr, label] of required) {
      const xml = invoiceXml({ [node]: { [attr]: null } });
      expect(errorsOf(readInvoice(xml)), attr).toEqual([MSG.xmlSinTimbre, `Falta el atributo ${attr} en ${label}.`]);
      // An empty value is as good as missing.
      expect(errorsOf(readInvoice(invoiceXml({ [node]: { [attr]: " " } }))), attr).toEqual([
        MSG.xmlSinTimbre,
        `Falta el atributo ${attr} en ${label}.`,
      ]);
    }
  });

  it("requires the nodes, once", () => {
    expect(errorsOf(readInvoice(invoiceXml().replace(/<cfdi:Receptor [^>]*\/>/, "")))).toEqual([
      MSG.xmlSinTimbre,
      "Falta el nodo cfdi:Receptor.",
    ]);
    const twice = invoiceXml().replace(/(<cfdi:Emisor [^>]*\/>)/, "$1$1");
    expect(errorsOf(readInvoice(twice))).toEqual([MSG.xmlSinTimbre, "El nodo cfdi:Emisor aparece más de una vez."]);
  });

  it("checks the form of amounts, dates, postal codes and RFCs", () => {
    const errors = errorsOf(
      readInvoice(
        invoiceXml({
          comprobante: { Total: "1,000.00", SubTotal: "-5", Fecha: "10/03/2025" },
          receptor: { DomicilioFiscalReceptor: "1000" },
          emisor: { Rfc: "NO-ES-RFC" },
        }),
      ),
    );
    expect(errors).toEqual([
      MSG.xmlSinTimbre,
      "El atributo Fecha de cfdi:Comprobante no es válido («10/03/2025»): se espera una fecha AAAA-MM-DDThh:mm:ss.",
      "El atributo SubTotal de cfdi:Comprobante no es válido («-5»): se espera un importe decimal sin signo.",
      "El atributo Total de cfdi:Comprobante no es válido («1,000.00»): se espera un importe decimal sin signo.",
      "El atributo Rfc de cfdi:Emisor no es válido («NO-ES-RFC»): se espera un RFC de 12 o 13 caracteres.",
      "El atributo DomicilioFiscalReceptor de cfdi:Receptor no es válido («1000»): se espera un código postal de 5 dígitos.",
    ]);
  });

  it("refuses Version other than 4.0 in the 4.0 namespace", () => {
    expect(errorsOf(readInvoice(invoiceXml({ comprobante: { Version: "3.3" } })))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.atributoInvalido("Version", "cfdi:Comprobante", "3.3", "4.0"),
    ]);
  });

  it("refuses an encoding other than UTF-8, unless the file is pure ASCII in an ASCII-compatible one", () => {
    const latin1 = '<?xml version="1.0" encoding="ISO-8859-1"?>';
    // The same bytes in UTF-8 and ISO-8859-1: accepted (see timbre-sat.test.ts for the seals).
    expect(readInvoice(invoiceXml({ declaration: latin1 })).ok).toBe(true);
    const accented = invoiceXml({ declaration: latin1, receptor: { Nombre: "MUNICIPIO DE CUAUTITLÁN" } });
    expect(errorsOf(readInvoice(accented))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlCodificacion("ISO-8859-1")]);
    expect(errorsOf(readInvoice(invoiceXml({ declaration: '<?xml version="1.0" encoding="Shift_JIS"?>' })))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.xmlCodificacion("Shift_JIS"),
    ]);
    expect(readInvoice(invoiceXml({ declaration: '<?xml version="1.0" encoding="utf-8"?>' })).ok).toBe(true);
    expect(readInvoice(invoiceXml({ declaration: "" })).ok).toBe(true);
  });

  it("strips a UTF-8 byte order mark from bytes and strings", () => {
    const bytes = new TextEncoder().encode(invoiceXml());
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    expect(readInvoice(withBom).ok).toBe(true);
    expect(readInvoice(`\uFEFF${invoiceXml()}`).ok).toBe(true);
  });
});

describe("readInvoice: defaults and derived fields", () => {
  it("defaults Folio to S/F, TipoDeCambio to 1 and Descuento to 0", () => {
    const data = okData(readInvoice(invoiceXml({ comprobante: { Folio: null, Serie: null } })));
    expect(data.Folio).toBe("S/F");
    expect(data.Serie).toBeUndefined();
    expect(data.TipoDeCambio).toBe("1");
    expect(data.Descuento).toBe("0");
  });

  it("keeps codes as strings: 01000 stays 01000, 0.10 stays 0.10", () => {
    const data = okData(readInvoice(invoiceXml({ comprobante: { TipoCambio: "0.10", LugarExpedicion: "01000" } })));
    expect(data.CPEmisor).toBe("01000");
    expect(data.TipoDeCambio).toBe("0.10");
  });

  it("sets Retenciones from the withheld taxes (federal or local)", () => {
    const base = { impuestos: { TotalImpuestosRetenidos: null }, comprobante: { Total: "1160.00" } };
    expect(okData(readInvoice(invoiceXml(base))).Retenciones).toBe("N");
    expect(
      okData(readInvoice(invoiceXml({ ...base, impuestos: { TotalImpuestosRetenidos: "0.00" } }))).Retenciones,
    ).toBe("N");
    const local = okData(
      readInvoice(
        invoiceXml({
          impuestos: { TotalImpuestosRetenidos: null },
          comprobante: { Total: "1155.00" },
          implocal: { TotaldeRetenciones: "5.00", TotaldeTraslados: "0.00" },
        }),
      ),
    );
    expect(local).toMatchObject({ Retenciones: "Y", TotalRetencionesLocales: "5.00", TotalImpuestosRetenidos: "0" });
  });

  it("decodes entities in names", () => {
    const data = okData(readInvoice(invoiceXml({ receptor: { Nombre: "ACME & HIJOS <MX>" } })));
    expect(data.NombreReceptor).toBe("ACME & HIJOS <MX>");
  });
});

describe("readInvoice: update form variant (spec §5)", () => {
  it("requires Folio, and says only the Folio message when it is the only thing missing (issue 23)", () => {
    const xml = invoiceXml({ comprobante: { Folio: null } });
    expect(readInvoice(xml).ok).toBe(true);
    expect(errorsOf(readInvoice(xml, { variant: "actualizacion" }))).toEqual([CFDI_MSG.faltaFolio]);
  });

  it("keeps the structure message first when Folio is missing along with something else", () => {
    const xml = invoiceXml({ comprobante: { Folio: null, Version: "3.3" } });
    const errors = errorsOf(readInvoice(xml, { variant: "actualizacion" }));
    expect(errors[0]).toBe(MSG.xmlSinTimbre);
    expect(errors).toContain(CFDI_MSG.faltaFolio);
  });

  it("does not require SubTotal", () => {
    const xml = invoiceXml({ comprobante: { SubTotal: null } });
    expect(errorsOf(readInvoice(xml))).toEqual([MSG.xmlSinTimbre, "Falta el atributo SubTotal en cfdi:Comprobante."]);
    const data = okData(readInvoice(xml, { variant: "actualizacion" }));
    expect(data.SubTotal).toBeUndefined();
    expect(data.Folio).toBe("100");
  });
});

describe("readInvoice: warnings (non-blocking)", () => {
  it("flags codes outside the SAT catalogues", () => {
    const result = readInvoice(invoiceXml({ comprobante: { FormaPago: "98" }, receptor: { UsoCFDI: "P01" } }));
    expect(result.ok && result.warnings).toEqual([
      "FormaPago «98» no existe en el catálogo c_FormaPago del SAT.",
      "UsoCFDI «P01» no existe en el catálogo c_UsoCFDI del SAT.",
    ]);
  });

  it("flags a Total that does not add up (SubTotal − Descuento + trasladados − retenidos, local taxes included)", () => {
    const result = readInvoice(invoiceXml({ comprobante: { Total: "953.34" } }));
    expect(result.ok && result.warnings).toEqual([
      "El Total del comprobante (953.34) no es igual a SubTotal − Descuento + impuestos trasladados − impuestos retenidos (953.33).",
    ]);
    const withLocal = readInvoice(
      invoiceXml({ comprobante: { Total: "948.33" }, implocal: { TotaldeRetenciones: "5.00", TotaldeTraslados: "0" } }),
    );
    expect(withLocal.ok && withLocal.warnings).toEqual([]);
  });
});

describe("classifyCfdi", () => {
  it("classifies by root and TipoDeComprobante", () => {
    expect(classifyCfdi(fixtureBytes("cfdiutils__cfdi40-real.xml"))).toBe("factura");
    expect(classifyCfdi(fixtureBytes("cfdiutils__cfdi33-real.xml"))).toBe("factura");
    expect(classifyCfdi(fixtureBytes("cfdiutils__cfdi32-real.xml"))).toBe("factura");
    expect(classifyCfdi(fixtureBytes("cfdiutils__created-cfdi40-pago20-valid.xml"))).toBe("pago");
    expect(classifyCfdi(fixtureBytes("cfdiutils__pagos10_sample-validacfd01.xml"))).toBe("pago");
    expect(classifyCfdi(invoiceXml({ comprobante: { TipoDeComprobante: "E" } }))).toBe("nota");
    // Its unused xmlns:schemaLocation (not a URI) is ignored: a CFDI 3.3 invoice.
    expect(classifyCfdi(fixtureBytes("satcfdi__registro_fiscal.xml"))).toBe("factura");
    expect(classifyCfdi("<a/>")).toBe("otro");
    expect(classifyCfdi(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]))).toBe("otro");
  });

  it("readPaymentComplement says an invoice is not a payment", () => {
    const result = readPaymentComplement(invoiceXml());
    expect(result.ok ? [] : result.errors).toEqual([
      "El XML es una factura (CFDI 4.0 de tipo I (Ingreso)); se espera un complemento de pago: un CFDI versión 4.0 de tipo P (Pago) con el complemento Pagos 2.0.",
    ]);
  });
});

describe("related CFDI and concept keys (issue 27)", () => {
  it("reads every cfdi:CfdiRelacionados group with its TipoRelacion and upper-cased UUIDs", () => {
    const related =
      '<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="aaaaaaaa-1111-4111-8111-111111111111"/></cfdi:CfdiRelacionados>' +
      '<cfdi:CfdiRelacionados TipoRelacion="07"><cfdi:CfdiRelacionado UUID="BBBBBBBB-2222-4222-8222-222222222222"/>' +
      '<cfdi:CfdiRelacionado UUID="CCCCCCCC-3333-4333-8333-333333333333"/></cfdi:CfdiRelacionados>';
    const xml = invoiceXml({ seal: false }).replace(/(<cfdi:Comprobante[^>]*>)/, `$1${related}`);
    const data = okData(readInvoice(xml));
    expect(data.CfdiRelacionados).toEqual([
      { TipoRelacion: "04", UUIDs: ["AAAAAAAA-1111-4111-8111-111111111111"] },
      {
        TipoRelacion: "07",
        UUIDs: ["BBBBBBBB-2222-4222-8222-222222222222", "CCCCCCCC-3333-4333-8333-333333333333"],
      },
    ]);
  });

  it("answers no related groups when the CFDI has none", () => {
    expect(okData(readInvoice(invoiceXml({ seal: false }))).CfdiRelacionados).toEqual([]);
  });
});
