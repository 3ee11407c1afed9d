import { erpEntradas, erpPedidos, erpSocios } from "@portal/db/schema";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIAS_HISTORIAL, generateHistory, type SocioSemilla } from "./generar";
import { ERP_FECHA_REFERENCIA, planDeEscala, seedErpMock } from "./index";
import { createRandom } from "./random";

const referencia = Date.parse(`${ERP_FECHA_REFERENCIA}T00:00:00Z`);
const kemper: SocioSemilla = {
  bd: "SBO_KIJ",
  sociedadNombre: "KIJ, S.A DE C.V.",
  cardCode: "P00001",
  cardName: "ESCUELA KEMPER URGATE",
  rfc: "EKU9003173C9",
  tipoPersona: "M",
  zipCode: "06700",
};
const berenice: SocioSemilla = { ...kemper, cardCode: "P00002", cardName: "BERENICE XIMO QUEZADA", tipoPersona: "F" };
const volumen = { pedidos: 100, entradas: 120 };

describe("seeded random numbers", () => {
  it("repeat for the same seed and differ for another", () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(createRandom(43).next()).not.toBe(xs[0]);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe("generarHistorial", () => {
  const h = generateHistory(kemper, volumen, referencia);

  it("is deterministic: same supplier and company database, same documents", () => {
    expect(generateHistory(kemper, volumen, referencia)).toEqual(h);
    expect(generateHistory(berenice, volumen, referencia).pedidos[0]).not.toEqual(h.pedidos[0]);
  });

  it("produces the asked volume over the 18 months before the reference date, 1-15 lines each", () => {
    expect(h.pedidos).toHaveLength(100);
    expect(h.entradas).toHaveLength(120);
    const desde = new Date(referencia - DIAS_HISTORIAL * 86_400_000).toISOString().slice(0, 10);
    for (const d of [...h.pedidos, ...h.entradas]) {
      expect(d.docDate >= desde && d.docDate <= ERP_FECHA_REFERENCIA).toBe(true);
      expect(d.lineas.length).toBeGreaterThanOrEqual(1);
      expect(d.lineas.length).toBeLessThanOrEqual(15);
    }
  });

  it("delivers real orders: each receipt follows its order and never receives more than was ordered", () => {
    const pedidos = new Map(h.pedidos.map((p) => [p.clave, p]));
    const recibido = new Map<string, number>();
    for (const e of h.entradas) {
      const p = pedidos.get(e.pedidoClave);
      expect(p).toBeDefined();
      expect(e.docDate >= p!.docDate).toBe(true);
      expect([e.groupNum, e.docCur, e.peyMethod]).toEqual([p!.groupNum, p!.docCur, p!.peyMethod]);
      for (const l of e.lineas) {
        const key = `${e.pedidoClave}|${l.itemCode}`;
        recibido.set(key, (recibido.get(key) ?? 0) + l.cantidadMedios);
      }
    }
    for (const p of h.pedidos) {
      const porArticulo = new Map<string, number>();
      for (const l of p.lineas) {
        porArticulo.set(l.itemCode, (porArticulo.get(l.itemCode) ?? 0) + l.cantidadMedios - l.abiertaMedios);
      }
      for (const [item, entregado] of porArticulo) expect(recibido.get(`${p.clave}|${item}`) ?? 0).toBe(entregado);
    }
  });

  it("computes totals in cents: lines - discount + 16 % VAT; PPD documents are paid 'por definir' (99)", () => {
    for (const d of [...h.pedidos, ...h.entradas]) {
      const subtotal = d.lineas.reduce((s, l) => s + l.totalCentavos, 0);
      expect(d.subtotalCentavos).toBe(subtotal);
      expect(d.totalCentavos).toBe(subtotal - d.descuentoCentavos + d.ivaCentavos);
      expect(Math.abs(d.ivaCentavos - Math.round((subtotal - d.descuentoCentavos) * 0.16))).toBeLessThanOrEqual(
        d.lineas.length,
      );
      expect(d.peyMethod === "99").toBe(d.groupNum > 0);
      expect(d.docRate === "1").toBe(d.docCur === "MXN");
    }
  });

  it("withholds ISR and IVA from a persona física's services, not from a persona moral's", () => {
    const servicios = { ...berenice, categorias: ["mantenimiento"] as const };
    const fisica = generateHistory(servicios, volumen, referencia);
    expect(fisica.entradas.length).toBeGreaterThan(0);
    expect(fisica.entradas.every((e) => e.retencionCentavos > 0)).toBe(true);
    const moral = generateHistory({ ...servicios, tipoPersona: "M" }, volumen, referencia);
    expect(moral.entradas.length).toBeGreaterThan(0);
    expect(moral.entradas.every((e) => e.retencionCentavos === 0)).toBe(true);
  });

  it("invoices only closed receipts and pays each paid invoice in full", () => {
    const entradas = new Map(h.entradas.map((e) => [e.clave, e]));
    expect(h.facturas.length).toBeGreaterThan(0);
    for (const f of h.facturas) expect(entradas.get(f.entradaClave)?.docStatus).toBe("C");
    expect(h.facturas.length).toBe(h.entradas.filter((e) => e.docStatus === "C").length);
    const pagadas = new Set(h.pagos.flatMap((p) => p.facturas.map((f) => f.facturaClave)));
    expect(pagadas.size).toBeGreaterThan(0);
    for (const f of h.facturas) expect(f.pagadoCentavos).toBe(pagadas.has(f.clave) ? f.totalCentavos : 0);
  });
});

describe("planDeEscala", () => {
  const demo = [kemper, { ...kemper, bd: "SBO_MCI" }, berenice, { ...berenice, bd: "SBO_IIA" }];

  it("keeps the demo pairs at scale 1", () => {
    expect(planDeEscala(demo, 1)).toEqual({ socios: demo, volumen });
  });

  it("reaches at least 30,000 orders at scale 100 with about 2,000 per demo supplier", () => {
    const plan = planDeEscala(demo, 100);
    expect(plan.volumen).toEqual({ pedidos: 1000, entradas: 1200 });
    expect(plan.socios.length * plan.volumen.pedidos).toBe(40_000);
    expect(plan.socios.filter((s) => s.cardCode === "P00001").length * plan.volumen.pedidos).toBe(2000);
    expect(new Set(plan.socios.map((s) => `${s.bd}|${s.cardCode}`)).size).toBe(plan.socios.length);
    expect(() => planDeEscala(demo, 0)).toThrow();
  });
});

describe("seedErpMock on PostgreSQL", () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  it("is idempotent and numbers each company database in date order", async () => {
    const socios = [kemper, berenice];
    const primero = await seedErpMock(tdb.db, { socios });
    expect(primero).toMatchObject({ socios: 2, pedidos: 200, entradas: 240, omitidos: 0 });
    const segundo = await seedErpMock(tdb.db, { socios });
    expect(segundo).toMatchObject({ socios: 0, pedidos: 0, omitidos: 2 });
    const [n] = await tdb.db.select({ n: count() }).from(erpPedidos);
    expect(n?.n).toBe(200);
    expect((await tdb.db.select().from(erpSocios)).map((s) => s.cardCode).sort()).toEqual(["P00001", "P00002"]);

    const pedidos = await tdb.db
      .select({ docEntry: erpPedidos.docEntry, docNum: erpPedidos.docNum, docDate: erpPedidos.docDate })
      .from(erpPedidos)
      .where(eq(erpPedidos.bd, "SBO_KIJ"))
      .orderBy(erpPedidos.docEntry);
    for (let i = 1; i < pedidos.length; i++) expect(pedidos[i]!.docDate >= pedidos[i - 1]!.docDate).toBe(true);
    expect(pedidos.every((p) => p.docNum !== p.docEntry)).toBe(true);
    const [e] = await tdb.db.select({ n: count() }).from(erpEntradas);
    expect(e?.n).toBe(240);
  });
});
