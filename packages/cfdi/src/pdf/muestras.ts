/**
 * @portal/cfdi/pdf-muestras — PDFs built byte by byte for the tests of the PDF check (packages/cfdi and the API's
 * upload paths): a small writer that lays out objects, a cross-reference table or stream and a trailer, plus
 * the encoders the hostile samples need. Every sample shows exactly what it sends. Node.js only (node:zlib).
 */
import { deflateSync } from "node:zlib";

export function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) out[k] = text.charCodeAt(k) & 0xff;
  return out;
}
const concat = (parts: readonly (string | Uint8Array)[]): Uint8Array => {
  const chunks = parts.map((p) => (typeof p === "string" ? ascii(p) : p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

// ── Encoders ────────────────────────────────────────────────────────────────────────────────────────────────

export const flate = (data: Uint8Array | string): Uint8Array =>
  new Uint8Array(deflateSync(typeof data === "string" ? ascii(data) : data));
export const asciiHex = (data: Uint8Array | string): Uint8Array =>
  ascii(
    `${[...(typeof data === "string" ? ascii(data) : data)].map((b) => b.toString(16).padStart(2, "0")).join("")}>`,
  );
export function ascii85(data: Uint8Array | string): Uint8Array {
  const bytes = typeof data === "string" ? ascii(data) : data;
  let out = "";
  for (let k = 0; k < bytes.length; k += 4) {
    const n = Math.min(4, bytes.length - k);
    let v = 0;
    for (let j = 0; j < 4; j++) v = v * 256 + (bytes[k + j] ?? 0);
    if (n === 4 && v === 0) {
      out += "z";
      continue;
    }
    const digits: string[] = [];
    for (let j = 0; j < 5; j++) {
      digits.unshift(String.fromCharCode((v % 85) + 33));
      v = Math.floor(v / 85);
    }
    out += digits.slice(0, n + 1).join("");
  }
  return ascii(`${out}~>`);
}
/** LZW without compression: every byte as a 9-bit code, a clear-table code every 250 codes, then end of data. */
export function lzwLiteral(data: Uint8Array | string): Uint8Array {
  const bytes = typeof data === "string" ? ascii(data) : data;
  const codes: number[] = [256];
  bytes.forEach((b, k) => {
    if (k > 0 && k % 250 === 0) codes.push(256);
    codes.push(b);
  });
  codes.push(257);
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const c of codes) {
    buffer = (buffer << 9) | c;
    bits += 9;
    while (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
      buffer &= (1 << bits) - 1;
    }
  }
  if (bits > 0) out.push((buffer << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}
/** RunLength with literal runs only. */
export function runLength(data: Uint8Array | string): Uint8Array {
  const bytes = typeof data === "string" ? ascii(data) : data;
  const out: number[] = [];
  for (let k = 0; k < bytes.length; k += 128) {
    const run = bytes.subarray(k, k + 128);
    out.push(run.length - 1, ...run);
  }
  out.push(128);
  return Uint8Array.from(out);
}

// ── Writer ──────────────────────────────────────────────────────────────────────────────────────────────────

/** One indirect object: its body ("<< … >>"), or a stream (dictionary entries without << >>, and data). */
export type Objeto = string | { dict: string; data: Uint8Array | string };

export interface OpcionesPdf {
  /** "%PDF-x.y" version (1.4 by default). */
  version?: string;
  /** How far every cross-reference offset is moved (a file whose offsets are slightly off). */
  desfase?: number;
  /** More trailer entries. */
  trailer?: string;
  /** Bytes after %%EOF (an incremental update appends its own section there). */
  sinReferencias?: boolean;
}

const streamBytes = (o: { dict: string; data: Uint8Array | string }) => {
  const data = typeof o.data === "string" ? ascii(o.data) : o.data;
  return concat([`<< ${o.dict} /Length ${data.length} >>\nstream\n`, data, "\nendstream"]);
};

/** Objects 1…n (object 1 is the catalog), a cross-reference table and a trailer with /Root 1 0 R. */
export function pdf(objetos: readonly Objeto[], opciones: OpcionesPdf = {}): Uint8Array {
  const parts: Uint8Array[] = [ascii(`%PDF-${opciones.version ?? "1.4"}\n%\xE2\xE3\xCF\xD3\n`)];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objetos.forEach((o, k) => {
    offsets.push(length);
    const body = typeof o === "string" ? ascii(o) : streamBytes(o);
    const chunk = concat([`${k + 1} 0 obj\n`, body, "\nendobj\n"]);
    parts.push(chunk);
    length += chunk.length;
  });
  if (opciones.sinReferencias) {
    parts.push(ascii(`trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\n%%EOF\n`));
    return concat(parts);
  }
  const shift = opciones.desfase ?? 0;
  let xref = `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset + shift).padStart(10, "0")} 00000 n \n`;
  parts.push(
    ascii(
      `${xref}trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R ${opciones.trailer ?? ""}>>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return concat(parts);
}

/** A one-page document: catalog, page tree, page, font and the page's text. */
export function paginaSimple(texto: string, extraCatalogo = "", extraPagina = ""): Objeto[] {
  const content = `BT /F1 14 Tf 24 72 Td (${texto}) Tj ET`;
  return [
    `<< /Type /Catalog /Pages 2 0 R ${extraCatalogo}>>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> ${extraPagina}>>`,
    { dict: "", data: content },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
}

/**
 * A PDF 1.5 file: the first objects at top level, `comprimidos` inside one object stream (encoded by `filtro`,
 * whose /Filter entry is `filtroDict`), and a cross-reference stream that lists both.
 */
export function pdfConObjStm(
  sueltos: readonly Objeto[],
  comprimidos: readonly string[],
  filtroDict = "/Filter /FlateDecode",
  filtro: (data: Uint8Array) => Uint8Array = (d) => flate(d),
  relleno = "",
  root = 1,
): Uint8Array {
  const first = sueltos.length + 1;
  const objStmNum = first + comprimidos.length;
  let header = "";
  let body = "";
  for (const [k, c] of comprimidos.entries()) {
    header += `${first + k} ${body.length} `;
    body += `${c}\n`;
  }
  const content = concat([header, relleno, body]);
  const firstOffset = header.length + relleno.length;
  const objStm = {
    dict: `/Type /ObjStm /N ${comprimidos.length} /First ${firstOffset} ${filtroDict}`,
    data: filtro(content),
  };
  const parts: Uint8Array[] = [ascii("%PDF-1.5\n%\xE2\xE3\xCF\xD3\n")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  for (const [k, o] of [...sueltos, objStm].entries()) {
    offsets.push(length);
    const num = k < sueltos.length ? k + 1 : objStmNum;
    const chunk = concat([`${num} 0 obj\n`, typeof o === "string" ? ascii(o) : streamBytes(o), "\nendobj\n"]);
    parts.push(chunk);
    length += chunk.length;
  }
  // Cross-reference stream: W [1 4 2], rows 0…objStmNum+1 (the last row is the xref stream itself).
  const xrefNum = objStmNum + 1;
  const rows: number[][] = [[0, 0, 65535]];
  for (let k = 0; k < sueltos.length; k++) rows.push([1, offsets[k]!, 0]);
  for (let k = 0; k < comprimidos.length; k++) rows.push([2, objStmNum, k]);
  rows.push([1, offsets[sueltos.length]!, 0]);
  rows.push([1, length, 0]);
  const table = new Uint8Array(rows.length * 7);
  rows.forEach(([t, a, b], r) => {
    table[r * 7] = t!;
    for (let j = 0; j < 4; j++) table[r * 7 + 1 + j] = (a! >>> (24 - 8 * j)) & 0xff;
    table[r * 7 + 5] = (b! >>> 8) & 0xff;
    table[r * 7 + 6] = b! & 0xff;
  });
  parts.push(
    concat([
      `${xrefNum} 0 obj\n`,
      streamBytes({ dict: `/Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Root ${root} 0 R`, data: table }),
      `\nendobj\nstartxref\n${length}\n%%EOF\n`,
    ]),
  );
  return concat(parts);
}

/** An incremental update: `base` followed by new versions of objects, a table of only those and /Prev. */
export function actualizacionIncremental(base: Uint8Array, objetos: Record<number, string>, size: number): Uint8Array {
  const text = String.fromCharCode(...base.subarray(Math.max(0, base.length - 64)));
  const prev = Number(/startxref\s+(\d+)/.exec(text)?.[1] ?? 0);
  const parts: Uint8Array[] = [base];
  let length = base.length;
  let xref = "xref\n";
  for (const [num, body] of Object.entries(objetos)) {
    const chunk = ascii(`${num} 0 obj\n${body}\nendobj\n`);
    xref += `${num} 1\n${String(length).padStart(10, "0")} 00000 n \n`;
    parts.push(chunk);
    length += chunk.length;
  }
  parts.push(ascii(`${xref}trailer\n<< /Size ${size} /Root 1 0 R /Prev ${prev} >>\nstartxref\n${length}\n%%EOF\n`));
  return concat(parts);
}

/** JavaScript run when the document opens: the payload every hostile sample hides in its own way. */
export const ACCION_JS = "<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>";
/** A catalog whose OpenAction points at object `n`. */
export const catalogoConAccion = (n: number) => `<< /Type /Catalog /Pages 2 0 R /OpenAction ${n} 0 R >>`;

/** A harmless action: go to the first page. */
export const ACCION_INOFENSIVA = "<< /Type /Action /S /GoTo /D [3 0 R /Fit] >>";

/** The one-page document whose catalog's OpenAction is object 6, `accion`, inside an object stream. */
const conObjStm = (accion: string, filtroDict: string, filtro: (d: Uint8Array) => Uint8Array, relleno = "") =>
  pdfConObjStm(
    paginaSimple("Factura").map((o, k) => (k === 0 ? catalogoConAccion(6) : o)),
    [accion],
    filtroDict,
    filtro,
    relleno,
  );

/** The OpenAction object `accion` in an object stream under each encoding of issue 22, by label. */
export function pdfsCodificados(accion: string): Record<string, Uint8Array> {
  return {
    "/Filter /Flate#44ecode": conObjStm(accion, "/Filter /Flate#44ecode", flate),
    "/Fl": conObjStm(accion, "/Filter /Fl", flate),
    "/ASCIIHexDecode": conObjStm(accion, "/Filter /ASCIIHexDecode", asciiHex),
    "/ASCII85Decode": conObjStm(accion, "/Filter /ASCII85Decode", ascii85),
    "[/ASCIIHexDecode /FlateDecode]": conObjStm(accion, "/Filter [/ASCIIHexDecode /FlateDecode]", (d) =>
      asciiHex(flate(d)),
    ),
    "[/AHx /A85]": conObjStm(accion, "/Filter [/AHx /A85]", (d) => asciiHex(ascii85(d))),
    "/LZWDecode": conObjStm(accion, "/Filter /LZWDecode", lzwLiteral),
    "/RunLengthDecode": conObjStm(accion, "/Filter /RunLengthDecode", runLength),
    "un diccionario de más de 512 bytes antes de stream": conObjStm(
      accion,
      `/Filter /FlateDecode /Relleno (${"x".repeat(600)})`,
      flate,
    ),
  };
}

const XFA_CON_SCRIPT = `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="f"><event activity="initialize"><script contentType="application/x-javascript">app.alert(1)</script></event></subform></template></xdp:xdp>`;

/** The same form, with the catalog (and so the AcroForm that names the packets) inside an object stream. */
export function pdfConXfaComprimido(paquete: string): Uint8Array {
  return pdfConObjStm(
    ["null", ...paginaSimple("Formulario").slice(1), { dict: "/Filter /FlateDecode", data: flate(paquete) }],
    ["<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 6 0 R >> >>"],
    undefined,
    undefined,
    "",
    7,
  );
}

/** A document with an XFA form (packets `paquetes`, each Flate-compressed) in its AcroForm. */
export function pdfConXfa(paquetes: readonly string[]): Uint8Array {
  const refs = paquetes.map((_, k) => `(p${k}) ${6 + k} 0 R`).join(" ");
  return pdf([
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA [${refs}] >> >>`,
    ...paginaSimple("Formulario").slice(1),
    ...paquetes.map((p) => ({ dict: "/Filter /FlateDecode", data: flate(p) })),
  ]);
}

/**
 * The hostile files of issue 22 (each was accepted before the fix), by label: JavaScript in an object stream
 * under each encoding, an object after 17 MB of padding inside a compressed stream, XFA <script> (also split
 * across two packets), and an HTML page with a PDF's first and last bytes.
 */
export function pdfsHostiles(): Record<string, Uint8Array> {
  return {
    ...pdfsCodificados(ACCION_JS),
    "un objeto tras 17 MB de relleno": conObjStm(
      ACCION_JS,
      "/Filter /FlateDecode",
      flate,
      " ".repeat(17 * 1024 * 1024),
    ),
    "XFA <script>": pdfConXfa([XFA_CON_SCRIPT]),
    "XFA <script> partido en dos paquetes": pdfConXfa([XFA_CON_SCRIPT.slice(0, 159), XFA_CON_SCRIPT.slice(159)]),
    "XFA <script> nombrado desde un flujo de objetos": pdfConXfaComprimido(XFA_CON_SCRIPT),
    "una página HTML con %PDF- y %%EOF": ascii(
      "%PDF-1.4\n<html><body><script>document.write('hola')</script></body></html>\n%%EOF\n",
    ),
  };
}

// ── Embedded files (issue 36) ───────────────────────────────────────────────────────────────────────────────

/** A PDF string literal of Latin-1 text, parentheses and backslashes escaped. */
const literal = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

export interface OpcionesAdjunto {
  /** /Subtype of the embedded file stream, a MIME type written as a name ("text#2Fxml"). */
  subtipo?: string;
  /** Write the file specification's name as UTF-16BE (<FEFF…>) in /UF, as most tools do for non-ASCII names. */
  utf16?: boolean;
  /** Where the file specification is: the EmbeddedFiles name tree (default), a FileAttachment annotation, or /AF. */
  lugar?: "arbol" | "anotacion" | "af";
  /** Write the content uncompressed (the browser's quick check can read it then). */
  sinComprimir?: boolean;
}

const utf16Hex = (text: string) =>
  `<FEFF${[...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, "0")).join("")}>`;

/**
 * A one-page document with one embedded file, named `nombre`, holding `contenido` (Flate-compressed unless said
 * otherwise), in a PDF/A-3-like layout: the catalog's /Names /EmbeddedFiles tree, a FileAttachment annotation on
 * the page, or the catalog's /AF array.
 */
export function pdfConAdjunto(
  nombre: string,
  contenido: Uint8Array | string,
  opciones: OpcionesAdjunto = {},
): Uint8Array {
  const data = typeof contenido === "string" ? ascii(contenido) : contenido;
  const uf = opciones.utf16 ? utf16Hex(nombre) : literal(nombre);
  const filespec = `<< /Type /Filespec /F ${literal(nombre)} /UF ${uf} /AFRelationship /Alternative /EF << /F 7 0 R /UF 7 0 R >> >>`;
  const lugar = opciones.lugar ?? "arbol";
  const catalogo =
    lugar === "arbol"
      ? "/Names << /EmbeddedFiles << /Names [(adjunto) 6 0 R] >> >>"
      : lugar === "af"
        ? "/AF [6 0 R]"
        : "";
  const pagina =
    lugar === "anotacion" ? "/Annots [<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 20 20] /FS 6 0 R >>]" : "";
  const subtipo = opciones.subtipo ? `/Subtype /${opciones.subtipo} ` : "";
  const stream = opciones.sinComprimir
    ? { dict: `/Type /EmbeddedFile ${subtipo}/Params << /Size ${data.length} >>`, data }
    : {
        dict: `/Type /EmbeddedFile ${subtipo}/Filter /FlateDecode /Params << /Size ${data.length} >>`,
        data: flate(data),
      };
  return pdf([...paginaSimple("Factura con adjunto", catalogo, pagina), filespec, stream]);
}

/** The first bytes of a Windows program (a DOS stub's "MZ" header and the PE signature further on). */
export const PROGRAMA_WINDOWS = concat([
  "MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00",
  new Uint8Array(44),
  "\x80\x00\x00\x00",
  "This program cannot be run in DOS mode.\r\r\n$",
  new Uint8Array(24),
  "PE\x00\x00",
]);
