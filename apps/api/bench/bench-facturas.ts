/**
 * `npm run bench:facturas` — figures for issue 12's invoice calls, not a test.
 *
 * 1. A scratch PostgreSQL database (server of TEST_DATABASE_URL or DATABASE_URL), migrated, with the demo seed and
 *    BENCH_FACTURAS (40,000) invoices: 2,000 of the supplier EKU9003173C9, the rest of XIQB891116QE4.
 * 2. The API in a child process on a free loopback port.
 * 3. getFacturas for the supplier (2,000 rows) and an employee (all): sequential calls, p50/p95, answer bytes.
 * 4. postFactura of a sealed and stamped 5 KB CFDI with a ~200 KB PDF and a receipt image (~300 KB of base64
 *    JSON): BENCH_FACTURAS_SECUENCIALES (100) sequential calls, then BENCH_FACTURAS_RONDAS (20) rounds of 10
 *    concurrent ones, enough calls to catch a tail: p50/p95/p99/max. The SAT's status service is the simulator in
 *    the API's process (comun.ts `entornoApi`); every upload's status must be the simulator's answer (Vigente), or
 *    the bench stops: an upload left pending measured a failed query, not the portal. Then, in this process, how
 *    long reading the XML, verifying both seals and running the rules takes, against the whole call (the rest is
 *    transport, storage, the SAT query and the transaction).
 * One third of the invoices are accepted, each with its A/P invoice in the ERP mock (half of them paid), so every
 * list call also reads their payment status from the ERP (issue 13).
 * Targets (issue 12): postFactura p95 <= 150 ms; supplier list <= 100 ms p95; employee 30,000 rows <= 600 ms p95.
 * Issue 22: postFactura p95 <= 500 ms with 10 concurrent, and no call over 1 s (sequential or concurrent).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { buildPostFacturaPayload, checkInvoiceAgainst, readInvoice } from "@portal/cfdi";
import { png, pngChunk } from "@portal/cfdi/image-muestras";
import { issueTestFactura, readInvoiceVerified, shippedCertificates } from "@portal/cfdi/sello";
import { createDatabase, runMigrations, schema, storeArchivo, systemClock } from "@portal/db";
import { createErpEntrada, createSimplePdf, seedDemo } from "@portal/seed";
import { sql } from "drizzle-orm";
import {
  type ApiEnPrueba,
  conCliente,
  createScratchDatabase,
  KEMPER,
  MCI,
  mb,
  ms,
  pdfRellenoBase64,
  percentil,
  sortedAsc,
  startApi,
  stats,
  vacuumAnalyze,
} from "./comun";

const TOTAL = Number(process.env.BENCH_FACTURAS ?? 40_000);
const SECUENCIALES = Number(process.env.BENCH_FACTURAS_SECUENCIALES ?? 100);
const RONDAS = Number(process.env.BENCH_FACTURAS_RONDAS ?? 20);
const CONCURRENTES = 10;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** A photo-sized receipt PNG: padding in a private ancillary chunk (the server refuses bytes after IEND). */
const pngRelleno = (bytes: number) =>
  png({ width: 1, height: 1, extra: [pngChunk("prVt", new Uint8Array(randomBytes(bytes)))] });

async function main() {
  const bd = await createScratchDatabase(`portal_bench_fact_${randomBytes(4).toString("hex")}`);
  const key = randomBytes(32).toString("base64");
  let api: ApiEnPrueba | undefined;
  try {
    const handle = await createDatabase({ url: bd.url, maxConnections: 4 });
    await runMigrations(handle);
    await seedDemo(handle.db, Buffer.from(key, "base64"), { clock: systemClock });
    const db = handle.db;
    // Bulk invoices: three stored files shared by all rows (lists never carry content).
    const [pdfId, xmlId, pngId] = [
      await storeArchivo(db, createSimplePdf("Factura", ["bench"]), "application/pdf"),
      await storeArchivo(db, new TextEncoder().encode("<x/>"), "text/xml"),
      await storeArchivo(db, new Uint8Array(PNG), "image/png"),
    ];
    const [mci] = await db.select().from(schema.sociedades).limit(1);
    const now = new Date();
    const t0 = performance.now();
    for (let i = 0; i < TOTAL; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, TOTAL - i) }, (_, k) => {
        const n = i + k;
        const kemper = n < 2000;
        return {
          cardCode: kemper ? "P00001" : "P00002",
          sociedadId: mci!.id,
          bd: mci!.bdSap,
          entradaDocNum: 1_000_000 + n,
          entradaDocEntry: 1_000_000 + n,
          uuid: randomUUID().toUpperCase(),
          folio: String(n),
          rfcEmisor: kemper ? KEMPER.rfc : "XIQB891116QE4",
          nombreEmisor: kemper ? KEMPER.nombre : "BERENICE XIMO QUEZADA",
          rfcReceptor: MCI.rfc,
          nombreReceptor: MCI.nombre,
          cpEmisor: "86000",
          cpReceptor: MCI.cp,
          regimenReceptor: MCI.regimen,
          fechaCfdi: "2026-10-01T10:00:00",
          fechaFactura: "2026-10-01",
          fechaTimbrado: "2026-10-01T10:01:00",
          diasCredito: n % 3 === 0 ? 30 : 0,
          subtotal: "1000.00",
          total: "1160.00",
          moneda: "MXN",
          formaPago: "03",
          metodoPago: "PUE",
          usoCfdi: "G03",
          pdfArchivoId: pdfId,
          pdfNombre: "f.pdf",
          xmlArchivoId: xmlId,
          xmlNombre: "f.xml",
          recepcionArchivoId: pngId,
          recepcionNombre: "r.png",
          estatus: (["P", "A", "R"] as const)[n % 3]!,
          createdAt: new Date(now.getTime() - n * 60_000),
          updatedAt: now,
        };
      });
      await db.insert(schema.facturas).values(rows);
    }
    // Every accepted invoice has its A/P invoice in the ERP (issue 13), half of them paid: the lists read their
    // payment status from the ERP on every call. The demo seed's accepted invoices already have theirs.
    await db.execute(sql`insert into ${schema.erpFacturas} (bd, doc_entry, doc_num, card_code, num_at_card, uuid,
        doc_date, doc_total, paid_to_date, doc_cur, entrada_doc_num, portal_id)
      select f.bd, 500000 + f.id, 900000 + f.id, f.card_code, f.folio, f.uuid, f.fecha_factura, round(f.total, 2),
        case when f.id % 2 = 0 then round(f.total, 2) else 0 end, f.moneda, f.entrada_doc_num, f.id
      from ${schema.facturas} f where f.estatus = 'A'
        and not exists (select 1 from ${schema.erpFacturas} e where e.bd = f.bd and e.portal_id = f.id)`);
    // Receipts to invoice during the postFactura runs.
    const entradas: number[] = [];
    for (let i = 0; i < SECUENCIALES + RONDAS * CONCURRENTES; i++) {
      const e = await createErpEntrada(db, {
        bd: "SBO_MCI",
        cardCode: "P00001",
        cardName: KEMPER.nombre,
        cp: "86000",
        peyMethod: "03",
        mainUsage: "G03",
        groupNum: 0,
      });
      entradas.push(e.docNum);
    }
    await handle.close();
    await vacuumAnalyze(bd.url);
    console.log(`[bench] ${TOTAL} facturas sembradas en ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    api = await startApi({ databaseUrl: bd.url, clave: key, certificadosPrueba: true });
    const tokens = await api.tokensDemo();
    const { post, cpuMs } = api;
    /** CPU time between two reads of the API's, or null where /proc is not available. */
    const cpuEntre = (antes: number | null, despues: number | null) =>
      antes === null || despues === null ? null : despues - antes;
    /**
     * The API's CPU time (every thread of its process: the simulator's answers and the scheduled jobs included) per
     * upload: on a busy machine the times measure the queue too, this does not.
     */
    const cpuPorCarga = (cpu: number | null, n: number) =>
      cpu === null ? "" : ` · CPU de la API ${ms(cpu / n)} por carga`;

    // --- getFacturas ---------------------------------------------------------------------------------------
    for (const [quien, veces] of [
      ["proveedor", 30],
      ["empleado", 10],
    ] as const) {
      const first = await post("/api/facturas/getFacturas", tokens[quien], {});
      const filas = (JSON.parse(first.text) as { data: unknown[] }).data.length;
      const xs: number[] = [];
      for (let i = 0; i < veces; i++) xs.push((await post("/api/facturas/getFacturas", tokens[quien], {})).ms);
      console.log(
        `[bench] getFacturas ${quien}: ${filas} filas, ${mb(first.bytes, 2)} · primera llamada ` +
          `(armada por la base de datos) ${ms(first.ms)} · siguientes (huella sin cambios) ${stats(xs)}`,
      );
    }

    // --- postFactura ---------------------------------------------------------------------------------------
    const pdf64 = pdfRellenoBase64("Factura", 200_000);
    const cuerpo = (docNum: number) => {
      const xml = issueTestFactura({
        emisor: KEMPER,
        receptor: MCI,
        lugarExpedicion: "86000",
        fecha: "2026-11-16T10:00:00",
        folio: String(docNum),
        formaPago: "03",
        metodoPago: "PUE",
        subtotal: "1000.00",
        iva: "160.00",
        uuid: randomUUID(),
        fechaTimbrado: "2026-11-16T10:05:00",
      });
      const leido = readInvoice(xml);
      if (!leido.ok) throw new Error(`La factura de prueba no se lee: ${leido.errors.join("; ")}`);
      return {
        xml,
        // The browser's own mapping (@portal/cfdi).
        body: buildPostFacturaPayload(leido.data, {
          RazonSocial: "SBO_MCI",
          EntradaMercancia: docNum,
          archivos: {
            pdf: { name: "f.pdf", base64: pdf64 },
            xml: { name: "f.xml", base64: Buffer.from(xml).toString("base64") },
            recepcion: { name: "r.png", base64: Buffer.from(pngRelleno(60_000)).toString("base64") },
          },
        }),
      };
    };
    const secuenciales: number[] = [];
    let tamaño = 0;
    const cpuSecuencial = cpuMs();
    for (const docNum of entradas.slice(0, SECUENCIALES)) {
      const { body } = cuerpo(docNum);
      tamaño = Buffer.byteLength(JSON.stringify(body));
      const r = await post("/api/facturas/postFactura", tokens.proveedor, body);
      if (r.status !== 200) throw new Error(`postFactura ${r.status}: ${r.text}`);
      secuenciales.push(r.ms);
    }
    console.log(
      `[bench] postFactura secuencial (${(tamaño / 1024).toFixed(0)} KB de JSON): ${stats(secuenciales)}` +
        cpuPorCarga(cpuEntre(cpuSecuencial, cpuMs()), secuenciales.length),
    );
    const concurrentes: number[] = [];
    let cpuConcurrente: number | null = 0;
    for (let ronda = 0; ronda < RONDAS; ronda++) {
      const desde = SECUENCIALES + ronda * CONCURRENTES;
      const cuerpos = entradas.slice(desde, desde + CONCURRENTES).map((n) => cuerpo(n).body);
      // CPU counted per round, without building the bodies (this process signs them).
      const antes = cpuMs();
      const rs = await Promise.all(cuerpos.map((b) => post("/api/facturas/postFactura", tokens.proveedor, b)));
      const cpu = cpuEntre(antes, cpuMs());
      cpuConcurrente = cpu === null || cpuConcurrente === null ? null : cpuConcurrente + cpu;
      for (const r of rs) {
        if (r.status !== 200) throw new Error(`postFactura ${r.status}: ${r.text}`);
        concurrentes.push(r.ms);
      }
    }
    console.log(
      `[bench] postFactura ${CONCURRENTES} concurrentes (${RONDAS} rondas): ${stats(concurrentes)}` +
        cpuPorCarga(cpuConcurrente, concurrentes.length),
    );
    // Every upload asked the simulator and got its answer: a pending status means the query failed.
    const sat = await conCliente(bd.url, (c) =>
      c.query<{ estado: string; pendiente: boolean; ultimo_error: string; n: number }>(
        `select s.estado, s.pendiente, s.ultimo_error, count(*)::int as n from facturas f
           join sat_estados_cfdi s on s.tipo = 'factura' and s.documento_id = f.id
          where f.entrada_doc_num = any($1::int[]) group by 1, 2, 3`,
        [entradas],
      ),
    );
    const vigentes = sat.rows.find((r) => r.estado === "Vigente" && !r.pendiente)?.n ?? 0;
    if (vigentes !== entradas.length) {
      throw new Error(
        `Estado SAT de las ${entradas.length} cargas: ${JSON.stringify(sat.rows)}; se esperaban todas Vigente (simulador).`,
      );
    }
    // Where the time goes: reading, both seals and the rules, measured here on the same CFDI.
    const { xml } = cuerpo(entradas[0]!);
    const store = shippedCertificates();
    const lecturas: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const r = await readInvoiceVerified(xml, { store, trustTestCertificates: true });
      if (r.ok) {
        checkInvoiceAgainst(
          r.data,
          {
            proveedor: { CardName: KEMPER.nombre },
            sociedad: { NomSociedad: MCI.nombre, Regimen: MCI.regimen, CP: MCI.cp },
            entrada: { DocTotal: "1160.00", PeyMethod: "03", U_B1SYS_MainUsage: "G03", CP: "86000", GroupNum: 0 },
          },
          "alta",
        );
      }
      lecturas.push(performance.now() - t);
    }
    const lectura = percentil(sortedAsc(lecturas), 50, 0);
    const total = percentil(sortedAsc(secuenciales), 50, 0);
    console.log(
      `[bench] lectura del XML + ambos sellos + reglas: p50 ${ms(lectura)} (${((lectura / total) * 100).toFixed(0)} % de la llamada secuencial); el resto es transporte, archivos, la consulta al SAT y la transacción`,
    );
  } finally {
    await api?.halt();
    await bd.drop();
  }
}

await main();
