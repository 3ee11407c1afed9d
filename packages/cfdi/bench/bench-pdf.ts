/**
 * `npm run bench:pdf` (packages/cfdi: `node ../../scripts/pnpm.mjs run bench:pdf`): how long the server's PDF
 * check (@portal/cfdi/pdf) takes on 10 MB files of three shapes, beside the browser's quick check. Figures only:
 * this is not a timed test. Uploads are capped at 5 MB (MAX_UPLOAD_BYTES); 10 MB shows the margin.
 *
 * - "escaneo": 20 pages, each a 500 KB JPEG-coded image (not decoded: pixels are not PDF syntax) and a small
 *   Flate content stream; the shape of a scanned tax certificate.
 * - "texto comprimido": 10 MB of Flate content streams (every byte inflated, ~4× the file), the most decoding a
 *   file of this size can ask for before the 64 MB total cap.
 * - "muchos objetos": ~120,000 small objects, half of them in object streams; the most parsing.
 */
import { randomBytes } from "node:crypto";
import { checkPdf } from "../src/index";
import { flate, type Objeto, pdf, pdfConObjStm } from "../src/pdf/muestras";
import { checkPdfOnServer } from "../src/pdf/node";

const MB = 1024 * 1024;

function escaneo(): Uint8Array {
  const objetos: Objeto[] = ["<< /Type /Catalog /Pages 2 0 R >>", ""];
  const kids: string[] = [];
  for (let p = 0; p < 20; p++) {
    const page = objetos.length + 1;
    kids.push(`${page} 0 R`);
    objetos.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${page + 1} 0 R /Resources << /XObject << /Im0 ${page + 2} 0 R >> >> >>`,
      { dict: "/Filter /FlateDecode", data: flate(`q 612 0 0 792 0 0 cm /Im0 Do Q\nBT /F1 9 Tf (pagina ${p}) Tj ET`) },
      {
        dict: "/Type /XObject /Subtype /Image /Width 2480 /Height 3508 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode",
        data: new Uint8Array(randomBytes(500 * 1024)),
      },
    );
  }
  objetos[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${kids.length} >>`;
  return pdf(objetos);
}

function textoComprimido(): Uint8Array {
  const objetos: Objeto[] = ["<< /Type /Catalog /Pages 2 0 R >>", ""];
  const kids: string[] = [];
  // Text operators with random numbers compress about 4:1, like real content streams.
  const linea = () =>
    `${Math.random().toFixed(6)} ${Math.random().toFixed(6)} Td (${randomBytes(12).toString("hex")}) Tj\n`;
  let total = 0;
  while (total < 10 * MB) {
    const page = objetos.length + 1;
    kids.push(`${page} 0 R`);
    let texto = "BT /F1 9 Tf\n";
    while (texto.length < 1.6 * MB) texto += linea();
    const data = flate(`${texto}ET`);
    total += data.length;
    objetos.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${page + 1} 0 R >>`, {
      dict: "/Filter /FlateDecode",
      data,
    });
  }
  objetos[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${kids.length} >>`;
  return pdf(objetos);
}

function muchosObjetos(): Uint8Array {
  const sueltos: Objeto[] = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"];
  const filler = (k: number) =>
    `<< /Type /Annot /Subtype /Link /Rect [${k} 0 ${k + 10} 10] /Border [0 0 0] /A << /S /URI /URI (https://proveedor.example/${k}) >> /F 4 >>`;
  for (let k = 0; sueltos.length < 60_000; k++) sueltos.push(filler(k));
  const comprimidos = Array.from({ length: 60_000 }, (_, k) => filler(k));
  return pdfConObjStm(sueltos, comprimidos);
}

/** Wall time and this process's CPU time (which another process's load on a shared machine inflates less). */
function time(fn: () => unknown, runs: number): { median: number; max: number; cpu: number } {
  fn();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < runs; k++) {
    const before = process.cpuUsage();
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)]!, max: samples[runs - 1]!, cpu: cpu[Math.floor(runs / 2)]! };
}

console.log(`@portal/cfdi PDF bench — Node ${process.version}, ${process.platform}/${process.arch}`);
console.log("tiempo = mediana (máximo) de 7 corridas; CPU = mediana del tiempo de CPU del proceso\n");
const rows = [["archivo", "tamaño", "servidor (@portal/cfdi/pdf)", "navegador (checkPdf)", "veredicto"]];
for (const [nombre, build] of [
  ["escaneo", escaneo],
  ["texto comprimido", textoComprimido],
  ["muchos objetos", muchosObjetos],
] as const) {
  const bytes = build();
  const verdict = checkPdfOnServer("a.pdf", bytes);
  const server = time(() => checkPdfOnServer("a.pdf", bytes), 7);
  const browser = time(() => checkPdf("a.pdf", bytes), 7);
  rows.push([
    nombre,
    `${(bytes.length / MB).toFixed(1)} MB`,
    `${server.median.toFixed(0)} ms (${server.max.toFixed(0)} ms), CPU ${server.cpu.toFixed(0)} ms`,
    `${browser.median.toFixed(0)} ms (${browser.max.toFixed(0)} ms), CPU ${browser.cpu.toFixed(0)} ms`,
    verdict.length === 0 ? "aceptado" : verdict.join(" "),
  ]);
}
const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
for (const r of rows) console.log(r.map((cell, col) => cell.padEnd(widths[col]!)).join("  "));
