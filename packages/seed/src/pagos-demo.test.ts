import { normalizeUuid } from "@portal/cfdi";
import { readPaymentComplementVerified } from "@portal/cfdi/sello";
import { columnasDelComplemento, parseEncryptionKey } from "@portal/db";
import {
  archivos,
  auditoria,
  complementosPago,
  erpFacturas,
  erpPagoFacturas,
  erpPagos,
  erpTrabajos,
  facturas,
} from "@portal/db/schema";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPLEMENTOS_DEMO, seedDemo } from "./index";

const key = parseEncryptionKey(Buffer.alloc(32, 6).toString("base64"));
const reloj = () => new Date("2026-11-21T12:00:00.000Z");

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedDemo(tdb.db, key, { clock: reloj });
}, 120_000);
afterAll(async () => {
  await tdb?.drop();
});

const contenido = async (id: string | null) =>
  (
    await tdb.db
      .select()
      .from(archivos)
      .where(eq(archivos.id, id ?? ""))
  )[0]?.contenido;

/** Every payment in SBO_MCI with what it applied to which invoice (UUID, folio, payment method in the portal). */
async function pagosMci() {
  const rows = await tdb.db
    .select({
      docEntry: erpPagos.docEntry,
      docNum: erpPagos.docNum,
      docDate: erpPagos.docDate,
      docTotal: erpPagos.docTotal,
      pymntGroup: erpPagos.pymntGroup,
      uuid: erpFacturas.uuid,
      folio: erpFacturas.numAtCard,
      sumApplied: erpPagoFacturas.sumApplied,
    })
    .from(erpPagos)
    .innerJoin(
      erpPagoFacturas,
      and(eq(erpPagoFacturas.bd, erpPagos.bd), eq(erpPagoFacturas.docEntry, erpPagos.docEntry)),
    )
    .innerJoin(
      erpFacturas,
      and(eq(erpFacturas.bd, erpPagoFacturas.bd), eq(erpFacturas.docEntry, erpPagoFacturas.facturaDocEntry)),
    )
    .where(eq(erpPagos.bd, "SBO_MCI"))
    .orderBy(asc(erpPagos.docNum));
  return rows;
}

describe("the demo payments and their complements (issue 14)", () => {
  it("four new accepted PPD invoices of Kemper in SBO_MCI, each an A/P invoice after the existing ones", async () => {
    const filas = await tdb.db
      .select()
      .from(facturas)
      .where(inArray(facturas.folio, ["1194", "1196", "1198", "1203"]))
      .orderBy(asc(facturas.folio));
    expect(
      filas.map((f) => [f.folio, f.estatus, f.metodoPago, f.formaPago, f.diasCredito, f.total, f.erpPagado]),
    ).toEqual([
      ["1194", "A", "PPD", "99", 30, "11832.000000", "6000.00"],
      ["1196", "A", "PPD", "99", 30, "9976.000000", "9976.00"],
      ["1198", "A", "PPD", "99", 30, "11484.000000", "11484.00"],
      ["1203", "A", "PPD", "99", 30, "6496.000000", "3000.00"],
    ]);
    // DocNums count per company database: SBO_MCI's demo A/P invoices were 8114 and 8115.
    expect(filas.map((f) => f.erpDocNum)).toEqual([8116, 8117, 8118, 8119]);
    // The existing demo invoices keep the numbers the README gives.
    const existentes = await tdb.db
      .select({ folio: facturas.folio, erpDocNum: facturas.erpDocNum })
      .from(facturas)
      .where(inArray(facturas.folio, ["1187", "1192", "1163", "88"]))
      .orderBy(asc(facturas.erpDocNum));
    expect(existentes).toEqual([
      { folio: "1187", erpDocNum: 8114 },
      { folio: "1192", erpDocNum: 8115 },
      { folio: "1163", erpDocNum: 8220 },
      // 8221 is 1163's cancellation document (decision 048: SAP adds one when it cancels).
      { folio: "88", erpDocNum: 8222 },
    ]);
  });

  it("a complement in every state, the rejected and in-validation ones with the reviewer's comment", async () => {
    const registros = await tdb.db.select().from(complementosPago).orderBy(asc(complementosPago.pagoDocNum));
    expect(registros.map((r) => [r.uuid, r.estatus, r.comentarios])).toEqual(
      COMPLEMENTOS_DEMO.map((c) => [c.uuid, c.estatus, c.comentarios]),
    );
    // The README names them: 2065 P, 2066 A, 2068 R, 2069 V (2067 is 1196's second payment, still owing one).
    expect(registros.map((r) => `${r.pagoDocNum}${r.estatus}`)).toEqual(["2065P", "2066A", "2068R", "2069V"]);
    for (const r of registros.filter((r) => r.estatus === "R" || r.estatus === "V")) {
      expect(r.comentarios.length, r.estatus).toBeGreaterThan(10);
    }
    for (const r of registros) {
      expect(r).toMatchObject({ bd: "SBO_MCI", cardCode: "P00001", rfcEmisor: "EKU9003173C9", version: 1 });
      expect(r.complementoAt).toEqual(r.createdAt);
      // Fixed dates, not the clock's: each uploaded after its payment, decided after it was uploaded.
      expect(r.createdAt.getTime()).toBeLessThan(reloj().getTime());
      expect(r.updatedAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
      expect(
        Buffer.from((await contenido(r.pdfArchivoId))!)
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    // The accepted one also has the employee's proof.
    expect(registros.filter((r) => r.comprobanteArchivoId !== null).map((r) => r.estatus)).toEqual(["A"]);
  });

  it("each stored REP is sealed and stamped for real and says what its ERP payment paid", async () => {
    const pagos = await pagosMci();
    for (const r of await tdb.db.select().from(complementosPago)) {
      const xml = await contenido(r.xmlArchivoId);
      const leido = await readPaymentComplementVerified(xml!, { trustTestCertificates: true });
      expect(leido.ok, `${r.uuid}: ${leido.ok ? "" : leido.errors.join(" ")}`).toBe(true);
      if (!leido.ok) continue;
      const d = leido.data;
      // The columns are the XML's, as postPago stores them.
      expect(r).toMatchObject({ ...columnasDelComplemento(d), total: Number(d.Total).toFixed(6) });
      const aplicaciones = pagos.filter((p) => p.docEntry === r.pagoDocEntry);
      expect(aplicaciones.length, r.uuid!).toBeGreaterThan(0);
      expect(aplicaciones[0]?.docNum).toBe(r.pagoDocNum);
      expect(d.Total).toBe(aplicaciones[0]?.docTotal);
      expect(d.FechaPago.slice(0, 10)).toBe(aplicaciones[0]?.docDate);
      expect(d.Detalle.map((doc) => normalizeUuid(doc.UUID)).sort()).toEqual(
        aplicaciones.map((a) => a.uuid.toUpperCase()).sort(),
      );
      for (const doc of d.Detalle) {
        const a = aplicaciones.find((x) => x.uuid.toUpperCase() === normalizeUuid(doc.UUID));
        expect(doc.ImpPagado).toBe(a?.sumApplied);
        expect(Number(doc.ImpSaldoAnt) - Number(doc.ImpPagado)).toBeCloseTo(Number(doc.ImpSaldoInsoluto), 2);
      }
    }
  });

  it("audits each record: the supplier's upload, and the employee's proof and decision", async () => {
    const registros = await tdb.db.select().from(complementosPago);
    for (const r of registros) {
      const entradas = await tdb.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidad, "pago"), eq(auditoria.entidadId, String(r.id))))
        .orderBy(asc(auditoria.at), asc(auditoria.id));
      const esperadas = [
        `registro:P · UUID ${r.uuid} · pago ${r.pagoDocNum}:Proveedor`,
        ...(r.comprobanteNombre ? [`comprobante:${r.comprobanteNombre}:Empleado`] : []),
        ...(r.estatus !== "P" ? [`estatus:${r.estatus}:Empleado`] : []),
      ];
      expect(entradas.map((a) => `${a.campo}:${a.valorNuevo}:${a.operador}`)).toEqual(esperadas);
      expect(entradas.at(-1)?.at).toEqual(r.updatedAt);
    }
  });

  it("leaves PPD payments owing a complement: invoice 1192's (2064) and 1196's second parcialidad", async () => {
    const conRegistro = new Set((await tdb.db.select().from(complementosPago)).map((r) => r.pagoDocEntry));
    const ppd = new Set(
      (await tdb.db.select({ uuid: facturas.uuid }).from(facturas).where(eq(facturas.metodoPago, "PPD"))).map(
        (f) => f.uuid,
      ),
    );
    const sinComplemento = (await pagosMci()).filter(
      (p) => ppd.has(p.uuid.toUpperCase()) && !conRegistro.has(p.docEntry),
    );
    expect(sinComplemento.map((p) => [p.docNum, p.folio, p.docDate, p.docTotal, p.pymntGroup])).toEqual([
      [2064, "1192", "2026-11-10", "5000.00", "03"],
      [2067, "1196", "2026-11-16", "5976.00", "02"],
    ]);
    // Every demo payment is dated before 2026-11-20 (the e2e suite pays on that day).
    for (const p of await pagosMci()) expect(p.docDate < "2026-11-20", String(p.docNum)).toBe(true);
  });

  it("is idempotent: seeding again writes nothing and changes no record", async () => {
    const estado = async () => ({
      registros: await tdb.db.select().from(complementosPago).orderBy(asc(complementosPago.id)),
      auditoria: (await tdb.db.select({ n: count() }).from(auditoria))[0]?.n,
      archivos: (await tdb.db.select({ n: count() }).from(archivos))[0]?.n,
      pagos: (await tdb.db.select({ n: count() }).from(erpPagos))[0]?.n,
      facturas: (await tdb.db.select({ n: count() }).from(facturas))[0]?.n,
      trabajos: (await tdb.db.select({ n: count() }).from(erpTrabajos))[0]?.n,
    });
    const antes = await estado();
    await seedDemo(tdb.db, key, { clock: () => new Date("2027-01-01T00:00:00.000Z") });
    expect(await estado()).toEqual(antes);
  });
});
