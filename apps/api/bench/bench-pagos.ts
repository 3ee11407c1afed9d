/**
 * `npm run bench:pagos` — figures for issue 14's payment calls, not a test.
 *
 * 1. A scratch PostgreSQL database (server of TEST_DATABASE_URL or DATABASE_URL), migrated, with the demo seed and
 *    BENCH_PAGOS (20,000) ERP vendor payments (OVPM) with 3 A/P invoices each (OPCH, VPM2), written straight into
 *    the ERP mock's tables: the first BENCH_PAGOS_KEMPER (1,000) of the supplier EKU9003173C9 (P00001, SBO_MCI),
 *    the rest spread over P00002 in SBO_KIJ and SBO_IIA and 500 business partners of SBO_MCI that are not portal
 *    suppliers. DocEntry from 100,000 on, far above the seed's.
 * 2. One more payment of P00001 in SBO_MCI over 45 A/P invoices with known UUIDs (MXN, PPD): the supplier posts its
 *    payment complement (REP) for it again and again, each time a fresh sealed and stamped CFDI with a new UUID
 *    (a complement that is not accepted is replaced).
 * 3. The API in a child process on a free loopback port (NODE_ENV=production, SAT_TEST_CERTS=true, the SAT's
 *    status service simulated in its own process: comun.ts `entornoApi`).
 * 4. getPagos for an employee (every payment) and the supplier: the first call apart, then sequential calls,
 *    p50/p95, rows and answer size; the API's resident memory afterwards.
 * 5. postPago of the 45-document complement with a ~100 KB PDF: sequential, p50/p95; and, in this process, how long
 *    reading the XML and verifying both seals takes, against the whole call.
 * Targets (issue 14): employee getPagos p95 <= 600 ms; supplier getPagos p95 <= 100 ms; postPago p95 <= 150 ms.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { buildPostPagoPayload, readPaymentComplement } from "@portal/cfdi";
import {
  type DocumentoPrueba,
  issueTestComplemento,
  readPaymentComplementVerified,
  shippedCertificates,
} from "@portal/cfdi/sello";
import type { ComplementoEsperado, PagoRow } from "@portal/contracts";
import { createDatabase, runMigrations, systemClock } from "@portal/db";
import { seedDemo } from "@portal/seed";
import type pg from "pg";
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
} from "./comun";

const TOTAL = Number(process.env.BENCH_PAGOS ?? 20_000);
const KEMPER_PAGOS = Math.min(TOTAL, Number(process.env.BENCH_PAGOS_KEMPER ?? 1_000));
const POSTS = Number(process.env.BENCH_PAGOS_POSTS ?? 40);
const DOCUMENTOS = 45;
/** DocEntry bases: the bulk from 100,000 (invoices 3 per payment), the REP's payment and invoices far above. */
const BASE = 100_000;
const BASE_REP = 5_000_000;
/** The REP's payment: paid in November for invoices of October (PPD: a complement is owed). */
const FECHA_PAGO = "2026-11-10";
const FECHA_FACTURAS = "2026-10-05";

const meta = (p95: number, objetivo: number) =>
  `p95 ${ms(p95)} ${p95 <= objetivo ? "✔" : "✘"} (objetivo <= ${objetivo} ms)`;
const dinero = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, "0")}`;

/** The ERP's payments in bulk: one statement per table, generate_series, nothing through the application. */
async function seedPagos(c: pg.Client) {
  await c.query(`create temp table bench_pagos as
    select i,
      case when i < ${KEMPER_PAGOS} then 'SBO_MCI' else (array['SBO_MCI', 'SBO_KIJ', 'SBO_IIA'])[1 + i % 3] end as bd,
      case when i < ${KEMPER_PAGOS} then 'P00001' when i % 3 = 0 then 'B' || lpad((i % 500)::text, 5, '0')
        else 'P00002' end as card_code,
      case when i < ${KEMPER_PAGOS} then '${KEMPER.nombre}' when i % 3 = 0 then 'PROVEEDOR BENCH ' || (i % 500)
        else 'BERENICE XIMO QUEZADA' end as card_name,
      date '2026-11-20' - (i % 700) as doc_date,
      1160.00 + (i % 97) as importe
    from generate_series(0, ${TOTAL - 1}) i`);
  // OPCH: 3 A/P invoices per payment, paid in full (closed), a month before the payment.
  await c.query(`insert into erp_mock.facturas (bd, doc_entry, doc_num, card_code, card_name, doc_status, num_at_card,
      uuid, doc_date, doc_due_date, vat_sum, doc_total, paid_to_date, doc_cur, doc_rate, canceled)
    select p.bd, ${BASE} + p.i * 3 + k, ${BASE + 8000} + p.i * 3 + k, p.card_code, p.card_name, 'C',
      'F' || (p.i * 3 + k), upper(gen_random_uuid()::text), p.doc_date - 35, p.doc_date - 5,
      round((p.importe + k * 100) * 0.16 / 1.16, 2), p.importe + k * 100, p.importe + k * 100, 'MXN', 1, 'N'
    from bench_pagos p cross join generate_series(0, 2) k`);
  // OVPM: the payment of the three.
  await c.query(`insert into erp_mock.pagos (bd, doc_entry, doc_num, card_code, card_name, doc_date, pymnt_group,
      doc_total, doc_cur, doc_rate, canceled)
    select bd, ${BASE} + i, ${BASE + 2000} + i, card_code, card_name, doc_date, '03', 3 * importe + 300, 'MXN', 1, 'N'
    from bench_pagos`);
  // VPM2: what it applied to each.
  await c.query(`insert into erp_mock.pago_facturas (bd, doc_entry, line_num, factura_doc_entry, sum_applied)
    select p.bd, ${BASE} + p.i, k, ${BASE} + p.i * 3 + k, p.importe + k * 100
    from bench_pagos p cross join generate_series(0, 2) k`);
}

/** The REP's payment: 45 A/P invoices of P00001 in SBO_MCI with known UUIDs, one payment over all of them. */
async function seedPagoRep(c: pg.Client) {
  const facturas = Array.from({ length: DOCUMENTOS }, (_, k) => {
    const total = 116_000 + k * 1_160; // centavos
    const aplicado = k % 3 === 0 ? total - 10_000 : total; // a third paid in part
    return { k, uuid: randomUUID().toUpperCase(), total, aplicado };
  });
  for (const f of facturas) {
    await c.query(
      `insert into erp_mock.facturas (bd, doc_entry, doc_num, card_code, card_name, doc_status, num_at_card, uuid,
        doc_date, doc_due_date, vat_sum, doc_total, paid_to_date, doc_cur, doc_rate, canceled)
      values ('SBO_MCI', $1, $2, 'P00001', $3, $4, $5, $6, $7, $8, $9, $10, $11, 'MXN', 1, 'N')`,
      [
        BASE_REP + f.k,
        BASE_REP + 8000 + f.k,
        KEMPER.nombre,
        f.aplicado === f.total ? "C" : "O",
        `R${f.k + 1}`,
        f.uuid,
        FECHA_FACTURAS,
        "2026-11-04",
        dinero(Math.round((f.total * 0.16) / 1.16)),
        dinero(f.total),
        dinero(f.aplicado),
      ],
    );
  }
  const monto = facturas.reduce((s, f) => s + f.aplicado, 0);
  const docNum = BASE_REP + 2000;
  await c.query(
    `insert into erp_mock.pagos (bd, doc_entry, doc_num, card_code, card_name, doc_date, pymnt_group, doc_total,
      doc_cur, doc_rate, canceled)
    values ('SBO_MCI', $1, $2, 'P00001', $3, $4, '03', $5, 'MXN', 1, 'N')`,
    [BASE_REP, docNum, KEMPER.nombre, FECHA_PAGO, dinero(monto)],
  );
  for (const f of facturas) {
    await c.query(
      `insert into erp_mock.pago_facturas (bd, doc_entry, line_num, factura_doc_entry, sum_applied)
      values ('SBO_MCI', $1, $2, $3, $4)`,
      [BASE_REP, f.k, BASE_REP + f.k, dinero(f.aplicado)],
    );
  }
  // What the complement must say, by hand (the API's getComplementoEsperado is preferred when it answers).
  const documentos: DocumentoPrueba[] = facturas.map((f) => ({
    IdDocumento: f.uuid,
    MonedaDR: "MXN",
    NumParcialidad: 1,
    ImpSaldoAnt: dinero(f.total),
    ImpPagado: dinero(f.aplicado),
    ImpSaldoInsoluto: dinero(f.total - f.aplicado),
  }));
  return { docNum, monto: dinero(monto), documentos };
}

async function main() {
  const bd = await createScratchDatabase(`portal_bench_pagos_${randomBytes(4).toString("hex")}`);
  const key = randomBytes(32).toString("base64");
  let api: ApiEnPrueba | undefined;
  try {
    const handle = await createDatabase({ url: bd.url, maxConnections: 4 });
    await runMigrations(handle);
    await seedDemo(handle.db, Buffer.from(key, "base64"), { clock: systemClock });
    await handle.close();
    const t0 = performance.now();
    const rep = await conCliente(bd.url, async (c) => {
      await seedPagos(c);
      const r = await seedPagoRep(c);
      await c.query("vacuum (analyze)");
      return r;
    });
    const [conteo] = await conCliente(
      bd.url,
      async (c) =>
        (
          await c.query<{ pagos: number; lineas: number; facturas: number }>(`select
          (select count(*)::int from erp_mock.pagos) as pagos,
          (select count(*)::int from erp_mock.pago_facturas) as lineas,
          (select count(*)::int from erp_mock.facturas) as facturas`)
        ).rows,
    );
    console.log(
      `[bench] ${TOTAL} pagos de ERP (${KEMPER_PAGOS} de P00001) con 3 facturas cada uno sembrados en ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s; en total ${conteo?.pagos} pagos, ${conteo?.lineas} ` +
        `aplicaciones, ${conteo?.facturas} facturas de proveedor`,
    );

    api = await startApi({ databaseUrl: bd.url, clave: key, certificadosPrueba: true });
    const rssInicio = api.rssMb();
    const tokens = await api.tokensDemo();
    const { post } = api;

    // --- getPagos ------------------------------------------------------------------------------------------
    const objetivos = { empleado: 600, proveedor: 100 } as const;
    let filasProveedor: PagoRow[] = [];
    for (const [quien, veces] of [
      ["empleado", 20],
      ["proveedor", 40],
    ] as const) {
      const first = await post("/api/pagos/getPagos", tokens[quien], {});
      if (first.status !== 200) throw new Error(`getPagos ${quien} ${first.status}: ${first.text.slice(0, 500)}`);
      const filas = (JSON.parse(first.text) as { data: PagoRow[] }).data;
      if (quien === "proveedor") filasProveedor = filas;
      const xs: number[] = [];
      for (let i = 0; i < veces; i++) {
        const r = await post("/api/pagos/getPagos", tokens[quien], {});
        if (r.status !== 200) throw new Error(`getPagos ${quien} ${r.status}: ${r.text.slice(0, 500)}`);
        xs.push(r.ms);
      }
      const detalle = filas.reduce((s, f) => s + f.Detalle.length, 0);
      console.log(
        `[bench] getPagos ${quien}: ${filas.length} filas (${detalle} facturas en Detalle), ` +
          `${mb(first.bytes, 2)} · primera llamada ${ms(first.ms)} · siguientes ${stats(xs)} · ` +
          meta(percentil(sortedAsc(xs), 95), objetivos[quien]),
      );
    }
    const rssListas = api.rssMb();
    if (rssListas !== null) {
      console.log(
        `[bench] memoria residente de la API (VmRSS): ${rssInicio?.toFixed(0) ?? "?"} MB al arrancar, ` +
          `${rssListas.toFixed(0)} MB después de las listas`,
      );
    } else console.log("[bench] memoria residente de la API: /proc no disponible");

    // --- postPago of the 45-document complement -----------------------------------------------------------
    const fila = filasProveedor.find((f) => f.U_SYS_PMSNBD === "SBO_MCI" && f.DocNum === rep.docNum);
    if (!fila) throw new Error(`El pago ${rep.docNum} no está en la lista del proveedor.`);
    if (fila.Detalle.length !== DOCUMENTOS) {
      throw new Error(`El pago ${rep.docNum} trae ${fila.Detalle.length} facturas, no ${DOCUMENTOS}.`);
    }
    const esperadoRes = await post("/api/pagos/getComplementoEsperado", tokens.proveedor, {
      BD: "SBO_MCI",
      PagoSAP: rep.docNum,
    });
    const esperado = (JSON.parse(esperadoRes.text) as { status: string; data?: ComplementoEsperado | null }).data;
    const pagoNodo = esperado
      ? {
          FechaPago: esperado.FechaPago,
          FormaDePagoP: esperado.FormaDePagoP,
          MonedaP: esperado.MonedaP,
          TipoCambioP: esperado.TipoCambioP,
          Monto: esperado.Monto,
          Documentos: esperado.Documentos,
        }
      : {
          FechaPago: `${FECHA_PAGO}T12:00:00`,
          FormaDePagoP: "03",
          MonedaP: "MXN",
          Monto: rep.monto,
          Documentos: rep.documentos,
        };
    console.log(
      `[bench] complemento de ${pagoNodo.Documentos.length} documentos relacionados por ${pagoNodo.Monto} MXN ` +
        `(${esperado ? `getComplementoEsperado, ${ms(esperadoRes.ms)}` : "armado a mano: getComplementoEsperado no respondió uno"})`,
    );
    const pdf64 = pdfRellenoBase64("Complemento de pago", 100_000);
    const complemento = () => {
      const uuid = randomUUID().toUpperCase();
      return issueTestComplemento({
        emisor: KEMPER,
        receptor: { rfc: MCI.rfc, nombre: MCI.nombre, cp: MCI.cp, regimen: MCI.regimen },
        lugarExpedicion: "86000",
        fecha: "2026-11-12T10:00:00",
        pagos: [pagoNodo],
        uuid,
        fechaTimbrado: "2026-11-12T10:01:00",
      });
    };
    /** The body the browser builds from the complement it read. */
    const cuerpo = (xml: string) => {
      const leido = readPaymentComplement(xml);
      if (!leido.ok) throw new Error(`El complemento emitido no se lee: ${leido.errors.join("; ")}`);
      return {
        usuario: KEMPER.nombre,
        id: "P00001",
        operador: "Proveedor",
        // The browser's own mapping (@portal/cfdi).
        ...buildPostPagoPayload(leido.data, {
          PagoSAP: rep.docNum,
          BD: "SBO_MCI",
          archivos: {
            pdf: { name: "c.pdf", base64: pdf64 },
            xml: { name: "c.xml", base64: Buffer.from(xml).toString("base64") },
          },
          Detalle: fila.Detalle,
        }),
      };
    };
    const secuenciales: number[] = [];
    let tamaño = 0;
    let xmlBytes = 0;
    let ultimoXml = "";
    for (let i = 0; i < POSTS; i++) {
      ultimoXml = complemento();
      const body = cuerpo(ultimoXml);
      const json = JSON.stringify(body);
      tamaño = Buffer.byteLength(json);
      xmlBytes = Buffer.byteLength(ultimoXml);
      const r = await post("/api/pagos/postPago", tokens.proveedor, body);
      const answer = (() => {
        try {
          return JSON.parse(r.text) as { status?: string; message?: string };
        } catch {
          return { status: "?", message: r.text.slice(0, 500) };
        }
      })();
      if (r.status !== 200 || answer.status !== "success") {
        console.log(`[bench] postPago #${i + 1} respondió ${r.status}: ${answer.message ?? r.text.slice(0, 500)}`);
        throw new Error("postPago no respondió success; se detiene el benchmark.");
      }
      secuenciales.push(r.ms);
    }
    console.log(
      `[bench] postPago secuencial (${(tamaño / 1024).toFixed(0)} KB de JSON, XML de ${(xmlBytes / 1024).toFixed(0)} KB, ` +
        `${DOCUMENTOS} documentos): ${stats(secuenciales)} · ${meta(percentil(sortedAsc(secuenciales), 95, 0), 150)}`,
    );
    // Where the time goes: reading the XML and both seals, in this process on the same complement.
    const store = shippedCertificates();
    const lecturas: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      const r = await readPaymentComplementVerified(ultimoXml, { store, trustTestCertificates: true });
      lecturas.push(performance.now() - t);
      if (i === 0 && !r.ok) console.log(`[bench] la lectura verificada falló: ${r.errors.join("; ")}`);
    }
    const lectura = percentil(sortedAsc(lecturas), 50);
    const llamada = percentil(sortedAsc(secuenciales), 50, 0);
    console.log(
      `[bench] lectura del XML + ambos sellos (readPaymentComplementVerified): p50 ${ms(lectura)} · ` +
        `p95 ${ms(percentil(sortedAsc(lecturas), 95))} (${((lectura / llamada) * 100).toFixed(0)} % de la llamada secuencial, ` +
        `p50 ${ms(llamada)}); el resto es transporte, reglas, archivos y la transacción`,
    );
    const rssFinal = api.rssMb();
    if (rssFinal !== null) console.log(`[bench] memoria residente de la API al final: ${rssFinal.toFixed(0)} MB`);
  } finally {
    await api?.halt();
    await bd.drop();
  }
}

await main();
