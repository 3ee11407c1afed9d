import { createHash, randomBytes } from "node:crypto";
import { type LoginData, type LoginRequest, MSG } from "@portal/contracts";
import { hashPassword, verifyPassword } from "@portal/db";
import type { Clock } from "../../lib/clock";
import { Unauthorized } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { AttemptKey, PasswordAttempts } from "./attempts";
import type { AuthRepository } from "./repository";

/** A session token: 32 random bytes in base64url (43 characters), the only shape `authenticate` looks up. */
const SESSION_TOKEN_BYTES = 32;
const SESSION_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export interface AuthSettings {
  sessionTtlMs: number;
  /** Absolute session lifetime from sign-in, whatever the activity. */
  sessionMaxAgeMs: number;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Sign-in and sessions. Tokens are 256 random bits handed to the client once; only their SHA-256 is stored.
 * Every failure answers the same message (no user enumeration), and an unknown user still costs one
 * argon2 verification so timing does not tell either. Attempts are counted before they are verified
 * (`attempts`, shared with the supplier's current-password check).
 */
export function createAuthService({
  repo,
  clock,
  settings,
  attempts,
}: {
  repo: AuthRepository;
  clock: Clock;
  settings: AuthSettings;
  attempts: PasswordAttempts;
}) {
  let dummyHash: Promise<string> | null = null;
  const getDummyHash = () => {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    return dummyHash;
  };

  /** The account the sign-in names, and the key its attempts are counted under (attempts.ts). */
  async function findCandidate(input: LoginRequest) {
    if (input.operador === "Empleado") {
      // The look-up compares lower(usuario) in PostgreSQL; an unknown name is counted under that same form.
      const [e, nombre] = await Promise.all([
        repo.findEmpleadoByUsuario(input.usuario),
        repo.lowerUsuario(input.usuario),
      ]);
      if (!e) return { key: { operador: "Empleado", nombreNormalizado: nombre } satisfies AttemptKey, account: null };
      return {
        key: { operador: "Empleado", cuenta: String(e.id) } satisfies AttemptKey,
        account: {
          hash: e.passwordHash,
          active: e.estatus === "A",
          data: {
            perfil: e.perfil,
            nombre: `${e.nombre} ${e.apellidos}`.trim(),
            id: String(e.id),
            VisuDocPen: e.viDocPen === "Y" ? "Y" : "N",
          } as const,
        },
      };
    }
    // Suppliers are looked up by their RFC in upper case.
    const p = await repo.findProveedorByRfc(input.usuario);
    if (!p) {
      return {
        key: { operador: "Proveedor", nombreNormalizado: input.usuario.toUpperCase() } satisfies AttemptKey,
        account: null,
      };
    }
    return {
      key: { operador: "Proveedor", cuenta: p.cardCode } satisfies AttemptKey,
      account: {
        hash: p.passwordHash,
        active: p.estatus === "A",
        data: { perfil: "P", nombre: p.cardName, id: p.cardCode, VisuDocPen: "N" } as const,
      },
    };
  }

  return {
    async login(input: LoginRequest, meta: { ip: string; userAgent: string }): Promise<LoginData> {
      const { key, account } = await findCandidate(input);
      // A wrong password, an unknown user and an inactive one are the same failure, counted the same way.
      const ok = await attempts.check(key, meta.ip, async () => {
        const passwordOk = await verifyPassword(account?.hash ?? (await getDummyHash()), input.password);
        return passwordOk && account?.active === true;
      });
      if (!ok || !account) throw new Unauthorized(MSG.credencialesInvalidas);

      const now = clock();
      const token = randomBytes(SESSION_TOKEN_BYTES).toString("base64url");
      await repo.insertSession({
        tokenHash: hashToken(token),
        operador: input.operador,
        usuarioRef: account.data.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + settings.sessionTtlMs),
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 300),
      });
      return { ...account.data, token };
    },

    /** Resolves a token to its user and slides the session's expiry; null when not valid. */
    async authenticate(token: string): Promise<SessionUser | null> {
      // Compared exactly (issue 36): a token is what login issued, 32 random bytes in base64url; anything else
      // (blanks around it included) is no session, answered like any bad token without asking the database.
      if (!SESSION_TOKEN_RE.test(token)) return null;
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
