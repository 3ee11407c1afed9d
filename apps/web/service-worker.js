/*
 * Portal de Proveedores background worker (spec §1).
 * Deliberately minimal: no fetch handler, so nothing (least of all /api) is cached or intercepted.
 * A new version waits until the page asks it to take over (after the user accepts the update).
 * The build (vite.config.ts) copies this file to dist/ with the version below replaced by a hash of the
 * bundle, so every deploy with new code changes the worker's bytes and the browser installs it.
 */
const VERSION = "__PORTAL_BUILD_VERSION__";
self.addEventListener("install", () => {
  // Wait: the page asks the user before version VERSION replaces the running one.
});

// No clients.claim(): a first install must not take over (and reload) a page that is already running.

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
  if (event.data && event.data.type === "GET_VERSION") event.source?.postMessage({ type: "VERSION", version: VERSION });
});
