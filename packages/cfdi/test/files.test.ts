import { deflateSync } from "node:zlib";
import { MSG } from "@portal/contracts/messages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gif, jpeg, png } from "../src/image/muestras";
import {
  BASE64_CHUNK_SIZE,
  base64FromBytes,
  bytesChunksFromBase64,
  bytesFromBase64,
  CFDI_MSG,
  checkComprobanteFile,
  checkImage,
  checkInvoiceFiles,
  checkPaymentFiles,
  checkPdf,
  checkPdfContent,
  checkXmlFile,
  cleanFileName,
  ddmmyyyyToIso,
  detectFileType,
  isIsoDate,
} from "../src/index";
import { NODE_PDF_DECODERS } from "../src/pdf/node";
import { fixtureBytes } from "./helpers";

const ascii = (s: string) => new TextEncoder().encode(s);
const PDF = ascii("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
const PNG = png();
const JPEG = jpeg();
const GIF = gif();
const XML = fixtureBytes("cfdiutils__cfdi40-real.xml");

describe("detectFileType", () => {
  it("recognises each signature", () => {
    expect(detectFileType(PDF)).toBe("pdf");
    expect(detectFileType(PNG)).toBe("png");
    expect(detectFileType(JPEG)).toBe("jpeg");
    expect(detectFileType(GIF)).toBe("gif");
    expect(detectFileType(ascii("GIF87a......"))).toBe("gif");
    expect(detectFileType(XML)).toBe("xml");
    expect(detectFileType(fixtureBytes("satcfdi__registro_fiscal.xml"))).toBe("xml"); // UTF-8 BOM first
    expect(detectFileType(ascii("\n  <cfdi:Comprobante/>"))).toBe("xml");
  });

  it("wants the PDF header at the start, after at most a BOM and white space (issue 9)", () => {
    expect(detectFileType(new Uint8Array([0xef, 0xbb, 0xbf, ...ascii(" \r\n\t"), ...PDF]))).toBe("pdf");
    expect(detectFileType(new Uint8Array([...ascii("x".repeat(100)), ...PDF]))).toBeNull();
    // An HTML page carrying the marker is not a PDF.
    expect(detectFileType(ascii("<html><body>%PDF-1.4 <script>alert(1)</script></body></html>"))).not.toBe("pdf");
  });

  it("returns null for anything else", () => {
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(ascii("hola"))).toBeNull();
    expect(detectFileType(ascii("< no es xml"))).toBeNull();
    expect(detectFileType(ascii("PK\u0003\u0004"))).toBeNull();
    expect(detectFileType("%PDF-" as unknown as Uint8Array)).toBeNull();
  });
});

describe("PDF content checks (issue 9)", () => {
  const pdfWith = (body: string) => ascii(`%PDF-1.7\n1 0 obj\n${body}\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
  const deflate = (text: string) => new Uint8Array(deflateSync(Buffer.from(text, "latin1")));
  const inflate = NODE_PDF_DECODERS;

  it("needs the %%EOF trailer in the last 1024 bytes", () => {
    expect(checkPdfContent(pdfWith("<< /Type /Catalog >>"))).toEqual([]);
    const truncated = ascii("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
    expect(checkPdfContent(truncated)).toEqual([CFDI_MSG.pdfIncompleto]);
    const eofTooEarly = new Uint8Array([...pdfWith("<<>>"), ...ascii("x".repeat(2000))]);
    expect(checkPdfContent(eofTooEarly)).toEqual([CFDI_MSG.pdfIncompleto]);
    expect(checkPdf("a.pdf", ascii("<html>%PDF-1.4 %%EOF</html>"))).toEqual([MSG.archivoNoPdf]);
  });

  it.each([
    ["OpenAction with JavaScript", "<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>"],
    ["a /JS key alone", "<< /AA << /O << /JS 5 0 R >> >> >>"],
    ["/Launch", "<< /OpenAction << /S /Launch /F (cmd.exe) >> >>"],
    ["a name hidden with #hh escapes", "<< /OpenAction << /S /J#61vaScript /J#53 (x) >> >>"],
  ])("refuses %s", (_label, body) => {
    expect(checkPdfContent(pdfWith(body))).toEqual([CFDI_MSG.pdfConContenidoActivo]);
    expect(checkPdf("factura.pdf", pdfWith(body))).toEqual([CFDI_MSG.pdfConContenidoActivo]);
  });

  it("accepts names that only start like the active ones, and a harmless OpenAction", () => {
    expect(checkPdfContent(pdfWith("<< /JSON 1 /Launcher 2 /JavaScripts 3 >>"))).toEqual([]);
    expect(checkPdfContent(pdfWith("<< /OpenAction [3 0 R /Fit] >>"))).toEqual([]);
  });

  it("finds JavaScript inside a compressed object stream when given an inflater (the server's check)", () => {
    const hidden = deflate("<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>");
    const head = ascii("%PDF-1.7\n2 0 obj\n<< /Type /ObjStm /Filter /FlateDecode /Length 99 >>\nstream\n");
    const tail = ascii("\nendstream\nendobj\ntrailer\n<<>>\n%%EOF\n");
    const pdf = new Uint8Array([...head, ...hidden, ...tail]);
    expect(checkPdfContent(pdf)).toEqual([]);
    expect(checkPdfContent(pdf, { decoders: inflate })).toEqual([CFDI_MSG.pdfConContenidoActivo]);
    const harmless = new Uint8Array([...head, ...deflate("<< /Type /Page >>"), ...tail]);
    expect(checkPdfContent(harmless, { decoders: inflate })).toEqual([]);
  });

  it("cleans control and bidirectional characters from file names", () => {
    expect(cleanFileName("factura\u202Efdp.exe")).toBe("facturafdp.exe");
    expect(cleanFileName("a\u0000b\u0007c\u2066d\u2069e\u200Ef.pdf")).toBe("abcdef.pdf");
    expect(cleanFileName("  Constancia de situación fiscal.pdf ")).toBe("Constancia de situación fiscal.pdf");
  });
});

describe("file checks (spec §5)", () => {
  it("PDF: .pdf extension and %PDF signature", () => {
    expect(checkPdf("factura.pdf", PDF)).toEqual([]);
    expect(checkPdf("FACTURA.PDF", PDF)).toEqual([]);
    expect(checkPdf("factura.txt", PDF)).toEqual([MSG.archivoNoPdf]);
    expect(checkPdf("factura.pdf", PNG)).toEqual([MSG.archivoNoPdf]);
    expect(checkPdf("factura.pdf", new Uint8Array())).toEqual([MSG.archivoNoPdf]);
  });

  it("receipt image: a whole gif, jpeg or png; the browser's MIME type when given", () => {
    expect(checkImage(PNG)).toEqual([]);
    expect(checkImage(JPEG, "image/jpeg")).toEqual([]);
    expect(checkImage(GIF, "image/gif")).toEqual([]);
    expect(checkImage(PNG, "IMAGE/PNG")).toEqual([]);
    expect(checkImage(PDF)).toEqual([MSG.archivoNoImagen]);
    expect(checkImage(PNG, "application/pdf")).toEqual([MSG.archivoNoImagen]);
    expect(checkImage(ascii("<svg/>"), "image/svg+xml")).toEqual([MSG.archivoNoImagen]);
  });

  it("XML: .xml extension and XML content", () => {
    expect(checkXmlFile("factura.xml", XML)).toEqual([]);
    expect(checkXmlFile("factura.XML", XML)).toEqual([]);
    expect(checkXmlFile("factura.pdf", XML)).toEqual([MSG.archivoNoXml]);
    expect(checkXmlFile("factura.xml", PDF)).toEqual([MSG.archivoNoXml]);
  });

  it("invoice upload: missing files first, then types, every message at once", () => {
    expect(checkInvoiceFiles({})).toEqual([MSG.pdfRequerido, MSG.facturaXmlRequerido, MSG.facturaRecepcionRequerida]);
    expect(checkInvoiceFiles({ pdf: { name: "a.pdf", bytes: new Uint8Array() }, xml: null })).toEqual([
      MSG.pdfRequerido,
      MSG.facturaXmlRequerido,
      MSG.facturaRecepcionRequerida,
    ]);
    expect(
      checkInvoiceFiles({
        pdf: { name: "a.doc", bytes: PDF },
        xml: { name: "a.txt", bytes: XML },
        recepcion: { name: "r.pdf", bytes: PDF, mime: "application/pdf" },
      }),
    ).toEqual([MSG.archivoNoImagen, MSG.archivoNoPdf, MSG.archivoNoXml]);
    expect(
      checkInvoiceFiles({
        pdf: { name: "a.pdf", bytes: PDF },
        xml: { name: "a.xml", bytes: XML },
        recepcion: { name: "r.png", bytes: PNG, mime: "image/png" },
      }),
    ).toEqual([]);
  });

  it("payment upload and the employee's proof", () => {
    expect(checkPaymentFiles({})).toEqual([MSG.pdfRequerido, MSG.pagoXmlRequerido]);
    expect(MSG.pagoXmlRequerido).toBe("Debe cargar el xml");
    expect(checkPaymentFiles({ pdf: { name: "p.pdf", bytes: PDF }, xml: { name: "p.xml", bytes: XML } })).toEqual([]);
    expect(checkPaymentFiles({ pdf: { name: "p.png", bytes: PNG }, xml: { name: "p.xml", bytes: XML } })).toEqual([
      MSG.archivoNoPdf,
    ]);
    expect(checkComprobanteFile(undefined)).toEqual([MSG.pagoComplementoRequerido]);
    expect(checkComprobanteFile({ name: "c.pdf", bytes: PDF })).toEqual([]);
    expect(checkComprobanteFile({ name: "c.jpg", bytes: JPEG })).toEqual([MSG.archivoNoPdf]);
  });
});

describe("base64", () => {
  const toB64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

  it("encodes and decodes like the standard (property, Node's Buffer as oracle)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const b64 = base64FromBytes(bytes);
        expect(b64).toBe(toB64(bytes));
        expect(bytesFromBase64(b64)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it("handles the padding cases and large inputs", () => {
    expect(base64FromBytes(ascii(""))).toBe("");
    expect(base64FromBytes(ascii("f"))).toBe("Zg==");
    expect(base64FromBytes(ascii("fo"))).toBe("Zm8=");
    expect(base64FromBytes(ascii("foo"))).toBe("Zm9v");
    const big = new Uint8Array(1_000_000).map((_, k) => (k * 31) & 0xff);
    expect(base64FromBytes(big)).toBe(toB64(big));
  });

  it("tolerates line breaks, missing padding and a data-URL prefix", () => {
    expect(bytesFromBase64("Zm9v\r\nYmFy")).toEqual(ascii("foobar"));
    expect(bytesFromBase64("Zg")).toEqual(ascii("f"));
    expect(bytesFromBase64("data:application/pdf;base64,JVBERi0=")).toEqual(ascii("%PDF-"));
  });

  it("refuses corrupt base64 instead of producing a different file", () => {
    expect(() => bytesFromBase64("Zm9v!")).toThrow(RangeError);
    expect(() => bytesFromBase64("Z")).toThrow(RangeError);
    expect(() => bytesFromBase64("Zm9vé")).toThrow(RangeError);
    expect(() => bytesFromBase64(null as unknown as string)).toThrow(RangeError);
  });

  it("decodes in chunks of 512 for a Blob (spec §9)", () => {
    const bytes = new Uint8Array(1300).map((_, k) => k & 0xff);
    const chunks = bytesChunksFromBase64(base64FromBytes(bytes));
    expect(BASE64_CHUNK_SIZE).toBe(512);
    expect(chunks.map((c) => c.length)).toEqual([512, 512, 276]);
    expect(new Uint8Array(chunks.flatMap((c) => [...c]))).toEqual(bytes);
    expect(bytesChunksFromBase64("")).toEqual([]);
    expect(() => bytesChunksFromBase64("Zm9v", 0)).toThrow(RangeError);
  });
});

describe("ddmmyyyyToIso", () => {
  it("converts DD-MM-YYYY and passes ISO input through", () => {
    expect(ddmmyyyyToIso("21-11-2026")).toBe("2026-11-21");
    expect(ddmmyyyyToIso("01/02/2024")).toBe("2024-02-01");
    expect(ddmmyyyyToIso("29-02-2024")).toBe("2024-02-29");
    expect(ddmmyyyyToIso("2026-11-21")).toBe("2026-11-21");
    expect(ddmmyyyyToIso("2025-01-24T10:10:41")).toBe("2025-01-24");
  });

  it("returns anything else unchanged", () => {
    expect(ddmmyyyyToIso("29-02-2025")).toBe("29-02-2025");
    expect(ddmmyyyyToIso("31-04-2026")).toBe("31-04-2026");
    expect(ddmmyyyyToIso("")).toBe("");
    expect(ddmmyyyyToIso("mañana")).toBe("mañana");
  });

  it("isIsoDate validates real dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
  });
});
