import { randomUUID } from "node:crypto";
import {
  CALLS,
  COMPLEMENTOS_ATRASADOS_MSG,
  type ComplementosAtrasadosRow,
  type PagoPendienteRow,
  type PagoRow,
  type ProveedorRow,
} from "@portal/contracts";
import { schema } from "@portal/db";
import { createErpFactura, createErpPago, createProveedor } from "@portal/seed";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fechaEnMexico } from "../src/modules/complementos-atrasados/recordatorios";
import { createTestApp, createTestAppOn, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 27, complement deadlines enforced (decision 035): the reminder job mails each supplier once per payment and
 * threshold (day 1 and day 4 of the month in Mexico City) about last month's payments still owing their complement;
 * 'Complementos atrasados' lists, per supplier, exactly the payments the payment list marks overdue; the
 * "retener pagos" flag is set by an employee who reviews pending payments, audited and shown to reviewers.
 */
const HORA = 3_600_000;
const BD = "SBO_MCI";

describe("complementos de pago: recordatorios, reporte y retención", () => {
  let t: TestApp;
  let sociedadMci: number;
  beforeAll(async () => {
    // Monday 30 November 2026, 14:00 in Mexico City.
    t = await createTestApp({}, { clockStart: "2026-11-30T20:00:00.000Z" });
    const [s] = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, BD));
    sociedadMci = s!.id;
  });
  afterAll(async () => t?.close());

  const db = () => t.tdb.db;
  const newProveedor = async (nombre: string) =>
    (await createProveedor(db(), {
      cardName: nombre,
      email: `pagos@${nombre.toLowerCase().replaceAll(" ", "-")}.mx`,
      sociedadIds: [sociedadMci],
    }))!;
  /** An ERP payment of one invoice of this supplier in SBO_MCI: PPD unless the invoice is of the payment's month. */
  const newPago = async (
    p: { cardCode: string; cardName: string },
    docDate: string,
    o: { facturaDate?: string; docCur?: "MXN" | "USD"; total?: string } = {},
  ) => {
    const factura = await createErpFactura(db(), {
      bd: BD,
      cardCode: p.cardCode,
      uuid: randomUUID().toUpperCase(),
      docDate: o.facturaDate ?? "2026-08-20",
      docTotal: o.total ?? "1160.00",
      docCur: o.docCur ?? "MXN",
    });
    return createErpPago(db(), {
      bd: BD,
      cardCode: p.cardCode,
      cardName: p.cardName,
      docDate,
      docCur: o.docCur ?? "MXN",
      facturas: [{ docEntry: factura.docEntry, sumApplied: factura.docTotal }],
    });
  };
  /** The supplier's complement of this payment, uploaded on `subido`, in review state `estatus`. */
  const uploadComplemento = async (
    pago: { bd: string; docEntry: number; docNum: number; cardCode: string },
    estatus: "P" | "A" | "R" | "V",
    subido = new Date("2026-11-25T12:00:00Z"),
  ) => {
    await db()
      .insert(schema.complementosPago)
      .values({
        bd: pago.bd,
        pagoDocEntry: pago.docEntry,
        pagoDocNum: pago.docNum,
        cardCode: pago.cardCode,
        sociedadId: sociedadMci,
        uuid: randomUUID().toUpperCase(),
        complementoAt: subido,
        estatus,
        createdAt: subido,
        updatedAt: subido,
      })
      .onConflictDoUpdate({
        target: [schema.complementosPago.bd, schema.complementosPago.pagoDocEntry],
        set: { estatus, updatedAt: subido },
      });
  };
  const correosA = (para: string) =>
    db()
      .select()
      .from(schema.correoOutbox)
      .where(eq(schema.correoOutbox.para, para))
      .orderBy(asc(schema.correoOutbox.id));
  const job = () => {
    const j = t.app.services.tareas.registered().find((x) => x.name === "recordatorios-complementos");
    if (!j) throw new Error("la tarea recordatorios-complementos no está registrada");
    return j;
  };
  const linea = (p: { docNum: number; docDate: string }, importe: string, moneda = "MXN", limite = "2026-12-05") =>
    COMPLEMENTOS_ATRASADOS_MSG.recordatorioPago({
      docNum: p.docNum,
      fecha: p.docDate,
      importe,
      moneda,
      fechaLimite: limite,
      sociedad: "MCI",
    });
  const call = async (token: string, name: keyof typeof CALLS, body: unknown = {}) => {
    const c = CALLS[name];
    return t.app.inject(withToken(token, { method: c.method, url: c.path, payload: body as object }));
  };

  let a: Awaited<ReturnType<typeof newProveedor>>;
  let b: Awaited<ReturnType<typeof newProveedor>>;
  let c: Awaited<ReturnType<typeof newProveedor>>;
  const pagos: Record<string, Awaited<ReturnType<typeof newPago>>> = {};

  it("reminds on day 1 and day 4 in Mexico City, once per payment and threshold, even with two processes", async () => {
    a = await newProveedor("PROVEEDOR ALFA");
    b = await newProveedor("PROVEEDOR BETA");
    c = await newProveedor("PROVEEDOR GAMMA");
    // Alfa: two November PPD payments owe their complement (none; rejected), one waits for review (owes no
    // reminder), one settles an invoice of its own month (PUE: no complement), one in USD owes it.
    pagos.a1 = await newPago(a, "2026-11-10");
    pagos.a2 = await newPago(a, "2026-11-12", { total: "2500.50" });
    await uploadComplemento(pagos.a2, "R");
    pagos.a3 = await newPago(a, "2026-11-20");
    await uploadComplemento(pagos.a3, "P");
    pagos.a4 = await newPago(a, "2026-11-18", { facturaDate: "2026-11-02" });
    pagos.a5 = await newPago(a, "2026-11-25", { docCur: "USD", total: "300.00" });
    // Beta: one November payment owing; its complement is accepted between day 1 and day 4.
    pagos.b1 = await newPago(b, "2026-11-15");
    // Gamma: an October payment (deadline 5 November, already overdue: the report's, not a reminder's) and one
    // of December 1st (deadline 5 January).
    pagos.c1 = await newPago(c, "2026-10-10");
    pagos.c2 = await newPago(c, "2026-12-01");

    // The scheduler learns its jobs' first due times (this one: 14:00 UTC, 08:00 in Mexico City).
    await t.app.services.tareas.runPending();
    // 30 November in Mexico City: nothing, at 14:00 and at 23:00 (05:00 UTC on 1 December).
    expect(await job().execute(t.time.clock())).toBe("Hoy no es día de aviso (días 1 y 4 del mes).");
    t.time.advance(9 * HORA);
    expect(fechaEnMexico(t.time.clock())).toBe("2026-11-30");
    expect(await job().execute(t.time.clock())).toBe("Hoy no es día de aviso (días 1 y 4 del mes).");
    expect(await correosA(a.email)).toEqual([]);

    // 1 December, 09:00 in Mexico City: twice; one mail per supplier.
    t.time.advance(10 * HORA);
    expect(fechaEnMexico(t.time.clock())).toBe("2026-12-01");
    await job().execute(t.time.clock());
    expect(await job().execute(t.time.clock())).toBe("Ningún pago debe un complemento que no se haya avisado.");
    const [alfa1, ...masAlfa] = await correosA(a.email);
    expect(masAlfa).toEqual([]);
    expect(alfa1).toMatchObject({
      asunto: "Portal de Proveedores: complementos de pago por emitir",
      estado: "pendiente",
    });
    expect(alfa1!.texto).toContain("Estimado proveedor PROVEEDOR ALFA:");
    expect(alfa1!.texto).toContain(COMPLEMENTOS_ATRASADOS_MSG.recordatorioIntroduccion);
    const sociedad = (await db().select().from(schema.sociedades).where(eq(schema.sociedades.id, sociedadMci)))[0]!
      .nombre;
    const lineas = (texto: string) => texto.split("\n").filter((l) => l.startsWith("• "));
    expect(lineas(alfa1!.texto)).toEqual(
      [
        linea(pagos.a1, "1,160.00"),
        linea(pagos.a2, "2,500.50"),
        linea({ docNum: pagos.a5.docNum, docDate: pagos.a5.docDate }, "300.00", "USD"),
      ].map((l) => l.replace("(MCI)", `(${sociedad})`)),
    );
    expect((await correosA(b.email)).length).toBe(1);
    expect(lineas((await correosA(b.email))[0]!.texto)).toEqual([
      linea(pagos.b1, "1,160.00").replace("(MCI)", `(${sociedad})`),
    ]);
    expect(await correosA(c.email)).toEqual([]);

    // Beta's complement is accepted; days 2 and 3 send nothing.
    await uploadComplemento(pagos.b1, "A");
    for (const _dia of [2, 3]) {
      t.time.advance(24 * HORA);
      expect(await job().execute(t.time.clock())).toBe("Hoy no es día de aviso (días 1 y 4 del mes).");
    }
    expect((await correosA(a.email)).length).toBe(1);

    // 4 December: a second process runs the job at the same moment; Alfa gets exactly one more mail, Beta none.
    t.time.advance(24 * HORA);
    const otro = await createTestAppOn(t.tdb, t.time);
    try {
      const otroJob = otro.app.services.tareas.registered().find((x) => x.name === "recordatorios-complementos")!;
      await Promise.all([job().execute(t.time.clock()), otroJob.execute(t.time.clock())]);
    } finally {
      await otro.close();
    }
    const alfa = await correosA(a.email);
    expect(alfa.length).toBe(2);
    expect(lineas(alfa[1]!.texto)).toEqual(lineas(alfa1!.texto));
    expect((await correosA(b.email)).length).toBe(1);
    const registrados = await db()
      .select()
      .from(schema.recordatoriosComplementos)
      .where(
        and(eq(schema.recordatoriosComplementos.bd, BD), eq(schema.recordatoriosComplementos.cardCode, a.cardCode)),
      );
    expect(registrados.map((r) => `${r.pagoDocNum}@${r.umbral}`).sort()).toEqual(
      [pagos.a1, pagos.a2, pagos.a5].flatMap((p) => [`${p.docNum}@1`, `${p.docNum}@4`]).sort(),
    );

    // 5 December: nothing; the scheduler runs the registered job like any other (and it succeeds).
    t.time.advance(24 * HORA);
    const hechas = await t.app.services.tareas.runPending();
    expect(hechas.filter((h) => h.name === "recordatorios-complementos").map((h) => h.ok)).toEqual([true]);
    expect((await correosA(a.email)).length).toBe(2);
  });

  it("'Complementos atrasados' lists exactly the payments the payment list marks overdue, per supplier", async () => {
    // 6 December: the 5 December deadline has passed.
    t.time.advance(24 * HORA);
    const admin = await login(t.app, "admin", "Empleado");
    const res = await call(admin, "getComplementosAtrasados");
    expect(res.statusCode).toBe(200);
    const filas = CALLS.getComplementosAtrasados.answer.parse(res.json()).data as ComplementosAtrasadosRow[];

    const alfa = filas.find((f) => f.CardCode === a.cardCode)!;
    expect(alfa).toMatchObject({ CardName: "PROVEEDOR ALFA", RFC: a.rfc, RetenerPagos: "N" });
    expect(alfa.Pagos.map((p) => [p.DocNum, p.EstatusComplemento, p.FechaLimite, p.DiasAtraso])).toEqual([
      [pagos.a1!.docNum, "Complemento por emitir", "2026-12-05", 1],
      [pagos.a2!.docNum, "Rechazada", "2026-12-05", 1],
      [pagos.a5!.docNum, "Complemento por emitir", "2026-12-05", 1],
    ]);
    expect(alfa.Importes).toEqual([
      { Moneda: "MXN", Importe: "3660.50" },
      { Moneda: "USD", Importe: "300.00" },
    ]);
    expect(filas.find((f) => f.CardCode === b.cardCode)).toBeUndefined();
    const gamma = filas.find((f) => f.CardCode === c.cardCode)!;
    expect(gamma.Pagos.map((p) => [p.DocNum, p.FechaLimite, p.DiasAtraso])).toEqual([
      [pagos.c1!.docNum, "2026-11-05", 31],
    ]);

    // The same payments the employee's payment list marks ComplementoVencido, no more and no fewer.
    const lista = (await call(admin, "getPagos")).json().data as PagoRow[];
    const vencidos = lista
      .filter((p) => p.ComplementoVencido)
      .map((p) => `${p.U_SYS_PMSNBD}|${p.DocNum}`)
      .sort();
    expect(vencidos.length).toBeGreaterThan(4);
    expect(filas.flatMap((f) => f.Pagos.map((p) => `${p.BD}|${p.DocNum}`)).sort()).toEqual(vencidos);
    expect(filas.map((f) => f.Fila)).toEqual(filas.map((_f, i) => i + 1));

    // Filtered by sociedad: only that company database's payments.
    const soloMci = CALLS.getComplementosAtrasados.answer.parse(
      (await call(admin, "getComplementosAtrasados", { IdSociedad: sociedadMci })).json(),
    ).data;
    expect(soloMci.flatMap((f) => f.Pagos.map((p) => `${p.BD}|${p.DocNum}`)).sort()).toEqual(
      vencidos.filter((v) => v.startsWith(`${BD}|`)),
    );
    const otra = (await db().select().from(schema.sociedades)).find((s) => s.bdSap !== BD)!;
    const soloOtra = (await call(admin, "getComplementosAtrasados", { IdSociedad: otra.id })).json()
      .data as ComplementosAtrasadosRow[];
    expect(soloOtra.flatMap((f) => f.Pagos).every((p) => p.BD === otra.bdSap)).toBe(true);
    expect(soloOtra.find((f) => f.CardCode === a.cardCode)).toBeUndefined();
  });

  it("only employees who review pending payments read the report and set the flag", async () => {
    const kemper = await login(t.app, "EKU9003173C9", "Proveedor");
    const consulta = await login(t.app, "consulta", "Empleado");
    for (const token of [kemper, consulta]) {
      expect((await call(token, "getComplementosAtrasados")).statusCode).toBe(403);
      expect((await call(token, "setRetenerPagos", { CardCode: a.cardCode, RetenerPagos: "Y" })).statusCode).toBe(403);
    }
    const [p] = await db().select().from(schema.proveedores).where(eq(schema.proveedores.cardCode, a.cardCode));
    expect(p!.retenerPagos).toBe(false);
    const anonimo = await t.app.inject({ method: "POST", url: CALLS.getComplementosAtrasados.path, payload: {} });
    expect(anonimo.statusCode).toBe(401);
  });

  it("the flag is audited and shown in the report, the supplier catalogue and the review lists", async () => {
    const admin = await login(t.app, "admin", "Empleado");
    const res = await call(admin, "setRetenerPagos", {
      CardCode: a.cardCode,
      RetenerPagos: "Y",
      Comentarios: "Tres complementos atrasados de noviembre.",
    });
    expect(res.json()).toEqual({
      status: "success",
      message: COMPLEMENTOS_ATRASADOS_MSG.retencionGuardada(true, "PROVEEDOR ALFA"),
    });
    const [auditoria] = await db()
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "proveedor"), eq(schema.auditoria.entidadId, a.cardCode)));
    expect(auditoria).toMatchObject({
      campo: "retenerPagos",
      valorAnterior: "N",
      valorNuevo: "Y",
      comentario: "Tres complementos atrasados de noviembre.",
      operador: "Empleado",
    });

    const reporte = (await call(admin, "getComplementosAtrasados")).json().data as ComplementosAtrasadosRow[];
    expect(reporte.find((f) => f.CardCode === a.cardCode)?.RetenerPagos).toBe("Y");
    expect(reporte.find((f) => f.CardCode === c.cardCode)?.RetenerPagos).toBe("N");
    // Issue 40: the comment it was set with is in the report.
    expect(reporte.find((f) => f.CardCode === a.cardCode)?.RetenerPagosComentario).toBe(
      "Tres complementos atrasados de noviembre.",
    );
    expect(reporte.find((f) => f.CardCode === c.cardCode)?.RetenerPagosComentario).toBe("");
    const catalogo = (await call(admin, "rowProveedores", { tipo: "Lista" })).json().data as ProveedorRow[];
    expect(catalogo.find((f) => f.CardCode === a.cardCode)?.RetenerPagos).toBe("Y");
    expect(catalogo.find((f) => f.CardCode === c.cardCode)?.RetenerPagos).toBe("N");
    // Alfa's complement awaiting review carries the badge; other suppliers' rows do not.
    const revision = CALLS.pagosPendientesGetPagos.answer.parse((await call(admin, "pagosPendientesGetPagos")).json())
      .data as PagoPendienteRow[];
    expect(revision.find((f) => f.DocNum === pagos.a3!.docNum)?.RetenerPagos).toBe(true);
    expect(revision.filter((f) => f.CardName !== "PROVEEDOR ALFA").every((f) => f.RetenerPagos === false)).toBe(true);

    // Kemper flagged: its invoices in the invoice review carry it.
    await call(admin, "setRetenerPagos", { CardCode: "P00001", RetenerPagos: "Y" });
    const facturas = CALLS.facturasPendientesGetFacturas.answer.parse(
      (await call(admin, "facturasPendientesGetFacturas")).json(),
    ).data;
    expect(facturas.length).toBeGreaterThan(0);
    for (const f of facturas) expect(f.RetenerPagos).toBe(f.RFC === "EKU9003173C9");
    // A supplier's own profile does not show it.
    const kemper = await login(t.app, "EKU9003173C9", "Proveedor");
    const perfil = (await call(kemper, "rowProveedores", { tipo: "Perfil" })).json().data as ProveedorRow[];
    expect(perfil[0]).not.toHaveProperty("RetenerPagos");

    // Cleared again, audited again; an unknown supplier is a Spanish message, not a 500.
    expect((await call(admin, "setRetenerPagos", { CardCode: a.cardCode, RetenerPagos: "N" })).json().message).toBe(
      COMPLEMENTOS_ATRASADOS_MSG.retencionGuardada(false, "PROVEEDOR ALFA"),
    );
    const reporte2 = (await call(admin, "getComplementosAtrasados")).json().data as ComplementosAtrasadosRow[];
    expect(reporte2.find((f) => f.CardCode === a.cardCode)?.RetenerPagos).toBe("N");
    expect(reporte2.find((f) => f.CardCode === a.cardCode)?.RetenerPagosComentario).toBe("");
    const desconocido = await call(admin, "setRetenerPagos", { CardCode: "P99999", RetenerPagos: "Y" });
    expect(desconocido.statusCode).toBe(400);
    expect(desconocido.json().message).toBe(COMPLEMENTOS_ATRASADOS_MSG.proveedorNoExiste("P99999"));
  });
});
