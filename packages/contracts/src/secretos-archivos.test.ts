import { describe, expect, it } from "vitest";
import { CALLS, type CallName } from "./calls";
import {
  archivoRefSchema,
  base64DecodedBytes,
  base64Schema,
  MAX_UPLOAD_BASE64_LENGTH,
  MAX_UPLOAD_BYTES,
} from "./common";
import { empleadoRowSchema } from "./empleados";
import { MUESTRAS } from "./muestras.fixtures";
import { DOCUMENTOS_PROVEEDOR, proveedorRowSchema } from "./proveedores";
import { sociedadRowSchema } from "./sociedades";

type Ruta = ReadonlyArray<string | number>;

/** A deep copy of the call's sample answer with one value replaced. */
const conValor = (name: CallName, ruta: Ruta, valor: unknown): unknown => {
  const copia = structuredClone(MUESTRAS[name].answer) as Record<string | number, unknown>;
  let nodo: Record<string | number, unknown> = copia;
  for (const paso of ruta.slice(0, -1)) nodo = nodo[paso] as Record<string | number, unknown>;
  const ultimo = ruta.at(-1);
  if (ultimo === undefined) throw new Error("ruta vacía");
  expect(nodo, `${name} ${ruta.join(".")}`).toHaveProperty(String(ultimo));
  nodo[ultimo] = valor;
  return copia;
};
const accepts = (name: CallName, ruta: Ruta, valor: unknown) =>
  CALLS[name].answer.safeParse(conValor(name, ruta, valor)).success;

describe("secrets never leave the server", () => {
  const CAMPOS_SECRETOS: Array<[CallName, Ruta]> = [
    ["rowEmpleados", ["data", 0, "Pass"]],
    ["rowProveedores", ["data", 0, "U_SYS_PMPASS"]],
    ["rowSociedades", ["data", 0, "PassSAP"]],
  ];
  const VALORES = ["Secreto123", "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA", " ", null];

  it.each(CAMPOS_SECRETOS)("%s rejects a row whose %j is not empty", (name, ruta) => {
    expect(accepts(name, ruta, "")).toBe(true);
    for (const valor of VALORES) expect(accepts(name, ruta, valor), String(valor)).toBe(false);
  });

  it("the row schemas keep the spec's password fields but only as ''", () => {
    expect(empleadoRowSchema.shape.Pass.safeParse("x").error?.issues[0]?.message).toContain("Pass");
    expect(proveedorRowSchema.shape.U_SYS_PMPASS.safeParse("x").error?.issues[0]?.message).toContain("U_SYS_PMPASS");
    expect(sociedadRowSchema.shape.PassSAP.safeParse("x").error?.issues[0]?.message).toContain("PassSAP");
  });
});

describe("answers carry download URLs, never file content", () => {
  const INLINE = [
    "JVBERi0xLjQKJcfsj6IKNSAwIG9iago8PC9MZW5ndGggNiAwIFI+Pg==",
    "JVBERi0xLjQK",
    "data:application/pdf;base64,JVBERi0xLjQK",
    "https://otro-sitio.example/archivo.pdf",
    "/api/archivos/../../etc/passwd",
    "/api/archivos/",
  ];
  const CAMPOS_ARCHIVO: Array<[CallName, Ruta]> = [
    ["homeGetSociedades", ["data", 0, "Constancia"]],
    ["rowSociedades", ["data", 0, "Constancia"]],
    ["rowProveedores", ["data", 0, "sociedades", 0, "Constancia"]],
    ...DOCUMENTOS_PROVEEDOR.map((documento): [CallName, Ruta] => [
      "rowProveedores",
      ["data", 0, documento.clave, "Archivo"],
    ]),
    ["getPedidos", ["data", 0, "U_SYS_PMDPDF"]],
    ["getEntradasMercancia", ["data", 0, "U_SYS_PMDPDF"]],
    ["getFacturas", ["data", 0, "PDF"]],
    ["getFacturas", ["data", 0, "XML"]],
    ["getFacturas", ["data", 0, "Recepcion"]],
    ["facturasPendientesGetFacturas", ["data", 0, "PDF"]],
    ["facturasPendientesGetFacturas", ["data", 0, "XML"]],
    ["facturasPendientesGetFacturas", ["data", 0, "Recepcion"]],
    ["getPagos", ["data", 0, "U_SYS_PMCOMC"]],
    ["getPagos", ["data", 0, "U_SYS_PMPDFC"]],
    ["getPagos", ["data", 0, "U_SYS_PMXMLC"]],
    ["pagosPendientesGetPagos", ["data", 0, "U_SYS_PMCOMC"]],
    ["pagosPendientesGetPagos", ["data", 0, "U_SYS_PMPDFC"]],
    ["pagosPendientesGetPagos", ["data", 0, "U_SYS_PMXMLC"]],
  ];

  it.each(CAMPOS_ARCHIVO)("%s %j: URL or '' only", (name, ruta) => {
    expect(accepts(name, ruta, "/api/archivos/101")).toBe(true);
    expect(accepts(name, ruta, "")).toBe(true);
    for (const valor of INLINE) expect(accepts(name, ruta, valor), valor).toBe(false);
  });

  it("explains the rule in Spanish", () => {
    expect(archivoRefSchema.safeParse("JVBERi0xLjQK").error?.issues[0]?.message).toMatch(/URL de descarga/);
  });
});

describe("uploads are base64 of at most MAX_UPLOAD_BYTES", () => {
  const pdf64 = base64Schema("PDF64", "Debe cargar el pdf");

  it("MAX_UPLOAD_BYTES is 5 MB decoded and the base64 cap matches it", () => {
    expect(MAX_UPLOAD_BYTES).toBe(5 * 1024 * 1024);
    expect(MAX_UPLOAD_BASE64_LENGTH).toBe(Math.ceil(MAX_UPLOAD_BYTES / 3) * 4);
    expect(base64DecodedBytes("A".repeat(MAX_UPLOAD_BASE64_LENGTH - 4).concat("AA=="))).toBeLessThanOrEqual(
      MAX_UPLOAD_BYTES,
    );
  });

  it("accepts a file at the limit and rejects one over it, naming the field", () => {
    expect(pdf64.safeParse("A".repeat(MAX_UPLOAD_BASE64_LENGTH)).success).toBe(true);
    const issues = pdf64.safeParse("A".repeat(MAX_UPLOAD_BASE64_LENGTH + 4)).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([
      "El archivo del campo PDF64 excede el tamaño máximo de 5 MB.",
    ]);
  });

  it("rejects content that is not base64, naming the field", () => {
    for (const valor of ["%PDF-1.4", "data:application/pdf;base64,JVBERi0xLjQK", "JVBERi0xLjQ", "JVBE RjQK"]) {
      expect(pdf64.safeParse(valor).error?.issues[0]?.message, valor).toBe(
        "El campo PDF64 debe contener el archivo codificado en base64.",
      );
    }
  });

  it("uses the spec's message when the file is missing", () => {
    expect(pdf64.safeParse("").error?.issues[0]?.message).toBe("Debe cargar el pdf");
    expect(pdf64.safeParse(undefined).error?.issues[0]?.message).toBe("Debe cargar el pdf");
  });
});
