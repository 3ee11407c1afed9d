import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's recommended minimum (19 MiB memory, 2 iterations, 1 lane). Verification reads
 * the parameters from the stored hash, so raising them later only affects new hashes. The library's default
 * algorithm is argon2id (its Algorithm enum is a `const enum`, which isolated modules cannot import);
 * a unit test asserts the `$argon2id$` prefix.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}
