import { isSecondFactorRequired } from "@portal/contracts";
import type { SecondFactorState, SessionUser } from "../../lib/session-user";
import { type AuthDeps, hashToken, SESSION_TOKEN_RE } from "./deps";
import type { AuthRepository } from "./repository";

/**
 * Where a session stands with its second factor (decision 071), from the account as it is now: a role that came to
 * require one mid-session (VisuDocPen set by an administrator) makes the session owe it from its next call.
 */
export async function secondFactorState(
  repo: AuthRepository,
  cuenta: { operador: "Empleado" | "Proveedor"; usuarioRef: string },
  required: boolean,
  completedAt: Date | null,
): Promise<SecondFactorState> {
  if (completedAt) return "done";
  if (await repo.hasSecondFactor(cuenta)) return "verify";
  return required ? "enrol" : "none";
}

/** Resolves a token to its user and slides the session's expiry; null when not valid. */
export function authenticate({ repo, clock, settings }: Pick<AuthDeps, "repo" | "clock" | "settings">) {
  return async (token: string): Promise<SessionUser | null> => {
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
      const apruebaCuentas = e.apruebaCuentas === "Y";
      const required = isSecondFactorRequired({ perfil: e.perfil, visuDocPen: e.viDocPen, apruebaCuentas });
      return {
        sessionId: session.id,
        operador: "Empleado",
        id: String(e.id),
        nombre: `${e.nombre} ${e.apellidos}`.trim(),
        perfil: e.perfil === "A" ? "A" : "G",
        viDocPen: e.viDocPen === "Y" ? "Y" : "N",
        apruebaCuentas: apruebaCuentas ? "Y" : "N",
        conciliaSat: e.conciliaSat === "Y" ? "Y" : "N",
        secondFactor: await secondFactorState(
          repo,
          { operador: "Empleado", usuarioRef: String(e.id) },
          required,
          session.segundoFactorAt,
        ),
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
      apruebaCuentas: "N",
      conciliaSat: "N",
      secondFactor: await secondFactorState(
        repo,
        { operador: "Proveedor", usuarioRef: p.cardCode },
        false,
        session.segundoFactorAt,
      ),
    };
  };
}
