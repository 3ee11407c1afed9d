import { schema } from "@portal/db";
import { CLABE_DEMO_SOLICITADA } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { MailTransport } from "../src/modules/correo/service";
import { login, pdfBase64, type TestApp, withToken } from "./helpers";

/**
 * Issue 41 items 1 and 2 (decision 069), what the bank-account tests of both adapters share: the calls, the mails
 * the outbox sends, the approved account, the SAP lines and the seeded request of ESCUELA KEMPER URGATE (P00001).
 */
export const KEMPER = "P00001";
export const BERENICE = "P00002";
/** A valid CLABE of Banorte (Banco Mercantil del Norte, 072). */
export const CLABE_BANORTE = "072180009876543213";

export interface Correo {
  to: string;
  subject: string;
  text: string;
}

/** A mail transport that keeps what it is given. */
export function captureMails(): { transport: MailTransport; sent: Correo[] } {
  const sent: Correo[] = [];
  return { transport: async (m) => void sent.push({ to: m.to, subject: m.subject, text: m.text }), sent };
}

export function cuentasPrueba(t: () => TestApp, mails: Correo[]) {
  const db = () => t().tdb.db;
  const token = (usuario: string, operador: "Empleado" | "Proveedor" = "Empleado") => login(t().app, usuario, operador);
  const call = async (tok: string, url: string, payload: unknown) =>
    t().app.inject(withToken(tok, { method: "POST", url: `/api/cuentasBancarias/${url}`, payload: payload as object }));
  const kemper = () => token("EKU9003173C9", "Proveedor");
  const berenice = () => token("XIQB891116QE4", "Proveedor");

  /** A request with a CLABE (or other fields) and a valid PDF. */
  const request = (tok: string, fields: Record<string, unknown>) =>
    call(tok, "postSolicitud", {
      Tipo: "clabe",
      Moneda: "MXN",
      PDF: "carta-banco.pdf",
      PDF64: pdfBase64(`Carta ${JSON.stringify(fields)}`),
      ...fields,
    });
  const pending = async (tok: string) => (await call(tok, "getSolicitudes", {})).json().data;
  const solicitud = async (id: number) =>
    (await db().select().from(schema.solicitudesCuentaBancaria).where(eq(schema.solicitudesCuentaBancaria.id, id)))[0]!;
  const approve = async (tok: string, id: number, version?: number, motivo?: string) =>
    call(tok, "aprobarSolicitud", {
      Solicitud: id,
      Version: version ?? (await solicitud(id)).version,
      ...(motivo ? { Motivo: motivo } : {}),
    });
  const reject = async (tok: string, id: number, motivo?: string) =>
    call(tok, "rechazarSolicitud", {
      Solicitud: id,
      Version: (await solicitud(id)).version,
      ...(motivo === undefined ? {} : { Motivo: motivo }),
    });
  /** The seeded pending request of Kemper (the demo's). */
  const seeded = async () =>
    (
      await db()
        .select()
        .from(schema.solicitudesCuentaBancaria)
        .where(
          and(
            eq(schema.solicitudesCuentaBancaria.clabe, CLABE_DEMO_SOLICITADA),
            eq(schema.solicitudesCuentaBancaria.estatus, "pendiente"),
          ),
        )
    )[0];
  /** The mails the outbox sends now. */
  const sendMails = async () => {
    const before = mails.length;
    await t().app.services.correo.flush();
    return mails.slice(before);
  };
  /** The supplier's bank-account lines in SAP's BPBankAccounts (erp_mock.socio_cuentas, where both adapters end). */
  const sapLines = (bd: string, cardCode = KEMPER) =>
    db()
      .select()
      .from(schema.erpSocioCuentas)
      .where(and(eq(schema.erpSocioCuentas.bd, bd), eq(schema.erpSocioCuentas.cardCode, cardCode)));
  /** Gives employee `usuario` the ApruebaCuentas flag through the employee catalogue (an administrator's update). */
  const grantFlag = async (usuario: string) => {
    const admin = await token("admin");
    const rows = (
      await t().app.inject(
        withToken(admin, { method: "POST", url: "/api/empleados/rowEmpleados", payload: { tipo: "Lista" } }),
      )
    ).json().data as {
      IdEmpleado: string;
      Perfil: string;
      Nombre: string;
      Apellidos: string;
      Email: string;
      IdArea: number;
    }[];
    const e = rows.find((r) => r.IdEmpleado === usuario)!;
    const res = await t().app.inject(
      withToken(admin, {
        method: "POST",
        url: "/api/empleados/updateEmpleado",
        payload: {
          Usuario: e.IdEmpleado,
          RolEmpleado: e.Perfil,
          Nombre: e.Nombre,
          Apellidos: e.Apellidos,
          Correo: e.Email,
          Area: e.IdArea,
          ApruebaCuentas: "Y",
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  };
  return {
    call,
    request,
    pending,
    solicitud,
    approve,
    reject,
    seeded,
    sendMails,
    sapLines,
    grantFlag,
    token,
    kemper,
    berenice,
  };
}
