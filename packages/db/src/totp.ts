import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: HMAC-SHA1, 30-second steps, 6 digits, what every
 * authenticator app reads from an otpauth:// URI (decision 071). Written here rather than taken from otplib: the
 * whole algorithm is the 20 lines below, checked against the RFC's published vectors (totp.test.ts).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_CODE_DIGITS = 6;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export type TotpAlgorithm = "sha1" | "sha256" | "sha512";

/** RFC 4226 §5.3: the dynamic truncation of HMAC(key, counter) to `digits` decimal digits. */
export function hotp(
  key: Buffer,
  counter: number,
  digits = TOTP_CODE_DIGITS,
  algorithm: TotpAlgorithm = "sha1",
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The RFC 6238 time step a moment falls in (T = floor(unix seconds / 30)). */
export const totpStep = (at: Date, stepSeconds = TOTP_STEP_SECONDS): number =>
  Math.floor(at.getTime() / 1000 / stepSeconds);

/** The code of one step for a base32 secret (what an authenticator app shows). */
export const totpCode = (secretBase32: string, step: number): string => hotp(base32Decode(secretBase32), step);

/**
 * The step within ±`window` steps of `at` whose code is `code` (compared in constant time), or null. The caller
 * refuses a step at or before the last one accepted (replay).
 */
export function findTotpStep(secretBase32: string, code: string, at: Date, window = 1): number | null {
  const key = base32Decode(secretBase32);
  const now = totpStep(at);
  const given = Buffer.from(code);
  for (let step = now - window; step <= now + window; step++) {
    const expected = Buffer.from(hotp(key, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/** A new secret: 160 random bits (RFC 4226 §4's recommended length), in base32 without padding. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** The otpauth:// URI an authenticator app reads from a QR code (Google Authenticator's Key Uri Format). */
export function totpUri(secretBase32: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = `secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_CODE_DIGITS}&period=${TOTP_STEP_SECONDS}`;
  return `otpauth://totp/${label}?${params}`;
}

export function base32Encode(data: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, "").toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Secreto base32 no válido.");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}
