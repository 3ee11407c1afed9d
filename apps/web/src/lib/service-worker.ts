import { MSG } from "@portal/contracts";

/**
 * Background worker (spec §1). Registered only in production builds. When a new version finishes
 * installing while a controller is active, the user is asked MSG.nuevaVersion; on yes the waiting
 * worker takes over (skipWaiting) and the page reloads with the new version.
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
    if (!confirmUpdate(MSG.nuevaVersion)) return;
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
