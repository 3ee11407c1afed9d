import { describe, expect, it } from "vitest";
import {
  checkWithholdings,
  DEFAULT_WITHHOLDING_RULES,
  type InvoiceData,
  readInvoice,
  WITHHOLDING_MSG,
  WITHHOLDING_RULE,
  type WithholdingRules,
} from "../src/index";
import { type FacturaPrueba, issueTestFactura, readInvoiceVerified } from "../src/sello/index";
import { fixtureText } from "./helpers";

/** An individual (13-character RFC) invoicing a legal entity (12-character RFC), within her test CSD's validity. */
const resico: FacturaPrueba = {
  emisor: { rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA", regimen: "626" },
  receptor: { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601", uso: "G03" },
  lugarExpedicion: "44160",
  fecha: "2023-05-10T10:00:00",
  folio: "R-1",
  formaPago: "03",
  metodoPago: "PUE",
  subtotal: "1000",
  descuento: "100",
  iva: "144",
  retenciones: "11.25",
  uuid: "21111111-2222-4333-8444-555555555555",
  fechaTimbrado: "2023-05-10T10:05:00",
};
const MUNICIPIO = {
  rfc: "MCI7306249Y1",
  nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI",
  cp: "54700",
  regimen: "603",
  uso: "G03",
};

/** Sealed with the SAT's test CSD and stamped in the test, read with both seals verified. */
async function read(f: FacturaPrueba): Promise<InvoiceData> {
  const r = await readInvoiceVerified(issueTestFactura(f), { trustTestCertificates: true });
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.data;
}

const R = WITHHOLDING_RULE;
const ALL_ON: WithholdingRules = { resico: true, arrendamiento: true, honorarios: true, noRetieneIva: false };

describe("withholdings (issue 27)", () => {
  it("reads the federal withholdings and transfers by tax, and each concept's", async () => {
    expect(await read(resico)).toMatchObject({
      RetenidoISR: "11.25",
      RetenidoIVA: "0",
      TrasladadoIVA: "144.00",
      Conceptos: 1,
      ConceptLines: [
        {
          ClaveProdServ: "01010101",
          Importe: "1000.00",
          Descuento: "100.00",
          TasaIVA: "0.160000",
          TrasladadoIVA: "144.00",
          RetenidoISR: "11.25",
          RetenidoIVA: "0",
        },
      ],
    });
  });

  it("RESICO to a legal entity: 1.25 % ISR of the concepts net of discounts, with the amounts when missing", async () => {
    expect(checkWithholdings(await read(resico), DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    const sin = await read({ ...resico, retenciones: "0" });
    expect(checkWithholdings(sin, DEFAULT_WITHHOLDING_RULES)).toEqual([
      WITHHOLDING_MSG.isr(R.resicoIsr, "11.25", "900.00", "1.25 %", "0.00", ["11.24", "11.26"]),
    ]);
    expect(checkWithholdings(sin, DEFAULT_WITHHOLDING_RULES)[0]).toBe(
      "Régimen Simplificado de Confianza (LISR art. 113-J): el CFDI debe retener ISR por 11.25 (1.25 % de 900.00; por el redondeo de cada concepto se admite de 11.24 a 11.26) y retiene 0.00.",
    );
    // Anexo 20's range of one concept of 900.00 at 1.25 %: 11.24 to 11.26.
    expect(checkWithholdings(await read({ ...resico, retenciones: "11.24" }), DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings(await read({ ...resico, retenciones: "11.26" }), DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings(await read({ ...resico, retenciones: "11.23" }), DEFAULT_WITHHOLDING_RULES)).toHaveLength(
      1,
    );
    expect(checkWithholdings(await read({ ...resico, retenciones: "11.27" }), DEFAULT_WITHHOLDING_RULES)).toHaveLength(
      1,
    );
  });

  it("applies only to an individual invoicing a legal entity, and only with the rule on", async () => {
    const sin = await read({ ...resico, retenciones: "0" });
    expect(checkWithholdings(sin, { ...DEFAULT_WITHHOLDING_RULES, resico: false })).toEqual([]);
    expect(checkWithholdings({ ...sin, RFCReceptor: "XAXX010101000" }, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings({ ...sin, RFCEmisor: "EKU9003173C9" }, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings({ ...sin, RegimenFiscalEmisor: "612" }, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
  });

  it("rent and professional fees, when the sociedad turns them on: 10 % ISR and two thirds of the IVA", async () => {
    const emisor = { ...resico.emisor, regimen: "606" };
    const renta = await read({ ...resico, emisor, retenciones: "0" });
    expect(checkWithholdings(renta, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings(renta, ALL_ON)).toEqual([
      WITHHOLDING_MSG.isr(R.arrendamientoIsr, "90.00", "900.00", "10 %", "0.00", ["89.99", "90.01"]),
      WITHHOLDING_MSG.iva(R.arrendamientoIva, "96.00", "144.00", "900.00", "0.00", ["95.99", "96.01"]),
    ]);
    const withheld = await read({ ...resico, emisor, retenciones: "90", ivaRetenido: "96" });
    expect(checkWithholdings(withheld, ALL_ON)).toEqual([]);
    const honorarios = { ...renta, RegimenFiscalEmisor: "612" };
    expect(checkWithholdings(honorarios, ALL_ON)).toEqual([]);
    expect(checkWithholdings(honorarios, ALL_ON, { clavesHonorarios: ["01010101"] })).toHaveLength(2);
  });

  it("a real stamped fees invoice (satcfdi xiqb891116qe4 to KIJ) withholds exactly what the fee rules ask", () => {
    const xml = fixtureText("satcfdi__xiqb891116qe4_ingreso_iva16_stamped.xml").replace(
      'MetodoPago="PPD"',
      'MetodoPago="PPD" FormaPago="99"',
    );
    const r = readInvoice(xml);
    if (!r.ok) throw new Error(r.errors.join("\n"));
    const fees = { ...r.data, RegimenFiscalEmisor: "612" };
    const context = { clavesHonorarios: ["10101702"] };
    expect(checkWithholdings(fees, ALL_ON, context)).toEqual([]);
    expect(checkWithholdings({ ...fees, RetenidoIVA: "0" }, ALL_ON, context)).toEqual([
      WITHHOLDING_MSG.iva(R.honorariosIva, "1,641.63", "2,462.45", "15,390.30", "0.00", ["1,641.62", "1,641.64"]),
    ]);
  });
});

describe("withholdings as the law says (issue 39, decision 059)", () => {
  it("RESICO: an agricultural invoice is not withheld the 1.25 % (LISR art. 113-E), nor a supplier flagged so", async () => {
    const manzanas = await read({
      ...resico,
      retenciones: "0",
      descuento: "0",
      iva: "0",
      conceptos: [
        { claveProdServ: "50301500", descripcion: "Manzana fresca", importe: "1000", iva: "0", tasaIva: "0.000000" },
      ],
    });
    expect(manzanas.ConceptLines[0]).toMatchObject({ ClaveProdServ: "50301500", TasaIVA: "0.000000" });
    expect(checkWithholdings(manzanas, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    // The same invoice of other goods is withheld; a supplier the sociedad flags as agricultural is not.
    const otros = {
      ...manzanas,
      ConceptLines: manzanas.ConceptLines.map((c) => ({ ...c, ClaveProdServ: "43211500" })),
    };
    expect(checkWithholdings(otros, DEFAULT_WITHHOLDING_RULES)).toEqual([
      WITHHOLDING_MSG.isr(R.resicoIsr, "12.50", "1,000.00", "1.25 %", "0.00", ["12.49", "12.51"]),
    ]);
    expect(checkWithholdings(otros, DEFAULT_WITHHOLDING_RULES, { proveedorAgapes: true })).toEqual([]);
  });

  it("RESICO: apples and a service on one invoice withhold 1.25 % of the service only", async () => {
    const mixta = await read({
      ...resico,
      conceptos: [
        { claveProdServ: "50301500", importe: "1000", iva: "0", tasaIva: "0.000000" },
        { claveProdServ: "72101500", importe: "400", iva: "64", isr: "5", tasaIsr: "0.012500" },
      ],
    });
    expect(mixta.RetenidoISR).toBe("5.00");
    expect(checkWithholdings(mixta, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings({ ...mixta, RetenidoISR: "17.50" }, DEFAULT_WITHHOLDING_RULES)).toEqual([
      WITHHOLDING_MSG.isr(R.resicoIsr, "5.00", "400.00", "1.25 %", "17.50", ["4.99", "5.01"]),
    ]);
  });

  it("per-concept truncation within Anexo 20's range: 12.48 against 12.50 is accepted on two concepts of 500.00", async () => {
    const dos = (isr: [string, string]): FacturaPrueba => ({
      ...resico,
      conceptos: isr.map((importe) => ({
        claveProdServ: "43211500",
        importe: "500.00",
        iva: "80.00",
        isr: importe,
        tasaIsr: "0.012500",
      })),
    });
    const truncada = await read(dos(["6.24", "6.24"]));
    expect(truncada.RetenidoISR).toBe("12.48");
    expect(checkWithholdings(truncada, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings(await read(dos(["6.26", "6.26"])), DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    // Below the sum of the concepts' lower limits (6.24 + 6.24) it is refused, naming the range.
    expect(checkWithholdings(await read(dos(["6.24", "6.23"])), DEFAULT_WITHHOLDING_RULES)).toEqual([
      WITHHOLDING_MSG.isr(R.resicoIsr, "12.50", "1,000.00", "1.25 %", "12.47", ["12.48", "12.52"]),
    ]);
  });

  it("rent to the municipality, which withholds no IVA (LIVA art. 3), is accepted with the 10 % ISR alone", async () => {
    const renta: FacturaPrueba = {
      ...resico,
      emisor: { ...resico.emisor, regimen: "606" },
      receptor: MUNICIPIO,
      descuento: "0",
      subtotal: "10000",
      iva: "1600",
      retenciones: "1000",
      claveProdServ: "80131502",
    };
    const municipio = { ...ALL_ON, noRetieneIva: true };
    expect(checkWithholdings(await read(renta), municipio)).toEqual([]);
    // A sociedad that withholds IVA refuses the same invoice, naming the two thirds; the ISR is still required.
    expect(checkWithholdings(await read(renta), ALL_ON)).toEqual([
      WITHHOLDING_MSG.iva(R.arrendamientoIva, "1,066.67", "1,600.00", "10,000.00", "0.00", ["1,066.65", "1,066.68"]),
    ]);
    expect(checkWithholdings(await read({ ...renta, retenciones: "0" }), municipio)).toEqual([
      WITHHOLDING_MSG.isr(R.arrendamientoIsr, "1,000.00", "10,000.00", "10 %", "0.00", ["999.99", "1,000.01"]),
    ]);
  });

  it("fees plus goods: the base is the fee concepts only, so withholding on the fees alone is accepted", async () => {
    const honorarios = (fee: { isr?: string; ivaRetenido?: string }): FacturaPrueba => ({
      ...resico,
      emisor: { ...resico.emisor, regimen: "612" },
      conceptos: [
        { claveProdServ: "80101500", descripcion: "Asesoría", importe: "1000", iva: "160", ...fee },
        { claveProdServ: "43211500", descripcion: "Computadora", importe: "2000", iva: "320" },
      ],
    });
    const context = { clavesHonorarios: ["80101500"] };
    const ok = await read(honorarios({ isr: "100", ivaRetenido: "106.67" }));
    expect(ok).toMatchObject({ SubTotal: "3000.00", RetenidoISR: "100.00", RetenidoIVA: "106.67" });
    expect(checkWithholdings(ok, ALL_ON, context)).toEqual([]);
    expect(checkWithholdings(await read(honorarios({})), ALL_ON, context)).toEqual([
      WITHHOLDING_MSG.isr(R.honorariosIsr, "100.00", "1,000.00", "10 %", "0.00", ["99.99", "100.01"]),
      WITHHOLDING_MSG.iva(R.honorariosIva, "106.67", "160.00", "1,000.00", "0.00", ["106.66", "106.67"]),
    ]);
  });

  it("RESICO services and rent: two thirds of the IVA are required when the rule applies", async () => {
    const servicio = (ivaRetenido?: string, clave = "80101500"): FacturaPrueba => ({
      ...resico,
      conceptos: [
        {
          claveProdServ: clave,
          importe: "1000",
          iva: "160",
          isr: "12.50",
          tasaIsr: "0.012500",
          ...(ivaRetenido ? { ivaRetenido } : {}),
        },
      ],
    });
    const context = { clavesHonorarios: ["80101500"] };
    const sinIva = await read(servicio());
    const missing = WITHHOLDING_MSG.iva(R.resicoIva, "106.67", "160.00", "1,000.00", "0.00", ["106.66", "106.67"]);
    expect(checkWithholdings(sinIva, DEFAULT_WITHHOLDING_RULES, context)).toEqual([missing]);
    expect(missing).toBe(
      "Régimen Simplificado de Confianza, servicios profesionales y arrendamiento (LIVA art. 1-A, fr. II, a): el CFDI debe retener IVA por 106.67 (dos terceras partes de 160.00 de IVA trasladado sobre 1,000.00; por el redondeo de cada concepto se admite de 106.66 a 106.67) y retiene 0.00.",
    );
    // Rent of real estate (801315xx) too, whatever the fee keys; goods never.
    expect(checkWithholdings(await read(servicio(undefined, "80131502")), DEFAULT_WITHHOLDING_RULES)).toEqual([
      missing,
    ]);
    expect(checkWithholdings(await read(servicio(undefined, "43211500")), DEFAULT_WITHHOLDING_RULES, context)).toEqual(
      [],
    );
    // Withheld, it is accepted; a sociedad that withholds no IVA, or with RESICO off, does not ask for it.
    expect(checkWithholdings(await read(servicio("106.67")), DEFAULT_WITHHOLDING_RULES, context)).toEqual([]);
    expect(checkWithholdings(sinIva, { ...DEFAULT_WITHHOLDING_RULES, noRetieneIva: true }, context)).toEqual([]);
    expect(checkWithholdings(sinIva, { ...DEFAULT_WITHHOLDING_RULES, resico: false }, context)).toEqual([]);
  });
});
