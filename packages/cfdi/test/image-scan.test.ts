import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { deflateSync } from "node:zlib";
import { MSG } from "@portal/contracts/messages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  concat,
  gif,
  gifExtension,
  HOSTILE_IMAGES,
  HTML_PAGE,
  ihdr,
  jpeg,
  jpegSegment,
  PNG_SIGNATURE,
  png,
  pngChunk,
  pngCompressedText,
  pngText,
} from "../src/image/muestras";
import { checkImageOnServer, SERVER_IMAGE_CHECK } from "../src/image/node";
import { crc32, hasCodeMarker } from "../src/image/scan";
import { CFDI_MSG, checkImage, scanImage } from "../src/index";

const server = (bytes: Uint8Array) => scanImage(bytes, SERVER_IMAGE_CHECK);
const browser = (bytes: Uint8Array) => scanImage(bytes);

describe("valid images are accepted by the server and the browser", () => {
  it.each([
    ["PNG 1×1", png({ width: 1, height: 1 })],
    ["PNG 300×200", png({ width: 300, height: 200 })],
    [
      "PNG with a harmless tEXt and zTXt",
      png({ extra: [pngText("Software", "Scanner 2.0"), pngCompressedText("Comment", "recepción 4521")] }),
    ],
    ["JPEG 8×8", jpeg()],
    [
      "JPEG 100×37 with an ordinary comment",
      jpeg({ width: 100, height: 37, extra: [jpegSegment(0xfe, "Entrada 4521 <recibida>")] }),
    ],
    ["JPEG with padding after EOI", jpeg({ after: new Uint8Array(16) })],
    ["GIF 1×1", gif()],
    [
      "GIF 640×480, three frames and a comment",
      gif({ width: 640, height: 480, frames: 3, extra: [gifExtension(0xfe, "almacén 2")] }),
    ],
  ])("%s", (_, bytes) => {
    expect(server(bytes)).toMatchObject({ ok: true });
    expect(browser(bytes)).toMatchObject({ ok: true });
    expect(checkImageOnServer(bytes)).toEqual([]);
  });

  it("PNG at the limits: 10,000 px a side and 40 megapixels are accepted by the header", () => {
    // 10,000 × 4,000 greyscale 1 bit: 40 MP, 5 MB of pixel data.
    const row = 1 + 10_000 / 8;
    const idat = new Uint8Array(deflateSync(new Uint8Array(row * 4_000)));
    const bytes = concat(PNG_SIGNATURE, ihdr(10_000, 4_000, 1, 0), pngChunk("IDAT", idat), pngChunk("IEND"));
    expect(server(bytes)).toEqual({ ok: true, type: "png", width: 10_000, height: 4_000 });
  });

  it("interlaced (Adam7) PNG: the pixel stream's size is the sum of the seven passes", () => {
    // 3×3 greyscale 8-bit: the passes that have pixels, each row a filter byte and its samples.
    const passes = [
      [0, 0, 8, 8],
      [4, 0, 8, 8],
      [0, 4, 4, 8],
      [2, 0, 4, 4],
      [0, 2, 2, 4],
      [1, 0, 2, 2],
      [0, 1, 1, 2],
    ];
    let size = 0;
    for (const [x0, y0, dx, dy] of passes as [number, number, number, number][]) {
      const w = Math.ceil((3 - x0) / dx);
      const h = Math.ceil((3 - y0) / dy);
      if (w > 0 && h > 0) size += h * (1 + w);
    }
    const good = concat(
      PNG_SIGNATURE,
      ihdr(3, 3, 8, 0, 1),
      pngChunk("IDAT", new Uint8Array(deflateSync(new Uint8Array(size)))),
      pngChunk("IEND"),
    );
    expect(server(good)).toMatchObject({ ok: true });
    const short = concat(
      PNG_SIGNATURE,
      ihdr(3, 3, 8, 0, 1),
      pngChunk("IDAT", new Uint8Array(deflateSync(new Uint8Array(size - 1)))),
      pngChunk("IEND"),
    );
    expect(server(short)).toMatchObject({ ok: false, reason: "pixeles" });
  });
});

describe("the hostile images of issue 36 are refused, each with its own Spanish message", () => {
  it("a PNG+HTML polyglot (the page in a tEXt chunk, in a zTXt chunk, or after IEND)", () => {
    expect(server(HOSTILE_IMAGES.pngHtmlTexto())).toMatchObject({ ok: false, reason: "codigo" });
    expect(server(HOSTILE_IMAGES.pngHtmlComprimido())).toMatchObject({ ok: false, reason: "codigo" });
    expect(server(HOSTILE_IMAGES.pngHtmlAlFinal())).toMatchObject({ ok: false, reason: "datosFinales" });
    expect(checkImageOnServer(HOSTILE_IMAGES.pngHtmlTexto())).toEqual([CFDI_MSG.imagenConCodigo("PNG")]);
    expect(checkImageOnServer(HOSTILE_IMAGES.pngHtmlAlFinal())).toEqual([CFDI_MSG.imagenDatosFinales("PNG")]);
    // The browser, without an inflater, cannot see the compressed page; the server does (it decides).
    expect(browser(HOSTILE_IMAGES.pngHtmlComprimido())).toMatchObject({ ok: true });
  });

  it("a GIF/JavaScript polyglot (width '/*', code after the trailer, a script comment)", () => {
    expect(server(HOSTILE_IMAGES.gifJsAncho())).toMatchObject({ ok: false, reason: "dimensiones", width: 10_799 });
    expect(server(HOSTILE_IMAGES.gifJsAlFinal())).toMatchObject({ ok: false, reason: "datosFinales" });
    expect(server(HOSTILE_IMAGES.gifComentario())).toMatchObject({ ok: false, reason: "codigo" });
    expect(checkImageOnServer(HOSTILE_IMAGES.gifJsAlFinal())).toEqual([CFDI_MSG.imagenDatosFinales("GIF")]);
  });

  it("a 100,000 × 100,000 PNG is refused by its header, before any pixel is inflated", () => {
    let inflated = 0;
    const verdict = scanImage(HOSTILE_IMAGES.png100k(), {
      inflate: (data, max) => {
        inflated++;
        return SERVER_IMAGE_CHECK.inflate?.(data, max) ?? { output: new Uint8Array(), consumed: 0 };
      },
    });
    expect(verdict).toEqual({ ok: false, reason: "dimensiones", type: "png", width: 100_000, height: 100_000 });
    expect(inflated).toBe(0);
    expect(checkImageOnServer(HOSTILE_IMAGES.png100k())).toEqual([
      "La imagen PNG mide 100,000 × 100,000 píxeles; se aceptan hasta 10,000 píxeles por lado y 40 megapíxeles. Redúzcala y cárguela otra vez.",
    ]);
    expect(server(HOSTILE_IMAGES.jpegAncha())).toMatchObject({ ok: false, reason: "dimensiones", width: 20_000 });
    expect(server(gif({ width: 8_000, height: 6_000 }))).toMatchObject({ ok: false, reason: "dimensiones" });
  });

  it("decoded pixel data is bounded before inflating (by the header) and while inflating (a bomb)", () => {
    expect(server(HOSTILE_IMAGES.pngDecodificadaEnorme())).toMatchObject({ ok: false, reason: "decodificada" });
    expect(checkImageOnServer(HOSTILE_IMAGES.pngDecodificadaEnorme())).toEqual([
      CFDI_MSG.imagenDemasiadoGrande("PNG", 64 * 1024 * 1024),
    ]);
    expect(server(HOSTILE_IMAGES.pngBomba())).toMatchObject({ ok: false, reason: "pixeles" });
    expect(checkImageOnServer(HOSTILE_IMAGES.pngBomba())).toEqual([CFDI_MSG.imagenPixelesDanados("PNG")]);
    // The frames of an animation add up: 50 frames of 1,000 × 1,000 are 50 MP for a viewer.
    expect(server(gif({ width: 1_000, height: 1_000, frames: 50 }))).toMatchObject({
      ok: false,
      reason: "dimensiones",
    });
  });

  it("truncated files", () => {
    expect(server(HOSTILE_IMAGES.pngTruncada())).toMatchObject({ ok: false, reason: "incompleta" });
    expect(server(HOSTILE_IMAGES.jpegTruncada())).toMatchObject({ ok: false, reason: "incompleta" });
    expect(server(HOSTILE_IMAGES.gifTruncada())).toMatchObject({ ok: false, reason: "incompleta" });
    expect(checkImageOnServer(HOSTILE_IMAGES.jpegTruncada())).toEqual([CFDI_MSG.imagenIncompleta("JPEG")]);
    // Every proper prefix of a valid file is refused.
    for (const whole of [png(), jpeg(), gif()]) {
      for (let n = 1; n < whole.length; n++) expect(server(whole.subarray(0, n)).ok).toBe(false);
    }
  });

  it("trailing data after IEND, EOI or the trailer", () => {
    expect(server(png({ after: "x" }))).toMatchObject({ ok: false, reason: "datosFinales" });
    expect(server(jpeg({ after: "PK\u0003\u0004" }))).toMatchObject({ ok: false, reason: "datosFinales" });
    expect(server(HOSTILE_IMAGES.jpegHtmlAlFinal())).toMatchObject({ ok: false, reason: "datosFinales" });
    expect(server(gif({ after: new Uint8Array(1) }))).toMatchObject({ ok: false, reason: "datosFinales" });
  });

  it("code in a JPEG comment or APPn segment", () => {
    expect(server(HOSTILE_IMAGES.jpegPhp())).toMatchObject({ ok: false, reason: "codigo" });
    expect(server(jpeg({ extra: [jpegSegment(0xe1, concat("Exif\0\0", "<svg onload=alert(1)>"))] }))).toMatchObject({
      ok: false,
      reason: "codigo",
    });
  });

  it("broken structure: CRC, chunk order, unknown critical chunk, data after the zlib stream, bad filter byte", () => {
    expect(server(HOSTILE_IMAGES.pngCrc())).toMatchObject({ ok: false, reason: "estructura" });
    expect(checkImageOnServer(HOSTILE_IMAGES.pngCrc())).toEqual([CFDI_MSG.imagenDanada("PNG")]);
    const idat = pngChunk("IDAT", new Uint8Array(deflateSync(new Uint8Array(2 * 9))));
    // IEND before IDAT, IDAT before IHDR, an unknown critical chunk, IDATs split by another chunk.
    expect(server(concat(PNG_SIGNATURE, ihdr(2, 2), pngChunk("IEND")))).toMatchObject({
      ok: false,
      reason: "estructura",
    });
    expect(server(concat(PNG_SIGNATURE, idat, ihdr(2, 2), pngChunk("IEND")))).toMatchObject({
      ok: false,
      reason: "estructura",
    });
    expect(server(concat(PNG_SIGNATURE, ihdr(2, 2), pngChunk("XSCR", "x"), idat, pngChunk("IEND")))).toMatchObject({
      ok: false,
      reason: "estructura",
    });
    expect(
      server(concat(PNG_SIGNATURE, ihdr(2, 2), idat, pngChunk("tIME", "1234567"), idat, pngChunk("IEND"))),
    ).toMatchObject({
      ok: false,
      reason: "estructura",
    });
    // A payload hidden after the zlib stream, inside IDAT.
    const smuggled = concat(new Uint8Array(deflateSync(new Uint8Array(2 * 9))), HTML_PAGE);
    expect(server(png({ idat: smuggled }))).toMatchObject({ ok: false, reason: "pixeles" });
    // A row whose filter type is 7.
    const raw = new Uint8Array(2 * 9);
    raw[9] = 7;
    expect(server(png({ idat: new Uint8Array(deflateSync(raw)) }))).toMatchObject({ ok: false, reason: "pixeles" });
    // A JPEG without SOF, a GIF without frames.
    expect(server(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]))).toMatchObject({ ok: false, reason: "estructura" });
    expect(server(concat("GIF89a", [1, 0, 1, 0, 0, 0, 0], [0x3b]))).toMatchObject({ ok: false, reason: "estructura" });
  });

  it("not an image at all: the spec's message", () => {
    expect(checkImage(concat("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual([MSG.archivoNoImagen]);
    expect(checkImage(concat("%PDF-1.7\n"))).toEqual([MSG.archivoNoImagen]);
    expect(checkImage(png(), "text/html")).toEqual([MSG.archivoNoImagen]);
  });
});

describe("hostile bytes never make the reader throw", () => {
  it("any valid image with bytes changed or cut answers a verdict (a Spanish message), never an exception", () => {
    const seeds = [
      png({ width: 5, height: 3, extra: [pngText("a", "b")] }),
      jpeg({ width: 20, height: 9 }),
      gif({ frames: 2 }),
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }),
        fc.option(fc.nat()),
        (seed, changes, cut) => {
          const bytes = new Uint8Array(seeds[seed] as Uint8Array);
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          const input = cut === null ? bytes : bytes.subarray(0, cut % bytes.length);
          expect(checkImageOnServer(input).every((m) => typeof m === "string" && m.length > 20)).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});

describe("hasCodeMarker", () => {
  it("finds markup and script markers, in any case and in UTF-16, but not a tag name without its end", () => {
    const yes = [
      "<SCRIPT>",
      "<html lang=es>",
      "<?php echo 1;",
      "<svg/onload=x>",
      "<!DOCTYPE html>",
      "JavaScript:alert(1)",
    ];
    for (const text of yes) expect(hasCodeMarker(concat(text))).toBe(true);
    expect(hasCodeMarker(new Uint8Array(Buffer.from("<script>", "utf16le")))).toBe(true);
    const no = ["<svg", "<scripted", "<htmlx", "php", "recepción <entrada 4521>", "a < b"];
    for (const text of no) expect(hasCodeMarker(concat(text))).toBe(false);
  });
});

it("crc32 matches node:zlib's", async () => {
  const { crc32: zlibCrc32 } = await import("node:zlib");
  const data = concat("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  expect(crc32(data)).toBe(zlibCrc32(data));
});

/**
 * The receipt images the repository already sends (the demo seed, the e2e data, the API tests, the benches and the
 * browser's fixtures): every base64 PNG written in their sources passes the server's check.
 */
describe("the repository's own receipt images pass the server's check", () => {
  const root = join(__dirname, "..", "..", "..");
  const sources = [
    "packages/seed/src",
    "apps/e2e/tests",
    "apps/api/test",
    "apps/api/bench",
    "apps/web/src/features/facturas",
  ];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(path);
    }
  };
  for (const dir of sources) walk(join(root, dir));
  const images: [string, Uint8Array][] = [];
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(/"(iVBORw0KGgo[A-Za-z0-9+/=]{40,})"/g)) {
      images.push([relative(root, file), new Uint8Array(Buffer.from(match[1] as string, "base64"))]);
    }
  }

  it("finds the seed's and the e2e data's PNGs", () => {
    const where = new Set(images.map(([file]) => file));
    expect(where).toContain("packages/seed/src/facturas-demo.ts");
    expect(where).toContain("apps/e2e/tests/facturas-datos.ts");
  });

  it("every one is a whole image", () => {
    for (const [file, bytes] of images) expect([file, checkImageOnServer(bytes, "image/png")]).toEqual([file, []]);
  });
});
