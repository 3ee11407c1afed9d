import { SELLO_MSG } from "@portal/cfdi";
import { csdPrueba, facturaPruebaSinSellar, issueTestFactura, sealCfdi, stampCfdi } from "@portal/cfdi/sello";
import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { ENTRADAS_LIBRES } from "@portal/seed";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facturaPrueba, payloadFactura } from "./factura-prueba";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 22: a CFDI sealed and "stamped" with the issuer's own CSD (NoCertificadoSAT = the CSD's number, which the
 * certificate store serves like any other) is refused by postFactura, even in test mode; the same invoice stamped
 * by the project's test stamping authority registers against the same demo receipt, so only the stamp was wrong.
 */
let t: TestApp;
let kemper = "";

beforeAll(async () => {
  t = await createTestApp();
  kemper = await login(t.app, "EKU9003173C9", "Proveedor");
}, 60_000);
afterAll(async () => t?.close(), 60_000);

const post = (body: object) =>
  t.app.inject(withToken(kemper, { method: "POST", url: "/api/facturas/postFactura", payload: body }));
const facturasGuardadas = async () => (await t.tdb.db.select({ n: count() }).from(schema.facturas))[0]!.n;

describe("timbre firmado con el certificado del propio emisor", () => {
  it("postFactura refuses it with the stamp's message alone; the genuine CFDI then registers", async () => {
    // The demo's first open receipt of Kemper in SBO_MCI: 2,500.00 + IVA 400.00, payment form 03, PUE, CP 86000.
    const nuevas = (
      await t.app.inject(
        withToken(kemper, {
          method: "POST",
          url: "/api/facturas/getEntradas",
          payload: { BD: "SBO_MCI", tipo: "Nuevo" },
        }),
      )
    ).json().data;
    const entrada = nuevas.find((e: { NumAtCard: string }) => e.NumAtCard === ENTRADAS_LIBRES[0]);
    expect(entrada).toMatchObject({ DocTotal: "2900.00", PeyMethod: "03", U_B1SYS_MainUsage: "G03", CP: "86000" });
    const factura = facturaPrueba({ subtotal: "2500.00", iva: "400.00" });

    // What a forger does with EKU9003173C9's CSD: seal, then sign the TFD with the same certificate and key.
    const csd = csdPrueba("EKU9003173C9");
    const falso = stampCfdi(sealCfdi(facturaPruebaSinSellar(factura), csd), {
      uuid: factura.uuid,
      fechaTimbrado: factura.fechaTimbrado,
      rfcProvCertif: "SAT970701NN3",
      pac: csd,
    });
    expect(falso).toContain('NoCertificadoSAT="30001000000500003416"');
    const antes = await facturasGuardadas();
    const rechazo = await post(payloadFactura(falso, entrada.DocNum));
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json()).toEqual({
      status: "error",
      message: SELLO_MSG.timbreConCertificadoDelEmisor("30001000000500003416", "EKU9003173C9"),
    });
    expect(await facturasGuardadas()).toBe(antes);

    // The same invoice (same UUID), stamped by the project's test stamping authority.
    const genuino = issueTestFactura(factura);
    const registro = await post(payloadFactura(genuino, entrada.DocNum));
    expect(registro.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    expect(await facturasGuardadas()).toBe(antes + 1);
  }, 60_000);
});
