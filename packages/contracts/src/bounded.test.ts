import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BODY_LIMIT_MIN, boundedArray, largestJsonBytes, requestArrays, requestBodyLimit } from "./bounded";
import { CALL_NAMES, CALLS, type CallName } from "./calls";
import { MAX_UPLOAD_BASE64_LENGTH } from "./common";
import { MAX_ENTRADAS_POR_FACTURA } from "./facturas";
import { MAX_FILAS_REVISION } from "./revision";

/**
 * Issue 36, "bounded cost per request": a signed-in supplier sent postFactura an EntradaMercancia of 8,000,000
 * elements; zod validated every one before the 50-receipt limit (52 s of event loop, then out of memory).
 */

const requestOf = (name: CallName) => (CALLS[name] as { request?: z.ZodType }).request;
const withRequest = CALL_NAMES.filter((name) => requestOf(name));

describe("every list of every request is bounded before its elements", () => {
  const arrays = withRequest.flatMap((name) =>
    requestArrays(requestOf(name) as z.ZodType).map((a) => ({ name, ...a, label: `${name} ${a.path.join(".")}` })),
  );

  it("finds the lists the registry's requests carry (receipts, review batches, payment documents, settings)", () => {
    const labels = arrays.map((a) => a.label);
    for (const expected of [
      "postFactura EntradaMercancia",
      "facturasPendientesPatchFactura ",
      "notasCreditoPendientesPatchNotaCredito ",
      "patchPagos ",
      "postPago Detalle",
      "createSociedad ClavesHonorarios",
      "updateSociedad DiasPago",
    ]) {
      expect(labels).toContain(expected);
    }
  });

  it.each(arrays)("$label is built by boundedArray, with a maximum", (a) => {
    expect(a.bounded).toBe(true);
    expect(Number.isFinite(a.max)).toBe(true);
  });

  it("the registry walk reports an unbounded list, a record and a list hidden in a union or an element", () => {
    const schema = z.object({
      sueltos: z.array(z.number()).max(10),
      mapa: z.record(z.string(), z.number()),
      anidado: z.union([z.number(), z.object({ filas: z.array(z.object({ x: z.array(z.string()) })) })]).optional(),
      bien: boundedArray(z.number(), { campo: "bien", max: 3 }),
    });
    const found = requestArrays(schema).map((a) => `${a.path.join(".")}:${a.bounded}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "sueltos:false",
        "mapa:false",
        "anidado.filas:false",
        "anidado.filas.0.x:false",
        "bien:true",
      ]),
    );
    expect(found).toHaveLength(5);
  });
});

describe("boundedArray", () => {
  const counted = () => {
    let parsed = 0;
    const element = z.number().refine((n) => {
      parsed++;
      return n > 0;
    });
    return { element, parsed: () => parsed };
  };

  it("refuses a list too long without reading one element, with a Spanish message naming the field", () => {
    const { element, parsed } = counted();
    const schema = z.object({ Entradas: boundedArray(element, { campo: "Entradas", max: 50 }) });
    const result = schema.safeParse({ Entradas: new Array(1_000_000).fill(-1) });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.path).toEqual(["Entradas"]);
    expect(result.error?.issues[0]?.message).toBe("El campo Entradas admite como máximo 50 elementos.");
    expect(parsed()).toBe(0);
  });

  it("stops at the first bad element, and reports it at its position", () => {
    const { element, parsed } = counted();
    const schema = z.object({ Entradas: boundedArray(element, { campo: "Entradas", max: 50 }) });
    const list = [1, 2, -3, ...new Array(40).fill(-1)];
    const result = schema.safeParse({ Entradas: list });
    expect(result.error?.issues.map((i) => i.path)).toEqual([["Entradas", 2]]);
    expect(parsed()).toBe(3);
  });

  it("refuses too short and not a list with its messages, and passes a good list through its element", () => {
    const schema = boundedArray(z.string().trim(), { campo: "X", min: 1, max: 3, mensajes: { min: "Al menos una." } });
    expect(schema.safeParse([]).error?.issues[0]?.message).toBe("Al menos una.");
    expect(schema.safeParse("a").error?.issues[0]?.message).toBe("El campo X debe ser una lista.");
    expect(schema.parse([" a "])).toEqual(["a"]);
  });

  it("postFactura: a million receipts get the 50-receipt message, not the union's", () => {
    const result = CALLS.postFactura.request.safeParse({ EntradaMercancia: new Array(1_000_000).fill(-1) });
    const issue = result.error?.issues.find((i) => i.path[0] === "EntradaMercancia");
    expect(issue?.message).toBe(
      `Una factura puede amparar como máximo ${MAX_ENTRADAS_POR_FACTURA} entradas de mercancía.`,
    );
  });

  it("a review batch of a million rows gets the 500-row message", () => {
    const result = CALLS.patchPagos.request.safeParse(new Array(1_000_000).fill(-1));
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toBe(
      `Se pueden revisar como máximo ${MAX_FILAS_REVISION} pagos a la vez.`,
    );
  });
});

describe("the body limit of each call follows what it can carry", () => {
  /**
   * Base64 file contents a call's request carries (PDF64, XML64, Archivo64 of each document…); of a request that is
   * one of several shapes (postPago: the supplier's or the employee's), the shape with the most.
   */
  const fileFields = (name: CallName): number => {
    const json = z.toJSONSchema(requestOf(name) as z.ZodType, { io: "input", unrepresentable: "any" });
    const count = (part: unknown) =>
      (JSON.stringify(part).match(new RegExp(`"maxLength":${MAX_UPLOAD_BASE64_LENGTH}\\b`, "g")) ?? []).length;
    const shapes = (json as { anyOf?: unknown[] }).anyOf ?? (json as { oneOf?: unknown[] }).oneOf ?? [json];
    return Math.max(...shapes.map(count));
  };

  it("is in the registry entry of every call", () => {
    for (const name of CALL_NAMES) expect(CALLS[name].bodyLimit, name).toBeGreaterThanOrEqual(BODY_LIMIT_MIN);
  });

  it.each(withRequest.filter((name) => fileFields(name) > 0))("%s (uploads) carries all its files", (name) => {
    expect(CALLS[name].bodyLimit).toBeGreaterThanOrEqual(fileFields(name) * MAX_UPLOAD_BASE64_LENGTH);
  });

  it.each(withRequest.filter((name) => fileFields(name) === 0))("%s (no files) has a small limit", (name) => {
    const batch = requestArrays(requestOf(name) as z.ZodType).some((a) => a.path.length === 0);
    // A review batch: 500 rows, each with a comment and e-mails of up to 1,000 characters.
    expect(CALLS[name].bodyLimit).toBeLessThanOrEqual(batch ? 5 * 1024 * 1024 : BODY_LIMIT_MIN);
  });

  it("calls without a body get the smallest limit", () => {
    expect(CALLS.logout.bodyLimit).toBe(BODY_LIMIT_MIN);
    expect(CALLS.getArchivo.bodyLimit).toBe(BODY_LIMIT_MIN);
  });

  it("the largest legitimate review batch fits its limit", () => {
    const fila = {
      IdFactura: 2_147_483_647,
      Estatus: "R",
      Comentarios: "ñ".repeat(1000),
      BD: "SBO_".padEnd(100, "X"),
      Correo: Array.from({ length: 30 }, (_, i) => `proveedor${i}@example.com`).join(","),
      Version: 2_147_483_647,
    };
    const body = JSON.stringify(Array.from({ length: MAX_FILAS_REVISION }, (_, i) => ({ ...fila, IdFactura: i + 1 })));
    expect(Buffer.byteLength(body)).toBeLessThan(CALLS.facturasPendientesPatchFactura.bodyLimit);
  });

  it("an unbounded list makes a schema's size unbounded (and its call would get the smallest limit)", () => {
    expect(largestJsonBytes(z.object({ a: z.array(z.number()) }))).toBe(Number.POSITIVE_INFINITY);
    expect(requestBodyLimit(z.object({ a: z.array(z.number()) }))).toBe(BODY_LIMIT_MIN);
    expect(requestBodyLimit(z.object({ a: z.string().max(100_000) }))).toBeGreaterThan(300_000);
  });
});
