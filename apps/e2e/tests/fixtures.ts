import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base } from "@playwright/test";
import { signInOk } from "./support";

/** The demo operators the flows run as, one per role (spec §6). */
export const ROLES = {
  administrador: { operador: "Empleado", usuario: "admin" },
  consulta: { operador: "Empleado", usuario: "consulta" },
  proveedor: { operador: "Proveedor", usuario: "EKU9003173C9" },
  // Issue 42 (decision 073): the demo's foreign supplier signs in with its CardCode.
  extranjero: { operador: "Proveedor", usuario: "P00003" },
} as const;
export type Role = keyof typeof ROLES;

/**
 * A saved sign-in is reused while well inside the session's 10-minute sliding expiry (spec §4); an older one
 * is made again rather than risk a test starting on an expired session.
 */
const STATE_MAX_AGE_MS = 5 * 60_000;

interface RoleStates {
  /** Path of the storage state (the six session cookies) of a signed-in `role`, signing in once per worker. */
  pathFor(role: Role): Promise<string>;
}

/**
 * `test.use({ role: "proveedor" })` starts each test's page signed in as that role: the sign-in through the
 * real screens happens once per role and worker, and later tests load its saved storage state. Tests of the
 * sign-in itself (sesion.spec.ts) keep signing in by hand.
 */
export const test = base.extend<{ role: Role | undefined }, { roleStates: RoleStates }>({
  role: [undefined, { option: true }],
  roleStates: [
    async ({ browser }, use, workerInfo) => {
      const folder = mkdtempSync(join(tmpdir(), "portal-e2e-state-"));
      const saved = new Map<Role, { path: string; at: number }>();
      const { baseURL, locale, timezoneId } = workerInfo.project.use;
      await use({
        async pathFor(role) {
          const cached = saved.get(role);
          if (cached && Date.now() - cached.at < STATE_MAX_AGE_MS) return cached.path;
          // Signed out on purpose: called inside a test (cambio-de-rol.ts), `browser.newContext()` takes the test's
          // options, its role's saved sign-in included.
          const context = await browser.newContext({
            baseURL,
            locale,
            timezoneId,
            serviceWorkers: "block",
            storageState: { cookies: [], origins: [] },
          });
          const page = await context.newPage();
          await signInOk(page, ROLES[role].operador, ROLES[role].usuario);
          const path = join(folder, `${role}.json`);
          await context.storageState({ path });
          await context.close();
          saved.set(role, { path, at: Date.now() });
          return path;
        },
      });
    },
    { scope: "worker" },
  ],
  storageState: async ({ role, roleStates, storageState }, use) => {
    await use(role ? await roleStates.pathFor(role) : storageState);
  },
});

export { expect } from "@playwright/test";
