/**
 * `npm run bench:hostil`: how long the reader and the cadena take on hostile documents (the cases of
 * test/hardening.test.ts and test/xslt.test.ts, which check what is answered; their time lives here, because
 * speed targets are never timed tests). Figures only; the targets beside each case are the ones the tests held
 * before issue 22 moved them here.
 */

import { randomBytes, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { concat, HOSTILE_IMAGES, ihdr, jpeg, jpegSegment, PNG_SIGNATURE, pngChunk } from "../src/image/muestras";
import { checkImageOnServer } from "../src/image/node";
import { classifyCfdi, readInvoice, readPaymentComplement } from "../src/index";
import { pdfConAdjunto } from "../src/pdf/muestras";
import { checkPdfOnServer } from "../src/pdf/node";
import { cadenaOriginal, satChainOf } from "../src/sello/index";
import { parseXml } from "../src/xml";
import { CERTS_DIR, invoiceXml } from "../test/helpers";

interface Case {
  name: string;
  targetMs: number;
  run: () => unknown;
}

function billionLaughs(): string {
  return [
    '<?xml version="1.0"?>',
    "<!DOCTYPE lolz [",
    ' <!ENTITY lol "lol">',
    ...Array.from({ length: 9 }, (_, k) => ` <!ENTITY lol${k + 1} "${`&lol${k === 0 ? "" : k};`.repeat(10)}">`),
    "]>",
    `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="&lol9;"/>`,
  ].join("\n");
}

function nestedPaths(): string {
  const depth = 60;
  const aduanas = '<cfdi:InformacionAduanera NumeroPedimento="23  47  3807  8003832"/>'.repeat(12_000);
  const partes = `${'<cfdi:Parte ClaveProdServ="1" Cantidad="1" Descripcion="x">'.repeat(depth)}${aduanas}${"</cfdi:Parte>".repeat(depth)}`;
  return invoiceXml({ seal: false })
    .replace(/<cfdi:Concepto ([^>]*)\/>/, `<cfdi:Concepto $1>${partes}</cfdi:Concepto>`)
    .replace(
      " Version=",
      ` Certificado="${readFileSync(join(CERTS_DIR, "EKU9003173C9.cer")).toString("base64")}" Version=`,
    );
}

/** Issue 36's images, built before timing: a 4,000 × 3,000 RGB photo as PNG (36 MB of pixels, noise so it does
 * not compress to nothing), a JPEG with 5 MB of comments, a PDF with a 4 MB attachment. */
const fotoPng = (() => {
  const row = 1 + 4_000 * 3;
  const raw = new Uint8Array(row * 3_000);
  const noise = randomBytes(64 * 1024);
  for (let y = 0; y < 3_000; y++) raw.set(noise.subarray(0, row - 1), y * row + 1);
  return concat(
    PNG_SIGNATURE,
    ihdr(4_000, 3_000, 8, 2),
    pngChunk("IDAT", new Uint8Array(deflateSync(raw, { level: 1 }))),
    pngChunk("IEND"),
  );
})();
const jpegComentado = jpeg({
  width: 4_000,
  height: 3_000,
  extra: Array.from({ length: 80 }, () => jpegSegment(0xfe, new Uint8Array(randomBytes(65_000)))),
});
const png100k = HOSTILE_IMAGES.png100k();
const pngBomba = HOSTILE_IMAGES.pngBomba();
const pdfAdjunto = pdfConAdjunto("factura.xml", new Uint8Array(randomBytes(4 * 1024 * 1024)));

const cases: Case[] = [
  {
    name: "imagen PNG de 100,000 × 100,000 (rechazada por la cabecera)",
    targetMs: 5,
    run: () => checkImageOnServer(png100k),
  },
  {
    name: "bomba PNG: 64 MB de ceros en 65 KB (se detiene en el tope)",
    targetMs: 100,
    run: () => checkImageOnServer(pngBomba),
  },
  {
    name: `PNG 4,000 × 3,000 RGB válido (${(fotoPng.length / 1e6).toFixed(1)} MB, 36 MB de píxeles)`,
    targetMs: 500,
    run: () => checkImageOnServer(fotoPng),
  },
  {
    name: `JPEG con 5 MB de comentarios (${(jpegComentado.length / 1e6).toFixed(1)} MB)`,
    targetMs: 200,
    run: () => checkImageOnServer(jpegComentado),
  },
  { name: "PDF con un adjunto de 4 MB", targetMs: 200, run: () => checkPdfOnServer("f.pdf", pdfAdjunto) },
  {
    name: "cadena al SAT de los 3 certificados de sello reales (objetos nuevos, sin caché)",
    targetMs: 20,
    run: () => {
      for (const n of ["00001000000403258748", "00001000000504465028", "00001000000708361114"]) {
        satChainOf(new X509Certificate(readFileSync(join(CERTS_DIR, `${n}.cer`))));
      }
    },
  },
  { name: "entidades anidadas (billion laughs)", targetMs: 50, run: () => readInvoice(billionLaughs()) },
  {
    name: "50 MB de una vez (bytes y texto, factura y pago)",
    targetMs: 500,
    run: () => {
      const bytes = new Uint8Array(50 * 1024 * 1024);
      readInvoice(bytes);
      readInvoice("<".padEnd(50 * 1024 * 1024, "a"));
      readPaymentComplement(bytes);
      classifyCfdi(bytes);
    },
  },
  {
    name: "espacios de nombres: 120 declaraciones y 1.9 MB de hijos que declaran",
    targetMs: 3000,
    run: () => {
      const crowded = Array.from({ length: 120 }, (_, k) => `xmlns:p${k}="urn:${k}"`).join(" ");
      const child = '<x xmlns:z="urn:z"/>';
      const addenda = `<cfdi:Addenda><w ${crowded}>${child.repeat(Math.floor(1_900_000 / child.length))}</w></cfdi:Addenda>`;
      return readInvoice(invoiceXml({ afterComplemento: addenda }));
    },
  },
  {
    name: "un atributo de 1.9 MB",
    targetMs: 1000,
    run: () =>
      readInvoice(invoiceXml({ afterComplemento: `<cfdi:Addenda><a v="${"A".repeat(1_900_000)}"/></cfdi:Addenda>` })),
  },
  {
    name: "cadena original con rutas // anidadas (60 Parte, 12,000 aduanas)",
    targetMs: 5000,
    run: () => {
      const parsed = parseXml(nestedPaths());
      if (!parsed.ok) throw new Error(parsed.error.message);
      try {
        cadenaOriginal(parsed.root);
      } catch {
        // Refused for its size: what the test checks. Here only the time counts.
      }
    },
  },
];

console.log("caso".padEnd(72), "ms (mediana de 3)".padStart(18), "objetivo".padStart(10));
for (const c of cases) {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    c.run();
    times.push(performance.now() - started);
  }
  const median = times.sort((a, b) => a - b)[1] ?? 0;
  const mark = median <= c.targetMs ? "" : "  (excede)";
  console.log(c.name.padEnd(72), median.toFixed(1).padStart(18), `${c.targetMs}`.padStart(10) + mark);
}
