import { randomBytes } from "node:crypto";
import {
  CORREO_MSG,
  passwordNuevaProblemas,
  RESTABLECER_MSG,
  RESTABLECER_VIGENCIA_MS,
  type RestablecerPasswordRequest,
  type SolicitarRestablecimientoRequest,
} from "@portal/contracts";
import { hashPassword } from "@portal/db";
import type { Clock } from "../../lib/clock";
import { Invalid, refusal } from "../../lib/errors";
import type { Data, Repositories } from "../../repositories";
import { attemptKey, type PasswordAttempts } from "./attempts";
import { hashToken, SESSION_TOKEN_BYTES } from "./deps";
import type { Cuenta } from "./repository-restablecer";

export interface PasswordResetDeps {
  data: Data;
  clock: Clock;
  attempts: PasswordAttempts;
  /** The portal's public address (PUBLIC_URL): the link in the mail points there. */
  publicUrl: string;
}

/** An account a request names, with what its mail and the new password's check need. */
interface Destinatario {
  cuenta: Cuenta;
  /** Its user name or RFC, as the mail names it. */
  nombreCuenta: string;
  saludo: string;
  para: string[];
}

const direcciones = (email: string) =>
  email
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);

async function destinatarios(repo: Repositories["auth"], input: SolicitarRestablecimientoRequest) {
  if (input.operador === "Empleado") {
    return (await repo.empleadosParaRestablecer(input.usuario)).map(
      (e): Destinatario => ({
        cuenta: { operador: "Empleado", usuarioRef: String(e.id) },
        nombreCuenta: e.usuario,
        saludo: CORREO_MSG.restablecer.saludoEmpleado(`${e.nombre} ${e.apellidos}`.trim()),
        para: direcciones(e.email),
      }),
    );
  }
  return (await repo.proveedoresParaRestablecer(input.usuario)).map(
    (p): Destinatario => ({
      cuenta: { operador: "Proveedor", usuarioRef: p.cardCode },
      nombreCuenta: p.rfc,
      saludo: CORREO_MSG.saludoProveedor(p.cardName),
      para: direcciones(p.email),
    }),
  );
}

/** What the new password must not contain: the account's user name or RFC, its name and its addresses. */
async function identidadDe(repo: Repositories["auth"], cuenta: Cuenta): Promise<string[] | null> {
  if (cuenta.operador === "Empleado") {
    const e = await repo.findEmpleadoById(Number(cuenta.usuarioRef));
    return e?.estatus === "A" ? [e.usuario, e.nombre, e.apellidos, e.email] : null;
  }
  const p = await repo.findProveedorByCardCode(cuenta.usuarioRef);
  return p?.estatus === "A" ? [p.rfc, p.cardCode, p.cardName, p.email] : null;
}

type Restablecimiento = NonNullable<Awaited<ReturnType<Repositories["auth"]["findRestablecimiento"]>>>;

/** Why a link cannot be used now (a Spanish message), or null when it can. */
function motivoDe(found: Restablecimiento | undefined, now: Date): string | null {
  if (!found) return RESTABLECER_MSG.enlaceInvalido;
  if (found.usedAt) return RESTABLECER_MSG.enlaceUsado;
  if (found.expiresAt.getTime() <= now.getTime()) return RESTABLECER_MSG.enlaceVencido;
  return null;
}

const entidadDe = (cuenta: Cuenta) => (cuenta.operador === "Empleado" ? "empleado" : "proveedor");

/**
 * Password reset by e-mail (issue 41 item 4, decision 067), beside the spec's static recovery page. A request
 * answers the same whether or not the account exists; an active account with an address gets, through the mail
 * outbox, a link with 256 random bits valid once and for 30 minutes (only its SHA-256 is stored). Choosing the new
 * password through the link ends every session of the account and every other link. Both calls are counted like
 * sign-ins (attempts.ts): requests per name as typed and address, links tried per address. The token is never
 * logged nor answered.
 */
export function createPasswordResetService({ data, clock, attempts, publicUrl }: PasswordResetDeps) {
  const enlace = (token: string) => `${publicUrl.replace(/\/+$/, "")}/RestablecerPassword?token=${token}`;

  async function sendLink(tx: Repositories, d: Destinatario, ip: string, now: Date) {
    const token = randomBytes(SESSION_TOKEN_BYTES).toString("base64url");
    await tx.auth.insertRestablecimiento({
      tokenHash: hashToken(token),
      ...d.cuenta,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESTABLECER_VIGENCIA_MS),
    });
    const m = CORREO_MSG.restablecer;
    const texto = [d.saludo, "", m.parrafo(d.nombreCuenta), "", m.enlace, enlace(token), "", m.noSolicitado];
    await tx.correo.enqueue(
      {
        para: d.para.join(", "),
        asunto: CORREO_MSG.asunto(m.asunto),
        texto: [...texto, "", CORREO_MSG.cierre].join("\n"),
      },
      now,
    );
    const cambio = { entidad: entidadDe(d.cuenta), id: d.cuenta.usuarioRef, campo: "password_restablecimiento" };
    await tx.auditoria.recordChange(
      { operador: "Sistema", id: "Restablecimiento" },
      { ...cambio, from: "", to: "enlace_enviado", comment: `ip ${ip}` },
      now,
    );
  }

  return {
    /** Queues the link's mail for each active account the request names that has an address; answers nothing. */
    async requestLink(input: SolicitarRestablecimientoRequest, meta: { ip: string }): Promise<void> {
      const clave = `solicitud:${input.operador}:${input.usuario.toLowerCase()}`;
      // Every request is an attempt that never "succeeds": at most LOGIN_MAX_FAILURES per name and address (and
      // LOGIN_MAX_FAILURES_IP per address, sign-ins included) within LOGIN_WINDOW_MS.
      await attempts.check(
        { restablecer: clave },
        meta.ip,
        async () => {
          const lista = (await destinatarios(data.repos.auth, input)).filter((d) => d.para.length > 0);
          const now = clock();
          // The same work whether or not an account was found, as far as it goes: one transaction.
          await data.withTransaction(async (tx) => {
            for (const d of lista) await sendLink(tx, d, meta.ip, now);
          });
          return false;
        },
        RESTABLECER_MSG.demasiadasSolicitudes,
      );
    },

    /** Sets the new password through a link: once, within its 30 minutes; every session of the account ends. */
    async reset(input: RestablecerPasswordRequest, meta: { ip: string }): Promise<void> {
      const now = clock();
      // A wrong, used or expired link is a failed attempt from this address (sign-in's limits; a good one clears
      // them): over the limit, the link is not even looked up.
      const link = { found: undefined as Restablecimiento | undefined, motivo: null as string | null };
      await attempts.check(
        { restablecer: "enlace" },
        meta.ip,
        async () => {
          link.found = await data.repos.auth.findRestablecimiento(hashToken(input.token));
          link.motivo = motivoDe(link.found, now);
          return link.motivo === null;
        },
        RESTABLECER_MSG.demasiadasSolicitudes,
      );
      const { found, motivo } = link;
      if (motivo !== null || !found) throw new Invalid(motivo ?? RESTABLECER_MSG.enlaceInvalido);
      const cuenta: Cuenta = {
        operador: found.operador === "Empleado" ? "Empleado" : "Proveedor",
        usuarioRef: found.usuarioRef,
      };
      const identidad = await identidadDe(data.repos.auth, cuenta);
      if (!identidad) throw new Invalid(RESTABLECER_MSG.enlaceInvalido);
      const problemas = passwordNuevaProblemas(input.password, identidad);
      if (problemas.length > 0) throw refusal(problemas);
      const passwordHash = await hashPassword(input.password);
      await data.withTransaction(async (tx) => {
        // Spent here, not before: a refused password leaves the link usable for another try.
        if (!(await tx.auth.useRestablecimiento(found.id, now))) throw new Invalid(RESTABLECER_MSG.enlaceUsado);
        await tx.auth.setPasswordHash(cuenta, passwordHash, now);
        await tx.auth.revokeSessionsOf(cuenta, now);
        await tx.auth.voidRestablecimientosOf(cuenta, now);
        // Whoever was locked out by failed sign-ins (attempts.ts) can sign in with the new password at once.
        await tx.auth.clearKey(attemptKey({ operador: cuenta.operador, cuenta: cuenta.usuarioRef }));
        await tx.auditoria.recordChange(
          { operador: cuenta.operador, id: cuenta.usuarioRef },
          {
            entidad: entidadDe(cuenta),
            id: cuenta.usuarioRef,
            campo: "password_restablecimiento",
            from: "enlace_enviado",
            to: "password_restablecida",
            comment: `ip ${meta.ip}`,
          },
          now,
        );
      });
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
