import { MSG_SESION } from "@portal/contracts";

/** How often an open page asks the server for a new worker (the browser alone checks only on full loads). */
export const UPDATE_CHECK_MS = 30 * 60_000;
/**
 * A shorter period for this browser, in localStorage (ms, at least MIN_UPDATE_CHECK_MS): the e2e suite sets it
 * to see an update within seconds; support can set it in a browser to check one deploy.
 */
export const UPDATE_CHECK_KEY = "portal.actualizacionCadaMs";
const MIN_UPDATE_CHECK_MS = 1000;

export function updateCheckPeriod(storage: Pick<Storage, "getItem"> | null): number {
  try {
    const raw = storage?.getItem(UPDATE_CHECK_KEY);
    const value = raw ? Number(raw) : Number.NaN;
    if (Number.isFinite(value) && value >= MIN_UPDATE_CHECK_MS) return Math.min(value, UPDATE_CHECK_MS);
  } catch {
    // Storage disabled: the default period.
  }
  return UPDATE_CHECK_MS;
}

const localStorageOrNull = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * Background worker (spec §1). Registered only in production builds. When a new version finishes
 * installing while a controller is active, the user is asked MSG_SESION.nuevaVersion; on yes the waiting
 * worker takes over (skipWaiting) and the page reloads with the new version. An open page looks for a
 * new version every UPDATE_CHECK_MS and whenever it becomes visible again (issue 16), so a deploy is
 * offered without waiting for the browser's own daily check.
 */
export function registerServiceWorker(confirmUpdate: (message: string) => boolean = (m) => window.confirm(m)): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;

  // Reload only for an update the user accepted, never because a worker appeared on its own.
  let isUpdateAccepted = false;
  let isReloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!isUpdateAccepted || isReloading) return;
    isReloading = true;
    window.location.reload();
  });

  const promptFor = (worker: ServiceWorker) => {
    if (!navigator.serviceWorker.controller) return; // first install: nothing to update
    if (!confirmUpdate(MSG_SESION.nuevaVersion)) return;
    isUpdateAccepted = true;
    worker.postMessage({ type: "SKIP_WAITING" });
  };

  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/service-worker.js")
      .then((registration: ServiceWorkerRegistration | undefined) => {
        // Some automation (Playwright's serviceWorkers: 'block') resolves without a registration.
        if (!registration) return;
        if (registration.waiting) promptFor(registration.waiting);
        const checkForUpdate = () => {
          registration.update().catch(() => {
            // Offline or the server is restarting: the next check tries again.
          });
        };
        window.setInterval(checkForUpdate, updateCheckPeriod(localStorageOrNull()));
        document.addEventListener("visibilitychange", () => {
          if (document.visibilityState === "visible") checkForUpdate();
        });
        registration.addEventListener("updatefound", () => {
          const installing = registration.installing;
          if (!installing) return;
          installing.addEventListener("statechange", () => {
            if (installing.state === "installed") promptFor(installing);
          });
        });
      })
      .catch((error: unknown) => console.error("No se pudo registrar el service worker", error));
  });
}
