import { CALL_NAMES, type CallName } from "@portal/contracts";

/**
 * Calls of later issues: in CALLS (spec §7, and the web may already type them) but without a route yet. Whoever
 * builds one removes it from here; test/registro-llamadas.test.ts fails until they do, and fails when a call not
 * listed here has no route.
 */
export const NOT_YET_BUILT: readonly CallName[] = [];

/** The calls the API answers today. */
export const BUILT_CALLS: readonly CallName[] = CALL_NAMES.filter((name) => !NOT_YET_BUILT.includes(name));
