import { describe, expect, it } from "vitest";
import { decode69b, Lista69bInvalida, prevails, readLista69b, semaforo69b } from "./leer";
import { archivoLista69b, celdas69b, MUESTRA_69B, textoLista69b, windows1252 } from "./muestra";

const invalid = (bytes: Uint8Array) => {
  try {
    readLista69b(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(Lista69bInvalida);
    return (error as Error).message;
  }
  throw new Error("se esperaba Lista69bInvalida");
};

describe("the 69-B list reader", () => {
  const archivo = archivoLista69b(MUESTRA_69B);

  it("is given a Windows-1252 file (Ñ, Ú and typographic quotes are single bytes, not UTF-8)", () => {
    const texto = new TextDecoder("windows-1252").decode(archivo);
    expect(texto).toContain("COMERCIALIZADORA ÑANDÚ");
    expect(archivo.indexOf(0xd1)).toBeGreaterThan(0); // Ñ
    expect(archivo.indexOf(0x93)).toBeGreaterThan(0); // “
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(archivo)).toThrow();
    expect(texto.split("\r\n").slice(0, 2).join()).toMatch(/INFORMACIÓN ACTUALIZADA.*artículo 69-B/);
  });

  it("reads the quirky sample: preamble, header, accents, embedded newline and quotes, repeats, suppressed RFCs", () => {
    const lista = readLista69b(archivo);
    expect(lista.leyenda).toBe(
      "INFORMACIÓN ACTUALIZADA AL 15 DE OCTUBRE DE 2026 · Listado completo de contribuyentes (artículo 69-B del " +
        "Código Fiscal de la Federación)",
    );
    expect(lista.filas).toBe(15);
    expect(lista.omitidos).toBe(2);
    expect(lista.repetidos).toBe(3);
    expect(lista.contribuyentes.size).toBe(10);
    expect(lista.contribuyentes.has("XXXXXXXXXXXX")).toBe(false);
    const c = (rfc: string) => lista.contribuyentes.get(rfc);
    expect(c("CNA0101019Z1")).toMatchObject({
      nombre: "COMERCIALIZADORA ÑANDÚ, S.A. DE C.V.",
      situacion: "Definitivo",
    });
    expect(c("SEA150505AB1")).toMatchObject({
      nombre: 'SERVICIOS "EL ÁGUILA" Y ASOCIADOS, S.C.',
      situacion: "Presunto",
    });
    expect(c("DES160606CD2")?.nombre).toBe("DISTRIBUIDORA “LA ESPERANZA”, S.A. DE C.V.");
    expect(c("MIN210202MN7")?.situacion).toBe("Presunto");
    // Repeated RFCs: the later word, except that a Definitivo yields only to a later Sentencia Favorable.
    expect(c("REP180808GH4")?.situacion).toBe("Desvirtuado");
    expect(c("RED190909IJ5")?.situacion).toBe("Definitivo");
    expect(c("RSF200101KL6")?.situacion).toBe("Sentencia Favorable");
    const situaciones = [...lista.contribuyentes.values()].map((x) => x.situacion);
    expect(situaciones.filter((s) => s === "Definitivo")).toHaveLength(3);
    expect(situaciones.filter((s) => s === "Presunto")).toHaveLength(3);
    expect(situaciones.filter((s) => s === "Desvirtuado")).toHaveLength(2);
    expect(situaciones.filter((s) => s === "Sentencia Favorable")).toHaveLength(2);
  });

  it("keeps each stage's office and publications, and dates the row by its latest one", () => {
    const eku = readLista69b(archivo).contribuyentes.get("EKU9003173C9");
    expect(eku?.publicaciones).toEqual({
      presuncion: {
        oficioSat: "500-05-2024-10014 de fecha 3 de marzo de 2024",
        publicacionSat: "04/04/2024",
        oficioDof: "500-05-2024-10014 de fecha 3 de marzo de 2024",
        publicacionDof: "05/05/2024",
      },
      definitivo: {
        oficioSat: "500-05-2025-20014 de fecha 6 de junio de 2025",
        publicacionSat: "07/07/2025",
        oficioDof: "500-05-2025-20014 de fecha 6 de junio de 2025",
        publicacionDof: "08/08/2025",
      },
    });
    expect(eku?.fecha).toBe("2025-08-08");
  });

  it("resolves repeated RFCs by date, then severity, and a Definitivo only by a later favourable judgment", () => {
    const fila = (situacion: "Presunto" | "Desvirtuado" | "Definitivo" | "Sentencia Favorable", fecha: string) => ({
      rfc: "AAA010101AA1",
      nombre: situacion,
      situacion,
      publicaciones: {},
      fecha,
    });
    expect(prevails(fila("Presunto", "2020-01-01"), fila("Desvirtuado", "2021-01-01")).situacion).toBe("Desvirtuado");
    expect(prevails(fila("Desvirtuado", "2021-01-01"), fila("Presunto", "2020-01-01")).situacion).toBe("Desvirtuado");
    expect(prevails(fila("Desvirtuado", "2020-01-01"), fila("Presunto", "2023-01-01")).situacion).toBe("Presunto");
    expect(prevails(fila("Definitivo", "2019-01-01"), fila("Presunto", "2023-01-01")).situacion).toBe("Definitivo");
    expect(prevails(fila("Presunto", "2023-01-01"), fila("Definitivo", "2019-01-01")).situacion).toBe("Definitivo");
    expect(prevails(fila("Definitivo", "2019-01-01"), fila("Sentencia Favorable", "2018-01-01")).situacion).toBe(
      "Definitivo",
    );
    expect(prevails(fila("Sentencia Favorable", "2022-01-01"), fila("Definitivo", "2019-01-01")).situacion).toBe(
      "Sentencia Favorable",
    );
    expect(prevails(fila("Presunto", ""), fila("Desvirtuado", "")).situacion).toBe("Presunto");
  });

  it("reads a list re-saved as UTF-8 the same", () => {
    const utf8 = new TextEncoder().encode(textoLista69b(MUESTRA_69B.map((f, i) => celdas69b(i + 1, f))));
    expect(readLista69b(utf8).contribuyentes.get("CNA0101019Z1")?.nombre).toBe("COMERCIALIZADORA ÑANDÚ, S.A. DE C.V.");
  });

  it("refuses what is not the list, in Spanish", () => {
    expect(invalid(new Uint8Array())).toBe("El archivo está vacío.");
    expect(invalid(windows1252(textoLista69b([])))).toBe("El archivo no tiene contribuyentes después del encabezado.");
    expect(invalid(windows1252("RFC,Nombre\r\nAAA010101AA1,X\r\n"))).toMatch(/no tiene el encabezado de la lista 69-B/);
    // 19 columns: the last one missing.
    const corto = textoLista69b([celdas69b(1, MUESTRA_69B[0]!)]).replace(',"Publicación DOF sentencia favorable"', "");
    expect(invalid(windows1252(corto))).toMatch(/tiene 19 columnas y se esperaban 20/);
    const renombrado = textoLista69b([celdas69b(1, MUESTRA_69B[0]!)]).replace(
      "Publicación DOF definitivos",
      "Otra cosa",
    );
    expect(invalid(windows1252(renombrado))).toMatch(
      /La columna 16 del encabezado \(«Otra cosa»\) no es de la lista 69-B/,
    );
    // UTF-16, and binary content.
    expect(invalid(Uint8Array.from([0xff, 0xfe, 0x4e, 0x00, 0x6f, 0x00]))).toMatch(/UTF-16/);
    expect(invalid(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toMatch(/no es texto Windows-1252/);
    // 0x81 is undefined in Windows-1252 (and not UTF-8 either).
    const indefinido = windows1252(textoLista69b([celdas69b(1, MUESTRA_69B[0]!)]));
    indefinido[indefinido.length - 8] = 0x81;
    expect(invalid(indefinido)).toMatch(/carácter inválido en la línea 4/);
    // An unterminated quote: the CSV parser's error, with the line.
    const roto = `${textoLista69b([celdas69b(1, MUESTRA_69B[0]!)])}"1","AAA010101AA1","SIN CIERRE`;
    expect(invalid(windows1252(roto))).toMatch(/^El archivo no es un CSV válido \(línea \d+\)/);
    const desconocida = archivoLista69b([{ rfc: "AAA010101AA1", nombre: "X", situacion: "Cancelado" }]);
    expect(invalid(desconocida)).toMatch(/Situación desconocida «Cancelado» del RFC AAA010101AA1 \(línea 4\)/);
    expect(invalid(archivoLista69b([{ rfc: "XXXXXXXXXXXX", nombre: "X", situacion: "Presunto" }]))).toBe(
      "Ninguna de las 1 filas tiene un RFC válido.",
    );
    expect(() => decode69b(new Uint8Array(65 * 1024 * 1024))).toThrow(/excede 64 MB/);
  });

  it("gives each situation its traffic light", () => {
    expect(semaforo69b("Definitivo")).toBe("rojo");
    expect(semaforo69b("Presunto")).toBe("ambar");
    expect(semaforo69b("Desvirtuado")).toBe("verde");
    expect(semaforo69b("Sentencia Favorable")).toBe("verde");
    expect(semaforo69b(null)).toBe("verde");
  });
});
