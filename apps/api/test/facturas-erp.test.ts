import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { cancelFacturaProveedor, cancelPago, payFacturas } from "@portal/erp-sim";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import type { ErpAdapter } from "../src/erp/types";
import { createSmtpTransport } from "../src/modules/correo/service";
import { ERP_LEASE_MS } from "../src/modules/erp-outbox/service";
import { createFacturaFixture, type ProveedorPrueba } from "./documentos-prueba";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, createTestAppOn, login, loginTodos, type TestApp, withToken } from "./helpers";
import { startSmtpServer } from "./smtp";

/**
 * Issue 13, the ERP half: an accepted invoice becomes exactly one A/P invoice in the ERP, whatever the network
 * or the worker do; employees see where it stands and can retry; payment and cancellation come back from the
 * ERP into the lists; the supplier's mail goes through a real SMTP server.
 */
interface Fila {
  IdFactura: number;
  FolioFactura: string;
  EstatusFactura: string;
  Comentarios: string;
  BD: string;
  Version: number;
  RFC: string;
  UUID: string;
  Total: string;
  Entrada: number;
  CANCELED: string;
  PaidToDate: string;
  FechaPago: string | null;
  FolioSAP: number | null;
  EstadoERP: string;
  EnviadoERP?: string | null;
  ErrorERP: string;
}

/** The ERP behind a network the test controls: `fallas` failures before each call goes through. */
function redInestable() {
  const estado = {
    /** Failures still to happen on createFacturaProveedor. */
    fallasAntes: 0,
    /** Failures after the ERP did create (the answer is lost on the way back). */
    fallasDespues: 0,
    /** The call reaches the ERP, which creates the document, and then the portal process "dies". */
    colgarDespues: false,
    llamadas: 0,
  };
  const wrap = (real: ErpAdapter): ErpAdapter => ({
    ...real,
    async createFacturaProveedor(input) {
      estado.llamadas++;
      if (estado.fallasAntes > 0) {
        estado.fallasAntes--;
        throw new Error("connect ECONNREFUSED 10.0.0.5:50000");
      }
      const creada = await real.createFacturaProveedor(input);
      if (estado.colgarDespues) return new Promise(() => {});
      if (estado.fallasDespues > 0) {
        estado.fallasDespues--;
        throw new Error("La operación excedió el tiempo de espera (60 s)");
      }
      return creada;
    },
  });
  return { estado, wrap };
}

let t: TestApp;
const red = redInestable();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };

/** Sessions end 12 h after sign-in: after moving the clock a day, sign in again. */
async function signIn() {
  Object.assign(tokens, await loginTodos(t.app));
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const smtpEnv = { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), MAIL_FROM: "portal@empresa.com.mx" };
  const mailTransport = createSmtpTransport(
    loadConfig({ NODE_ENV: "test", APP_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"), ...smtpEnv }),
  )!;
  t = await createTestApp(smtpEnv, { mailTransport, erp: red.wrap });
  await signIn();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (token: string, url: string, payload: unknown, app = t.app) =>
  app.inject(withToken(token, { method: "POST", url, payload: payload as object }));
const pendientes = async (token = tokens.admin, app = t.app): Promise<Fila[]> =>
  (await call(token, "/api/facturasPendientes/getFacturas", {}, app)).json().data;
const lista = async (token: string): Promise<Fila[]> =>
  (await call(token, "/api/facturas/getFacturas", {})).json().data;
const accept = async (f: Fila, Comentarios = "Conforme", app = t.app) => {
  const res = await app.inject(
    withToken(tokens.admin, {
      method: "PATCH",
      url: "/api/facturasPendientes/patchfactura",
      payload: [{ Factura: f.IdFactura, Estatus: "A", Comentarios, BD: f.BD, Version: f.Version }],
    }),
  );
  expect(res.json()).toEqual({ status: "success", message: MSG.revisionExito });
};
const retry = (id: number, token = tokens.admin) =>
  call(token, "/api/facturasPendientes/reintentarErp", { Factura: id });
const apDe = (portalId: number) =>
  t.tdb.db.select().from(schema.erpFacturas).where(eq(schema.erpFacturas.portalId, portalId));
const trabajoDe = async (facturaId: number) =>
  (await t.tdb.db.select().from(schema.erpTrabajos).where(eq(schema.erpTrabajos.facturaId, facturaId)))[0];
const filaDe = async (id: number, token = tokens.admin) => (await lista(token)).find((f) => f.IdFactura === id)!;

/** A Pendiente invoice of a supplier to accept (a review fixture on a receipt of its own), as the list shows it. */
async function pendienteDe(proveedor: ProveedorPrueba): Promise<Fila> {
  const { id } = await createFacturaFixture(t.tdb.db, { proveedor });
  const f = (await pendientes()).find((x) => x.IdFactura === id && x.EstatusFactura === "P");
  if (!f) throw new Error(`No hay factura pendiente de ${proveedor}`);
  return f;
}

/** Kemper registers a new invoice on a new open receipt (as a browser would): it is Pendiente. */
async function nuevaPendiente(): Promise<Fila> {
  const docNum = await nuevaEntradaKemper(t.tdb.db);
  const res = await call(
    tokens.kemper,
    "/api/facturas/postFactura",
    payloadFactura(issueTestFactura(facturaPrueba({ folio: `E-${docNum}` })), docNum),
  );
  expect(res.statusCode, res.body).toBe(200);
  return (await pendientes()).find((x) => x.Entrada === docNum && x.BD === "SBO_MCI")!;
}

describe("aceptar crea la factura de proveedor en el ERP", () => {
  it("once, based on the receipt (lines copied, receipt closed), even when the ERP fails twice and then succeeds", async () => {
    const f = await pendienteDe("kemper");
    red.estado.fallasAntes = 2;
    red.estado.llamadas = 0;
    await accept(f);
    // The acceptance committed with its job, whatever the ERP does next.
    expect((await trabajoDe(f.IdFactura))?.estado).toBe("pendiente");
    // Issue 23: the row says when the job was queued (now), so the review list shows 'Enviando al ERP…' at first.
    expect((await filaDe(f.IdFactura)).EnviadoERP).toBe(t.time.clock().toISOString());
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    let trabajo = await trabajoDe(f.IdFactura);
    expect(trabajo).toMatchObject({ estado: "pendiente", intentos: 1 });
    expect(trabajo?.ultimoError).toContain("ECONNREFUSED");
    // Employees see why; the supplier sees only that it is not yet in the ERP.
    expect(await filaDe(f.IdFactura)).toMatchObject({ EstadoERP: "pendiente", FolioSAP: null });
    expect((await filaDe(f.IdFactura)).ErrorERP).toContain("ECONNREFUSED");
    expect(await filaDe(f.IdFactura, tokens.kemper)).toMatchObject({ EstadoERP: "pendiente" });
    expect(await filaDe(f.IdFactura, tokens.kemper)).not.toHaveProperty("ErrorERP");
    // Backoff: nothing runs before the next attempt is due (15 s after the first, then 30 s…).
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    expect((await trabajoDe(f.IdFactura))?.intentos).toBe(1);
    t.time.advance(14_000);
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    expect((await trabajoDe(f.IdFactura))?.intentos).toBe(1);
    t.time.advance(46_000);
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    expect((await trabajoDe(f.IdFactura))?.intentos).toBe(2);
    t.time.advance(2 * 60_000);
    expect(await t.app.services.erpOutbox.flush()).toBe(1);
    expect(red.estado.llamadas).toBe(3);
    trabajo = await trabajoDe(f.IdFactura);
    expect(trabajo).toMatchObject({ estado: "hecho", intentos: 3, ultimoError: "" });

    const ap = await apDe(f.IdFactura);
    expect(ap).toHaveLength(1);
    expect(ap[0]).toMatchObject({
      bd: f.BD,
      cardCode: "P00001",
      numAtCard: f.FolioFactura,
      uuid: f.UUID,
      docTotal: Number(f.Total).toFixed(2),
      paidToDate: "0.00",
      canceled: "N",
      entradaDocNum: f.Entrada,
    });
    const [entrada] = await t.tdb.db
      .select()
      .from(schema.erpEntradas)
      .where(and(eq(schema.erpEntradas.bd, f.BD), eq(schema.erpEntradas.docNum, f.Entrada)));
    expect(entrada?.docStatus).toBe("C");
    const lineasEntrada = await t.tdb.db
      .select()
      .from(schema.erpEntradaLineas)
      .where(and(eq(schema.erpEntradaLineas.bd, f.BD), eq(schema.erpEntradaLineas.docEntry, entrada!.docEntry)));
    expect(lineasEntrada.length).toBeGreaterThan(0);
    expect(lineasEntrada.every((l) => l.lineStatus === "C" && Number(l.openQty) === 0)).toBe(true);
    const lineas = await t.tdb.db
      .select()
      .from(schema.erpFacturaLineas)
      .where(and(eq(schema.erpFacturaLineas.bd, f.BD), eq(schema.erpFacturaLineas.docEntry, ap[0]!.docEntry)));
    expect(lineas.map((l) => [l.baseType, l.baseEntry, l.baseLine, l.itemCode])).toEqual(
      lineasEntrada.map((l) => [20, entrada!.docEntry, l.lineNum, l.itemCode]),
    );
    // The lists show the A/P invoice, for employees and for the supplier; nothing is on its way any more.
    expect(await filaDe(f.IdFactura)).toMatchObject({
      EstadoERP: "creada",
      FolioSAP: ap[0]!.docNum,
      ErrorERP: "",
      EnviadoERP: null,
    });
    expect(await filaDe(f.IdFactura, tokens.kemper)).toMatchObject({ EstadoERP: "creada", FolioSAP: ap[0]!.docNum });
    // Asking again changes nothing.
    expect((await retry(f.IdFactura)).json()).toEqual({
      status: "success",
      message: MSG.erpFacturaCreada(ap[0]!.docNum),
    });
    expect(await apDe(f.IdFactura)).toHaveLength(1);
  });

  it("an answer lost after the ERP created it is not a second A/P invoice", async () => {
    const f = await pendienteDe("berenice");
    red.estado.fallasDespues = 1;
    await accept(f);
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    expect((await trabajoDe(f.IdFactura))?.ultimoError).toContain("tiempo de espera");
    expect(await apDe(f.IdFactura)).toHaveLength(1);
    t.time.advance(60_000);
    expect(await t.app.services.erpOutbox.flush()).toBe(1);
    expect(await apDe(f.IdFactura)).toHaveLength(1);
    expect(await trabajoDe(f.IdFactura)).toMatchObject({ estado: "hecho", intentos: 2 });
    expect((await filaDe(f.IdFactura)).FolioSAP).toBe((await apDe(f.IdFactura))[0]!.docNum);
  });
});

describe("el trabajador se reinicia a la mitad", () => {
  it("another process waits for the lease, then finds the A/P invoice the dead one created", async () => {
    // A Pendiente invoice of Kemper's again: a rejected one (review fixture) taken back to Pendiente through the
    // review.
    const { id } = await createFacturaFixture(t.tdb.db, { estatus: "R", comentarios: "Falta la orden de compra" });
    const rechazada = (await pendientes()).find((x) => x.IdFactura === id && x.EstatusFactura === "R")!;
    const res = await t.app.inject(
      withToken(tokens.admin, {
        method: "PATCH",
        url: "/api/facturasPendientes/patchfactura",
        payload: [{ Factura: rechazada.IdFactura, Estatus: "P", BD: rechazada.BD, Version: rechazada.Version }],
      }),
    );
    expect(res.statusCode).toBe(200);
    const f = (await pendientes()).find((x) => x.IdFactura === rechazada.IdFactura)!;
    // The first worker process reaches the ERP, which creates the A/P invoice; the process never records it.
    const muere = redInestable();
    muere.estado.colgarDespues = true;
    const primero = await createTestAppOn(t.tdb, t.time, {}, { erp: muere.wrap });
    await accept(f, "Conforme", primero.app);
    void primero.app.services.erpOutbox.flush();
    for (let i = 0; i < 200 && (await apDe(f.IdFactura)).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await apDe(f.IdFactura)).toHaveLength(1);
    await primero.close();

    const otro = redInestable();
    const segundo = await createTestAppOn(t.tdb, t.time, {}, { erp: otro.wrap });
    try {
      // The job is leased by the dead worker: the new process leaves it alone until the lease runs out.
      expect(await segundo.app.services.erpOutbox.flush()).toBe(0);
      expect(otro.estado.llamadas).toBe(0);
      expect((await trabajoDe(f.IdFactura))?.estado).toBe("pendiente");
      t.time.advance(ERP_LEASE_MS + 1000);
      expect(await segundo.app.services.erpOutbox.flush()).toBe(1);
      // It asked the ERP first and found the document: no second creation call, one A/P invoice.
      expect(otro.estado.llamadas).toBe(0);
      expect(await apDe(f.IdFactura)).toHaveLength(1);
      expect(await trabajoDe(f.IdFactura)).toMatchObject({ estado: "hecho", intentos: 2 });
    } finally {
      await segundo.close();
    }
  });
});

describe("rechazos del ERP y reintento por un empleado", () => {
  it("a receipt closed in the ERP stops the job with the ERP's message; after reopening, Reintentar creates it", async () => {
    const f = await nuevaPendiente();
    const entradaDe = and(eq(schema.erpEntradas.bd, f.BD), eq(schema.erpEntradas.docNum, f.Entrada));
    await t.tdb.db.update(schema.erpEntradas).set({ docStatus: "C" }).where(entradaDe);
    await accept(f);
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    const trabajo = await trabajoDe(f.IdFactura);
    expect(trabajo?.estado).toBe("fallido");
    expect(trabajo?.ultimoError).toBe(
      `La entrada de mercancía ${f.Entrada} ya está cerrada en el ERP (facturada o cancelada).`,
    );
    expect(await filaDe(f.IdFactura)).toMatchObject({ EstadoERP: "fallido", ErrorERP: trabajo?.ultimoError });
    // A refused job does not retry on its own.
    t.time.advance(24 * 3_600_000);
    await signIn();
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    expect((await trabajoDe(f.IdFactura))?.intentos).toBe(1);

    // Only reviewers may retry, whatever the body says.
    for (const token of [tokens.kemper, tokens.berenice])
      expect((await retry(f.IdFactura, token)).statusCode).toBe(403);
    const refused = await retry(f.IdFactura);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: "error", message: MSG.erpRechazo(trabajo!.ultimoError) });

    await t.tdb.db.update(schema.erpEntradas).set({ docStatus: "O" }).where(entradaDe);
    const ok = await retry(f.IdFactura);
    const [ap] = await apDe(f.IdFactura);
    expect(ok.json()).toEqual({ status: "success", message: MSG.erpFacturaCreada(ap!.docNum) });
    expect(await filaDe(f.IdFactura)).toMatchObject({ EstadoERP: "creada", FolioSAP: ap!.docNum, ErrorERP: "" });
    // Not accepted (a new Pendiente one), or missing: a clear refusal.
    const noAceptada = await nuevaPendiente();
    expect(noAceptada.EstatusFactura).toBe("P");
    expect((await retry(noAceptada.IdFactura)).json()).toEqual({ status: "error", message: MSG.erpNoAceptada });
    expect((await retry(999_999)).statusCode).toBe(404);
  });
});

describe("el estado de pago sigue al ERP", () => {
  it("payments made in the ERP (partial, full, in USD), a cancelled payment and a cancelled A/P invoice", async () => {
    const aceptada = (await lista(tokens.kemper)).find((f) => f.EstadoERP === "creada" && f.CANCELED === "N")!;
    const [ap] = await apDe(aceptada.IdFactura);
    const total = Number(ap!.docTotal);
    const mitad = (Math.round(total * 50) / 100).toFixed(2);
    // Before: nothing paid.
    expect(await filaDe(aceptada.IdFactura, tokens.kemper)).toMatchObject({ PaidToDate: "0.00", FechaPago: null });
    const parcial = await payFacturas(t.tdb.db, {
      bd: ap!.bd,
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: ap!.docNum, monto: mitad }],
    });
    expect(await filaDe(aceptada.IdFactura, tokens.kemper)).toMatchObject({
      PaidToDate: mitad,
      FechaPago: "2026-11-20",
      CANCELED: "N",
    });
    // The rest in USD at 20.00 MXN per dollar: the A/P invoice (MXN) is paid in full.
    const restoUsd = ((total - Number(mitad)) / 20).toFixed(2);
    await payFacturas(t.tdb.db, {
      bd: ap!.bd,
      fecha: "2026-11-21",
      moneda: "USD",
      tipoCambio: "20",
      facturas: [{ docNum: ap!.docNum, monto: restoUsd }],
    });
    const pagada = await filaDe(aceptada.IdFactura, tokens.kemper);
    expect(Math.abs(Number(pagada.PaidToDate) - total)).toBeLessThanOrEqual(0.1);
    expect(pagada.FechaPago).toBe("2026-11-21");
    // The employee list and the review list say the same.
    expect((await filaDe(aceptada.IdFactura)).PaidToDate).toBe(pagada.PaidToDate);
    // The first payment cancelled: its amount comes off, the payment date is the remaining payment's.
    await cancelPago(t.tdb.db, ap!.bd, parcial.docNum);
    const tras = await filaDe(aceptada.IdFactura, tokens.kemper);
    expect(Number(tras.PaidToDate)).toBeCloseTo(Number(pagada.PaidToDate) - Number(mitad), 2);
    expect(tras.FechaPago).toBe("2026-11-21");
    // Cancelling the A/P invoice needs its payments cancelled first (as SAP); then the invoice shows Cancelado.
    await expect(cancelFacturaProveedor(t.tdb.db, ap!.bd, ap!.docNum)).rejects.toThrow(/cancele primero el pago/);
    const pagos = await t.tdb.db
      .select()
      .from(schema.erpPagos)
      .where(
        and(eq(schema.erpPagos.bd, ap!.bd), eq(schema.erpPagos.canceled, "N"), eq(schema.erpPagos.cardCode, "P00001")),
      );
    for (const p of pagos.filter((p) => p.docDate === "2026-11-21")) await cancelPago(t.tdb.db, ap!.bd, p.docNum);
    await cancelFacturaProveedor(t.tdb.db, ap!.bd, ap!.docNum);
    expect(await filaDe(aceptada.IdFactura, tokens.kemper)).toMatchObject({
      CANCELED: "Y",
      PaidToDate: "0.00",
      FechaPago: null,
    });
    // Cancelado is never awaiting review.
    expect((await pendientes()).some((f) => f.IdFactura === aceptada.IdFactura)).toBe(false);
  });

  it("an ERP that cannot be read leaves the last known payment status and the list still answers", async () => {
    const caido = await createTestAppOn(
      t.tdb,
      t.time,
      {},
      {
        erp: (real) => ({
          ...real,
          listFacturasProveedor: async () => {
            throw new Error("connect ECONNREFUSED 10.0.0.5:50000");
          },
        }),
      },
    );
    try {
      const token = await login(caido.app, "EKU9003173C9", "Proveedor");
      const res = await call(token, "/api/facturas/getFacturas", {}, caido.app);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.some((f: Fila) => f.CANCELED === "Y")).toBe(true);
    } finally {
      await caido.close();
    }
  });
});

describe("correo al proveedor por SMTP", () => {
  it("the decision reaches a real SMTP server at the supplier's stored addresses, with the comment", async () => {
    const rechazar = await nuevaPendiente();
    const res = await t.app.inject(
      withToken(tokens.admin, {
        method: "PATCH",
        url: "/api/facturasPendientes/patchfactura",
        payload: [
          {
            Factura: rechazar.IdFactura,
            Estatus: "R",
            Comentarios: "Falta la orden de compra firmada",
            BD: rechazar.BD,
            Version: rechazar.Version,
            Correo: "alguien@otro-dominio.com",
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    await t.app.services.correo.flush();
    // The message as it travelled (quoted-printable soft line breaks joined).
    const recibidos = smtp.received.map((m) => ({ ...m, raw: m.raw.replace(/=\r?\n/g, "") }));
    const rechazo = recibidos.find((m) => m.raw.includes(rechazar.FolioFactura) && m.raw.includes("rechazada"));
    expect(rechazo?.to).toEqual(["facturacion@kemper.edu.mx", "cobranza@kemper.edu.mx"]);
    expect(rechazo?.raw).toContain("Falta la orden de compra firmada");
    const aceptacion = recibidos.find((m) => m.raw.includes("aceptada") && m.to.includes("facturacion@kemper.edu.mx"));
    expect(aceptacion?.to).toEqual(["facturacion@kemper.edu.mx", "cobranza@kemper.edu.mx"]);
    expect(aceptacion?.from).toBe("portal@empresa.com.mx");
    expect(aceptacion?.raw).toContain("Conforme");
    expect(recibidos.every((m) => m.to.every((a) => !a.includes("otro-dominio")))).toBe(true);
  });
});
