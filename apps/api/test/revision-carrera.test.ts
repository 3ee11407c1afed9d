import { MSG, REVISION_MSG } from "@portal/contracts";
import { createDatabase, type DatabaseHandle, schema } from "@portal/db";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComplementoFixture, createFacturaFixture, createNotaCreditoFixture } from "./documentos-prueba";
import { createTestApp, createTestAppOn, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 36, item 5: two reviewers decide the same rows at the same moment, each sending them in the opposite
 * order, through two processes (two apps on one database, each with its own pool). The review kit writes a
 * batch's rows in ascending id whatever the body's order, so the second transaction waits for the first instead
 * of deadlocking with it (PostgreSQL's 40P01 used to answer 500): exactly one reviewer wins every row of the
 * batch, the other is told the rows changed while it reviewed them, and the data is the winner's alone. Invoices,
 * complements and credit notes (whose acceptance also locks the invoices they credit, issue 36's balance guard).
 */
let a: TestApp;
let b: TestApp;
let poolB: DatabaseHandle;
let adminA = "";
let adminB = "";

beforeAll(async () => {
  a = await createTestApp();
  poolB = await createDatabase({ url: a.tdb.url, maxConnections: 5 });
  b = await createTestAppOn({ ...a.tdb, ...poolB }, a.time);
  adminA = await login(a.app, "admin", "Empleado");
  adminB = await login(b.app, "admin", "Empleado");
}, 60_000);
afterAll(async () => {
  await b?.close();
  await poolB?.close();
  await a?.close();
});

const ROUNDS = 10;
type Factura = Awaited<ReturnType<typeof createFacturaFixture>>;
type Complemento = Awaited<ReturnType<typeof createComplementoFixture>>;
type NotaCredito = Awaited<ReturnType<typeof createNotaCreditoFixture>>;
const PER_BATCH = 4;

const patch = (t: TestApp, token: string, url: string, filas: object[]) =>
  t.app.inject(withToken(token, { method: "PATCH", url, payload: filas }));

/** The audit's status decisions of these documents: "id:estatus", in order. */
const decisions = async (entidad: string, ids: number[]) =>
  (
    await a.tdb.db
      .select()
      .from(schema.auditoria)
      .where(
        and(
          eq(schema.auditoria.entidad, entidad),
          eq(schema.auditoria.campo, "estatus"),
          inArray(schema.auditoria.entidadId, ids.map(String)),
        ),
      )
  ).map((r) => `${r.entidadId}:${r.valorNuevo}`);

/** One round's outcome: both answers (never a 500), exactly one winner, and which one. */
function oneWinner(
  respuestas: { statusCode: number; json: () => { status: string; message: string } }[],
  desactualizadas: (message: string) => boolean,
) {
  for (const r of respuestas) expect([200, 400], JSON.stringify(r.json())).toContain(r.statusCode);
  const ganadores = respuestas.filter((r) => r.statusCode === 200);
  expect(ganadores).toHaveLength(1);
  expect(ganadores[0]!.json()).toEqual({ status: "success", message: MSG.revisionExito });
  const perdedor = respuestas.find((r) => r.statusCode === 400)!;
  expect(perdedor.json().status).toBe("error");
  expect(perdedor.json().message.startsWith(MSG.revisionError), perdedor.json().message).toBe(true);
  expect(desactualizadas(perdedor.json().message), perdedor.json().message).toBe(true);
  return respuestas.indexOf(ganadores[0]!);
}

describe("two reviewers decide the same invoices in opposite order at once", () => {
  it(`${ROUNDS} rounds: never a 500, one reviewer wins every row, the data is the winner's`, async () => {
    for (let ronda = 0; ronda < ROUNDS; ronda++) {
      const facturas: Factura[] = [];
      for (let i = 0; i < PER_BATCH; i++) facturas.push(await createFacturaFixture(a.tdb.db));
      const ids = facturas.map((f) => f.id);
      const fila = (f: Factura, Estatus: string, Comentarios = "") => ({
        Factura: f.id,
        Estatus,
        Comentarios,
        BD: f.bd,
        Version: f.versionVista,
      });
      // The first accepts in ascending order through A; the second rejects in descending order through B.
      const aceptar = facturas.map((f) => fila(f, "A"));
      const rechazar = [...facturas].reverse().map((f) => fila(f, "R", `Ronda ${ronda}: falta la orden de compra`));
      const respuestas = await Promise.all([
        patch(a, adminA, "/api/facturasPendientes/patchfactura", aceptar),
        patch(b, adminB, "/api/facturasPendientes/patchfactura", rechazar),
      ]);
      const ganador = oneWinner(respuestas, (m) =>
        facturas.some(
          (f) =>
            m.includes(REVISION_MSG.factura.desactualizada(f.folio)) ||
            m.includes(REVISION_MSG.factura.bloqueada(f.folio)),
        ),
      );
      const estatus = ganador === 0 ? "A" : "R";
      const filas = await a.tdb.db.select().from(schema.facturas).where(inArray(schema.facturas.id, ids));
      expect(filas.map((f) => f.estatus)).toEqual(ids.map(() => estatus));
      for (const f of filas) expect(f.version).toBeGreaterThan(facturas.find((x) => x.id === f.id)!.versionVista);
      expect((await decisions("factura", ids)).sort()).toEqual(ids.map((id) => `${id}:${estatus}`).sort());
      // The ERP jobs exist only for an acceptance; one per invoice.
      const trabajos = await a.tdb.db
        .select()
        .from(schema.erpTrabajos)
        .where(inArray(schema.erpTrabajos.facturaId, ids));
      expect(trabajos).toHaveLength(estatus === "A" ? PER_BATCH : 0);
      // The supplier is mailed once per invoice, with the winner's decision.
      const correos = (await a.tdb.db.select().from(schema.correoOutbox)).filter((c) =>
        facturas.some((f) => c.asunto.includes(`factura ${f.folio} `)),
      );
      expect(correos).toHaveLength(PER_BATCH);
      for (const c of correos) expect(c.asunto).toContain(estatus === "A" ? "aceptada" : "rechazada");
    }
  });
});

describe("two reviewers decide the same complements in opposite order at once", () => {
  it(`${ROUNDS} rounds: never a 500, one reviewer wins every row, the data is the winner's`, async () => {
    for (let ronda = 0; ronda < ROUNDS; ronda++) {
      const complementos: Complemento[] = [];
      for (let i = 0; i < PER_BATCH; i++) complementos.push(await createComplementoFixture(a.tdb.db));
      const ids = complementos.map((c) => c.id);
      const fila = (c: Complemento, Estatus: string, Comentarios = "") => ({
        Pago: c.id,
        PagoSAP: c.pagoDocNum,
        BD: c.bd,
        Estatus,
        Comentarios,
        Version: c.versionVista,
      });
      const aceptar = complementos.map((c) => fila(c, "A"));
      const rechazar = [...complementos].reverse().map((c) => fila(c, "R", `Ronda ${ronda}: falta el folio`));
      const respuestas = await Promise.all([
        patch(a, adminA, "/api/pagosPendientes/patchPagos", aceptar),
        patch(b, adminB, "/api/pagosPendientes/patchPagos", rechazar),
      ]);
      const ganador = oneWinner(respuestas, (m) =>
        complementos.some(
          (c) =>
            m.includes(REVISION_MSG.pago.desactualizada(c.pagoDocNum)) ||
            m.includes(REVISION_MSG.pago.bloqueada(c.pagoDocNum)),
        ),
      );
      const estatus = ganador === 0 ? "A" : "R";
      const filas = await a.tdb.db
        .select()
        .from(schema.complementosPago)
        .where(inArray(schema.complementosPago.id, ids));
      expect(filas.map((c) => c.estatus)).toEqual(ids.map(() => estatus));
      expect((await decisions("pago", ids)).sort()).toEqual(ids.map((id) => `${id}:${estatus}`).sort());
    }
  });
});

describe("two reviewers decide the same credit notes in opposite order at once", () => {
  it(`${ROUNDS} rounds: never a 500, one reviewer wins every row, the data is the winner's`, async () => {
    for (let ronda = 0; ronda < ROUNDS; ronda++) {
      // Pending credit notes on accepted invoices: two on one invoice (both fit its balance), the others on their own.
      const compartida = await createFacturaFixture(a.tdb.db, { estatus: "A" });
      const notas: NotaCredito[] = [];
      for (let i = 0; i < PER_BATCH; i++) {
        notas.push(await createNotaCreditoFixture(a.tdb.db, i < 2 ? { factura: compartida } : {}));
      }
      const ids = notas.map((n) => n.id);
      const fila = (n: NotaCredito, Estatus: string, Comentarios = "") => ({
        NotaCredito: n.id,
        Estatus,
        Comentarios,
        Version: n.versionVista,
      });
      const aceptar = notas.map((n) => fila(n, "A"));
      const rechazar = [...notas].reverse().map((n) => fila(n, "R", `Ronda ${ronda}: el importe no corresponde`));
      const respuestas = await Promise.all([
        patch(a, adminA, "/api/notasCreditoPendientes/patchNotaCredito", aceptar),
        patch(b, adminB, "/api/notasCreditoPendientes/patchNotaCredito", rechazar),
      ]);
      const ganador = oneWinner(respuestas, (m) =>
        notas.some(
          (n) =>
            m.includes(REVISION_MSG.notaCredito.desactualizada(n.folio)) ||
            m.includes(REVISION_MSG.notaCredito.bloqueada(n.folio)),
        ),
      );
      const estatus = ganador === 0 ? "A" : "R";
      const filas = await a.tdb.db.select().from(schema.notasCredito).where(inArray(schema.notasCredito.id, ids));
      expect(filas.map((n) => n.estatus)).toEqual(ids.map(() => estatus));
      for (const n of filas) {
        const vista = notas.find((x) => x.id === n.id)!;
        expect(n.version).toBeGreaterThan(vista.versionVista);
        expect(n.comentarios).toBe(estatus === "A" ? "" : `Ronda ${ronda}: el importe no corresponde`);
      }
      expect((await decisions("nota_credito", ids)).sort()).toEqual(ids.map((id) => `${id}:${estatus}`).sort());
      // The A/P credit memo jobs exist only for an acceptance; one per credit note.
      const trabajos = await a.tdb.db
        .select()
        .from(schema.erpTrabajos)
        .where(inArray(schema.erpTrabajos.notaCreditoId, ids));
      expect(trabajos).toHaveLength(estatus === "A" ? PER_BATCH : 0);
      // The supplier is mailed once per credit note, with the winner's decision.
      const correos = (await a.tdb.db.select().from(schema.correoOutbox)).filter((c) =>
        notas.some((n) => c.asunto.includes(`nota de crédito ${n.folio} `)),
      );
      expect(correos).toHaveLength(PER_BATCH);
      for (const c of correos) expect(c.asunto).toContain(estatus === "A" ? "aceptada" : "rechazada");
    }
  });
});
