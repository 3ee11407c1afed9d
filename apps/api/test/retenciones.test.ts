import { randomUUID } from "node:crypto";
import { WITHHOLDING_MSG, WITHHOLDING_RULE } from "@portal/cfdi";
import { type ConceptoPrueba, issueTestFactura } from "@portal/cfdi/sello";
import { createErpEntrada } from "@portal/seed";
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
let adminToken = "";

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
  adminToken = await login(t.app, "admin", "Empleado");
});
afterAll(async () => {
  await t?.close();
});

/**
 * An open receipt of Berenice in SBO_KIJ (May 2023, her test certificate's time): 1,000.00 + IVA 160.00, or the
 * lines given; `sinIva` makes it a receipt of goods at 0 % (issue 39: fresh produce).
 */
const entrada = async (retenciones?: string, o: { precios?: string[]; sinIva?: boolean } = {}) => {
  const row = await createErpEntrada(t.tdb.db, {
    bd: "SBO_KIJ",
    cardCode: "P00002",
    cardName: BERENICE.nombre,
    cp: "44160",
    peyMethod: "03",
    mainUsage: "G01",
    groupNum: 0,
    docDate: "2023-05-08",
    ...(retenciones ? { retenciones } : {}),
    ...(o.precios ? { lineas: o.precios.map((priceBefDi) => ({ priceBefDi })) } : {}),
  });
  if (o.sinIva) {
    await t.tdb.db.execute(sql`update erp_mock.entradas set vat_sum = 0, doc_total = doc_total - vat_sum
      where bd = 'SBO_KIJ' and doc_entry = ${row.docEntry}`);
    await t.tdb.db.execute(sql`update erp_mock.entrada_lineas set vat_sum = 0
      where bd = 'SBO_KIJ' and doc_entry = ${row.docEntry}`);
  }
  return row.docNum;
};

const register = async (
  docNum: number,
  retenciones: string,
  o: { regimen?: string; ivaRetenido?: string; claveProdServ?: string; conceptos?: ConceptoPrueba[] } = {},
) => {
  const xml = issueTestFactura(
    facturaPrueba({
      emisor: { ...BERENICE, regimen: o.regimen ?? BERENICE.regimen },
      ...(o.ivaRetenido ? { ivaRetenido: o.ivaRetenido } : {}),
      ...(o.claveProdServ ? { claveProdServ: o.claveProdServ } : {}),
      ...(o.conceptos ? { conceptos: o.conceptos } : {}),
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
    const res = await register(await entrada(), "0");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      WITHHOLDING_MSG.isr(WITHHOLDING_RULE.resicoIsr, "12.50", "1,000.00", "1.25 %", "0.00", ["12.49", "12.51"]),
    );
  });

  it("with the withholding (and the receipt's WTSum in the ERP) it registers", async () => {
    const res = await register(await entrada("12.50"), "12.50");
    expect(res.json().message).not.toContain("Régimen Simplificado de Confianza");
    expect(res.statusCode).toBe(200);
  });
});

interface SociedadFila {
  NoRetieneIva: boolean;
  IdSociedad: number;
  NomSociedad: string;
  RFC: string;
  Regimen: string;
  CP: string;
  Estatus: string;
  UsuarioSAP: string;
  BDSAP: string;
  RetencionResico: boolean;
  RetencionArrendamiento: boolean;
  RetencionHonorarios: boolean;
  ClavesHonorarios: string[];
  DiasPago: number[];
}
const sociedadKij = async (): Promise<SociedadFila> =>
  (await t.app.inject(withToken(adminToken, { method: "POST", url: "/api/sociedades/rowSociedades", payload: {} })))
    .json()
    .data.find((s: SociedadFila) => s.BDSAP === "SBO_KIJ");

/** The administrator's company form for KIJ, as the screen sends it, with other switches. */
const ajustarKij = async (ajustes: Partial<SociedadFila>) => {
  const s = await sociedadKij();
  return t.app.inject(
    withToken(adminToken, {
      method: "POST",
      url: "/api/sociedades/updateSociedad",
      payload: {
        Numero: s.IdSociedad,
        RazonSocial: s.NomSociedad,
        RFC: s.RFC,
        RegimenFiscal: s.Regimen,
        CodigoPostal: s.CP,
        Estatus: s.Estatus,
        UsuarioSAP: s.UsuarioSAP,
        BDSAP: s.BDSAP,
        ...ajustes,
      },
    }),
  );
};

const RENTA = "Arrendamiento de persona física";
const ISR_10 = WITHHOLDING_MSG.isr(WITHHOLDING_RULE.arrendamientoIsr, "100.00", "1,000.00", "10 %", "0.00", [
  "99.99",
  "100.01",
]);
/** Two thirds of the IVA of 1,000.00 at 16 % missing, under a rule. */
const IVA_DOS_TERCIOS = (regla: string) =>
  WITHHOLDING_MSG.iva(regla, "106.67", "160.00", "1,000.00", "0.00", ["106.66", "106.67"]);

describe("the sociedad's withholding switches (issue 27)", () => {
  it("start as the issue sets them and round-trip through the company form", async () => {
    expect(await sociedadKij()).toMatchObject({
      RetencionResico: true,
      RetencionArrendamiento: false,
      RetencionHonorarios: false,
      ClavesHonorarios: [],
    });
    const res = await ajustarKij({
      RetencionArrendamiento: true,
      RetencionHonorarios: true,
      ClavesHonorarios: ["80111600", "80101500"],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sociedadKij()).toMatchObject({
      RetencionResico: true,
      RetencionArrendamiento: true,
      RetencionHonorarios: true,
      ClavesHonorarios: ["80101500", "80111600"],
    });
    // A form without the fields (an earlier caller) keeps them.
    expect((await ajustarKij({})).statusCode).toBe(200);
    expect((await sociedadKij()).ClavesHonorarios).toEqual(["80101500", "80111600"]);
  });

  it("refuses a fee key that is not an 8-digit ClaveProdServ, in Spanish, and keeps what was stored", async () => {
    const res = await ajustarKij({ ClavesHonorarios: ["80111600", "8011-16"] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("El campo ClavesHonorarios[1] debe ser una ClaveProdServ de 8 dígitos");
    expect((await sociedadKij()).ClavesHonorarios).toEqual(["80101500", "80111600"]);
  });

  it("with rent on, an individual's rent invoice without 10 % ISR and two thirds of the IVA is refused, naming the amounts", async () => {
    expect((await ajustarKij({ RetencionArrendamiento: true })).statusCode).toBe(200);
    const res = await register(await entrada(), "0", { regimen: "606" });
    expect(res.statusCode).toBe(400);
    const message = res.json().message;
    expect(message).toContain(ISR_10);
    expect(message).toContain(IVA_DOS_TERCIOS(WITHHOLDING_RULE.arrendamientoIva));
  });

  it("with rent on, the rent invoice withholding both registers", async () => {
    const res = await register(await entrada("206.67"), "100.00", { regimen: "606", ivaRetenido: "106.67" });
    expect(res.json().message).not.toContain(RENTA);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("with rent off, the same rent invoice without withholdings registers", async () => {
    expect((await ajustarKij({ RetencionArrendamiento: false })).statusCode).toBe(200);
    const res = await register(await entrada(), "0", { regimen: "606" });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("a fees invoice is checked only when its concept's key is one the sociedad lists as fees", async () => {
    expect((await ajustarKij({ RetencionHonorarios: true, ClavesHonorarios: ["80111600"] })).statusCode).toBe(200);
    const listada = await register(await entrada(), "0", { regimen: "612", claveProdServ: "80111600" });
    expect(listada.statusCode).toBe(400);
    expect(listada.json().message).toContain(
      WITHHOLDING_MSG.isr(WITHHOLDING_RULE.honorariosIsr, "100.00", "1,000.00", "10 %", "0.00", ["99.99", "100.01"]),
    );
    expect(listada.json().message).toContain(IVA_DOS_TERCIOS(WITHHOLDING_RULE.honorariosIva));
    const otra = await register(await entrada(), "0", { regimen: "612", claveProdServ: "43211500" });
    expect(otra.statusCode, otra.body).toBe(200);
  });

  it("with RESICO off, a RESICO invoice without the 1.25 % ISR withholding registers", async () => {
    expect((await ajustarKij({ RetencionResico: false })).statusCode).toBe(200);
    const res = await register(await entrada(), "0");
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("withholdings as the law says (issue 39, decision 059)", () => {
  const servicio = (o: Partial<ConceptoPrueba> = {}): ConceptoPrueba => ({
    claveProdServ: "80101500",
    descripcion: "Asesoría administrativa",
    importe: "1000",
    iva: "160",
    isr: "12.50",
    tasaIsr: "0.012500",
    ...o,
  });

  it("a RESICO invoice of fresh apples registers without the 1.25 % ISR (LISR art. 113-E)", async () => {
    expect((await ajustarKij({ RetencionResico: true })).statusCode).toBe(200);
    const manzanas = { claveProdServ: "50301500", descripcion: "Manzana fresca", importe: "1000", iva: "0" };
    const res = await register(await entrada(undefined, { sinIva: true }), "0", {
      conceptos: [{ ...manzanas, tasaIva: "0.000000" }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("a RESICO service without two thirds of the IVA is refused, naming the rule, base, rate and amounts", async () => {
    expect(
      (await ajustarKij({ RetencionResico: true, NoRetieneIva: false, ClavesHonorarios: ["80101500"] })).statusCode,
    ).toBe(200);
    const sinIva = await register(await entrada("12.50"), "0", { conceptos: [servicio()] });
    expect(sinIva.statusCode).toBe(400);
    expect(sinIva.json().message).toContain(IVA_DOS_TERCIOS(WITHHOLDING_RULE.resicoIva));
    const conIva = await register(await entrada("119.17"), "0", { conceptos: [servicio({ ivaRetenido: "106.67" })] });
    expect(conIva.statusCode, conIva.body).toBe(200);
  });

  it("a fees-plus-goods invoice withholding on the fees only registers", async () => {
    expect((await ajustarKij({ RetencionHonorarios: true, ClavesHonorarios: ["80101500"] })).statusCode).toBe(200);
    const res = await register(await entrada("206.67", { precios: ["1000.00", "2000.00"] }), "0", {
      regimen: "612",
      conceptos: [
        servicio({ isr: "100", tasaIsr: "0.100000", ivaRetenido: "106.67" }),
        { claveProdServ: "43211500", descripcion: "Computadora portátil", importe: "2000", iva: "320" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("a sociedad that withholds no IVA (a municipality, LIVA art. 3) accepts rent with the 10 % ISR alone", async () => {
    expect((await ajustarKij({ RetencionArrendamiento: true, NoRetieneIva: true })).statusCode).toBe(200);
    expect(await sociedadKij()).toMatchObject({ NoRetieneIva: true, RetencionArrendamiento: true });
    const renta = { claveProdServ: "80131502", descripcion: "Renta de local", importe: "1000", iva: "160" };
    const res = await register(await entrada("100.00"), "0", {
      regimen: "606",
      conceptos: [{ ...renta, isr: "100" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // Switched off, the same invoice is refused for the IVA; the ISR stays required either way.
    expect((await ajustarKij({ NoRetieneIva: false })).statusCode).toBe(200);
    const refused = await register(await entrada("100.00"), "0", {
      regimen: "606",
      conceptos: [{ ...renta, isr: "100" }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(IVA_DOS_TERCIOS(WITHHOLDING_RULE.arrendamientoIva));
  });
});

describe("the supplier's agricultural flag (issue 39, decision 059)", () => {
  const proveedorRow = async () =>
    (
      await t.app.inject(
        withToken(adminToken, {
          method: "POST",
          url: "/api/proveedores/rowProveedores",
          payload: { tipo: "Lista" },
        }),
      )
    )
      .json()
      .data.find((p: { CardCode: string }) => p.CardCode === "P00002");
  const setAgapes = (tokenDe: string, valor: "Y" | "N") =>
    t.app.inject(
      withToken(tokenDe, {
        method: "POST",
        url: "/api/proveedores/updateProveedor",
        payload: { CardCode: "P00002", ResicoAgapes: valor },
      }),
    );

  it("set by an administrator, it lifts the 1.25 % of a RESICO invoice of any goods; a supplier cannot set it", async () => {
    expect((await ajustarKij({ RetencionResico: true })).statusCode).toBe(200);
    expect((await proveedorRow()).ResicoAgapes).toBe("N");
    const antes = await register(await entrada(), "0");
    expect(antes.statusCode).toBe(400);
    expect(antes.json().message).toContain(WITHHOLDING_RULE.resicoIsr);

    await setAgapes(token, "Y");
    expect((await proveedorRow()).ResicoAgapes).toBe("N");
    expect((await setAgapes(adminToken, "Y")).statusCode).toBe(200);
    expect((await proveedorRow()).ResicoAgapes).toBe("Y");
    const despues = await register(await entrada(), "0");
    expect(despues.statusCode, despues.body).toBe(200);

    expect((await setAgapes(adminToken, "N")).statusCode).toBe(200);
    expect((await proveedorRow()).ResicoAgapes).toBe("N");
  });
});
