import { randomUUID } from "node:crypto";
import { WITHHOLDING_MSG } from "@portal/cfdi";
import { issueTestFactura } from "@portal/cfdi/sello";
import { createErpEntrada } from "@portal/db/seed";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facturaPrueba, payloadFactura } from "./factura-prueba";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 27, withholdings: an individual in the simplified trust regime (RESICO, régimen 626) invoicing a legal
 * entity must withhold ISR at 1.25 % of the subtotal; the portal refuses the invoice otherwise, naming the amounts.
 * Berenice (an individual, XIQB891116QE4) invoices KIJ (a legal entity, KIJ0906199R1).
 */
let t: TestApp;
let token = "";

const BERENICE = { rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA", regimen: "626" } as const;
const KIJ = { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601", uso: "G01" };

beforeAll(async () => {
  t = await createTestApp();
  // Berenice's registration made complete for this test: Kemper's loaded documents, her record Completo.
  await t.tdb.db.execute(sql`insert into proveedor_documentos (card_code, clave, val, archivo_id, nombre, fecha)
    select 'P00002', clave, val, archivo_id, nombre, fecha from proveedor_documentos where card_code = 'P00001'
    on conflict (card_code, clave) do update set val = excluded.val, archivo_id = excluded.archivo_id,
      nombre = excluded.nombre, fecha = excluded.fecha`);
  await t.tdb.db.execute(sql`update proveedores set estatus_registro = 'C', estatus = 'A' where card_code = 'P00002'`);
  token = await login(t.app, BERENICE.rfc, "Proveedor");
});
afterAll(async () => {
  await t?.close();
});

/** An open receipt of Berenice in SBO_KIJ (May 2023, her test certificate's time): 1,000.00 + IVA 160.00. */
const entrada = async (retenciones?: string) =>
  (
    await createErpEntrada(t.tdb.db, {
      bd: "SBO_KIJ",
      cardCode: "P00002",
      cardName: BERENICE.nombre,
      cp: "44160",
      peyMethod: "03",
      mainUsage: "G01",
      groupNum: 0,
      docDate: "2023-05-08",
      ...(retenciones ? { retenciones } : {}),
    })
  ).docNum;

const registrar = async (docNum: number, retenciones: string) => {
  const xml = issueTestFactura(
    facturaPrueba({
      emisor: BERENICE,
      receptor: KIJ,
      lugarExpedicion: "44160",
      // Within the test certificate's validity (it ended 2023-05-29), as the demo's own invoices of Berenice.
      fecha: "2023-05-10T11:00:00",
      fechaTimbrado: "2023-05-10T11:01:30",
      retenciones,
      uuid: randomUUID(),
    }),
  );
  return t.app.inject(
    withToken(token, {
      method: "POST",
      url: "/api/facturas/postFactura",
      payload: payloadFactura(xml, docNum, { RazonSocial: "SBO_KIJ" }),
    }),
  );
};

describe("withholdings on registration (issue 27)", () => {
  it("a RESICO invoice to a legal entity without the 1.25 % ISR withholding is refused, with the amounts", async () => {
    const res = await registrar(await entrada(), "0");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      WITHHOLDING_MSG.isr("Régimen Simplificado de Confianza", "12.50", "1,000.00", "1.25 %", "0.00"),
    );
  });

  it("with the withholding (and the receipt's WTSum in the ERP) it registers", async () => {
    const res = await registrar(await entrada("12.50"), "12.50");
    expect(res.json().message).not.toContain("Régimen Simplificado de Confianza");
    expect(res.statusCode).toBe(200);
  });
});
