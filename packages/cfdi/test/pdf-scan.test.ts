/**
 * The PDF check of issue 22: every hostile encoding refused by the server's check, the same documents with a
 * harmless action accepted (so the refusal is about the content, not about the encoding), real-world layouts
 * accepted, limits refused with their message, and the browser's quick check never refusing what the server
 * accepts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MSG } from "@portal/contracts/messages";
import { describe, expect, it } from "vitest";
import { CFDI_MSG, checkPdf, checkPdfContent } from "../src/index";
import { ascii85Decode, asciiHexDecode, lzwDecode, predict, runLengthDecode } from "../src/pdf/filters";
import {
  ACCION_INOFENSIVA,
  ACCION_JS,
  actualizacionIncremental,
  ascii,
  catalogoConAccion,
  flate,
  paginaSimple,
  pdf,
  pdfConObjStm,
  pdfConXfa,
  pdfConXfaComprimido,
  pdfsCodificados,
  pdfsHostiles,
} from "../src/pdf/muestras";
import { checkPdfOnServer, PDF_LIMITS, SERVER_PDF_CHECK } from "../src/pdf/node";
import { PdfDict } from "../src/pdf/syntax";
import { FIXTURES_DIR } from "./helpers";

const ACTIVO = [CFDI_MSG.pdfConContenidoActivo];
/** The files qpdf wrote from the demo PDF (test/fixtures/pdf/README.md), without the hostile and locked ones. */
const QPDF_LIMPIOS = readdirSync(join(FIXTURES_DIR, "pdf")).filter(
  (f) => f.endsWith(".pdf") && !f.startsWith("qpdf-js-") && f !== "qpdf-con-clave.pdf",
);
const server = (bytes: Uint8Array) => checkPdfOnServer("documento.pdf", bytes);
const browser = (bytes: Uint8Array) => checkPdf("documento.pdf", bytes);
const limite = (detalle: string) => [CFDI_MSG.pdfDemasiadoComplejo(detalle)];

/** Built once: the 17 MB sample takes a moment to compress. */
const hostiles = pdfsHostiles();

describe("hostile PDFs of issue 22 are refused by the server's check", () => {
  it.each(Object.keys(pdfsCodificados(ACCION_JS)))("JavaScript in an object stream under %s", (label) => {
    expect(server(hostiles[label]!)).toEqual(ACTIVO);
    // The same file with a harmless OpenAction passes: the encoding was decoded, not refused for itself.
    expect(server(pdfsCodificados(ACCION_INOFENSIVA)[label]!)).toEqual([]);
  });

  it("an object after 17 MB of padding in a compressed stream: refused at the 16 MB cap, not skipped", () => {
    expect(server(hostiles["un objeto tras 17 MB de relleno"]!)).toEqual(
      limite(CFDI_MSG.pdfLimiteFlujo(16 * 1024 * 1024)),
    );
    expect(CFDI_MSG.pdfLimiteFlujo(PDF_LIMITS.streamBytes)).toBe(
      "uno de sus flujos de datos ocupa más de 16 MB al descomprimirlo",
    );
  });

  it("XFA <script>, also split across two packets; an XFA form without scripts passes", () => {
    expect(server(hostiles["XFA <script>"]!)).toEqual(ACTIVO);
    expect(server(hostiles["XFA <script> partido en dos paquetes"]!)).toEqual(ACTIVO);
    // The AcroForm that names the packets inside an object stream (PDF 1.5): read after that stream is decoded.
    expect(server(hostiles["XFA <script> nombrado desde un flujo de objetos"]!)).toEqual(ACTIVO);
    expect(server(pdfConXfaComprimido("<xdp:xdp><template><subform/></template></xdp:xdp>"))).toEqual([]);
    expect(server(pdfConXfa(["<xdp:xdp><template><subform/></template></xdp:xdp>"]))).toEqual([]);
    // UTF-16 XML: letters with NULs between them.
    const utf16 = String.fromCharCode(...[..."<script>x</script>"].flatMap((c) => [c.charCodeAt(0), 0]));
    expect(server(pdfConXfa([utf16]))).toEqual(ACTIVO);
  });

  it("an HTML page that starts with %PDF- and ends with %%EOF is not a PDF", () => {
    expect(server(hostiles["una página HTML con %PDF- y %%EOF"]!)).toEqual([CFDI_MSG.pdfSinEstructura]);
    // Objects but no cross-reference, or no catalog: not a PDF's structure either.
    expect(server(pdf(paginaSimple("x"), { sinReferencias: true }))).toEqual([CFDI_MSG.pdfSinEstructura]);
    expect(server(pdf(["<< /Type /Pages /Kids [] /Count 0 >>"]))).toEqual([CFDI_MSG.pdfSinEstructura]);
  });

  it.each([
    ["/Launch", "<< /S /Launch /F (cmd.exe) >>"],
    ["/SubmitForm", "<< /S /SubmitForm /F << /FS /URL /F (http://ejemplo.invalid/) >> >>"],
    ["/ImportData", "<< /S /ImportData /F (datos.fdf) >>"],
    ["/GoToR", "<< /S /GoToR /F (\\\\\\\\servidor\\\\recurso.pdf) /D [0 /Fit] >>"],
    ["/GoToE", "<< /S /GoToE /T << /R /C /N (adjunto) >> >>"],
    ["/URI opened by itself", "<< /S /URI /URI (http://ejemplo.invalid/) >>"],
    ["/S /J#61vaScript with an escaped name", "<< /S /J#61vaScript /J#53 (x) >>"],
    ["/S pointing at an object that is the name /JavaScript", "<< /S 7 0 R >>"],
  ])("an OpenAction that is %s", (_label, accion) => {
    const objetos = [...paginaSimple("x").map((o, k) => (k === 0 ? catalogoConAccion(6) : o)), accion, "/JavaScript"];
    expect(server(pdf(objetos))).toEqual(ACTIVO);
  });

  it("names no offset points at: after an object stream's last object, and in an object that does not parse", () => {
    const cola = pdfConObjStm(paginaSimple("x").slice(0, 5), ["<< /Type /Nada >>\n<< /S /JavaScript /JS (1) >>"]);
    expect(server(cola)).toEqual(ACTIVO);
    expect(server(pdf([...paginaSimple("x"), ") << /JS (1) >>"]))).toEqual(ACTIVO);
    expect(server(pdfConObjStm(paginaSimple("x").slice(0, 5), ["<< /Type /Nada >>\n<< /S /GoTo >>"]))).toEqual([]);
  });

  it("JavaScript in a page's additional actions (/AA) or in the document's name tree", () => {
    expect(server(pdf(paginaSimple("x", "", "/AA << /O << /S /JavaScript /JS (1) >> >>")))).toEqual(ACTIVO);
    const nombres = "/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (1) >>] >> >>";
    expect(server(pdf(paginaSimple("x", nombres)))).toEqual(ACTIVO);
  });

  it("a stream whose filter is unknown, or an object stream under an image codec, is refused", () => {
    const sinFiltro = pdfConObjStm(paginaSimple("x").slice(0, 5), ["<< >>"], "/Filter /Desconocido", (d) => d);
    expect(server(sinFiltro)).toEqual([CFDI_MSG.pdfFiltroDesconocido]);
    const jpeg = pdfConObjStm(paginaSimple("x").slice(0, 5), ["<< >>"], "/Filter /DCTDecode", (d) => d);
    expect(server(jpeg)).toEqual([CFDI_MSG.pdfFiltroDesconocido]);
    const contenido = pdf([
      ...paginaSimple("x").slice(0, 3),
      { dict: "/Filter /Zip", data: "x" },
      paginaSimple("x")[4]!,
    ]);
    expect(server(contenido)).toEqual([CFDI_MSG.pdfFiltroDesconocido]);
    // An object stream whose Flate data is damaged cannot be read: refused, not skipped.
    const dañado = pdfConObjStm(paginaSimple("x").slice(0, 5), [ACCION_JS], "/Filter /FlateDecode", () => ascii("xx"));
    expect(server(dañado)).toEqual([CFDI_MSG.pdfFiltroDesconocido]);
    // /F (pdf.js reads it as a filter) and /Filter saying different things.
    const ambiguo = pdfConObjStm(paginaSimple("x").slice(0, 5), [ACCION_JS], "/F /ASCIIHexDecode /Filter /FlateDecode");
    expect(server(ambiguo)).toEqual([CFDI_MSG.pdfFiltroDesconocido]);
  });

  it("JavaScript inside an encrypted object stream (RC4, AES-128, AES-256 r5 and r6) is found by decrypting", () => {
    const { crypto: _crypto, ...sinCifrado } = SERVER_PDF_CHECK.decoders!;
    for (const n of ["rc4-128", "aes128", "aes256", "r5"]) {
      const archivo = new Uint8Array(readFileSync(join(FIXTURES_DIR, "pdf", `qpdf-js-cifrado-${n}-objstm.pdf`)));
      expect(server(archivo)).toEqual(ACTIVO);
      // Without decryption the action cannot be seen: the refusal above comes from decrypting.
      expect(checkPdfContent(archivo, { ...SERVER_PDF_CHECK, decoders: sinCifrado })).toEqual([]);
    }
  });

  it("a file that needs a password (or another security handler) cannot be read and is refused", () => {
    const conClave = new Uint8Array(readFileSync(join(FIXTURES_DIR, "pdf", "qpdf-con-clave.pdf")));
    expect(server(conClave)).toEqual([CFDI_MSG.pdfCifrado]);
    const otroManejador = pdf(paginaSimple("x"), { trailer: "/Encrypt << /Filter /Adobe.PubSec /V 4 /R 4 >>" });
    expect(server(otroManejador)).toEqual([CFDI_MSG.pdfCifrado]);
  });
});

describe("limits refuse with a Spanish message, never skip", () => {
  const documento = pdfsCodificados(ACCION_INOFENSIVA)["/Fl"]!;

  it("decoded bytes of one stream, and of all streams together", () => {
    expect(checkPdfContent(documento, { ...SERVER_PDF_CHECK, limits: { streamBytes: 40 } })).toEqual(
      limite("uno de sus flujos de datos ocupa más de 40 bytes al descomprimirlo"),
    );
    expect(checkPdfContent(documento, { ...SERVER_PDF_CHECK, limits: { totalBytes: 60 } })).toEqual(
      limite("sus flujos de datos ocupan más de 60 bytes al descomprimirlos"),
    );
    // A 5 MB upload cannot become gigabytes: Flate output stops at the cap.
    const bomba = pdfConObjStm(paginaSimple("x").slice(0, 5), ["<< >>"], "/Filter /FlateDecode", () =>
      flate(new Uint8Array(40 * 1024 * 1024)),
    );
    expect(server(bomba)).toEqual(limite(CFDI_MSG.pdfLimiteFlujo(PDF_LIMITS.streamBytes)));
  });

  it("number of objects", () => {
    expect(checkPdfContent(documento, { ...SERVER_PDF_CHECK, limits: { objects: 5 } })).toEqual(
      limite("tiene más de 5 objetos"),
    );
    expect(CFDI_MSG.pdfLimiteObjetos(PDF_LIMITS.objects)).toBe("tiene más de 200,000 objetos");
  });

  it("nesting depth", () => {
    const profundo = pdf([...paginaSimple("x"), `${"[".repeat(101)}${"]".repeat(101)}`]);
    expect(server(profundo)).toEqual(limite("tiene más de 100 niveles de anidamiento"));
    const dicts = pdf([...paginaSimple("x"), `${"<< /A ".repeat(101)}${">>".repeat(101)}`]);
    expect(server(dicts)).toEqual(limite("tiene más de 100 niveles de anidamiento"));
    expect(server(pdf([...paginaSimple("x"), `${"[".repeat(100)}${"]".repeat(100)}`]))).toEqual([]);
  });

  it("work: dictionaries that never close cannot make the parser read the file again and again", () => {
    // Each header opens a string that never closes: read from every header to the end of the file.
    const abiertos = Array.from({ length: 4000 }, (_, k) => `${k + 10} 0 obj\n<< /A (`).join("\n");
    const base = pdf(paginaSimple("x"));
    const archivo = new Uint8Array([...base.subarray(0, 15), ...ascii(abiertos), ...base.subarray(15)]);
    expect(server(archivo)).toEqual(limite(CFDI_MSG.pdfLimiteTrabajo));
  });
});

describe("real-world PDFs keep passing", () => {
  it("the layout of the project's demo and test PDFs (createSimplePdf and the e2e tinyPdf: the API test checks those)", () => {
    expect(server(pdf(paginaSimple("Factura F-1")))).toEqual([]);
  });

  it.each(QPDF_LIMPIOS)(
    "%s (qpdf: object and cross-reference streams, linearized, encrypted without a user password)",
    (file) => {
      expect(server(new Uint8Array(readFileSync(join(FIXTURES_DIR, "pdf", file))))).toEqual([]);
    },
  );

  it("a PDF 1.5 file written here: catalog and pages inside an object stream, cross-reference stream", () => {
    const archivo = pdfConObjStm(
      [paginaSimple("x")[3]!],
      [
        "<< /Type /Catalog /Pages 3 0 R >>",
        "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 300 144] /Contents 1 0 R >>",
      ],
    );
    expect(server(archivo)).toEqual([]);
  });

  it("an incremental update (a second revision appended with /Prev)", () => {
    const base = pdf(paginaSimple("Versión 1"));
    const actualizado = actualizacionIncremental(base, { 6: "<< /Producer (Editor) >>" }, 7);
    expect(server(actualizado)).toEqual([]);
    // JavaScript added by an update is found too.
    const conJs = actualizacionIncremental(base, { 1: catalogoConAccion(6), 6: ACCION_JS }, 7);
    expect(server(conJs)).toEqual(ACTIVO);
  });

  it("cross-reference offsets slightly off (viewers repair them), and a /Length that is wrong", () => {
    expect(server(pdf(paginaSimple("x"), { desfase: 3 }))).toEqual([]);
    expect(server(pdf(paginaSimple("x"), { desfase: -2 }))).toEqual([]);
    const conLengthMal = pdf([
      ...paginaSimple("x").slice(0, 3),
      "<< /Length 999 >>\nstream\nBT ET\nendstream",
      paginaSimple("x")[4]!,
    ]);
    expect(server(conLengthMal)).toEqual([]);
  });

  it("links to a website, a harmless OpenAction, names that only start like active ones, text that mentions them", () => {
    const enlace =
      "/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://proveedor.example/) >> >>]";
    expect(server(pdf(paginaSimple("x", "", enlace)))).toEqual([]);
    expect(server(pdf(paginaSimple("x", "/OpenAction [3 0 R /Fit]")))).toEqual([]);
    expect(server(pdf(paginaSimple("x", "/JSON 1 /Launcher 2 /JavaScripts 3")))).toEqual([]);
    // "/JavaScript" inside a string, and a content stream naming a resource /JS, are not names of any object.
    expect(server(pdf(paginaSimple("Ver /JavaScript y /Launch", "/Info (/JS /Launch)")))).toEqual([]);
  });

  it("images under codecs this check does not decode (JPEG) pass by their filter names", () => {
    const imagen = {
      dict: "/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode",
      data: "\xFF\xD8\xFF\xD9",
    };
    expect(server(pdf([...paginaSimple("x"), imagen]))).toEqual([]);
  });
});

describe("the browser's quick check (no inflate) never refuses what the server accepts", () => {
  it("accepts every file the server accepts in these tests", () => {
    const aceptados = [
      pdf(paginaSimple("Constancia")),
      ...Object.values(pdfsCodificados(ACCION_INOFENSIVA)),
      ...QPDF_LIMPIOS.map((f) => new Uint8Array(readFileSync(join(FIXTURES_DIR, "pdf", f)))),
    ];
    for (const archivo of aceptados) {
      expect(server(archivo)).toEqual([]);
      expect(browser(archivo)).toEqual([]);
    }
  });

  it("refuses what it can see without inflating, as the server does", () => {
    for (const label of ["/ASCIIHexDecode", "/ASCII85Decode", "/LZWDecode", "/RunLengthDecode"]) {
      expect(browser(hostiles[label]!)).toEqual(ACTIVO);
    }
    expect(browser(pdf(paginaSimple("x", "/OpenAction << /S /JavaScript /JS (1) >>")))).toEqual(ACTIVO);
    // Structure, Flate contents and limits are the server's: the quick check lets these through.
    expect(browser(ascii("%PDF-1.4\n%%EOF\n"))).toEqual([]);
    expect(browser(hostiles["/Fl"]!)).toEqual([]);
    expect(checkPdf("a.txt", pdf(paginaSimple("x")))).toEqual([MSG.archivoNoPdf]);
  });
});

describe("filters", () => {
  it("LZW: the example of ISO 32000-1 §7.4.4.2", () => {
    const codes = Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect(String.fromCharCode(...lzwDecode(codes, 100, 1))).toBe("-----A---B");
  });

  it("ASCIIHex, ASCII85 (with z and a partial group) and RunLength", () => {
    expect(String.fromCharCode(...asciiHexDecode(ascii("48 6f6C\n61 7>"), 100))).toBe("Holap");
    expect(String.fromCharCode(...ascii85Decode(ascii('87cURD]i,"Ebo80~>'), 100))).toBe("Hello World!");
    expect([...ascii85Decode(ascii("z~>"), 100)]).toEqual([0, 0, 0, 0]);
    expect(String.fromCharCode(...runLengthDecode(Uint8Array.from([1, 0x41, 0x42, 0xfe, 0x43, 128]), 100))).toBe(
      "ABCCC",
    );
  });

  it("each decoder stops at its cap", () => {
    expect(() => runLengthDecode(Uint8Array.from([0x81, 0x41, 0x81, 0x41, 128]), 200)).toThrow("flujo");
    expect(() => asciiHexDecode(ascii("41".repeat(300)), 100)).toThrow("flujo");
  });

  it("PNG predictor (up)", () => {
    const params = new PdfDict();
    params.set("Predictor", 12);
    params.set("Columns", 2);
    expect([...predict(Uint8Array.from([2, 1, 2, 2, 1, 1]), params)]).toEqual([1, 2, 2, 3]);
  });
});
