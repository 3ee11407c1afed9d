import { clabe as clabePackage } from "clabe-validator";
import { describe, expect, it } from "vitest";
import {
  abaSchema,
  BANCOS_CLABE,
  clabeCheckDigit,
  clabeSchema,
  ibanMod97,
  ibanSchema,
  swiftSchema,
  validateAba,
  validateClabe,
  validateIban,
  validateSwift,
} from "./cuentas-bancarias";
import { CUENTA_BANCARIA_MSG } from "./messages-cuentas-bancarias";

const refusal = (mensaje: string) => ({ ok: false, mensaje });

describe("validateClabe", () => {
  it("accepts Banxico's documented example (IXE Banco, plaza 180) and splits it", () => {
    const result = validateClabe("032180000118359719");
    expect(result).toEqual({
      ok: true,
      clabe: "032180000118359719",
      banco: { codigo: "032", nombre: "IXE Banco" },
      plaza: { codigo: "180", nombres: expect.arrayContaining(["Ciudad de México", "Naucalpan"]) },
      cuenta: "00011835971",
    });
    expect(clabeCheckDigit("03218000011835971")).toBe(9);
  });

  it.each([
    ["002010077777777771", "002", "Banco Nacional de México"],
    ["012180000012345674", "012", "BBVA Bancomer"],
    ["014180655000123455", "014", "Banco Santander"],
    ["021180040123456788", "021", "HSBC México"],
    ["072580009876543211", "072", "Banco Mercantil del Norte"],
    ["646180570000000018", "646", "Sistema de Transferencias y Pagos STP, SOFOM E.N.R."],
  ])("accepts %s of bank %s", (text, codigo, nombre) => {
    const result = validateClabe(text);
    expect(result.ok && result.banco).toEqual({ codigo, nombre });
    expect(result.ok && result.clabe).toBe(text);
  });

  it("takes spaces out and names the plaza when the catalogue has it", () => {
    const result = validateClabe(" 002 010 07777777777 1 ");
    expect(result).toMatchObject({ ok: true, clabe: "002010077777777771", plaza: { codigo: "010" } });
    expect(result.ok && result.plaza?.nombres).toEqual(["Aguascalientes"]);
  });

  it("answers no plaza (and no refusal) for a plaza code the catalogue lacks", () => {
    const digits = "002000077777777";
    const sinPlaza = `${digits}77${clabeCheckDigit(`${digits}77`)}`;
    expect(validateClabe(sinPlaza)).toMatchObject({ ok: true, plaza: null, banco: { codigo: "002" } });
  });

  it("refuses a wrong check digit, naming the expected and the found digit", () => {
    expect(validateClabe("032180000118359714")).toEqual(
      refusal("El dígito verificador de la CLABE no es correcto: debería ser 9 y es 4."),
    );
    expect(validateClabe("002010077777777770")).toEqual(refusal(CUENTA_BANCARIA_MSG.clabeDigitoVerificador(1, 0)));
  });

  it("refuses a bank code that is not in Banxico's catalogue (999 is the catalogue's placeholder, no bank)", () => {
    const digits = "99918000001234567";
    const clabe = `${digits}${clabeCheckDigit(digits)}`;
    expect(validateClabe(clabe)).toEqual(
      refusal("El código de banco 999 de la CLABE no corresponde a ningún banco del catálogo de Banxico."),
    );
    const otro = `00418000001234567`;
    expect(validateClabe(`${otro}${clabeCheckDigit(otro)}`)).toEqual(
      refusal(CUENTA_BANCARIA_MSG.clabeBancoDesconocido("004")),
    );
  });

  it("refuses a wrong length, letters and an empty text", () => {
    expect(validateClabe("03218000011835971")).toEqual(refusal("La CLABE debe tener 18 dígitos; tiene 17."));
    expect(validateClabe("0321800001183597190")).toEqual(refusal(CUENTA_BANCARIA_MSG.clabeLargo(19)));
    expect(validateClabe("03218000011835971O")).toEqual(refusal(CUENTA_BANCARIA_MSG.clabeSoloDigitos));
    expect(validateClabe("032-180-000118359719")).toEqual(refusal(CUENTA_BANCARIA_MSG.clabeSoloDigitos));
    expect(validateClabe("   ")).toEqual(refusal(CUENTA_BANCARIA_MSG.clabeObligatoria));
  });

  it("computes the same check digit as clabe-validator's own code over many numbers", () => {
    for (let n = 0; n < 2000; n++) {
      const digits17 = String((n * 7_919_113_717 + 12_345) % 10 ** 17).padStart(17, "0");
      expect(clabeCheckDigit(digits17)).toBe(clabePackage.computeChecksum(digits17));
    }
    expect(clabeCheckDigit("1234")).toBeNull();
  });

  it("holds the catalogue's banks by their three-digit code", () => {
    expect(BANCOS_CLABE.get("072")).toEqual({ codigo: "072", nombre: "Banco Mercantil del Norte" });
    expect(BANCOS_CLABE.has("999")).toBe(false);
    expect(BANCOS_CLABE.size).toBeGreaterThan(100);
    for (const [codigo, banco] of BANCOS_CLABE) {
      expect(codigo).toMatch(/^[0-9]{3}$/);
      expect(banco.nombre.length).toBeGreaterThan(0);
    }
  });
});

describe("validateIban", () => {
  it.each([
    ["GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432", "GB"],
    ["DE89 3704 0044 0532 0130 00", "DE89370400440532013000", "DE"],
    ["fr14 2004 1010 0505 0001 3m02 606", "FR1420041010050500013M02606", "FR"],
    ["NL91ABNA0417164300", "NL91ABNA0417164300", "NL"],
    ["ES91 2100 0418 4502 0005 1332", "ES9121000418450200051332", "ES"],
    ["CH93 0076 2011 6238 5295 7", "CH9300762011623852957", "CH"],
    ["BE68 5390 0754 7034", "BE68539007547034", "BE"],
    ["NO93 8601 1117 947", "NO9386011117947", "NO"],
    ["MT84 MALT 0110 0001 2345 MTLC AST0 01S", "MT84MALT011000012345MTLCAST001S", "MT"],
  ])("accepts %s", (text, iban, pais) => {
    expect(validateIban(text)).toEqual({ ok: true, iban, pais });
  });

  it("refuses a wrong checksum", () => {
    expect(validateIban("GB82 WEST 1234 5698 7654 33")).toEqual(
      refusal("El IBAN no es válido: su dígito de control no cuadra."),
    );
    expect(validateIban("DE88 3704 0044 0532 0130 00")).toEqual(refusal(CUENTA_BANCARIA_MSG.ibanDigitoControl));
    expect(ibanMod97("GB82WEST12345698765432")).toBe(1);
    expect(ibanMod97("GB82WEST12345698765433")).not.toBe(1);
  });

  it("refuses a length that is not its country's", () => {
    expect(validateIban("GB82 WEST 1234 5698 7654 3")).toEqual(
      refusal("El IBAN de GB debe tener 22 caracteres; tiene 21."),
    );
    expect(validateIban("DE89 3704 0044 0532 0130 000")).toEqual(
      refusal(CUENTA_BANCARIA_MSG.ibanLargoPais("DE", 22, 23)),
    );
  });

  it("holds a country outside the table to 15 to 34 characters", () => {
    expect(validateIban("ZZ12 3456 7890")).toEqual(refusal("El IBAN debe tener entre 15 y 34 caracteres; tiene 12."));
    expect(validateIban(`ZZ12${"1".repeat(31)}`)).toEqual(refusal(CUENTA_BANCARIA_MSG.ibanLargo(35)));
  });

  it("refuses a text without the country and check digits, other characters and an empty text", () => {
    expect(validateIban("8982 WEST 1234 5698 7654 32")).toEqual(refusal(CUENTA_BANCARIA_MSG.ibanFormato));
    expect(validateIban("GBXX WEST 1234 5698 7654 32")).toEqual(refusal(CUENTA_BANCARIA_MSG.ibanFormato));
    expect(validateIban("GB82-WEST-1234-5698-7654-32")).toEqual(refusal(CUENTA_BANCARIA_MSG.ibanCaracteres));
    expect(validateIban("")).toEqual(refusal(CUENTA_BANCARIA_MSG.ibanObligatorio));
  });
});

describe("validateSwift", () => {
  it("accepts 8- and 11-character codes, in any case, and splits them", () => {
    expect(validateSwift("DEUTDEFF")).toEqual({
      ok: true,
      swift: "DEUTDEFF",
      banco: "DEUT",
      pais: "DE",
      plaza: "FF",
      sucursal: null,
    });
    expect(validateSwift("deut de ff 500")).toEqual({
      ok: true,
      swift: "DEUTDEFF500",
      banco: "DEUT",
      pais: "DE",
      plaza: "FF",
      sucursal: "500",
    });
    expect(validateSwift("BNMXMXMM")).toMatchObject({ ok: true, pais: "MX" });
    expect(validateSwift("CHASUS33XXX")).toMatchObject({ ok: true, pais: "US", sucursal: "XXX" });
  });

  it.each(["DEUTDEF", "DEUTDEFF5", "DEUTDEFF5000", "DEU1DEFF", "DEUTD3FF", "DEUTDEF-", "DEUTDEFF50Ñ"])(
    "refuses %s",
    (text) => {
      expect(validateSwift(text)).toEqual(refusal(CUENTA_BANCARIA_MSG.swiftFormato));
    },
  );

  it("refuses an empty text", () => {
    expect(validateSwift(" ")).toEqual(refusal(CUENTA_BANCARIA_MSG.swiftObligatorio));
  });
});

describe("validateAba", () => {
  it.each(["011000015", "021000021", "1210 0035 8"])("accepts %s", (text) => {
    expect(validateAba(text)).toEqual({ ok: true, aba: text.replaceAll(" ", "") });
  });

  it("refuses a wrong checksum, a wrong length, letters and an empty text", () => {
    expect(validateAba("011000016")).toEqual(refusal("El número ABA no es válido: su dígito de control no cuadra."));
    expect(validateAba("01100001")).toEqual(refusal("El número ABA debe tener 9 dígitos."));
    expect(validateAba("0110000150")).toEqual(refusal(CUENTA_BANCARIA_MSG.abaFormato));
    expect(validateAba("01100001A")).toEqual(refusal(CUENTA_BANCARIA_MSG.abaFormato));
    expect(validateAba("")).toEqual(refusal(CUENTA_BANCARIA_MSG.abaObligatorio));
  });
});

describe("the schemas for API input", () => {
  it("answer the normalized number", () => {
    expect(clabeSchema.parse("032 180 000118359719")).toBe("032180000118359719");
    expect(ibanSchema.parse("gb82 west 1234 5698 7654 32")).toBe("GB82WEST12345698765432");
    expect(swiftSchema.parse("deutdeff")).toBe("DEUTDEFF");
    expect(abaSchema.parse("011000015")).toBe("011000015");
  });

  it("refuse with the check's Spanish message", () => {
    const clabe = clabeSchema.safeParse("032180000118359714");
    expect(clabe.success).toBe(false);
    expect(clabe.error?.issues.map((issue) => issue.message)).toEqual([
      CUENTA_BANCARIA_MSG.clabeDigitoVerificador(9, 4),
    ]);
    expect(ibanSchema.safeParse("GB82WEST12345698765433").error?.issues[0]?.message).toBe(
      CUENTA_BANCARIA_MSG.ibanDigitoControl,
    );
    expect(abaSchema.safeParse("011000016").error?.issues[0]?.message).toBe(CUENTA_BANCARIA_MSG.abaDigitoControl);
  });

  it("refuse what is no text, control characters and an overlong text before checking", () => {
    expect(clabeSchema.safeParse(3218000011).error?.issues[0]?.message).toBe("El campo CLABE debe ser texto.");
    expect(clabeSchema.safeParse("032180000118359719\u0000").success).toBe(false);
    expect(swiftSchema.safeParse("A".repeat(101)).error?.issues[0]?.message).toBe(
      CUENTA_BANCARIA_MSG.demasiadoLargo("SWIFT"),
    );
  });
});
