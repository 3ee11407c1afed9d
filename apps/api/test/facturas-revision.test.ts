import { facturaPorRevisar, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACTURA_MSG } from "../src/modules/facturas/reglas";
import { createFacturaFixture } from "./documentos-prueba";
import { createTestApp, login, loginTodos, type TestApp, withToken } from "./helpers";

/** Issue 13, review: who may review, the rules of a decision, all or nothing, versions, audit, mail, history. */
let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
interface Fila {
  Fila: number;
  IdFactura: number;
  FolioFactura: string;
  EstatusFactura: string;
  Comentarios: string;
  BD: string;
  Version: number;
  RFC: string;
}

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
});
afterAll(async () => t?.close());

const pendientes = async (token = tokens.admin): Promise<Fila[]> =>
  (
    await t.app.inject(withToken(token, { method: "POST", url: "/api/facturasPendientes/getFacturas", payload: {} }))
  ).json().data;
const reviewBatch = (filas: object[], token = tokens.admin) =>
  t.app.inject(withToken(token, { method: "PATCH", url: "/api/facturasPendientes/patchfactura", payload: filas }));
const fila = (f: Fila, Estatus: string, Comentarios = "", extra: object = {}) => ({
  Factura: f.IdFactura,
  Estatus,
  Comentarios,
  BD: f.BD,
  Version: f.Version,
  Correo: "alguien@otro-dominio.com",
  ...extra,
});
/** The review list's row of an invoice. */
const enLista = async (id: number) => (await pendientes()).find((f) => f.IdFactura === id)!;
const estatus = async (id: number) =>
  (await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.id, id)))[0]!.estatus;

describe("quién revisa", () => {
  it("only employees with ViDocPen Y, whatever the body says", async () => {
    await createFacturaFixture(t.tdb.db);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/facturasPendientes/getFacturas", payload: {} })).statusCode,
    ).toBe(401);
    for (const token of [tokens.consulta, tokens.kemper, tokens.berenice]) {
      const res = await t.app.inject(
        withToken(token, {
          method: "POST",
          url: "/api/facturasPendientes/getFacturas",
          payload: { operador: "Empleado" },
        }),
      );
      expect(res.statusCode).toBe(403);
      expect((await reviewBatch([{ Factura: 1, Estatus: "A", BD: "SBO_MCI" }], token)).statusCode).toBe(403);
    }
    expect((await pendientes()).length).toBeGreaterThan(0);
    // A general employee given ViDocPen Y reviews too, once it has the second factor reviewing requires (decision
    // 071): its open session is refused, and its next sign-in enrols (the login helper does it).
    await t.tdb.db.update(schema.empleados).set({ viDocPen: "Y" }).where(eq(schema.empleados.usuario, "consulta"));
    expect((await reviewBatch([{ Factura: 1, Estatus: "A", BD: "SBO_MCI" }], tokens.consulta)).statusCode).toBe(403);
    expect((await pendientes(await login(t.app, "consulta", "Empleado"))).length).toBeGreaterThan(0);
  });
});

describe("la lista y el mosaico", () => {
  it("Pendiente and Rechazada, and accepted in the last 30 days; the tile counts those awaiting a decision", async () => {
    for (const estatus of ["P", "R", "A"] as const) await createFacturaFixture(t.tdb.db, { estatus });
    const filas = await pendientes();
    expect(new Set(filas.map((f) => f.EstatusFactura))).toEqual(new Set(["P", "R", "A"]));
    const tile = await t.app.inject(
      withToken(tokens.admin, {
        method: "POST",
        url: "/api/home/RowDocuments",
        payload: { dato: "Facturas pendientes" },
      }),
    );
    const porRevisar = filas.filter((f) => facturaPorRevisar(f.EstatusFactura));
    expect(porRevisar.length).toBeGreaterThan(0);
    expect(tile.json().data.Registro).toBe(porRevisar.length);
    // Issue 23: the list opens on the work — the rows to decide first, numbered 1…n, then the decided ones.
    expect(filas.slice(0, porRevisar.length).every((f) => f.EstatusFactura === "P")).toBe(true);
    expect(filas.slice(porRevisar.length).some((f) => f.EstatusFactura === "P")).toBe(false);
    expect(filas.map((f) => f.Fila)).toEqual(filas.map((_, i) => i + 1));
    t.time.advance(31 * 86_400_000);
    const admin = await login(t.app, "admin", "Empleado");
    tokens.admin = admin;
    tokens.kemper = await login(t.app, "EKU9003173C9", "Proveedor");
    tokens.berenice = await login(t.app, "XIQB891116QE4", "Proveedor");
    expect((await pendientes()).some((f) => f.EstatusFactura === "A")).toBe(false);
  });
});

describe("decisiones", () => {
  it("P -> A and P -> R (with its reason): audited, the list reloads, the supplier is mailed at its own addresses", async () => {
    const a = await enLista((await createFacturaFixture(t.tdb.db)).id);
    const berenice = await enLista((await createFacturaFixture(t.tdb.db, { proveedor: "berenice" })).id);
    const res = await reviewBatch([fila(a!, "A", "Todo en orden"), fila(berenice, "R", "Falta la orden de compra")]);
    expect(res.json()).toEqual({ status: "success", message: MSG.revisionExito });
    expect(await estatus(a!.IdFactura)).toBe("A");
    expect(await estatus(berenice.IdFactura)).toBe("R");
    const correos = await t.tdb.db.select().from(schema.correoOutbox);
    const rechazo = correos.find((c) => c.asunto.includes(berenice.FolioFactura) && c.asunto.includes("rechazada"));
    expect(rechazo?.para).toBe("berenice.ximo@correo.com.mx");
    expect(rechazo?.texto).toContain("Falta la orden de compra");
    expect(correos.some((c) => c.para.includes("otro-dominio"))).toBe(false);
    const aceptada = correos.find((c) => c.asunto.includes(a!.FolioFactura) && c.asunto.includes("aceptada"));
    expect(aceptada?.para).toBe("facturacion@kemper.edu.mx, cobranza@kemper.edu.mx");
    // History: the supplier sees its own, another supplier gets a 404, employees all.
    const historial = (token: string, id: number) =>
      t.app.inject(withToken(token, { method: "POST", url: "/api/facturas/getHistorial", payload: { IdFactura: id } }));
    const propio = (await historial(tokens.berenice, berenice.IdFactura)).json().data;
    expect(propio.at(-1)).toMatchObject({
      Campo: "estatus",
      De: "P",
      A: "R",
      Comentario: "Falta la orden de compra",
      Quien: "Administrador del Portal",
    });
    expect((await historial(tokens.kemper, berenice.IdFactura)).statusCode).toBe(404);
    expect((await historial(tokens.admin, berenice.IdFactura)).json().data).toEqual(propio);
  });

  it("a rejection without a reason, an accepted row and a stale version refuse the whole call", async () => {
    // One invoice Pendiente, one Rechazada and one Aceptada to work with.
    const p = await enLista((await createFacturaFixture(t.tdb.db)).id);
    const r = await enLista((await createFacturaFixture(t.tdb.db, { estatus: "R", comentarios: "Falta sello" })).id);
    const a = await createFacturaFixture(t.tdb.db, { estatus: "A" });
    const sinMotivo = await reviewBatch([fila(p, "A"), fila(r, "R", "  ")]);
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe(
      [MSG.revisionError, MSG.rechazoSinComentarioFactura(r.FolioFactura)].join("\n"),
    );
    expect(await estatus(p.IdFactura)).toBe("P"); // all or nothing
    const bloqueada = await reviewBatch([
      fila(p, "A"),
      { Factura: a.id, Estatus: "R", Comentarios: "x", BD: a.bd, Version: a.version },
    ]);
    expect(bloqueada.json().message).toContain(FACTURA_MSG.revisionBloqueada(a.folio));
    expect(await estatus(p.IdFactura)).toBe("P");
    // Another reviewer decided first: the version this one saw is stale.
    expect((await reviewBatch([fila(p, "R", "Primero")])).statusCode).toBe(200);
    const tarde = await reviewBatch([fila(r, "P"), fila(p, "A")]);
    expect(tarde.json().message).toContain(FACTURA_MSG.revisionDesactualizada(p.FolioFactura));
    expect(await estatus(p.IdFactura)).toBe("R");
    expect(await estatus(r.IdFactura)).toBe("R");
  });

  it("R -> P is a decision too; every decision is in the audit trail with who and when", async () => {
    const r = await enLista((await createFacturaFixture(t.tdb.db, { estatus: "R", comentarios: "Falta sello" })).id);
    expect((await reviewBatch([fila(r, "P", "Se revisará de nuevo")])).statusCode).toBe(200);
    expect(await estatus(r.IdFactura)).toBe("P");
    const audit = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(eq(schema.auditoria.entidadId, String(r.IdFactura)));
    const ultima = audit.filter((x) => x.entidad === "factura").at(-1)!;
    expect(ultima).toMatchObject({
      campo: "estatus",
      valorAnterior: "R",
      valorNuevo: "P",
      operador: "Empleado",
      usuarioRef: "1",
    });
  });
});
