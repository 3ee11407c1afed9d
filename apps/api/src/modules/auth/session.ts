import type { SessionUser } from "../../lib/session-user";
import { type AuthDeps, hashToken, SESSION_TOKEN_RE } from "./deps";

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
  };
}
