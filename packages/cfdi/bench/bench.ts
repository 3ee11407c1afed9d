/**
 * `npm run bench:cfdi`: parse + validate time per document and peak memory, beside plain
 * fast-xml-parser parsing of the same input; then the full check (read + rules of spec §5 + both
 * seals) of the 5 KB invoice and of the 45-document payment. Figures only: this is not a timed test.
 *
 * Documents: a real 5 KB invoice, a payment complement with 45 related documents, and a 2 MB
 * invoice (the real one with its Concepto repeated). "Plain fast-xml-parser" is
 * `new XMLParser({ ignoreAttributes: false }).parse(xml)`: the least a reader of CFDI attributes
 * would run, with no validation, no namespace resolution and no checks.
 * Target: @portal/cfdi within 1.5× of plain parsing; the full check with seals within 3× of plain
 * parsing and under 1 ms for the 5 KB invoice. The seal figures are warm: compiled XSLT programs and
 * parsed certificates are cached per process (the first document pays about 20 ms to compile the
 * SAT stylesheets).
 *
 * Peak memory: each figure comes from a fresh child process. The read's peak heap lies between what
 * its result retains after a full GC (lower bound) and everything one read allocates, measured as
 * heap growth with a 256 MB young generation so nothing is collected during the read (upper bound).
 * (Peak RSS was tried and dropped: with a fresh process it mostly measures GC timing.)
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import {
  checkInvoiceAgainst,
  checkPaymentAgainst,
  type InvoiceData,
  type PaymentData,
  readInvoice,
  readPaymentComplement,
} from "../src/index";
import { readInvoiceVerified, readPaymentComplementVerified, type VerifiedResult } from "../src/sello/index";
import { doc, paymentXml } from "../test/helpers";

const here = dirname(fileURLToPath(import.meta.url));

type Reader = "cfdi" | "fxp" | "fxp+validate";

interface Case {
  name: string;
  xml: string;
  read: (xml: string) => { ok: boolean };
  iterations: number;
}

function buildCases(): Case[] {
  const invoice = readFileSync(join(here, "../test/fixtures/cfdiutils__cfdi40-real.xml"), "utf8");
  const concepto = /<cfdi:Concepto [\s\S]*?<\/cfdi:Concepto>/.exec(invoice)?.[0] ?? "";
  const copies = Math.floor((2_000_000 - invoice.length) / concepto.length) + 1;
  const big = invoice.replace(concepto, concepto.repeat(copies));
  const pagos = [0, 1, 2].map((p) => ({
    pago: { Monto: "1500.00" },
    docs: Array.from({ length: 15 }, (_, k) => doc(p * 15 + k + 1)),
  }));
  const payment = paymentXml({ pagos, totales: { MontoTotalPagos: "4500.00" } });
  return [
    { name: "factura 5 KB (cfdi40-real)", xml: invoice, read: (x) => readInvoice(x), iterations: 2000 },
    { name: "pago 45 documentos relacionados", xml: payment, read: (x) => readPaymentComplement(x), iterations: 2000 },
    { name: "factura 2 MB", xml: big, read: (x) => readInvoice(x), iterations: 20 },
  ];
}

const fxp = new XMLParser({ ignoreAttributes: false });

function runner(c: Case, reader: Reader): () => unknown {
  if (reader === "cfdi") return () => c.read(c.xml);
  if (reader === "fxp") return () => fxp.parse(c.xml);
  return () => XMLValidator.validate(c.xml) === true && fxp.parse(c.xml);
}

function time(fn: () => unknown, iterations: number): { mean: number; median: number } {
  for (let k = 0; k < Math.max(5, iterations / 10); k++) fn();
  const samples: number[] = [];
  for (let k = 0; k < iterations; k++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return { mean, median: samples[Math.floor(samples.length / 2)] ?? mean };
}

type MemoryMode = "allocated" | "retained";

function childMemory(caseIndex: number, reader: Reader, mode: MemoryMode): number {
  // A 256 MB young generation: nothing is collected during one read, so the heap growth is
  // everything the read allocated.
  const flags = ["--expose-gc", "--min-semi-space-size=256", "--max-semi-space-size=256"];
  const r = spawnSync(
    process.execPath,
    [...process.execArgv, ...flags, fileURLToPath(import.meta.url), "--memory", String(caseIndex), reader, mode],
    { encoding: "utf8" },
  );
  return Number(r.stdout.trim().split("\n").at(-1));
}

/** In the child: KB allocated by one read, or KB its result keeps alive after a full GC. */
function measureMemory(caseIndex: number, reader: Reader, mode: MemoryMode): void {
  const c = buildCases()[caseIndex];
  if (!c) throw new Error("caso desconocido");
  const fn = runner(c, reader);
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  fn(); // compile first, so the figures are the read's own
  gc();
  const before = process.memoryUsage().heapUsed;
  const keep = fn();
  if (mode === "retained") gc();
  const kb = Math.round((process.memoryUsage().heapUsed - before) / 1024);
  if (keep === undefined) throw new Error("sin resultado");
  console.log(Math.max(0, kb));
}

const fmtMs = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);
const fmtKb = (kb: number) => (Number.isNaN(kb) ? "n/d" : kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${kb} KB`);

function main(): void {
  const cases = buildCases();
  console.log(`@portal/cfdi bench — Node ${process.version}, ${process.platform}/${process.arch}`);
  console.log("tiempo = media (mediana) por documento; razón = media (mediana) de @portal/cfdi ÷ fast-xml-parser");
  console.log(
    "pico de heap: entre lo que retiene el resultado y lo que asigna una lectura (cotas inferior – superior)\n",
  );
  const rows: string[][] = [
    [
      "documento",
      "tamaño",
      "@portal/cfdi",
      "fast-xml-parser",
      "fxp validate+parse",
      "razón cfdi/fxp",
      "pico de heap cfdi",
      "pico de heap fxp",
    ],
  ];
  for (const [index, c] of cases.entries()) {
    if (!c.read(c.xml).ok) throw new Error(`el documento de prueba no es válido: ${c.name}`);
    const ours = time(runner(c, "cfdi"), c.iterations);
    const plain = time(runner(c, "fxp"), c.iterations);
    const both = time(runner(c, "fxp+validate"), c.iterations);
    rows.push([
      c.name,
      `${(Buffer.byteLength(c.xml) / 1024).toFixed(1)} KB`,
      `${fmtMs(ours.mean)} (${fmtMs(ours.median)})`,
      `${fmtMs(plain.mean)} (${fmtMs(plain.median)})`,
      `${fmtMs(both.mean)} (${fmtMs(both.median)})`,
      `${(ours.mean / plain.mean).toFixed(2)}× (${(ours.median / plain.median).toFixed(2)}×)`,
      `${fmtKb(childMemory(index, "cfdi", "retained"))} – ${fmtKb(childMemory(index, "cfdi", "allocated"))}`,
      `${fmtKb(childMemory(index, "fxp", "retained"))} – ${fmtKb(childMemory(index, "fxp", "allocated"))}`,
    ]);
  }
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? "").length))) ?? [];
  for (const r of rows) console.log(r.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join("  "));
  console.log("\nobjetivo: razón ≤ 1.5× (parse + validación completa frente a parse simple)");
}

// ── Full check: read + rules + both seals ────────────────────────────────────────────────────────

/** Context of spec §5 that the invoice matches (every rule runs and passes). */
function invoiceContextOf(d: InvoiceData) {
  return {
    proveedor: { CardName: d.NombreEmisor },
    sociedad: { NomSociedad: d.NombreReceptor, Regimen: d.Regimen, CP: d.CPReceptor },
    entrada: {
      DocTotal: d.Total,
      PeyMethod: d.FormaPago,
      U_B1SYS_MainUsage: d.UsoPrincipal,
      CP: d.CPEmisor,
      GroupNum: d.MetodoPago === "PPD" ? 30 : 0,
      RetencionesTotal: "0",
    },
  };
}

function unwrap<T>(r: VerifiedResult<T>): T {
  if (!r.ok) throw new Error(r.errors.join(" | "));
  return r.data;
}

async function timeAsync(fn: () => Promise<unknown>, iterations: number): Promise<{ mean: number; median: number }> {
  for (let k = 0; k < Math.max(20, iterations / 5); k++) await fn();
  const samples: number[] = [];
  for (let k = 0; k < iterations; k++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return { mean, median: samples[Math.floor(samples.length / 2)] ?? mean };
}

async function fullCheck(): Promise<void> {
  const [invoiceCase, paymentCase] = buildCases();
  if (!invoiceCase || !paymentCase) throw new Error("casos");
  // The real invoice carries production certificates; the payment was issued by the tests (test CSD and PAC).
  const invoiceCtx = invoiceContextOf(unwrap(await readInvoiceVerified(invoiceCase.xml)));
  const payment = unwrap(await readPaymentComplementVerified(paymentCase.xml, { trustTestCertificates: true }));
  const paymentCtx = {
    CardName: payment.NombreEmisor,
    NomSociedad: payment.NombreReceptor,
    DocTotal: payment.Total,
    facturasUUID: payment.Detalle.map((d) => d.UUID),
  };
  const full: { c: Case; run: () => Promise<unknown> }[] = [
    {
      c: invoiceCase,
      run: async () => {
        const data = unwrap(await readInvoiceVerified(invoiceCase.xml));
        if (checkInvoiceAgainst(data as InvoiceData, invoiceCtx, "alta").length > 0) throw new Error("reglas");
      },
    },
    {
      c: paymentCase,
      run: async () => {
        const data = unwrap(await readPaymentComplementVerified(paymentCase.xml, { trustTestCertificates: true }));
        if (checkPaymentAgainst(data as PaymentData, paymentCtx).length > 0) throw new Error("reglas");
      },
    },
  ];
  console.log("\ncomprobación completa: lectura + reglas (spec §5) + sello del emisor + sello del timbre\n");
  const rows: string[][] = [
    ["documento", "tamaño", "lectura sin sellos", "completa con sellos", "fast-xml-parser", "razón completa/fxp"],
  ];
  for (const { c, run } of full) {
    const iterations = 3000;
    const readOnly = time(runner(c, "cfdi"), iterations);
    const all = await timeAsync(run, iterations);
    const plain = time(runner(c, "fxp"), iterations);
    rows.push([
      c.name,
      `${(Buffer.byteLength(c.xml) / 1024).toFixed(1)} KB`,
      `${fmtMs(readOnly.mean)} (${fmtMs(readOnly.median)})`,
      `${fmtMs(all.mean)} (${fmtMs(all.median)})`,
      `${fmtMs(plain.mean)} (${fmtMs(plain.median)})`,
      `${(all.mean / plain.mean).toFixed(2)}× (${(all.median / plain.median).toFixed(2)}×)`,
    ]);
  }
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? "").length))) ?? [];
  for (const r of rows) console.log(r.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join("  "));
  console.log("\nobjetivo: factura de 5 KB comprobada por completo en ≤ 1 ms y ≤ 3× el parse simple");
}

const memoryFlag = process.argv.indexOf("--memory");
if (memoryFlag !== -1) {
  const [index, reader, mode] = process.argv.slice(memoryFlag + 1);
  measureMemory(Number(index), reader as Reader, mode as MemoryMode);
} else {
  main();
  await fullCheck();
}
