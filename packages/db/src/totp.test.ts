import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, findTotpStep, hotp, newTotpSecret, totpCode, totpStep, totpUri } from "./totp";

// RFC 6238 Appendix B: the seeds are the ASCII strings below, 8-digit codes, X = 30 seconds.
const SEED_SHA1 = Buffer.from("12345678901234567890");
const SEED_SHA256 = Buffer.from("12345678901234567890123456789012");
const SEED_SHA512 = Buffer.from("1234567890123456789012345678901234567890123456789012345678901234");
const VECTORS: Array<[number, string, string, string]> = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("matches the RFC's test vectors at T=%d", (seconds, sha1, sha256, sha512) => {
    const step = totpStep(new Date(seconds * 1000));
    expect(hotp(SEED_SHA1, step, 8, "sha1")).toBe(sha1);
    expect(hotp(SEED_SHA256, step, 8, "sha256")).toBe(sha256);
    expect(hotp(SEED_SHA512, step, 8, "sha512")).toBe(sha512);
  });

  it("matches RFC 4226's HOTP vectors (6 digits, counters 0–9)", () => {
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    expect(expected.map((_, counter) => hotp(SEED_SHA1, counter))).toEqual(expected);
  });

  it("round-trips base32 and reads the RFC seed from its base32 form", () => {
    expect(base32Encode(SEED_SHA1)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").equals(SEED_SHA1)).toBe(true);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it("accepts the previous, current and next step and nothing further", () => {
    const secret = base32Encode(SEED_SHA1);
    const at = new Date(1234567890 * 1000);
    const now = totpStep(at);
    for (const step of [now - 1, now, now + 1]) expect(findTotpStep(secret, totpCode(secret, step), at)).toBe(step);
    for (const step of [now - 2, now + 2]) expect(findTotpStep(secret, totpCode(secret, step), at)).toBeNull();
    expect(findTotpStep(secret, "12345", at)).toBeNull();
  });

  it("writes the otpauth URI authenticator apps read", () => {
    expect(totpUri("JBSWY3DPEHPK3PXP", "Portal de Proveedores", "admin")).toBe(
      "otpauth://totp/Portal%20de%20Proveedores:admin?secret=JBSWY3DPEHPK3PXP&issuer=Portal%20de%20Proveedores&algorithm=SHA1&digits=6&period=30",
    );
  });
});
