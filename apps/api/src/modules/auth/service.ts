import { createHash, randomBytes } from "node:crypto";
import { type LoginData, type LoginRequest, MSG } from "@portal/contracts";
import { hashPassword, verifyPassword } from "@portal/db";
import type { Clock } from "../../lib/clock";
import { TooManyRequests, Unauthorized } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { AuthRepository } from "./repository";

export interface AuthSettings {
  sessionTtlMs: number;
  /** Absolute session lifetime from sign-in, whatever the activity. */
  sessionMaxAgeMs: number;
  maxFailures: number;
  /** Failures from one IP across user names (password spraying). */
  maxFailuresPerIp: number;
  failureWindowMs: number;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Sign-in and sessions. Tokens are 256 random bits handed to the client once; only their SHA-256 is stored.
 * Every failure answers the same message (no user enumeration), and an unknown user still costs one
 * argon2 verification so timing does not tell either.
 */
export function createAuthService(repo: AuthRepository, clock: Clock, settings: AuthSettings) {
  let dummyHash: Promise<string> | null = null;
  const getDummyHash = () => {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    return dummyHash;
  };

  async function findCandidate(input: LoginRequest) {
    if (input.operador === "Empleado") {
      const e = await repo.findEmpleadoByUsuario(input.usuario);
      if (!e) return null;
      return {
        hash: e.passwordHash,
        active: e.estatus === "A",
        data: {
          perfil: e.perfil,
          nombre: `${e.nombre} ${e.apellidos}`.trim(),
          id: String(e.id),
          VisuDocPen: e.viDocPen === "Y" ? "Y" : "N",
        } as const,
      };
    }
    const p = await repo.findProveedorByRfc(input.usuario);
    if (!p) return null;
    return {
      hash: p.passwordHash,
      active: p.estatus === "A",
      data: { perfil: "P", nombre: p.cardName, id: p.cardCode, VisuDocPen: "N" } as const,
    };
  }

  return {
    async login(input: LoginRequest, meta: { ip: string; userAgent: string }): Promise<LoginData> {
      const now = clock();
      const clave = `${input.operador}:${input.usuario.trim().toUpperCase()}`;
      const since = new Date(now.getTime() - settings.failureWindowMs);
      const [failures, failuresFromIp] = await Promise.all([
        repo.countFailures(clave, meta.ip, since),
        repo.countFailuresFromIp(meta.ip, since),
      ]);
      if (failures >= settings.maxFailures || failuresFromIp >= settings.maxFailuresPerIp) {
        throw new TooManyRequests(MSG.demasiadosIntentos);
      }

      const candidate = await findCandidate(input);
      const passwordOk = await verifyPassword(candidate?.hash ?? (await getDummyHash()), input.password);
      if (!candidate || !passwordOk || !candidate.active) {
        await repo.recordFailure(clave, meta.ip, input.operador, now, new Date(now.getTime() - 24 * 3_600_000));
        throw new Unauthorized(MSG.credencialesInvalidas);
      }
      await repo.clearFailures(clave, meta.ip);

      const token = randomBytes(32).toString("base64url");
      await repo.insertSession({
        tokenHash: hashToken(token),
        operador: input.operador,
        usuarioRef: candidate.data.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + settings.sessionTtlMs),
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 300),
      });
      return { ...candidate.data, token };
    },

    /** Resolves a token to its user and slides the session's expiry; null when not valid. */
    async authenticate(token: string): Promise<SessionUser | null> {
      if (!token || token.length > 200) return null;
      const now = clock();
      const session = await repo.touchSession(
        hashToken(token),
        now,
        new Date(now.getTime() + settings.sessionTtlMs),
        new Date(now.getTime() - settings.sessionMaxAgeMs),
      );
      if (!session) return null;
      if (session.operador === "Empleado") {
        const e = await repo.findEmpleadoById(Number(session.usuarioRef));
        if (e?.estatus !== "A") return null;
        return {
          sessionId: session.id,
          operador: "Empleado",
          id: String(e.id),
          nombre: `${e.nombre} ${e.apellidos}`.trim(),
          perfil: e.perfil === "A" ? "A" : "G",
          viDocPen: e.viDocPen === "Y" ? "Y" : "N",
        };
      }
      const p = await repo.findProveedorByCardCode(session.usuarioRef);
      if (p?.estatus !== "A") return null;
      return {
        sessionId: session.id,
        operador: "Proveedor",
        id: p.cardCode,
        nombre: p.cardName,
        perfil: "P",
        viDocPen: "N",
      };
    },

    async logout(user: SessionUser): Promise<void> {
      await repo.revokeSession(user.sessionId, clock());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
