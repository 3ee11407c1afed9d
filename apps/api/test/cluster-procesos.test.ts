import { createDatabase, type DatabaseHandle, schema } from "@portal/db";
import { cancelFacturaProveedor } from "@portal/erp-sim";
import { createErpEntrada } from "@portal/seed";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComplementoFixture, createFacturaFixture } from "./documentos-prueba";
import { createTestApp, createTestAppOn, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 25: every portal process serves any request of any user. Two apps on one database, each with its own pool
 * and its own in-memory caches, are two processes: a change made through A is never answered stale through B (the
 * invoice and payment list answers, lib/answer-cache.ts, and the ERP row cache, erp/row-cache.ts, are keyed by
 * fingerprints and versions read from the database on every call; the ERP mirror of the invoice list by the
 * ERP's own fingerprint), a session opened through A works through B and ends there, and sign-in attempts are
 * counted across both. Mail and jobs are proven elsewhere: test/correo-procesos.test.ts (each message sent once by
 * two processes) and test/tareas.test.ts ("two app instances on one database": a job never runs twice).
 */
let a: TestApp;
let b: TestApp;
let poolB: DatabaseHandle;

beforeAll(async () => {
  a = await createTestApp();
  poolB = await createDatabase({ url: a.tdb.url, maxConnections: 5 });
  b = await createTestAppOn({ ...a.tdb, ...poolB }, a.time);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await poolB?.close();
  await a?.close();
});

type Row = Record<string, unknown>;
const post = async (t: TestApp, token: string, url: string, payload: unknown = {}) =>
  t.app.inject(withToken(token, { method: "POST", url, payload: payload as object }));
const list = async (t: TestApp, token: string, url: string): Promise<Row[]> => {
  const res = await post(t, token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row[];
};

describe("sessions and sign-in throttling across processes", () => {
  it("a session opened through A works through B, and a logout through B ends it for A", async () => {
    const token = await login(a.app, "EKU9003173C9", "Proveedor");
    expect((await post(b, token, "/api/home/getSociedades", { dato: "SN" })).statusCode).toBe(200);
    expect((await post(b, token, "/api/logout")).statusCode).toBe(200);
    expect((await post(a, token, "/api/home/getSociedades", { dato: "SN" })).statusCode).toBe(401);
  });

  it("counts failed sign-ins of both processes together: the limit is reached whichever process is asked", async () => {
    const attempt = (t: TestApp, password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { usuario: "XIQB891116QE4", password, operador: "Proveedor" },
      });
    // 10 failures (LOGIN_MAX_FAILURES), alternating processes: 5 each, fewer than the limit in either.
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 === 0 ? a : b, `mala-${i}`)).statusCode).toBe(401);
    // The right password is refused now by both, before it is even checked.
    for (const t of [a, b]) {
      const res = await attempt(t, "Portal2026");
      expect(res.statusCode).toBe(429);
    }
  });
});

describe("cached lists never answer stale rows after a change through the other process", () => {
  it("invoices: a decision through A is in B's (warm) list, and so is a cancellation in the ERP", async () => {
    const admin = await login(a.app, "admin", "Empleado");
    const adminB = await login(b.app, "admin", "Empleado");
    const factura = await createFacturaFixture(a.tdb.db);
    // A's invoice list and B's, warm (each process built and cached its answer).
    const antes = await list(b, adminB, "/api/facturas/getFacturas");
    expect(await list(b, adminB, "/api/facturas/getFacturas")).toEqual(antes);
    await list(a, admin, "/api/facturas/getFacturas");
    const pendiente = antes.find((f) => f.IdFactura === factura.id && f.EstatusFactura === "P");
    expect(pendiente).toBeTruthy();

    // The reviewer rejects it through A.
    const revisadas = (await list(a, admin, "/api/facturasPendientes/getFacturas")) as Row[];
    const fila = revisadas.find((f) => f.IdFactura === pendiente!.IdFactura)!;
    const decision = await a.app.inject(
      withToken(admin, {
        method: "PATCH",
        url: "/api/facturasPendientes/patchfactura",
        payload: [
          {
            Factura: fila.IdFactura,
            Estatus: "R",
            Comentarios: "Rechazada en el proceso A",
            BD: fila.BD,
            Version: fila.Version,
            Correo: "alguien@otro-dominio.com",
          },
        ],
      }),
    );
    expect(decision.statusCode, decision.body).toBe(200);
    const despues = await list(b, adminB, "/api/facturas/getFacturas");
    expect(despues.find((f) => f.IdFactura === pendiente!.IdFactura)?.EstatusFactura).toBe("R");

    // The ERP cancels an accepted invoice's A/P invoice (`npm run erp`, or SAP itself): B's list, synced with
    // the ERP before the change, follows.
    const [aceptada] = await a.tdb.db
      .select()
      .from(schema.facturas)
      .where(
        and(
          eq(schema.facturas.estatus, "A"),
          isNotNull(schema.facturas.erpDocNum),
          eq(schema.facturas.erpCancelada, false),
          // The ERP refuses to cancel an A/P invoice with payments applied: one without any.
          eq(schema.facturas.erpPagado, "0"),
        ),
      )
      .orderBy(schema.facturas.id)
      .limit(1);
    expect(aceptada).toBeTruthy();
    expect(despues.find((f) => f.IdFactura === aceptada!.id)?.CANCELED).toBe("N");
    await cancelFacturaProveedor(a.tdb.db, aceptada!.bd, aceptada!.erpDocNum!);
    const cancelada = await list(b, adminB, "/api/facturas/getFacturas");
    expect(cancelada.find((f) => f.IdFactura === aceptada!.id)?.CANCELED).toBe("Y");
  });

  it("payments: a complement decided through A is in the supplier's list through B", async () => {
    const admin = await login(a.app, "admin", "Empleado");
    const kemperB = await login(b.app, "EKU9003173C9", "Proveedor");
    const complemento = await createComplementoFixture(a.tdb.db);
    const antes = await list(b, kemperB, "/api/pagos/getPagos");
    expect(await list(b, kemperB, "/api/pagos/getPagos")).toEqual(antes);

    const enRevision = await list(a, admin, "/api/pagosPendientes/getPagos");
    const p = enRevision.find((x) => x.IdPago === complemento.id && (x.U_SYS_PMESPA === "P" || x.U_SYS_PMESPA === ""))!;
    expect(p).toBeTruthy();
    const previo = antes.find((x) => x.IdPago === p.IdPago);
    expect(previo?.U_SYS_PMESPA).toBe(p.U_SYS_PMESPA);
    const decision = await a.app.inject(
      withToken(admin, {
        method: "PATCH",
        url: "/api/pagosPendientes/patchPagos",
        payload: [
          {
            Pago: p.IdPago,
            PagoSAP: p.DocNum,
            BD: p.U_SYS_PMSNBD,
            Estatus: "R",
            Comentarios: "Rechazado en el proceso A",
            Version: p.Version,
            Correo: "alguien@otro-dominio.com",
          },
        ],
      }),
    );
    expect(decision.statusCode, decision.body).toBe(200);
    const despues = await list(b, kemperB, "/api/pagos/getPagos");
    expect(despues.find((x) => x.IdPago === p.IdPago)).toMatchObject({
      U_SYS_PMESPA: "R",
      Comentarios: "Rechazado en el proceso A",
    });
  });

  it("orders and receipts (ERP row cache): a changed and a new document written through A are in B's list", async () => {
    const kemperB = await login(b.app, "EKU9003173C9", "Proveedor");
    const entradas = "/api/entradasMercancia/getEntradasMercancia";
    const pedidos = "/api/pedidos/getPedidos";
    const antes = await list(b, kemperB, entradas);
    const pedidosAntes = await list(b, kemperB, pedidos);
    expect(await list(b, kemperB, entradas)).toEqual(antes);
    const abierta = antes.find((e) => e.DocStatus === "O")!;
    const pedido = pedidosAntes[0]!;
    const bdDe = async (nombre: unknown) =>
      (
        await a.tdb.db
          .select()
          .from(schema.sociedades)
          .where(eq(schema.sociedades.nombre, String(nombre)))
      )[0]!.bdSap;

    // Through A's connections: the receipt is closed, the order's comment changes, a new receipt appears.
    const bd = await bdDe(abierta.U_SYS_PMSNBD);
    await a.tdb.db
      .update(schema.erpEntradas)
      .set({ docStatus: "C" })
      .where(and(eq(schema.erpEntradas.bd, bd), eq(schema.erpEntradas.docNum, Number(abierta.DocNum))));
    await a.tdb.db
      .update(schema.erpPedidos)
      .set({ comments: "Cambiado en el proceso A" })
      .where(
        and(
          eq(schema.erpPedidos.bd, await bdDe(pedido.U_SYS_PMSNBD)),
          eq(schema.erpPedidos.docNum, Number(pedido.DocNum)),
        ),
      );
    const nueva = await createErpEntrada(a.tdb.db, { bd, cardCode: "P00001", numAtCard: "NUEVA-EN-A" });

    const despues = await list(b, kemperB, entradas);
    expect(despues.find((e) => e.DocNum === abierta.DocNum && e.U_SYS_PMSNBD === abierta.U_SYS_PMSNBD)?.DocStatus).toBe(
      "C",
    );
    expect(despues.find((e) => e.NumAtCard === "NUEVA-EN-A")?.DocNum).toBe(nueva.docNum);
    expect(despues).toHaveLength(antes.length + 1);
    const pedidosDespues = await list(b, kemperB, pedidos);
    expect(
      pedidosDespues.find((x) => x.DocNum === pedido.DocNum && x.U_SYS_PMSNBD === pedido.U_SYS_PMSNBD)?.Comments,
    ).toBe("Cambiado en el proceso A");
  });
});
