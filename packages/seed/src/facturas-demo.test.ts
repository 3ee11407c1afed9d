import { readInvoiceVerified } from "@portal/cfdi/sello";
import { parseEncryptionKey } from "@portal/db";
import { archivos, erpEntradas, erpPagos, erpTrabajos, facturas } from "@portal/db/schema";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { selectFacturasProveedor } from "@portal/erp-sim";
import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "./index";

const key = parseEncryptionKey(Buffer.alloc(32, 5).toString("base64"));
const reloj = () => new Date("2026-11-21T12:00:00.000Z");

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedDemo(tdb.db, key, { clock: reloj });
}, 120_000);
afterAll(async () => {
  await tdb?.drop();
});

const accepted = () =>
  tdb.db.select().from(facturas).where(eq(facturas.estatus, "A")).orderBy(asc(facturas.fechaFactura));

describe("the demo invoices in the ERP (issue 13)", () => {
  it("makes every accepted invoice an A/P invoice, in every payment state, mirrored on the row", async () => {
    const filas = await accepted();
    expect(filas.map((f) => [f.folio, f.metodoPago, f.erpPagado, f.erpFechaPago, f.erpCancelada])).toEqual([
      ["88", "PUE", "3712.00", "2023-05-26", false],
      ["1163", "PUE", "0.00", null, true],
      // The PPD invoices of the demo payments with complements (pagos-demo.ts, issue 14).
      ["1194", "PPD", "6000.00", "2026-10-28", false],
      ["1196", "PPD", "9976.00", "2026-11-16", false],
      ["1198", "PPD", "11484.00", "2026-10-30", false],
      ["1187", "PUE", "0.00", null, false],
      ["1203", "PPD", "3000.00", "2026-11-12", false],
      ["1192", "PPD", "5000.00", "2026-11-10", false],
    ]);
    const enErp = await selectFacturasProveedor(tdb.db, { soloPortal: true });
    expect(enErp).toHaveLength(filas.length);
    for (const f of filas) {
      const a = enErp.find((e) => e.portalId === f.id);
      expect(a, f.folio).toMatchObject({
        bd: f.bd,
        docEntry: f.erpDocEntry,
        docNum: f.erpDocNum,
        cardCode: f.cardCode,
        numAtCard: f.folio,
        uuid: f.uuid,
        docDate: f.fechaFactura,
        docTotal: Number(f.total).toFixed(2),
        paidToDate: f.erpPagado,
        fechaPago: f.erpFechaPago,
        canceled: f.erpCancelada ? "Y" : "N",
        entradaDocNum: f.entradaDocNum,
      });
    }
    // Paid in full and partly: the A/P invoice is closed only when paid in full.
    expect(enErp.find((e) => e.numAtCard === "88")?.docStatus).toBe("C");
    expect(enErp.find((e) => e.numAtCard === "1192")).toMatchObject({ docTotal: "11020.00", docStatus: "O" });
    // The cancelled one's receipt is open again in the ERP; the others' are closed.
    for (const f of filas) {
      const [e] = await tdb.db
        .select({ docStatus: erpEntradas.docStatus })
        .from(erpEntradas)
        .where(and(eq(erpEntradas.bd, f.bd), eq(erpEntradas.docNum, f.entradaDocNum)));
      expect(e?.docStatus, f.folio).toBe(f.erpCancelada ? "O" : "C");
    }
    // The invoices still pending or rejected were never sent to the ERP.
    const [sinErp] = await tdb.db.select({ n: count() }).from(facturas).where(isNotNull(facturas.erpDocNum));
    expect(sinErp?.n).toBe(filas.length);
  });

  it("records each creation as a finished job, dated by the clock", async () => {
    const trabajos = await tdb.db.select().from(erpTrabajos);
    expect(trabajos).toHaveLength(8);
    for (const t of trabajos) {
      expect(t).toMatchObject({ tipo: "crear_factura", estado: "hecho", intentos: 1, ultimoError: "" });
      expect([t.siguienteIntento, t.createdAt, t.terminadoAt]).toEqual([reloj(), reloj(), reloj()]);
    }
  });

  it("seals the new demo CFDIs for real, within each certificate's validity", async () => {
    const demo = await accepted();
    expect(demo.length).toBeGreaterThan(0);
    for (const f of demo) {
      const [xml] = await tdb.db.select().from(archivos).where(eq(archivos.id, f.xmlArchivoId!));
      const verificada = await readInvoiceVerified(new TextDecoder().decode(xml!.contenido), {
        trustTestCertificates: true,
      });
      expect(verificada.ok, f.folio).toBe(true);
    }
  });

  it("is idempotent: seeding again writes no invoice, payment nor job", async () => {
    const antes = await Promise.all([
      tdb.db.select({ n: count() }).from(facturas),
      tdb.db.select({ n: count() }).from(erpPagos),
      tdb.db.select({ n: count() }).from(erpTrabajos),
    ]);
    await seedDemo(tdb.db, key, { clock: () => new Date("2027-01-01T00:00:00.000Z") });
    const despues = await Promise.all([
      tdb.db.select({ n: count() }).from(facturas),
      tdb.db.select({ n: count() }).from(erpPagos),
      tdb.db.select({ n: count() }).from(erpTrabajos),
    ]);
    expect(despues).toEqual(antes);
  });
});
