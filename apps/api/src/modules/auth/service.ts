import { randomBytes } from "node:crypto";
import { type LoginData, type LoginRequest, MSG, type PasoSegundoFactor } from "@portal/contracts";
import { hashPassword, verifyPassword } from "@portal/db";
import { Unauthorized } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import { findCandidate } from "./candidate";
import { type AuthDeps, hashToken, SESSION_TOKEN_BYTES } from "./deps";
import { authenticate } from "./session";

export type { AuthDeps, AuthSettings } from "./deps";

/**
 * Sign-in and sessions. Tokens are 256 random bits handed to the client once; only their SHA-256 is stored.
 * Every failure answers the same message (no user enumeration), and an unknown user still costs one
 * argon2 verification so timing does not tell either. Attempts are counted before they are verified
 * (`attempts`, shared with the supplier's current-password check).
 */
export function createAuthService(deps: AuthDeps) {
  const { repo, clock, settings, attempts } = deps;
  let dummyHash: Promise<string> | null = null;
  const getDummyHash = () => {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    return dummyHash;
  };

  /** The second-factor step of an account whose password was right, or null (decision 071). */
  const pendingStep = async (account: {
    secondFactorRequired: boolean;
    data: { perfil: string; id: string };
  }): Promise<PasoSegundoFactor | null> => {
    const operador = account.data.perfil === "P" ? "Proveedor" : "Empleado";
    if (await repo.hasSecondFactor({ operador, usuarioRef: account.data.id })) return "verificar";
    return account.secondFactorRequired ? "inscribir" : null;
  };

  return {
    async login(input: LoginRequest, meta: { ip: string; userAgent: string }): Promise<LoginData> {
      const { key, account } = await findCandidate(repo, input);
      // Decision 071: the step a right password still leaves to do (a code, or the enrolment the role requires).
      let step: PasoSegundoFactor | null = null;
      // A wrong password, an unknown user and an inactive one are the same failure, counted the same way.
      const ok = await attempts.check(
        key,
        meta.ip,
        async () => {
          const passwordOk = await verifyPassword(account?.hash ?? (await getDummyHash()), input.password);
          if (!passwordOk || account?.active !== true) return false;
          step = await pendingStep(account);
          return true;
        },
        MSG.demasiadosIntentos,
        // With a step to come the count stays as it was (this attempt forgotten): the right code clears it.
        () => step === null,
      );
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
      return { ...account.data, token, ...(step ? { segundoFactor: step } : {}) };
    },

    /** Resolves a token to its user and slides the session's expiry; null when not valid. */
    authenticate: authenticate(deps),

    async logout(user: SessionUser): Promise<void> {
      await repo.revokeSession(user.sessionId, clock());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
