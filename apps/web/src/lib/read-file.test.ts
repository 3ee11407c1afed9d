import { MAX_UPLOAD_BYTES, MSG, postPagoRequestSchema } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { PDF_DEMASIADO_GRANDE } from "./pdf-upload";
import { type ArchivoLeido, type CfdiRead, checkSizes, readFile, readFiles, readXml, zodMessages } from "./read-file";

const leido = (name: string, text: string, size = text.length): ArchivoLeido => ({
  name,
  mime: "",
  size,
  // In this realm's Uint8Array, as the browser's read gives it.
  bytes: new Uint8Array(new TextEncoder().encode(text)),
});

describe("reading the files picked", () => {
  it("reads a picked file's name, type, size and bytes; nothing when none was picked", async () => {
    const file = new File(["%PDF-1.7\n"], "factura.pdf", { type: "application/pdf" });
    const read = await readFile(file);
    expect(
      read && { name: read.name, mime: read.mime, size: read.size, text: new TextDecoder().decode(read.bytes) },
    ).toEqual({ name: "factura.pdf", mime: "application/pdf", size: 9, text: "%PDF-1.7\n" });
    expect(await readFile(null)).toBeNull();
  });

  it("reads every picked file of a form under its key", async () => {
    const leidos = await readFiles({ pdf: new File(["a"], "a.pdf"), xml: null, recepcion: new File(["bc"], "r.png") });
    expect(Object.keys(leidos)).toEqual(["pdf", "xml", "recepcion"]);
    expect(leidos.pdf?.name).toBe("a.pdf");
    expect(leidos.xml).toBeNull();
    expect(leidos.recepcion?.size).toBe(2);
  });

  it("says the upload limit once, when any file is over it", () => {
    const grande = leido("g.pdf", "x", MAX_UPLOAD_BYTES + 1);
    expect(checkSizes([leido("a.pdf", "x"), null])).toEqual([]);
    expect(checkSizes([grande, grande, null])).toEqual([PDF_DEMASIADO_GRANDE]);
  });
});

describe("readXml", () => {
  const lector = (bytes: Uint8Array): CfdiRead<string> =>
    new TextDecoder().decode(bytes).includes("Comprobante")
      ? { ok: true, data: "datos" }
      : { ok: false, errors: [MSG.archivoNoXml] };

  it("reads an XML with the reader given: its data, or its structure messages", () => {
    expect(readXml(leido("f.xml", "<?xml version='1.0'?><Comprobante/>"), lector)).toEqual({
      datos: "datos",
      errores: [],
    });
    expect(readXml(leido("f.xml", "<?xml version='1.0'?><Otro/>"), lector)).toEqual({
      datos: null,
      errores: [MSG.archivoNoXml],
    });
  });

  it("reads nothing when no XML was picked, it is empty or it is not an XML (the file checks say so)", () => {
    const nunca = () => {
      throw new Error("no debe leerse");
    };
    expect(readXml(null, nunca)).toEqual({ datos: null, errores: [] });
    expect(readXml(leido("f.xml", ""), nunca)).toEqual({ datos: null, errores: [] });
    expect(readXml(leido("f.pdf", "<?xml version='1.0'?><Comprobante/>"), nunca)).toEqual({ datos: null, errores: [] });
  });
});

it("lists a contract refusal's messages once each", () => {
  const parsed = postPagoRequestSchema.safeParse({ operador: "Empleado" });
  expect(parsed.success).toBe(false);
  const messages = parsed.success ? [] : zodMessages(parsed.error);
  expect(messages.length).toBeGreaterThan(0);
  expect(new Set(messages).size).toBe(messages.length);
});
