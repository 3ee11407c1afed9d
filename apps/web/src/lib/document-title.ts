import { useEffect } from "react";

/** The portal's name: the browser tab's title before any screen names itself, and after each screen's name. */
export const PORTAL_NAME = "Portal de Proveedores";

/** "Facturas" → "Facturas — Portal de Proveedores"; no screen name → the portal's name alone. */
export const documentTitle = (screen: string | null | undefined): string =>
  screen?.trim() ? `${screen.trim()} — ${PORTAL_NAME}` : PORTAL_NAME;

/**
 * Titles the browser tab after the screen (issue 23: every tab read 'Portal de Proveedores'), so tabs, history and
 * bookmarks tell the screens apart. `ScreenTitle` calls it with its heading; screens without one (the landing, the
 * sign-in, a purchase document's detail) call it themselves. The title returns to the portal's name when the
 * screen goes.
 */
export function useDocumentTitle(screen: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(screen);
    return () => {
      document.title = PORTAL_NAME;
    };
  }, [screen]);
}
