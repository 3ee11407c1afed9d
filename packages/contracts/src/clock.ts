/**
 * The one place the product reads the wall clock. Everything else (API, seed, workers) receives a `Clock` and
 * asks it for "now", so tests move time instead of waiting and mean the same thing on any day. A test over the
 * sources (apps/api/test/reloj-fuentes.test.ts). Here, in @portal/contracts (no dependencies), so that
 * @portal/cfdi and @portal/db share it. fails when production code reads the wall clock anywhere else.
 */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The clock's calendar date (UTC) as YYYY-MM-DD. */
export const isoDateOf = (clock: Clock): string => clock().toISOString().slice(0, 10);
