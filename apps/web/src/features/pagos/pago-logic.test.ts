import { base64FromBytes } from "@portal/cfdi";
import { MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  type ArchivoLeido,
  canAddToPago,
  canUploadComplemento,
  checkComplementoProveedor,
  checkComprobanteEmpleado,
  correoPista,
  estatusComplemento,
  fechaLarga,
  fechaLimiteVencida,
  instruccionComplemento,
  nombreJsonComplemento,
  objetoImpuestoTexto,
  trasladoTexto,
} from "./pago-logic";
import { bytesDe, makePago, PDF_BYTES, UUID_FACTURA_1, UUID_FACTURA_2, xmlPago } from "./pagos.fixtures";

const SESION = { id: "P00001" };
const PROVEEDOR = {
  CardCode: "P00001",
  CardName: "ESCUELA KEMPER URGATE",
  LicTradNum: "EKU9003173C9",
  E_Mail: "facturacion@kemper.edu.mx",
};
const base64 = base64FromBytes;
const archivo = (name: string, bytes: Uint8Array, mime = ""): ArchivoLeido => ({
  name,
  bytes,
  mime,
  size: bytes.length,
});
const pdf = archivo("complemento.pdf", PDF_BYTES, "application/pdf");
const xml = (texto = xmlPago()) => archivo("complemento.xml", bytesDe(texto), "text/xml");

const SUBIDO = "6F1A2B3C-0000-4000-8000-000000000001";
const PUE = [{ FolioSAP: 1, FolioFactura: "F-1", UUID: "U1", FechaFactura: "2026-10-01", Total: "10.00" }].map((d) => ({
  ...d,
  MetodoPago: "PUE" as const,
}));

describe("complement status (spec §4, issue 23)", () => {
  it("maps CANCELED Y, PUE-only, none uploaded, A, R, V and anything else", () => {
    const filas = [
      makePago({ CANCELED: "Y", U_SYS_PMESPA: "A", U_SYS_PMUUID: SUBIDO }),
      makePago({ Detalle: PUE }),
      makePago({ U_SYS_PMESPA: "" }),
      makePago({ U_SYS_PMESPA: "A", U_SYS_PMUUID: SUBIDO }),
      makePago({ U_SYS_PMESPA: "R", U_SYS_PMUUID: SUBIDO }),
      makePago({ U_SYS_PMESPA: "V", U_SYS_PMUUID: SUBIDO }),
      makePago({ U_SYS_PMESPA: "P", U_SYS_PMUUID: SUBIDO }),
    ];
    expect(filas.map(estatusComplemento)).toEqual([
      "Cancelado",
      "No requiere complemento",
      "Complemento por emitir",
      "Aceptada",
      "Rechazada",
      "Validación",
      "Pendiente",
    ]);
    // The employee's comprobante: allowed until Aceptada or Cancelado; the supplier's complement also needs PPD.
    expect(filas.map(canAddToPago)).toEqual([false, true, true, false, true, true, true]);
    expect(filas.map(canUploadComplemento)).toEqual([false, false, true, false, true, true, true]);
  });
});

describe("supplier complement checks (spec §5 Payments)", () => {
  it("builds the supplier's postPago body from the XML when every check passes", () => {
    const revision = checkComplementoProveedor({
      session: SESION,
      row: makePago(),
      proveedor: PROVEEDOR,
      archivos: { pdf, xml: xml() },
      base64,
    });
    expect(revision).toEqual({
      ok: true,
      request: {
        usuario: "P00001",
        id: "P00001",
        operador: "Proveedor",
        Correo: "facturacion@kemper.edu.mx",
        PagoSAP: 4410,
        BD: "SBO_KIJ",
        PDF: "complemento.pdf",
        PDF64: base64FromBytes(PDF_BYTES),
        XML: "complemento.xml",
        XML64: base64FromBytes(xml().bytes),
        FechaPago: "2026-02-02T12:00:00",
        Folio: "P-88",
        Total: "17852.75",
        RFCEmisor: "EKU9003173C9",
        RFCReceptor: "KIJ0906199R1",
        NombreEmisor: "ESCUELA KEMPER URGATE",
        NombreReceptor: "KIJ, S.A DE C.V.",
        UUID: "5B64ADA3-AA4C-40B4-A2F5-572CED52BE31",
        Detalle: makePago().Detalle,
      },
    });
  });

  it("requires both files and a complete registration, every message at once", () => {
    const revision = checkComplementoProveedor({
      session: SESION,
      row: makePago(),
      proveedor: null,
      archivos: { pdf: null, xml: null },
      base64,
    });
    expect(revision).toEqual({
      ok: false,
      errors: [MSG.registroIncompletoPagos, MSG.pdfRequerido, MSG.pagoXmlRequerido],
    });
  });

  it("compares names, the total as the sum of every Pago@Monto and each related UUID with the payment", () => {
    const revision = checkComplementoProveedor({
      session: SESION,
      row: makePago(),
      proveedor: PROVEEDOR,
      archivos: {
        pdf,
        xml: xml(
          xmlPago({
            nombreEmisor: "OTRO PROVEEDOR SA",
            nombreReceptor: "OTRA SOCIEDAD SA",
            pagos: [
              { monto: "10000.00", documentos: [UUID_FACTURA_1] },
              { monto: "7852.70", documentos: [" 1111aaaa-2222-4333-8444-555566667777 ", UUID_FACTURA_2] },
            ],
          }),
        ),
      },
      base64,
    });
    expect(revision).toEqual({
      ok: false,
      errors: [
        MSG.nombreProveedorPago,
        MSG.nombreSociedadPago,
        MSG.totalPago,
        MSG.uuidRelacionadoInexistente("1111AAAA-2222-4333-8444-555566667777"),
      ],
    });
  });

  it("accepts a total split over several Pago nodes and refuses an XML without the complement's structure", () => {
    const dosPagos = checkComplementoProveedor({
      session: SESION,
      row: makePago(),
      proveedor: PROVEEDOR,
      archivos: {
        pdf,
        xml: xml(
          xmlPago({
            pagos: [
              { monto: "10000.00", documentos: [UUID_FACTURA_1] },
              { monto: "7852.75", documentos: [UUID_FACTURA_2] },
            ],
          }),
        ),
      },
      base64,
    });
    expect(dosPagos.ok).toBe(true);

    const sinTimbre = checkComplementoProveedor({
      session: SESION,
      row: makePago(),
      proveedor: PROVEEDOR,
      archivos: { pdf, xml: xml(xmlPago({ sinTimbre: true })) },
      base64,
    });
    expect(sinTimbre.ok).toBe(false);
    expect(!sinTimbre.ok && sinTimbre.errors[0]).toBe(MSG.xmlSinTimbre);
  });

  it("refuses files of the wrong type", () => {
    const revision = checkComplementoProveedor({
      session: SESION,
      row: makePago(),
      proveedor: PROVEEDOR,
      archivos: { pdf: archivo("complemento.txt", bytesDe("hola")), xml: archivo("complemento.pdf", PDF_BYTES) },
      base64,
    });
    expect(revision).toEqual({ ok: false, errors: [MSG.archivoNoPdf, MSG.archivoNoXml] });
  });
});

describe("employee comprobante (spec §5 Payments)", () => {
  it("requires the comprobante as a PDF and sends PDF, XML, UUID and FechaPago as 'No'", () => {
    expect(checkComprobanteEmpleado({ session: { id: "1" }, row: makePago(), comprobante: null, base64 })).toEqual({
      ok: false,
      errors: [MSG.pagoComplementoRequerido],
    });
    expect(
      checkComprobanteEmpleado({
        session: { id: "1" },
        row: makePago(),
        comprobante: archivo("comprobante.xml", bytesDe("<a/>")),
        base64,
      }),
    ).toEqual({ ok: false, errors: [MSG.archivoNoPdf] });
    expect(
      checkComprobanteEmpleado({
        session: { id: "1" },
        row: makePago(),
        comprobante: archivo("comprobante.pdf", PDF_BYTES),
        base64,
      }),
    ).toEqual({
      ok: true,
      request: {
        usuario: "1",
        id: "1",
        operador: "Empleado",
        Correo: "facturacion@kemper.edu.mx",
        PagoSAP: 4410,
        BD: "SBO_KIJ",
        Complemento: "comprobante.pdf",
        Complemento64: base64FromBytes(PDF_BYTES),
        PDF: "No",
        XML: "No",
        UUID: "No",
        FechaPago: "No",
      },
    });
  });
});

describe("Correo hint", () => {
  it("is sent only when it is a valid list of addresses", () => {
    expect(correoPista(" a@b.mx, c@d.mx ")).toEqual({ Correo: "a@b.mx, c@d.mx" });
    expect(correoPista("")).toEqual({});
    expect(correoPista("sin correo")).toEqual({});
    const revision = checkComprobanteEmpleado({
      session: { id: "1" },
      row: makePago({ E_Mail: "pendiente" }),
      comprobante: archivo("comprobante.pdf", PDF_BYTES),
      base64,
    });
    expect(revision.ok && "Correo" in revision.request).toBe(false);
  });
});

describe("expected complement (issue 14)", () => {
  it("is overdue only after the deadline day, and downloads under the payment's name", () => {
    expect(fechaLimiteVencida("2026-03-05", "2026-03-04")).toBe(false);
    expect(fechaLimiteVencida("2026-03-05", "2026-03-05")).toBe(false);
    expect(fechaLimiteVencida("2026-03-05", "2026-03-06")).toBe(true);
    expect(nombreJsonComplemento(4410)).toBe("complemento-esperado-4410.json");
  });
});

describe("the expected complement for an accounts clerk (issue 23)", () => {
  it("writes dates in Spanish words", () => {
    expect(fechaLarga("2026-12-05")).toBe("5 de diciembre de 2026");
    expect(fechaLarga("2026-01-31T12:00:00")).toBe("31 de enero de 2026");
    expect(fechaLarga("sin fecha")).toBe("sin fecha");
    expect(fechaLarga("2026-13-01")).toBe("2026-13-01");
  });

  it("says what to do and by when: day 5 of the month after the payment, or that the deadline passed", () => {
    expect(instruccionComplemento("2026-12-05", "2026-11-25")).toBe(
      "Emita un CFDI de tipo P con estos datos antes del 5 de diciembre de 2026.",
    );
    expect(instruccionComplemento("2026-12-05", "2026-12-05")).toBe(
      "Emita un CFDI de tipo P con estos datos antes del 5 de diciembre de 2026.",
    );
    expect(instruccionComplemento("2026-12-05", "2026-12-06")).toBe(
      "El plazo venció el 5 de diciembre de 2026: emita cuanto antes un CFDI de tipo P con estos datos.",
    );
  });

  it("names ObjetoImpDR and the tax of a traslado", () => {
    expect(objetoImpuestoTexto("02")).toBe("02 · Sí objeto de impuesto");
    expect(objetoImpuestoTexto("01")).toBe("01 · No objeto de impuesto");
    expect(objetoImpuestoTexto(null)).toContain("factura");
    expect(trasladoTexto("002", "0.160000")).toBe("IVA 16 %");
    expect(trasladoTexto("002", "0.080000")).toBe("IVA 8 %");
    expect(trasladoTexto("002", "0.000000")).toBe("IVA 0 %");
  });
});
