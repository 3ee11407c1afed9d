/**
 * The messages the web app's first screen (landing and login, with the API client and the session's end) can
 * show: a module of their own, so that screen carries these few and not every message of the portal
 * (issue 16, decision 017). MSG (messages.ts) includes them; elsewhere use MSG.
 */
export const MSG_SESION = {
  loginFallidoPrefijo: "Error al iniciar la sesión,",
  sesionRequerida: "Su sesión no es válida o ha expirado. Inicie sesión de nuevo.",
  /** The landing after a session ended on its own (a 401, issue 16). */
  sesionExpirada: "Su sesión expiró. Inicie sesión de nuevo para continuar.",
  errorInterno: "Ocurrió un error inesperado. Intente de nuevo más tarde.",
  // Unknown route (spec §8)
  noPage: "No page",
  // Software update (spec §1)
  nuevaVersion: "Nueva versión disponible. ¿Quieres actualizar?",
} as const;
