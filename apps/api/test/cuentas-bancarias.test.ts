import { CUENTA_BANCARIA_MSG, MSG, SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { CLABE_DEMO_APROBADA, CLABE_DEMO_SOLICITADA } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bloqueoPrueba } from "./bloqueo-pago-prueba";
import { BERENICE, CLABE_BANORTE, captureMails, cuentasPrueba, KEMPER } from "./cuentas-bancarias-prueba";
import { createTestApp, type TestApp } from "./helpers";

/**
 * Issue 41 items 1 and 2 (decision 069) on the mock adapter: a supplier's bank account changes only through a
 * request an employee with ApruebaCuentas (never the one who entered it) approves; payments keep going to the approved
 * account meanwhile; every address the supplier had is told; SAP gets the account once and the open A/P invoices a
 * cooling-off payment block the scheduled job lifts.
 */
const mails = captureMails();
let t: TestApp;
const c = cuentasPrueba(() => t, mails.sent);
const p = bloqueoPrueba(() => t);
const DIA = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, { mailTransport: mails.transport });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const message = (res: { json(): unknown }) => (res.json() as { message?: string }).message;

describe("a CLABE, a bank or an IBAN that is not right is refused in Spanish through postSolicitud", () => {
  it("names the check digit, the unknown bank and the IBAN's checksum", async () => {
    const kemper = await c.kemper();
    const digito = await c.request(kemper, { CLABE: "032180000118359714" });
    expect(digito.statusCode).toBe(400);
    expect(message(digito)).toContain(CUENTA_BANCARIA_MSG.clabeDigitoVerificador(9, 4));
    // 999 is no bank of Banxico's catalogue; its check digit is right (3, 7, 1 weights).
    const banco = await c.request(kemper, { CLABE: "999180000118359713" });
    expect(banco.statusCode).toBe(400);
    expect(message(banco)).toContain(CUENTA_BANCARIA_MSG.clabeBancoDesconocido("999"));
    const iban = await c.request(kemper, {
      Tipo: "extranjera",
      IBAN: "DE89 3704 0044 0532 0130 01",
      SWIFT: "DEUTDEFF",
      Moneda: "EUR",
    });
    expect(iban.statusCode).toBe(400);
    expect(message(iban)).toContain(CUENTA_BANCARIA_MSG.ibanDigitoControl);
    const sinPdf = await c.request(kemper, {
      CLABE: CLABE_BANORTE,
      PDF64: Buffer.from("no es pdf").toString("base64"),
    });
    expect(sinPdf.statusCode).toBe(400);
  });
});

describe("the demo's pending request", () => {
  it("tesoreria sees it with the approved account beside it, and a rejection needs its reason", async () => {
    const tesoreria = await c.token("tesoreria");
    const data = await c.pending(tesoreria);
    expect(data.PuedeAprobar).toBe(true);
    const row = data.Solicitudes.find((s: { CLABE: string }) => s.CLABE === CLABE_DEMO_SOLICITADA);
    expect(row).toMatchObject({
      Estatus: "pendiente",
      CardCode: KEMPER,
      PuedeDecidir: true,
      Banco: "Banco Nacional de México",
    });
    expect(row.CuentaActual).toMatchObject({ CLABE: CLABE_DEMO_APROBADA, Moneda: "MXN" });
    // consulta has no ApruebaCuentas: it sees the list and may decide nothing.
    const consulta = await c.pending(await c.token("consulta"));
    expect(consulta.PuedeAprobar).toBe(false);
    expect(consulta.Solicitudes.every((s: { PuedeDecidir: boolean }) => !s.PuedeDecidir)).toBe(true);

    const seeded = (await c.seeded())!;
    const sinMotivo = await c.reject(tesoreria, seeded.id);
    expect(sinMotivo.statusCode).toBe(400);
    expect(message(sinMotivo)).toContain("El campo Motivo es obligatorio.");
    const ok = await c.reject(tesoreria, seeded.id, "La carta no trae el sello del banco.");
    expect(ok.json()).toEqual({ status: "success", message: SOLICITUD_CUENTA_MSG.rechazada });
    expect(await c.solicitud(seeded.id)).toMatchObject({
      estatus: "rechazada",
      motivo: "La carta no trae el sello del banco.",
    });
    const sent = await c.sendMails();
    expect(sent.map((m) => m.to)).toEqual(["facturacion@kemper.edu.mx, cobranza@kemper.edu.mx"]);
  });
});

describe("a supplier's change of account under four eyes (mock adapter)", () => {
  let id = 0;
  let facturaId = 0;

  it("the supplier's request is pending; its accounts, the profile's, still show the approved one", async () => {
    // An accepted invoice of Kemper with its A/P invoice in SAP: the open invoice the approval will block.
    facturaId = await p.accept(await p.register());
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(facturaId)).toMatchObject({ payBlock: "N" });

    const kemper = await c.kemper();
    const res = await c.request(kemper, { CLABE: "0021 8070 1234 5678 95", Titular: "ESCUELA KEMPER URGATE" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SOLICITUD_CUENTA_MSG.creada);
    id = res.json().data.Id;
    const otra = await c.request(kemper, { CLABE: CLABE_BANORTE });
    expect(otra.statusCode).toBe(409);
    expect(message(otra)).toBe(SOLICITUD_CUENTA_MSG.yaPendiente);

    const mias = (await c.call(kemper, "getCuentasBancarias", {})).json().data;
    expect(mias.Cuentas.map((x: { CLABE: string }) => x.CLABE)).toEqual([CLABE_DEMO_APROBADA]);
    expect(mias.Solicitudes[0]).toMatchObject({ Id: id, Estatus: "pendiente", CLABE: CLABE_DEMO_SOLICITADA });
    // The supplier is told at its addresses on file.
    const sent = (await c.sendMails()).filter((m) => m.subject.includes("cuenta bancaria"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("facturacion@kemper.edu.mx, cobranza@kemper.edu.mx");
    expect(sent[0]!.text).toContain("terminación 7895");
    expect(sent[0]!.text).not.toContain(CLABE_DEMO_SOLICITADA);
  });

  it("another supplier neither sees nor decides it; an employee without the flag cannot approve", async () => {
    const berenice = await c.berenice();
    const ver = await c.call(berenice, "getSolicitud", { Solicitud: id });
    expect(ver.statusCode).toBe(404);
    expect(message(ver)).toBe(SOLICITUD_CUENTA_MSG.noExiste);
    expect((await c.approve(berenice, id)).statusCode).toBe(403);
    const suyas = (await c.call(berenice, "getCuentasBancarias", { CardCode: KEMPER })).json().data;
    expect(suyas.Solicitudes).toEqual([]);
    const consulta = await c.approve(await c.token("consulta"), id);
    expect(consulta.statusCode).toBe(403);
    expect(message(consulta)).toBe(SOLICITUD_CUENTA_MSG.sinPermiso);
    expect(await c.solicitud(id)).toMatchObject({ estatus: "pendiente" });
  });

  it("two approvals at once: one wins, the other gets a 409; the old and the new addresses are told", async () => {
    await c.grantFlag("admin");
    // Meanwhile the supplier's address on file changed: the addresses at request time and the new one are told.
    await t.tdb.db
      .update(schema.proveedores)
      .set({ email: "pagos@kemper-nuevo.mx" })
      .where(eq(schema.proveedores.cardCode, KEMPER));
    const [a, b] = await Promise.all([
      c.approve(await c.token("tesoreria"), id),
      c.approve(await c.token("admin"), id, undefined, "Confirmado por teléfono con la escuela."),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(message(loser)).toMatch(/ya fue aprobada|cambió desde que la abrió/);
    expect(await c.solicitud(id)).toMatchObject({ estatus: "aprobada", version: 2 });

    const sent = await c.sendMails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to.split(", ").sort()).toEqual(
      ["cobranza@kemper.edu.mx", "facturacion@kemper.edu.mx", "pagos@kemper-nuevo.mx"].sort(),
    );
    expect(sent[0]!.text).toContain("3 días hábiles");

    const cuentas = (await c.call(await c.kemper(), "getCuentasBancarias", {})).json().data.Cuentas;
    expect(cuentas.map((x: { CLABE: string }) => x.CLABE)).toEqual([CLABE_DEMO_SOLICITADA]);
    // The request's PDF is now the supplier's Carátula bancaria.
    const [caratula] = await t.tdb.db
      .select()
      .from(schema.proveedorDocumentos)
      .where(
        and(eq(schema.proveedorDocumentos.cardCode, KEMPER), eq(schema.proveedorDocumentos.clave, "CaratulaBancaria")),
      );
    expect(caratula?.archivoId).toBe((await c.solicitud(id)).archivoId);
  });

  it("writes BPBankAccounts once in each company database, and blocks the open A/P invoice", async () => {
    await t.app.services.erpOutbox.flush();
    for (const bd of ["SBO_KIJ", "SBO_MCI"]) {
      const lines = (await c.sapLines(bd)).filter((l) => l.accountNo === CLABE_DEMO_SOLICITADA);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ country: "MX", bankCode: "002", branch: "180", controlKey: "5" });
    }
    expect(await p.apDe(facturaId)).toMatchObject({ payBlock: "Y" });
    // The job run again (a retry after a lost answer) finds the line and adds nothing.
    await t.tdb.db
      .update(schema.erpTrabajos)
      .set({ estado: "pendiente", siguienteIntento: t.time.clock() })
      .where(eq(schema.erpTrabajos.solicitudCuentaId, id));
    await t.app.services.erpOutbox.flush();
    for (const bd of ["SBO_KIJ", "SBO_MCI"]) {
      expect((await c.sapLines(bd)).filter((l) => l.accountNo === CLABE_DEMO_SOLICITADA)).toHaveLength(1);
    }
    const detalle = (await c.call(await c.kemper(), "getSolicitud", { Solicitud: id })).json().data;
    expect(detalle.Historial.map((h: { A: string }) => h.A)).toEqual([
      "pendiente",
      "aprobada",
      "registrada",
      "registrada",
    ]);
    const historial = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "factura"), eq(schema.auditoria.entidadId, String(facturaId))));
    expect(
      historial.some((h) =>
        h.comentario.startsWith(`Pago bloqueado por el cambio de cuenta bancaria (solicitud ${id})`),
      ),
    ).toBe(true);
  });

  it("the scheduled job lifts the block after 3 business days on the injected clock, not before", async () => {
    const tarea = t.app.services.tareas.registered().find((x) => x.name === "bloqueos-cuenta-bancaria")!;
    // An invoice accepted during the cooling-off: its A/P invoice is blocked when created, until the same day.
    const durante = await p.accept(await p.register());
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(durante)).toMatchObject({ payBlock: "Y" });
    t.time.advance(2 * DIA);
    expect(await tarea.execute(t.time.clock())).toBe(SOLICITUD_CUENTA_MSG.tarea.ninguno);
    // 21 Nov 2026 is a Saturday: three business days after it end on Wednesday the 25th, at the approval's time.
    t.time.advance(3 * DIA);
    const bloqueos = await t.tdb.db
      .select()
      .from(schema.bloqueosCuentaBancaria)
      .where(eq(schema.bloqueosCuentaBancaria.solicitudId, id));
    expect(bloqueos.map((b) => b.facturaId)).toEqual(expect.arrayContaining([facturaId, durante]));
    expect(new Set(bloqueos.map((b) => b.hasta.getTime())).size).toBe(1);
    expect(await tarea.execute(t.time.clock())).toBe(SOLICITUD_CUENTA_MSG.tarea.levantados(bloqueos.length));
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(facturaId)).toMatchObject({ payBlock: "N" });
    expect(await p.apDe(durante)).toMatchObject({ payBlock: "N" });
    expect(await tarea.execute(t.time.clock())).toBe(SOLICITUD_CUENTA_MSG.tarea.ninguno);
    // After the period an invoice's A/P invoice is created without a block.
    const despues = await p.accept(await p.register());
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(despues)).toMatchObject({ payBlock: "N" });
  });
});

describe("an employee enters a request for a supplier: four eyes", () => {
  it("the employee who entered it cannot approve it; another one with the flag can", async () => {
    const tesoreria = await c.token("tesoreria");
    const res = await c.request(tesoreria, {
      CardCode: BERENICE,
      Tipo: "extranjera",
      IBAN: "GB82 WEST 1234 5698 7654 32",
      SWIFT: "WESTGB2L",
      Moneda: "USD",
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.Id;
    const row = (await c.pending(tesoreria)).Solicitudes.find((s: { Id: number }) => s.Id === id);
    expect(row).toMatchObject({ CapturadaPor: "Tomás Reyes Salgado", PuedeDecidir: false, Pais: "GB" });
    const mismo = await c.approve(tesoreria, id);
    expect(mismo.statusCode).toBe(403);
    expect(message(mismo)).toBe(SOLICITUD_CUENTA_MSG.mismaPersona);
    const sinCardCode = await c.request(tesoreria, { CLABE: CLABE_BANORTE });
    expect(message(sinCardCode)).toBe(SOLICITUD_CUENTA_MSG.proveedorObligatorio);
    const ok = await c.approve(await c.token("admin"), id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(SOLICITUD_CUENTA_MSG.aprobadaSinFacturas);
    await t.app.services.erpOutbox.flush();
    const lines = await c.sapLines("SBO_KIJ", BERENICE);
    expect(lines).toMatchObject([{ iban: "GB82WEST12345698765432", bicSwiftCode: "WESTGB2L", bankCode: "WEST" }]);
    expect(MSG.ok).toBe("OK");
  });
});
