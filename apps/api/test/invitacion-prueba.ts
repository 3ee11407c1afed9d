import { CALLS, INVITACION_MSG, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { login, type TestApp, withToken } from "./helpers";

/**
 * Issue 41 item 3 (decision 070), what the invitation tests of both adapters share: an administrator invites, the
 * mail lands in the outbox with the link, the supplier registers through the public calls, an administrator approves.
 */
export const PASSWORD_NUEVA = "Tlacuache7Verde42";
const LINK_RE = /\/Registro\?token=([A-Za-z0-9_-]{43})/;

export function invitacionPrueba(t: () => TestApp) {
  const db = () => t().tdb.db;
  let nextIp = 1;
  /** Each call from its own address unless told, so the link attempts of one test do not reach another. */
  const freshIp = () => `10.43.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
  const admin = () => login(t().app, "admin", "Empleado");
  const post = async (path: string, payload: object, token?: string, ip = freshIp()) =>
    t().app.inject({
      method: "POST",
      url: path,
      payload,
      remoteAddress: ip,
      ...(token ? { headers: { "x-access-token": token } } : {}),
    });
  const sociedadId = async (bd: string) =>
    (await db().select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, bd)))[0]!.id;

  /** Invites and answers the link's token, read from the mail in the outbox. */
  async function invite(rfc: string, nombre: string, correo: string, bd = "SBO_MCI") {
    const res = await post(
      CALLS.createInvitacion.path,
      { RFC: rfc, Nombre: nombre, Correo: correo, IdSociedad: await sociedadId(bd) },
      await admin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await db()
      .select()
      .from(schema.correoOutbox)
      .where(eq(schema.correoOutbox.para, correo))
      .orderBy(desc(schema.correoOutbox.id))
      .limit(1);
    const token = LINK_RE.exec(mail?.texto ?? "")?.[1];
    expect(token, mail?.texto).toBeDefined();
    return { token: token!, mail: mail!, answer: res.json() as { message: string } };
  }
  const register = (token: string, rfc: string, ip?: string, password = PASSWORD_NUEVA) =>
    post(
      CALLS.registrarProveedor.path,
      { token, RFC: rfc, password, Phone1: "4421234567", CntctPrsn: "Rosa Méndez" },
      undefined,
      ip,
    );
  const invitacion = async (rfc: string) =>
    (
      await db()
        .select()
        .from(schema.invitacionesProveedor)
        .where(eq(schema.invitacionesProveedor.rfc, rfc))
        .orderBy(desc(schema.invitacionesProveedor.id))
        .limit(1)
    )[0]!;
  const decide = async (kind: "approve" | "reject", rfc: string, token?: string) => {
    const row = await invitacion(rfc);
    const path = kind === "approve" ? CALLS.approveRegistro.path : CALLS.rejectRegistro.path;
    const payload = { IdInvitacion: row.id, version: row.version, ...(kind === "reject" ? { Motivo: "No es." } : {}) };
    return post(path, payload, token ?? (await admin()));
  };
  const proveedor = async (rfc: string) =>
    (await db().select().from(schema.proveedores).where(eq(schema.proveedores.rfc, rfc)))[0];
  /** The business partners of that RFC in the mock ERP's tables (the simulator's too). */
  const sociosSap = (bd: string, rfc: string) =>
    db()
      .select()
      .from(schema.erpSocios)
      .where(and(eq(schema.erpSocios.bd, bd), eq(schema.erpSocios.licTradNum, rfc)));
  const signIn = (rfc: string, password = PASSWORD_NUEVA) =>
    post("/api/login", { usuario: rfc, password, operador: "Proveedor" });

  /** Invite, register, approve (concurrently twice): the business partner is created in SAP once. */
  async function approvedOnce(rfc: string, nombre: string, correo: string) {
    const { token } = await invite(rfc, nombre, correo);
    expect((await register(token, rfc)).statusCode).toBe(200);
    const token2 = await admin();
    const [a, b] = await Promise.all([decide("approve", rfc), decide("approve", rfc, token2)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    const cardCode = `P${rfc}`;
    expect(ok.json().message).toBe(INVITACION_MSG.registroAprobado(cardCode, true));
    const socios = await sociosSap("SBO_MCI", rfc);
    expect(socios.map((s) => [s.cardCode, s.cardName, s.email])).toEqual([[cardCode, nombre, correo]]);
    expect((await proveedor(rfc))?.estatusRegistro).toBe("C");
    const row = await invitacion(rfc);
    expect([row.estatus, row.socioCreado]).toEqual(["aprobada", "Y"]);
    // Approved again (a retried request): the decision is taken, SAP is not written again.
    expect((await decide("approve", rfc)).statusCode).toBe(409);
    expect(await sociosSap("SBO_MCI", rfc)).toHaveLength(1);
    return cardCode;
  }

  return {
    db,
    admin,
    post,
    freshIp,
    sociedadId,
    invite,
    register,
    invitacion,
    decide,
    proveedor,
    sociosSap,
    signIn,
    approvedOnce,
    msg: MSG,
    withToken,
  };
}
