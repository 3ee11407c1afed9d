/**
 * Turning outside input (a string or the uploaded bytes) into text the XML reader can trust:
 * size cap before anything else, refusal of binary and non-UTF-8 content, BOM removal.
 */
import { detectFileType } from "./files";
import { CFDI_MSG } from "./messages";

/**
 * Largest XML accepted: 2 MiB. Real CFDI are 3–50 KB; a few thousand conceptos stay under 2 MB.
 * The cap is checked before decoding or parsing, so a 50 MB upload costs nothing.
 */
export const MAX_XML_BYTES = 2 * 1024 * 1024;

export type DecodedInput = { ok: true; text: string } | { ok: false; error: string };

const FILE_TYPE_NAMES = { pdf: "PDF", png: "imagen PNG", jpeg: "imagen JPEG", gif: "imagen GIF" } as const;

/** UTF-8 length of a string without allocating the encoded bytes. */
function utf8Length(s: string): number {
  let n = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && k + 1 < s.length) {
      const d = s.charCodeAt(k + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        k++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

function exceeds(s: string, maxBytes: number): boolean {
  // Every UTF-16 code unit is at least one UTF-8 byte and at most three.
  if (s.length > maxBytes) return true;
  if (s.length * 3 <= maxBytes) return false;
  return utf8Length(s) > maxBytes;
}

export function decodeXmlInput(xml: string | Uint8Array, maxBytes: number = MAX_XML_BYTES): DecodedInput {
  if (typeof xml === "string") {
    if (exceeds(xml, maxBytes)) return { ok: false, error: CFDI_MSG.xmlDemasiadoGrande(maxBytes) };
    const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
    if (text.trim() === "") return { ok: false, error: CFDI_MSG.xmlVacio };
    if (text.includes("\u0000")) return { ok: false, error: CFDI_MSG.xmlBinario };
    return { ok: true, text };
  }
  if (!(xml instanceof Uint8Array)) return { ok: false, error: CFDI_MSG.xmlSinContenido };
  if (xml.byteLength > maxBytes) return { ok: false, error: CFDI_MSG.xmlDemasiadoGrande(maxBytes) };
  if (xml.byteLength === 0) return { ok: false, error: CFDI_MSG.xmlVacio };
  const type = detectFileType(xml);
  if (type !== null && type !== "xml") return { ok: false, error: CFDI_MSG.xmlEsOtroArchivo(FILE_TYPE_NAMES[type]) };
  if ((xml[0] === 0xff && xml[1] === 0xfe) || (xml[0] === 0xfe && xml[1] === 0xff)) {
    return { ok: false, error: CFDI_MSG.xmlUtf16 };
  }
  if (xml.includes(0)) return { ok: false, error: CFDI_MSG.xmlBinario };
  let text: string;
  try {
    // fatal: invalid UTF-8 is refused rather than silently replaced with U+FFFD.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(xml);
  } catch {
    return { ok: false, error: CFDI_MSG.xmlNoUtf8 };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === "") return { ok: false, error: CFDI_MSG.xmlVacio };
  return { ok: true, text };
}
