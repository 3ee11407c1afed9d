import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 9: the product means the same thing on any day. The whole app (seed included) runs with its clock far
 * from today — the last day of February of a common year, and a leap day — and the date arithmetic holds.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const perfil = async (app: TestApp["app"], token: string) =>
  (
    await app.inject(
      withToken(token, { method: "POST", url: "/api/proveedores/rowProveedores", payload: { tipo: "Perfil" } }),
    )
  ).json().data[0];

/** Each test builds the app and seeds the whole demo inside its body (seals included): more than vitest's 5 s default. */
const CON_SIEMBRA = 30_000;

describe("con el reloj lejos de hoy", () => {
  it(
    "2031-02-28: documents seeded that day, one day later is March 1st and the count drops by one",
    async () => {
      t = await createTestApp({}, { clockStart: "2031-02-28T23:00:00.000Z" });
      const token = await login(t.app, "EKU9003173C9", "Proveedor");
      const antes = await perfil(t.app, token);
      expect(antes.OpinionCumplimiento).toMatchObject({ Fecha: "2031-02-28", Dias: 30 });
      expect(antes.CedulaFiscal).toMatchObject({ Fecha: "2031-02-28", Dias: 365 });
      t.time.advance(2 * 3_600_000); // 2031-03-01T01:00Z (2031 is not a leap year)
      const despues = await perfil(t.app, await login(t.app, "EKU9003173C9", "Proveedor"));
      expect(despues.OpinionCumplimiento.Dias).toBe(29);
      expect(despues.CedulaFiscal.Dias).toBe(364);
    },
    CON_SIEMBRA,
  );

  it(
    "2032-02-29 (leap day): 365 days later the yearly document has no day left, sessions still slide",
    async () => {
      t = await createTestApp({}, { clockStart: "2032-02-29T12:00:00.000Z" });
      const token = await login(t.app, "EKU9003173C9", "Proveedor");
      expect((await perfil(t.app, token)).CedulaFiscal).toMatchObject({ Fecha: "2032-02-29", Dias: 365 });
      t.time.advance(9 * 60_000);
      expect((await perfil(t.app, token)).OpinionCumplimiento.Dias).toBe(30); // still valid: the session slid
      t.time.advance(365 * 86_400_000); // 2033-02-28: 365 days after a leap day
      const later = await login(t.app, "EKU9003173C9", "Proveedor");
      const doc = (await perfil(t.app, later)).CedulaFiscal;
      expect(doc.Dias).toBe(0);
      // The old token expired long ago by the same clock.
      const old = await t.app.inject(
        withToken(token, { method: "POST", url: "/api/proveedores/rowProveedores", payload: { tipo: "Perfil" } }),
      );
      expect(old.statusCode).toBe(401);
    },
    CON_SIEMBRA,
  );
});
