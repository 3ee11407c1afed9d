import { createHash } from "node:crypto";
import type { Clock } from "../../lib/clock";
import type { PasswordAttempts } from "./attempts";
import type { AuthRepository } from "./repository";

/** A session token: 32 random bytes in base64url (43 characters), the only shape `authenticate` looks up. */
export const SESSION_TOKEN_BYTES = 32;
export const SESSION_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export interface AuthSettings {
  sessionTtlMs: number;
  /** Absolute session lifetime from sign-in, whatever the activity. */
  sessionMaxAgeMs: number;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What the sign-in service is built from (service.ts); login and authenticate take their part. */
export interface AuthDeps {
  repo: AuthRepository;
  clock: Clock;
  settings: AuthSettings;
  attempts: PasswordAttempts;
}
