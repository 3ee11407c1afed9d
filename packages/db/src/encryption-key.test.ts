import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEncryptionKey } from "./crypto";
import { encryptionKeyFile, encryptionKeyText } from "./encryption-key";

const dir = mkdtempSync(join(tmpdir(), "portal-clave-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("encryption key", () => {
  it("is generated once beside the embedded data, kept private, and read back the same", () => {
    const dataDir = join(dir, ".data", "pglite");
    expect(encryptionKeyText({ dataDir, create: false })).toBeNull();
    const first = encryptionKeyText({ dataDir, create: true });
    expect(encryptionKeyFile(dataDir)).toBe(join(dir, ".data", "encryption.key"));
    expect(existsSync(encryptionKeyFile(dataDir))).toBe(true);
    expect(statSync(encryptionKeyFile(dataDir)).mode & 0o077).toBe(0);
    expect(parseEncryptionKey(first!)).toHaveLength(32);
    expect(encryptionKeyText({ dataDir, create: true })).toBe(first);
    expect(encryptionKeyText({ dataDir, create: false })).toBe(first);
  });

  it("takes APP_ENCRYPTION_KEY when given, without touching the file", () => {
    const dataDir = join(dir, "otra", "pglite");
    const env = Buffer.alloc(32, 5).toString("base64");
    expect(encryptionKeyText({ envKey: env, dataDir, create: true })).toBe(env);
    expect(existsSync(encryptionKeyFile(dataDir))).toBe(false);
  });
});
