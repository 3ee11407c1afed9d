import { describe, expect, it } from "vitest";
import { Invalid } from "../../lib/errors";
import { checkParties, decodeArchivo, type PartyMessages, saveWithUniqueRace, uniqueViolation } from "./upload-kit";

const msg: PartyMessages = {
  rfcEmisor: (xml, registro) => `emisor ${xml}≠${registro}`,
  rfcReceptor: (xml, sociedad) => `receptor ${xml}≠${sociedad}`,
  emisorDefinitivo69b: (rfc) => `69-B ${rfc}`,
};
const lista = (situacion: string | null) => ({ situacionDe: async () => situacion }) as never;

describe("decodeArchivo", () => {
  it("decodes the base64 and cleans the name", () => {
    const a = decodeArchivo("fac\u202Etura.pdf", Buffer.from("%PDF").toString("base64"));
    expect(a.nombre).not.toContain("\u202E");
    expect(Buffer.from(a.bytes).toString()).toBe("%PDF");
  });
});

describe("checkParties", () => {
  it("passes matching RFCs case-insensitively and an issuer not Definitivo", async () => {
    const datos = { RFCEmisor: "aaa010101aaa", RFCReceptor: "BBB010101BBB" };
    expect(
      await checkParties(datos, { proveedorRfc: "AAA010101AAA", sociedadRfc: "bbb010101bbb" }, lista("Presunto"), msg),
    ).toEqual([]);
  });
  it("names every failing party, in order; no receiver check without a sociedad", async () => {
    const datos = { RFCEmisor: "xxx010101xxx", RFCReceptor: "YYY" };
    expect(await checkParties(datos, { proveedorRfc: "AAA", sociedadRfc: "BBB" }, lista("Definitivo"), msg)).toEqual([
      "emisor xxx010101xxx≠AAA",
      "receptor YYY≠BBB",
      "69-B XXX010101XXX",
    ]);
    expect(await checkParties(datos, { proveedorRfc: "AAA", sociedadRfc: undefined }, lista(null), msg)).toEqual([
      "emisor xxx010101xxx≠AAA",
    ]);
  });
});

describe("uniqueViolation and saveWithUniqueRace", () => {
  const violacion = { code: "23505", constraint: "facturas_uuid_key" };
  it("finds the constraint through causes; null for other errors", () => {
    expect(uniqueViolation(violacion)).toBe("facturas_uuid_key");
    expect(uniqueViolation(new Error("x", { cause: { cause: { code: "23505" } } }))).toBe("");
    expect(uniqueViolation(new Error("x", { cause: { code: "23503" } }))).toBeNull();
    expect(uniqueViolation("texto")).toBeNull();
  });
  it("answers the race with the check's message and lets other failures through", async () => {
    expect(
      await saveWithUniqueRace(
        async () => 7,
        () => "nunca",
      ),
    ).toBe(7);
    const carrera = saveWithUniqueRace(
      async () => {
        throw new Error("insert", { cause: violacion });
      },
      (c) => `ya registrado (${c})`,
    );
    await expect(carrera).rejects.toThrow(Invalid);
    await expect(carrera).rejects.toThrow("ya registrado (facturas_uuid_key)");
    const otro = new Error("conexión perdida");
    await expect(
      saveWithUniqueRace(
        async () => {
          throw otro;
        },
        () => "nunca",
      ),
    ).rejects.toBe(otro);
  });
});
