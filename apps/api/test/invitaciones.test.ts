import { CALLS, INVITACION_MSG, INVITACION_VIGENCIA_MS, RESTABLECER_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, findSecrets, login, type TestApp } from "./helpers";
import { invitacionPrueba, PASSWORD_NUEVA } from "./invitacion-prueba";

/**
 * Issue 41 item 3 (decision 070) with the mock ERP: an administrator invites a supplier by RFC (check digit), name
 * and e-mail; the link works once, for 72 hours of the injected clock, for the invited RFC only; the supplier's
 * account waits for approval; approval creates the business partner in SAP once (or links the one SAP has).
 */
let t: TestApp;
const p = invitacionPrueba(() => t);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://portal.ejemplo.mx" });
});
afterAll(async () => {
  await t?.close();
});

const invitar = async (payload: object, token?: string) =>
  p.post(
    CALLS.createInvitacion.path,
    { IdSociedad: await p.sociedadId("SBO_MCI"), ...payload },
    token ?? (await p.admin()),
  );

describe("inviting", () => {
  it("refuses an RFC with a wrong check digit, a generic one, an impossible date and a supplier of the portal", async () => {
    const base = { Nombre: "Empaques del Bajío", Correo: "compras@empaques.mx" };
    const casos: [string, string, number][] = [
      ["EBA1203157K3", INVITACION_MSG.rfcDigito, 400],
      ["XAXX010101000", INVITACION_MSG.rfcGenerico, 400],
      ["XEXX010101000", INVITACION_MSG.rfcGenerico, 400],
      ["EBA1213157K2", INVITACION_MSG.rfcFecha, 400],
      // Kemper is a demo supplier: the RFC is refused with what to do instead.
      ["EKU9003173C9", INVITACION_MSG.rfcYaEsProveedor("EKU9003173C9"), 409],
    ];
    for (const [rfc, message, status] of casos) {
      const res = await invitar({ ...base, RFC: rfc });
      expect([res.statusCode, res.json().message], rfc).toEqual([status, message]);
    }
    expect(await t.tdb.db.select().from(schema.invitacionesProveedor)).toEqual([]);
  });

  it("is for administrators only", async () => {
    const res = await invitar(
      { RFC: "EBA1203157K2", Nombre: "Empaques del Bajío", Correo: "compras@empaques.mx" },
      await login(t.app, "consulta", "Empleado"),
    );
    expect(res.statusCode).toBe(403);
  });

  it("mails a link built on PUBLIC_URL, valid 72 hours, and stores only its hash; a new one replaces it", async () => {
    const { token, mail, answer } = await p.invite("VIN200220JK0", "Vinos del Norte", "ventas@vinos.mx");
    expect(answer.message).toBe(INVITACION_MSG.invitacionEnviada("ventas@vinos.mx"));
    expect(mail.texto).toContain(`https://portal.ejemplo.mx/Registro?token=${token}`);
    expect(mail.texto).toContain("vence en 72 horas");
    const row = await p.invitacion("VIN200220JK0");
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(INVITACION_VIGENCIA_MS);
    expect(row.createdAt.toISOString()).toBe(t.time.clock().toISOString());
    expect(row.cardCode).toBe("PVIN200220JK0");
    const otra = await p.invite("VIN200220JK0", "Vinos del Norte", "ventas@vinos.mx");
    expect(otra.answer.message).toBe(INVITACION_MSG.invitacionReenviada("ventas@vinos.mx"));
    expect((await p.register(token, "VIN200220JK0")).json().message).toBe(INVITACION_MSG.enlaceNoValido);
    const link = await p.post(CALLS.getInvitacion.path, { token: otra.token });
    expect(link.json().data).toEqual({ Nombre: "Vinos del Norte", NomSociedad: expect.any(String) });
    expect(findSecrets(t.answers)).toEqual([]);
    expect(t.answers.join("\n")).not.toContain(token);
  });
});

describe("the link", () => {
  it("expired after 72 hours: refused like an unknown one, and nothing is created", async () => {
    const { token } = await p.invite("CAS0504049T7", "Casa Solar", "hola@casasolar.mx");
    expect((await p.post(CALLS.getInvitacion.path, { token })).statusCode).toBe(200);
    t.time.advance(INVITACION_VIGENCIA_MS);
    const readLink = await p.post(CALLS.getInvitacion.path, { token });
    const spendLink = await p.register(token, "CAS0504049T7");
    const desconocido = await p.post(CALLS.getInvitacion.path, { token: "A".repeat(43) });
    for (const res of [readLink, spendLink, desconocido]) {
      expect([res.statusCode, res.json().message]).toEqual([400, INVITACION_MSG.enlaceNoValido]);
    }
    expect(await p.proveedor("CAS0504049T7")).toBeUndefined();
    const lista = await p.post(CALLS.getInvitaciones.path, {}, await p.admin());
    const fila = lista.json().data.find((r: { RFC: string }) => r.RFC === "CAS0504049T7");
    expect(fila.Estatus).toBe("vencida");
  });

  it("for another RFC: refused, and the link still works for its own RFC", async () => {
    const { token } = await p.invite("SOL150615QW2", "Soluciones Lácteas", "compras@lacteas.mx");
    const otro = await p.register(token, "EBA1203157K2");
    expect([otro.statusCode, otro.json().message]).toEqual([400, INVITACION_MSG.rfcNoCorresponde]);
    // A weak password is refused with the reset's rule, and the link still works too.
    const debil = await p.register(token, "SOL150615QW2", undefined, "Portal2026");
    expect(debil.statusCode).toBe(400);
    expect(debil.json().message).toContain(RESTABLECER_MSG.passwordCorta);
    expect((await p.register(token, "SOL150615QW2")).statusCode).toBe(200);
  });

  it("reused: the second use is refused; two uses at once, exactly one wins", async () => {
    const { token } = await p.invite("TAL0101017A1", "Talleres Alfa", "taller@alfa.mx");
    const [a, b] = await Promise.all([p.register(token, "TAL0101017A1"), p.register(token, "TAL0101017A1")]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const again = await p.register(token, "TAL0101017A1");
    expect([again.statusCode, again.json().message]).toEqual([400, INVITACION_MSG.enlaceNoValido]);
    expect(
      await t.tdb.db
        .select()
        .from(schema.proveedores)
        .then((r) => r.filter((x) => x.rfc === "TAL0101017A1")),
    ).toHaveLength(1);
  });

  it("counts wrong links like failed sign-ins: past the limit, 429 from that address", async () => {
    const ip = p.freshIp();
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await p.post(CALLS.getInvitacion.path, { token: `${"B".repeat(42)}${i % 10}` }, undefined, ip))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe("the registered supplier", () => {
  it("signs in, but registers no invoice until approved; its record is Pendiente with the invitation's data", async () => {
    const { token } = await p.invite("NOR990101AB2", "Norteña de Cartón", "cxp@nortena.mx");
    expect((await p.register(token, "NOR990101AB2")).json().message).toBe(INVITACION_MSG.registroRecibido);
    const prov = await p.proveedor("NOR990101AB2");
    expect(prov).toMatchObject({
      cardCode: "PNOR990101AB2",
      tipoPersona: "M",
      cardName: "Norteña de Cartón",
      email: "cxp@nortena.mx",
      contacto: "Rosa Méndez",
      estatusRegistro: "P",
    });
    const login = await p.signIn("NOR990101AB2");
    expect(login.statusCode).toBe(200);
    const sesion = login.json().data.token as string;
    // Spec §5: "decided by whether the supplier-profile call returns any data": none while Pendiente.
    const perfil = await p.post(CALLS.getProveedor.path, {}, sesion);
    expect(perfil.json().data).toEqual([]);
    const lista = await p.post(CALLS.getInvitaciones.path, {}, await p.admin());
    expect(lista.json().data.find((r: { RFC: string }) => r.RFC === "NOR990101AB2").Estatus).toBe("registrada");
  });

  it("approved (twice at once): the business partner is created in SAP once and the record is Completo", async () => {
    await p.approvedOnce("MEGR8001136HA", "Rodrigo Mendoza García", "rodrigo@mendoza.mx");
    expect((await p.proveedor("MEGR8001136HA"))?.tipoPersona).toBe("F");
    const mails = await t.tdb.db.select().from(schema.correoOutbox);
    expect(mails.some((m) => m.para === "rodrigo@mendoza.mx" && m.texto.includes("PMEGR8001136HA"))).toBe(true);
  });

  it("approved when SAP already has the RFC: linked to that business partner, nothing created", async () => {
    await t.tdb.db.insert(schema.erpSocios).values({
      bd: "SBO_MCI",
      cardCode: "P90001",
      cardName: "Empaques del Bajío, S.A. de C.V.",
      licTradNum: "EBA1203157K2",
    });
    const { token } = await p.invite("EBA1203157K2", "Empaques del Bajío", "compras@empaques.mx");
    expect((await p.invitacion("EBA1203157K2")).cardCode).toBe("P90001");
    expect((await p.register(token, "EBA1203157K2")).statusCode).toBe(200);
    expect((await p.proveedor("EBA1203157K2"))?.cardCode).toBe("P90001");
    const res = await p.decide("approve", "EBA1203157K2");
    expect(res.json().message).toBe(INVITACION_MSG.registroAprobado("P90001", false));
    expect(await p.sociosSap("SBO_MCI", "EBA1203157K2")).toHaveLength(1);
    expect((await p.invitacion("EBA1203157K2")).socioCreado).toBe("N");
  });

  it("rejected with a reason: the record is Rechazado and nothing is written to SAP", async () => {
    // SOL150615QW2 registered above: its registration waits, so it cannot be invited again meanwhile.
    const again = await invitar({ RFC: "SOL150615QW2", Nombre: "Soluciones Lácteas", Correo: "otro@lacteas.mx" });
    expect([again.statusCode, again.json().message]).toEqual([409, INVITACION_MSG.yaRegistrada("SOL150615QW2")]);
    const res = await p.decide("reject", "SOL150615QW2");
    expect([res.statusCode, res.json().message]).toEqual([200, INVITACION_MSG.registroRechazado]);
    expect(await p.proveedor("SOL150615QW2")).toMatchObject({ estatusRegistro: "R", motivoRechazo: "No es." });
    expect(await p.sociosSap("SBO_MCI", "SOL150615QW2")).toEqual([]);
    expect((await p.decide("approve", "SOL150615QW2")).statusCode).toBe(409);
  });

  it("signs in with the password it chose, never the demo's", async () => {
    expect((await p.signIn("NOR990101AB2", PASSWORD_NUEVA)).statusCode).toBe(200);
    expect((await p.signIn("NOR990101AB2", "Portal2026")).statusCode).toBe(401);
  });
});
