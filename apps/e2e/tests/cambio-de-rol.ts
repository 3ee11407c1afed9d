import { readFileSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";
import type { Role } from "./fixtures";

/** The part of the `roleStates` fixture (fixtures.ts) a test needs to take another role. */
interface SavedSignIns {
  pathFor(role: Role): Promise<string>;
}

/**
 * A flow that passes from one role to another in the same tab (the supplier uploads, the reviewer decides) takes
 * the next role's saved sign-in: its cookies replace the current ones, as a sign-in through the screens would leave
 * them (fixtures.ts signs in through the screens once per role and worker; sesion.spec.ts covers the sign-in
 * itself). The page keeps its address until the test navigates (decision 072).
 */
export async function switchRole(context: BrowserContext, roleStates: SavedSignIns, role: Role) {
  const state = JSON.parse(readFileSync(await roleStates.pathFor(role), "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  await context.clearCookies();
  await context.addCookies(state.cookies);
}
