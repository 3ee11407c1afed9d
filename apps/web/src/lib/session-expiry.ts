import { SESSION_TTL_MS } from "@portal/contracts";

/**
 * The session's expiry as the browser sees it (issue 23): it lasts SESSION_TTL_MS (10 minutes) from its last
 * renewal (any API call renews it on the server and in the cookies), and a screen with unsent decisions warns a
 * minute before it ends.
 */
export const AVISO_EXPIRACION_MS = 60_000;

export type FaseSesion = "activa" | "aviso" | "vencida";

export interface EstadoExpiracion {
  phase: FaseSesion;
  /** Ms until the next phase (0 once expired). */
  msToNextPhase: number;
}

export function estadoExpiracion(renovadaEn: number, ahora: number, ttl: number = SESSION_TTL_MS): EstadoExpiracion {
  const vence = renovadaEn + ttl;
  const aviso = vence - AVISO_EXPIRACION_MS;
  if (ahora < aviso) return { phase: "activa", msToNextPhase: aviso - ahora };
  if (ahora < vence) return { phase: "aviso", msToNextPhase: vence - ahora };
  return { phase: "vencida", msToNextPhase: 0 };
}

/** Whether to warn: a minute (or less) left, and decisions that would be lost. */
export const shouldWarnExpiry = (estado: EstadoExpiracion | null, sinEnviar: number): boolean =>
  estado !== null && estado.phase === "aviso" && sinEnviar > 0;

/** The warning's sentence (correct Spanish, the portal's own). */
export const MENSAJE_AVISO_EXPIRACION =
  "Su sesión terminará en menos de un minuto y tiene cambios sin enviar. Para no perderlos, mantenga la sesión y envíelos.";
