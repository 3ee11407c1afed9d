import type { LoginData, Operador } from "@portal/contracts";

/**
 * A sign-in whose password was right but whose second factor is still due (decision 071): kept in memory only,
 * never in the session cookies, so no screen believes it is signed in until the step is done. A reload forgets it
 * (the user signs in again).
 */
export interface PendingSignIn {
  data: LoginData;
  operador: Operador;
}

let pending: PendingSignIn | null = null;

export const pendingSignIn = {
  set(value: PendingSignIn): void {
    pending = value;
  },
  get(): PendingSignIn | null {
    return pending;
  },
  clear(): void {
    pending = null;
  },
};
