import { isSecondFactorRequired } from "@portal/contracts";
import { type Clock, type Database, encryptSecret } from "@portal/db";
import { empleados, segundosFactores } from "@portal/db/schema";
import { inArray } from "drizzle-orm";

/**
 * The demo's TOTP secret (decision 071; README, "Demo"): every demo employee whose role requires a second factor
 * is enrolled with it, so the demo can be signed into by adding this key to an authenticator app. Only the demo
 * seed uses it; a real employee enrols with a random secret on its first sign-in.
 */
export const DEMO_TOTP_SECRET = "PORTALPROVEEDORESDEMOTOTPSECRET2";

/**
 * Enrols, with DEMO_TOTP_SECRET, each of `usuarios` (the demo employees) that the rule requires a second factor of
 * and that has none yet (idempotent like the rest of the seed).
 */
export async function enrolDemoSecondFactors(
  db: Database,
  encryptionKey: Buffer,
  usuarios: readonly string[],
  clock: Clock,
): Promise<void> {
  const rows = await db
    .select()
    .from(empleados)
    .where(inArray(empleados.usuario, [...usuarios]));
  for (const e of rows) {
    const apruebaCuentas = e.apruebaCuentas === "Y";
    if (!isSecondFactorRequired({ perfil: e.perfil, visuDocPen: e.viDocPen, apruebaCuentas })) continue;
    await db
      .insert(segundosFactores)
      .values({
        operador: "Empleado",
        usuarioRef: String(e.id),
        secreto: encryptSecret(DEMO_TOTP_SECRET, encryptionKey),
        inscritoAt: clock(),
      })
      .onConflictDoNothing();
  }
}
