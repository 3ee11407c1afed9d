import { createHash, createHmac, randomBytes } from "node:crypto";
import {
  CODIGO_RECUPERACION_RE,
  CODIGO_TOTP_RE,
  CODIGOS_RECUPERACION_CANTIDAD,
  type EstadoSegundoFactor,
  isSecondFactorRequired,
  normalizeCodigo,
  SEGUNDO_FACTOR_MSG,
  TOTP_EMISOR,
} from "@portal/contracts";
import { decryptSecret, encryptSecret, findTotpStep, newTotpSecret, totpUri } from "@portal/db";
import type { Clock } from "../../lib/clock";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { isAdministrador, type SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import type { AttemptKey, PasswordAttempts } from "./attempts";
import type { Cuenta } from "./repository-restablecer";

export interface SecondFactorDeps {
  data: Data;
  clock: Clock;
  attempts: PasswordAttempts;
  /** APP_ENCRYPTION_KEY: encrypts the secrets and keys the recovery codes' HMAC. */
  encryptionKey: Buffer;
}

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand is not mistaken. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

const cuentaOf = (user: SessionUser): Cuenta => ({ operador: user.operador, usuarioRef: user.id });
const keyOf = (user: SessionUser): AttemptKey => ({ operador: user.operador, cuenta: user.id });

/** Whether the account's role requires a second factor (decision 071): only employees' roles do. */
const isRequired = (user: SessionUser): boolean =>
  user.operador === "Empleado" &&
  isSecondFactorRequired({
    perfil: user.perfil,
    visuDocPen: user.viDocPen,
    apruebaCuentas: user.apruebaCuentas === "Y",
  });

/** Ten new recovery codes as shown (`ABCDE-12345`): 50 random bits each. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: CODIGOS_RECUPERACION_CANTIDAD }, () => {
    const chars = [...randomBytes(10)].map((byte) => CROCKFORD[byte & 31]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Second factor (issue 41 item 5, decision 071): TOTP codes, accepted once each (the step is recorded by a
 * conditional update) within ±1 step of the injected clock; recovery codes, each once; enrolment in two calls (a new
 * secret, then its first code); an administrator's reset. Every code tried, right or wrong, is counted with the
 * account's password attempts (attempts.ts): wrong codes lock the sign-in as wrong passwords do.
 */
export function createSecondFactorService({ data, clock, attempts, encryptionKey }: SecondFactorDeps) {
  const repo = data.repos.auth;
  const hmacKey = createHash("sha256").update(encryptionKey).update("codigos-recuperacion").digest();
  const hashCode = (code: string) => createHmac("sha256", hmacKey).update(code.replace("-", "")).digest("hex");

  /** Whether `code` (normalized) is a current TOTP code not used before, or an unused recovery code; uses it. */
  async function useCode(cuenta: Cuenta, code: string): Promise<boolean> {
    const row = await repo.findSecondFactor(cuenta);
    if (!row?.secreto || !row.inscritoAt) return false;
    if (CODIGO_TOTP_RE.test(code)) {
      const step = findTotpStep(decryptSecret(row.secreto, encryptionKey), code, clock());
      return step !== null && (await repo.useStep(cuenta, step));
    }
    return CODIGO_RECUPERACION_RE.test(code) && (await repo.useRecoveryCode(cuenta, hashCode(code), clock()));
  }

  async function issueRecoveryCodes(user: SessionUser): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(cuentaOf(user), codes.map(hashCode), clock());
    return codes;
  }

  return {
    /** The code after the password: completes the session. */
    async verify(user: SessionUser, codigo: string, ip: string): Promise<void> {
      if (user.secondFactor !== "verify") throw new Forbidden(SEGUNDO_FACTOR_MSG.inscripcionPendiente);
      const code = normalizeCodigo(codigo);
      const ok = await attempts.check(keyOf(user), ip, () => useCode(cuentaOf(user), code));
      if (!ok) throw new Invalid(SEGUNDO_FACTOR_MSG.codigoIncorrecto);
      await repo.completeSessionSecondFactor(user.sessionId, clock());
    },

    /**
     * A new secret for the authenticator app, kept pending until its first code. A half-signed session may ask only
     * when it has none to give (its role requires one): else a stolen password could replace the account's phone.
     */
    async startEnrolment(user: SessionUser): Promise<{ secreto: string; uri: string }> {
      if (user.secondFactor === "verify") throw new Forbidden(SEGUNDO_FACTOR_MSG.yaInscrito);
      const secreto = newTotpSecret();
      await repo.savePendingSecret(cuentaOf(user), encryptSecret(secreto, encryptionKey), clock());
      const nombre =
        user.operador === "Empleado" ? ((await repo.findEmpleadoById(Number(user.id)))?.usuario ?? user.id) : user.id;
      return { secreto, uri: totpUri(secreto, TOTP_EMISOR, nombre) };
    },

    /** The pending secret's first code: the secret becomes the account's; the answer is the recovery codes, once. */
    async confirmEnrolment(user: SessionUser, codigo: string, ip: string): Promise<string[]> {
      if (user.secondFactor === "verify") throw new Forbidden(SEGUNDO_FACTOR_MSG.yaInscrito);
      const cuenta = cuentaOf(user);
      const row = await repo.findSecondFactor(cuenta);
      const pendiente = row?.secretoPendiente;
      if (!pendiente) throw new Conflict(SEGUNDO_FACTOR_MSG.sinInscripcionIniciada);
      const secreto = decryptSecret(pendiente, encryptionKey);
      let step: number | null = null;
      const ok = await attempts.check(keyOf(user), ip, async () => {
        step = findTotpStep(secreto, normalizeCodigo(codigo), clock());
        return step !== null;
      });
      if (!ok || step === null) throw new Invalid(SEGUNDO_FACTOR_MSG.codigoIncorrecto);
      const confirmedStep: number = step;
      const codes = newRecoveryCodes();
      const now = clock();
      await data.withTransaction(async (tx) => {
        if (!(await tx.auth.confirmPendingSecret(cuenta, pendiente, confirmedStep, now))) {
          throw new Conflict(SEGUNDO_FACTOR_MSG.conflicto);
        }
        await tx.auth.replaceRecoveryCodes(cuenta, codes.map(hashCode), now);
        await tx.auth.completeSessionSecondFactor(user.sessionId, now);
        await tx.auditoria.recordChange(
          user,
          {
            entidad: cuenta.operador.toLowerCase(),
            id: cuenta.usuarioRef,
            campo: "segundo_factor",
            from: "",
            to: "inscrito",
          },
          now,
        );
      });
      return codes;
    },

    /** New recovery codes (the old ones stop serving); only from a session that gave its code. */
    async regenerateRecoveryCodes(user: SessionUser): Promise<string[]> {
      if (user.secondFactor !== "done") throw new Forbidden(SEGUNDO_FACTOR_MSG.noInscrito);
      return issueRecoveryCodes(user);
    },

    async status(user: SessionUser): Promise<EstadoSegundoFactor> {
      const cuenta = cuentaOf(user);
      const requerido = isRequired(user);
      const inscrito = await repo.hasSecondFactor(cuenta);
      const paso = user.secondFactor === "verify" ? "verificar" : user.secondFactor === "enrol" ? "inscribir" : null;
      return { requerido, inscrito, paso, codigosRestantes: inscrito ? await repo.countRecoveryCodes(cuenta) : 0 };
    },

    /**
     * The account's own optional second factor off (a supplier, or an employee whose role does not require one):
     * only from a session that gave its code, and with a current code again, so a session left open cannot remove
     * it. Audited; the account's sessions stay.
     */
    async disable(user: SessionUser, codigo: string, ip: string): Promise<void> {
      if (user.secondFactor !== "done") throw new Forbidden(SEGUNDO_FACTOR_MSG.noInscrito);
      if (isRequired(user)) throw new Forbidden(SEGUNDO_FACTOR_MSG.noSePuedeDesactivar);
      const cuenta = cuentaOf(user);
      const code = normalizeCodigo(codigo);
      const ok = await attempts.check(keyOf(user), ip, () => useCode(cuenta, code));
      if (!ok) throw new Invalid(SEGUNDO_FACTOR_MSG.codigoIncorrecto);
      const now = clock();
      await data.withTransaction(async (tx) => {
        if (!(await tx.auth.deleteSecondFactor(cuenta))) throw new Conflict(SEGUNDO_FACTOR_MSG.conflicto);
        await tx.auditoria.recordChange(
          user,
          {
            entidad: cuenta.operador.toLowerCase(),
            id: cuenta.usuarioRef,
            campo: "segundo_factor",
            from: "inscrito",
            to: "desactivado",
          },
          now,
        );
      });
    },

    /** An administrator removes an employee's second factor (a lost phone): audited, and its sessions end. */
    async resetEmpleado(user: SessionUser, usuario: string): Promise<void> {
      if (!isAdministrador(user)) throw new Forbidden();
      const empleado = await repo.findEmpleadoByUsuario(usuario);
      if (!empleado) throw new NotFound(SEGUNDO_FACTOR_MSG.empleadoNoEncontrado);
      const cuenta: Cuenta = { operador: "Empleado", usuarioRef: String(empleado.id) };
      const now = clock();
      await data.withTransaction(async (tx) => {
        if (!(await tx.auth.deleteSecondFactor(cuenta))) throw new Conflict(SEGUNDO_FACTOR_MSG.noInscritoEmpleado);
        await tx.auth.revokeSessionsOf(cuenta, now);
        await tx.auditoria.recordChange(
          user,
          { entidad: "empleado", id: empleado.id, campo: "segundo_factor", from: "inscrito", to: "restablecido" },
          now,
        );
      });
    },
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
