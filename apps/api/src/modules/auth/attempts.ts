import { MSG, type Operador } from "@portal/contracts";
import type { Clock } from "../../lib/clock";
import { TooManyRequests } from "../../lib/errors";
import type { AuthRepository } from "./repository";

export interface AttemptSettings {
  /** Attempts per key and address within the window (sign-in failures and the profile's current password). */
  maxFailures: number;
  /** Attempts from one address across keys (password spraying). */
  maxFailuresPerIp: number;
  failureWindowMs: number;
}

/**
 * The key a password attempt is counted under. An account found is counted by its id, whatever spelling found
 * it (`admİn` and `admin` find the same employee: one counter). A name that finds no account is counted by the
 * name as the look-up compares it, so the two cases behave alike (no enumeration).
 */
export type AttemptKey =
  | { operador: Operador; cuenta: string }
  | { operador: Operador; nombreNormalizado: string }
  /**
   * The password reset's (decision 067), counted like sign-ins in the same table and windows but under keys of
   * their own, so a reset never locks a sign-in: requests per name as typed, links tried per address.
   */
  | { restablecer: string };

export const attemptKey = (key: AttemptKey): string => {
  if ("restablecer" in key) return `restablecer:${key.restablecer}`;
  return "cuenta" in key ? `${key.operador}#${key.cuenta}` : `${key.operador}:${key.nombreNormalizado}`;
};

/**
 * Throttled password checks (issue 22): sign-in and a supplier's current password on its profile share one
 * count. Every attempt is counted before its password is verified (`beginAttempt`), and verified only while the
 * count, this attempt included, is within both limits; otherwise 429 and argon2 never runs. So however many
 * arrive at once, at most `maxFailures` per key and address and `maxFailuresPerIp` per address are verified in
 * a window. Refused attempts stay counted too (hammering keeps the window closed); a right password clears the
 * key's attempts from that address.
 */
export function createPasswordAttempts(repo: AuthRepository, clock: Clock, settings: AttemptSettings) {
  return {
    /**
     * Runs `verify` (the argon2 check, and whatever else makes the attempt a success) if the limits allow it.
     * Throws TooManyRequests (with `tooMany`) when they do not; answers whether the attempt succeeded.
     */
    async check(
      key: AttemptKey,
      ip: string,
      verify: () => Promise<boolean>,
      tooMany: string = MSG.demasiadosIntentos,
      /**
       * Whether a success clears the key's attempts (default yes). A right password whose second factor is still
       * to come does not (decision 071): it only stops counting itself, so signing in again never resets the count
       * of wrong codes; the right code clears it.
       */
      clearOnSuccess: () => boolean = () => true,
    ): Promise<boolean> {
      const now = clock();
      const clave = attemptKey(key);
      const since = new Date(now.getTime() - settings.failureWindowMs);
      const operador = "operador" in key ? key.operador : "";
      const attempt = await repo.beginAttempt({ clave, ip, operador, at: now }, since);
      if (attempt.porClave > settings.maxFailures || attempt.porIp > settings.maxFailuresPerIp) {
        await repo.purgeAttempts(since);
        throw new TooManyRequests(tooMany);
      }
      // Should verify throw, the attempt stays counted as a failure.
      const ok = await verify();
      if (ok && clearOnSuccess()) await repo.clearFailures(clave, ip);
      else if (ok) await repo.forgetAttempt(attempt.id);
      else await repo.purgeAttempts(since);
      return ok;
    },
  };
}
export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;
