import { CUENTA_BANCARIA_MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { clabeHint, describeCuenta } from "./cuenta-logic";

describe("clabeHint", () => {
  it("names the bank of a valid CLABE as it is typed, spaces allowed", () => {
    expect(clabeHint("0021 8070 1234 5678 95")).toEqual({ banco: "Banco: Banco Nacional de México", error: null });
  });
  it("gives the check's refusal for a wrong check digit, and nothing while empty", () => {
    expect(clabeHint("032180000118359714").error).toBe(CUENTA_BANCARIA_MSG.clabeDigitoVerificador(9, 4));
    expect(clabeHint("  ")).toEqual({ banco: null, error: null });
  });
});

describe("describeCuenta", () => {
  it("writes a CLABE and a foreign account in one line", () => {
    const base = {
      IBAN: "",
      NumeroCuenta: "",
      SWIFT: "",
      ABA: "",
      Pais: "MX",
      BancoCodigo: "002",
      Banco: "Banco Nacional de México",
      Titular: "",
      Moneda: "MXN",
      Archivo: "",
      ArchivoNombre: "",
    };
    expect(describeCuenta({ ...base, Tipo: "clabe", CLABE: "002180701234567895" })).toBe(
      "CLABE 002180701234567895 · Banco Nacional de México · MXN",
    );
    expect(
      describeCuenta({
        ...base,
        Tipo: "extranjera",
        CLABE: "",
        IBAN: "GB82WEST12345698765432",
        SWIFT: "WESTGB2L",
        Banco: "",
        BancoCodigo: "WEST",
        Moneda: "GBP",
      }),
    ).toBe("IBAN GB82WEST12345698765432 · SWIFT WESTGB2L · WEST · GBP");
  });
});
