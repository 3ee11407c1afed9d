import {
  decryptSecret,
  encryptSecret,
  hashPassword,
  parseEncryptionKey,
  storeArchivo,
  verifyPassword,
} from "@portal/db";
import { createSimplePdf } from "@portal/db/factories";
import {
  archivos,
  empleados,
  proveedorDocumentos,
  proveedores,
  proveedorSociedades,
  sociedades,
} from "@portal/db/schema";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "./index";

const key = parseEncryptionKey(Buffer.alloc(32, 7).toString("base64"));

describe("password hashing", () => {
  it("uses argon2id with at least OWASP's minimum parameters and verifies", async () => {
    const hash = await hashPassword("Portal2026");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, t] = hash.match(/m=(\d+),t=(\d+)/) ?? [];
    expect(Number(m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(t)).toBeGreaterThanOrEqual(2);
    expect(await verifyPassword(hash, "Portal2026")).toBe(true);
    expect(await verifyPassword(hash, "portal2026")).toBe(false);
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});

describe("secret encryption", () => {
  it("round-trips with AES-256-GCM and rejects tampering", () => {
    const stored = encryptSecret("B1Admin!", key);
    expect(stored).not.toContain("B1Admin");
    expect(decryptSecret(stored, key)).toBe("B1Admin!");
    const [v, iv, tag, data] = stored.split(".");
    const tampered = [v, iv, tag, `${data?.slice(0, -2)}AA`].join(".");
    expect(() => decryptSecret(tampered, key)).toThrow();
    expect(() => parseEncryptionKey("c2hvcnQ=")).toThrow(/32 bytes/);
  });
});

describe("simple PDF", () => {
  it("produces a PDF with a consistent cross-reference table", () => {
    const pdf = createSimplePdf("Constancia", ["Línea con acentos: situación"]);
    const text = Buffer.from(pdf).toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    const startxref = Number(text.match(/startxref\n(\d+)/)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => {
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
  });
});

describe("migrations and demo seed on PostgreSQL", () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  it("seeds the issue's demo data and is idempotent", async () => {
    const clock = () => new Date("2026-11-21T12:00:00.000Z");
    await seedDemo(tdb.db, key, { clock });
    await seedDemo(tdb.db, key, { clock });
    const emps = await tdb.db.select().from(empleados);
    expect(emps.map((e) => e.usuario).sort()).toEqual(["admin", "consulta", "tesoreria"]);
    expect(emps.find((e) => e.usuario === "tesoreria")).toMatchObject({
      perfil: "G",
      apruebaCuentas: "Y",
      conciliaSat: "Y",
    });
    expect(emps.find((e) => e.usuario === "admin")).toMatchObject({ perfil: "A", viDocPen: "Y" });
    expect(emps.find((e) => e.usuario === "consulta")).toMatchObject({ perfil: "G", viDocPen: "N", conciliaSat: "N" });
    const socs = await tdb.db.select().from(sociedades);
    expect(socs).toHaveLength(4);
    // Issue 43 (decision 075): the sociedad of the SAT's test FIEL, with that FIEL stored encrypted (never in clear).
    const eku = socs.find((s) => s.rfc === "EKU9003173C9");
    expect(eku).toMatchObject({ bdSap: "SBO_EKU", efirmaCertificado: "30001000000500003415" });
    expect(eku?.efirmaVence?.toISOString()).toBe("2027-05-17T04:37:14.000Z");
    expect(JSON.parse(decryptSecret(eku?.efirmaCifrada ?? "", key))).toMatchObject({ password: "12345678a" });
    expect(socs.find((s) => s.rfc === "MCI7306249Y1")).toMatchObject({
      nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI",
      regimen: "603",
      cp: "54700",
      // Issue 39: the municipality withholds no IVA (Ley del IVA, art. 3); the company does.
      noRetieneIva: true,
    });
    expect(socs.find((s) => s.rfc === "KIJ0906199R1")).toMatchObject({
      regimen: "601",
      cp: "59820",
      noRetieneIva: false,
    });
    for (const s of socs) {
      expect(s.constanciaArchivoId).toBeTruthy();
      expect(decryptSecret(s.passSapCifrada, key)).toBe("B1Admin!");
    }
    const provs = await tdb.db.select().from(proveedores);
    // Issue 42 (decision 073): the foreign supplier P00003 has the generic RFC.
    expect(provs.map((p) => p.rfc).sort()).toEqual(["EKU9003173C9", "XEXX010101000", "XIQB891116QE4"]);
    expect(provs.find((p) => p.cardCode === "P00003")).toMatchObject({ tipo: "extranjero", pais: "USA" });
    expect(provs.find((p) => p.rfc === "EKU9003173C9")?.tipoPersona).toBe("M");
    expect(provs.find((p) => p.rfc === "XIQB891116QE4")?.tipoPersona).toBe("F");
    const links = await tdb.db.select().from(proveedorSociedades).where(eq(proveedorSociedades.cardCode, "P00001"));
    expect(links).toHaveLength(2);
    // Demo compliance documents are dated by the injected clock, never by the wall clock.
    const docs = await tdb.db.select().from(proveedorDocumentos).where(eq(proveedorDocumentos.cardCode, "P00001"));
    expect(docs.filter((d) => d.archivoId).map((d) => d.fecha)).toEqual(Array(7).fill("2026-11-21"));
  });

  it("stores each file content once", async () => {
    const bytes = createSimplePdf("Prueba", ["mismo contenido"]);
    const a = await storeArchivo(tdb.db, bytes, "application/pdf");
    const b = await storeArchivo(tdb.db, bytes, "application/pdf");
    expect(a).toBe(b);
    const [row] = await tdb.db.select().from(archivos).where(eq(archivos.id, a));
    expect(Buffer.from(row!.contenido).equals(Buffer.from(bytes))).toBe(true);
  });
});
