import { MSG, type SociedadRow } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  buildCreateSociedadRequest,
  buildUpdateSociedadRequest,
  emptySociedadForm,
  formatCodigoPostal,
  maskCodigoPostalInput,
  type SociedadFormValues,
  sociedadFormFromRow,
  validateSociedadForm,
} from "./sociedad-form-logic";

const PDF = { nombre: "constancia.pdf", base64: "JVBERi0xLjQK", bytes: 9 };

const ROW: SociedadRow = {
  Fila: 2,
  IdSociedad: 7,
  NomSociedad: "KIJ, S.A DE C.V.",
  RFC: "KIJ0906199R1",
  Regimen: "601",
  CP: "59820",
  Estatus: "A",
  UsuarioSAP: "manager",
  PassSAP: "",
  BDSAP: "SBO_KIJ",
  Constancia: "/api/archivos/abc",
};

const valid: SociedadFormValues = {
  RazonSocial: "Comercializadora Norte",
  RFC: "cno010101ab1",
  RegimenFiscal: "601",
  CodigoPostal: "01000",
  UsuarioSAP: "manager",
  ContraseñaSAP: "B1Admin!",
  BDSAP: "SBO_CNO",
  Estatus: "A",
  CartaSituacionFiscal: PDF,
  RetencionResico: true,
  RetencionArrendamiento: false,
  RetencionHonorarios: false,
  NoRetieneIva: false,
  ClavesHonorarios: "",
  DiasPago: [],
  ReglaFechaContable: "primer_dia_abierto",
  DiasEnfriamientoCuenta: 3,
  MonedasSap: "",
};

const DEFAULT_AJUSTES = {
  RetencionResico: true,
  RetencionArrendamiento: false,
  RetencionHonorarios: false,
  NoRetieneIva: false,
  ClavesHonorarios: [],
  DiasPago: [],
  ReglaFechaContable: "primer_dia_abierto",
  DiasEnfriamientoCuenta: 3,
  MonedasSap: [],
};

describe("company form validation (spec §5)", () => {
  it("marks every required field and asks for the tax-situation PDF", () => {
    expect(validateSociedadForm(emptySociedadForm(), { mode: "crear", hasStoredCarta: false })).toEqual({
      RazonSocial: "El campo Razón social es obligatorio.",
      RFC: "El campo RFC es obligatorio.",
      RegimenFiscal: "El campo Régimen fiscal es obligatorio.",
      CodigoPostal: "El campo Código postal es obligatorio.",
      UsuarioSAP: "El campo Usuario SAP es obligatorio.",
      ContraseñaSAP: "El campo Contraseña SAP es obligatorio.",
      BDSAP: "El campo Base de datos SAP es obligatorio.",
      CartaSituacionFiscal: MSG.cartaSituacionFiscal,
    });
  });

  it("accepts a complete company, the RFC in any case", () => {
    expect(validateSociedadForm(valid, { mode: "crear", hasStoredCarta: false })).toEqual({});
  });

  it("checks RFC, postal code and regime formats", () => {
    const errors = validateSociedadForm(
      { ...valid, RFC: "XYZ", CodigoPostal: "123", RegimenFiscal: "6O1" },
      { mode: "crear", hasStoredCarta: false },
    );
    expect(errors.RFC).toMatch(/^El campo RFC debe ser un RFC válido del SAT/);
    expect(errors.CodigoPostal).toBe("El campo Código postal debe tener 5 dígitos.");
    expect(errors.RegimenFiscal).toBe("El campo Régimen fiscal debe ser una clave de régimen fiscal de 3 dígitos.");
  });

  it("on update keeps the stored PDF and SAP password when none is given", () => {
    const values = sociedadFormFromRow(ROW);
    expect(validateSociedadForm(values, { mode: "actualizar", hasStoredCarta: true })).toEqual({});
    expect(validateSociedadForm(values, { mode: "actualizar", hasStoredCarta: false })).toEqual({
      CartaSituacionFiscal: MSG.cartaSituacionFiscal,
    });
  });
});

describe("posting-date rule (decision 047)", () => {
  it("reads the row's rule (default when absent) and sends it back", () => {
    expect(sociedadFormFromRow(ROW).ReglaFechaContable).toBe("primer_dia_abierto");
    const values = sociedadFormFromRow({ ...ROW, ReglaFechaContable: "rechazar" });
    expect(values.ReglaFechaContable).toBe("rechazar");
    const built = buildUpdateSociedadRequest(values, { fila: 1, idSociedad: 7, hasStoredCarta: true });
    expect(built.ok && built.request.ReglaFechaContable).toBe("rechazar");
  });

  it("reads the SAP currency codes as código=moneda, sends them parsed and refuses what does not read so", () => {
    const row = {
      ...ROW,
      MonedasSap: [
        { Codigo: "MXP", Moneda: "MXN" },
        { Codigo: "US$", Moneda: "USD" },
      ],
    };
    expect(sociedadFormFromRow(row).MonedasSap).toBe("MXP=MXN, US$=USD");
    const typed = { ...sociedadFormFromRow(ROW), MonedasSap: "MXP = mxn;\n US$=USD" };
    const built = buildUpdateSociedadRequest(typed, { fila: 1, idSociedad: 7, hasStoredCarta: true });
    expect(built.ok && built.request.MonedasSap).toEqual([
      { Codigo: "MXP", Moneda: "MXN" },
      { Codigo: "US$", Moneda: "USD" },
    ]);
    const context = { mode: "actualizar" as const, hasStoredCarta: true };
    expect(validateSociedadForm({ ...valid, MonedasSap: "MXP" }, context).MonedasSap).toBe(
      "Escriba cada código como código=moneda, por ejemplo MXP=MXN, US$=USD.",
    );
    expect(validateSociedadForm({ ...valid, MonedasSap: "MXP=MXN, MXP=USD" }, context).MonedasSap).toBe(
      "Un código de SAP está repetido.",
    );
    expect(validateSociedadForm({ ...valid, MonedasSap: "PESO=MXN" }, context).MonedasSap).toBeDefined();
  });
});

describe("postal code mask", () => {
  it("shows five digits, restoring a lost leading zero", () => {
    expect(formatCodigoPostal("54700")).toBe("54700");
    expect(formatCodigoPostal("1000")).toBe("01000");
    expect(formatCodigoPostal(" 59820 ")).toBe("59820");
    expect(formatCodigoPostal("")).toBe("");
    expect(formatCodigoPostal("C.P. 1")).toBe("C.P. 1");
  });

  it("keeps only up to five digits while typing", () => {
    expect(maskCodigoPostalInput("54-70a0 9")).toBe("54700");
    expect(maskCodigoPostalInput("abc")).toBe("");
  });
});

describe("company requests", () => {
  it("builds createSociedad with the certificate's content and name", () => {
    expect(buildCreateSociedadRequest(valid)).toEqual({
      ok: true,
      request: {
        RazonSocial: "Comercializadora Norte",
        RFC: "CNO010101AB1",
        RegimenFiscal: "601",
        CodigoPostal: "01000",
        Estatus: "A",
        UsuarioSAP: "manager",
        BDSAP: "SBO_CNO",
        ContraseñaSAP: "B1Admin!",
        CartaSituacionFiscal: PDF.base64,
        CartaSituacionFiscalNombre: PDF.nombre,
        ...DEFAULT_AJUSTES,
      },
    });
  });

  it("sends the withholding switches, the fee keys parsed and the payment days in order (issue 27)", () => {
    const built = buildCreateSociedadRequest({
      ...valid,
      RetencionArrendamiento: true,
      RetencionHonorarios: true,
      NoRetieneIva: true,
      ClavesHonorarios: " 80111600,80101500;\n80111600 ",
      DiasPago: ["4", "2"],
    });
    expect(built.ok && built.request).toMatchObject({
      RetencionResico: true,
      RetencionArrendamiento: true,
      RetencionHonorarios: true,
      // Issue 39: a state or municipality withholds no IVA.
      NoRetieneIva: true,
      ClavesHonorarios: ["80111600", "80101500"],
      DiasPago: [2, 4],
    });
  });

  it("refuses a fee key that is not an 8-digit ClaveProdServ, naming it", () => {
    expect(buildCreateSociedadRequest({ ...valid, ClavesHonorarios: "80111600, 123" })).toEqual({
      ok: false,
      errors: {
        ClavesHonorarios: "Cada clave debe ser una ClaveProdServ de 8 dígitos (por ejemplo 80111600): 123 no lo es.",
      },
    });
  });

  it("refuses to create without the certificate", () => {
    expect(buildCreateSociedadRequest({ ...valid, CartaSituacionFiscal: null })).toEqual({
      ok: false,
      errors: { CartaSituacionFiscal: MSG.cartaSituacionFiscal },
    });
  });

  it("builds updateSociedad identified by Numero, leaving out the write-only fields not given", () => {
    const built = buildUpdateSociedadRequest(
      { ...sociedadFormFromRow(ROW), Estatus: "I" },
      { fila: 2, idSociedad: 7, hasStoredCarta: true },
    );
    expect(built).toEqual({
      ok: true,
      request: {
        id: 2,
        Numero: 7,
        RazonSocial: "KIJ, S.A DE C.V.",
        RFC: "KIJ0906199R1",
        RegimenFiscal: "601",
        CodigoPostal: "59820",
        Estatus: "I",
        UsuarioSAP: "manager",
        BDSAP: "SBO_KIJ",
        ...DEFAULT_AJUSTES,
      },
    });
  });

  it("sends a replaced certificate and a new SAP password on update", () => {
    const built = buildUpdateSociedadRequest(
      { ...sociedadFormFromRow(ROW), ContraseñaSAP: "Otra!", CartaSituacionFiscal: PDF },
      { fila: 2, idSociedad: 7, hasStoredCarta: true },
    );
    expect(built.ok && built.request).toMatchObject({
      ContraseñaSAP: "Otra!",
      CartaSituacionFiscal: PDF.base64,
      CartaSituacionFiscalNombre: PDF.nombre,
    });
  });
});
