import { readdirSync } from "node:fs";
import fc from "fast-check";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { childrenNamed, parseXml, XML_NAMESPACE, type XmlElement, type XmlParseResult } from "../src/xml";
import { FIXTURES_DIR, fixtureText } from "./helpers";

function root(xml: string): XmlElement {
  const r = parseXml(xml);
  if (!r.ok) throw new Error(r.error.message);
  return r.root;
}

function failure(xml: string): Extract<XmlParseResult, { ok: false }>["error"] {
  const r = parseXml(xml);
  if (r.ok) throw new Error(`se esperaba un error para: ${xml.slice(0, 80)}`);
  return r.error;
}

describe("parseXml: reading", () => {
  it("gives names, namespaces, attributes as strings and children", () => {
    const r = root(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- c --><?pi data?>\n' +
        '<a:R xmlns:a="urn:a" xmlns="urn:default" x="01000" y=\'1.50\'><C k="v"/><a:D><![CDATA[<no-es-markup>]]>texto</a:D></a:R>\n<!-- fin -->',
    );
    expect(r).toMatchObject({ qname: "a:R", ns: "urn:a", local: "R" });
    expect(r.attrs.get("x")).toBe("01000");
    expect(r.attrs.get("y")).toBe("1.50");
    expect(r.attrs.has("xmlns:a")).toBe(false);
    expect(r.children.map((c) => [c.ns, c.local])).toEqual([
      ["urn:default", "C"],
      ["urn:a", "D"],
    ]);
    expect(childrenNamed(r, "urn:default", "C")[0]?.attrs.get("k")).toBe("v");
  });

  it("returns the XML declaration", () => {
    const r = parseXml("<?xml version='1.0' encoding='utf-8'?><r/>");
    expect(r.ok && r.declaration).toEqual({ version: "1.0", encoding: "utf-8" });
    const none = parseXml("<r/>");
    expect(none.ok && none.declaration).toBeUndefined();
  });

  it("scopes namespace declarations to the element and its descendants", () => {
    const r = root('<r xmlns:p="urn:1"><p:a xmlns:p="urn:2"><p:b/></p:a><p:c/><d xmlns=""/></r>');
    const [a, c, d] = r.children;
    expect(a?.ns).toBe("urn:2");
    expect(a?.children[0]?.ns).toBe("urn:2");
    expect(c?.ns).toBe("urn:1");
    expect(d?.ns).toBe("");
  });

  it("keys prefixed attributes by namespace URI, never by prefix", () => {
    const r = root('<r xmlns:x="urn:x" xmlns:y="urn:x" x:a="1" xml:lang="es" b="2"/>');
    expect(r.attrs.get("{urn:x}a")).toBe("1");
    expect(r.attrs.get(`{${XML_NAMESPACE}}lang`)).toBe("es");
    expect(r.attrs.get("b")).toBe("2");
  });

  it("decodes the predefined entities and character references exactly as XML does", () => {
    const r = root(
      '<r a="H&amp;E &lt;&gt; &quot;&apos; &#233;&#xE9;&#x1F600; &#38;amp; &#x000000E9;">x &amp; y &#60;</r>',
    );
    expect(r.attrs.get("a")).toBe("H&E <> \"' éé😀 &amp; é");
  });

  it("normalises attribute white space as XML does (tab/LF/CR → space, CRLF once; references kept)", () => {
    const r = root('<r a="  uno\tdos\nTres\r\ncuatro\rcinco  " b="x&#10;y&#9;z" c=""/>');
    expect(r.attrs.get("a")).toBe("  uno dos Tres cuatro cinco  ");
    expect(r.attrs.get("b")).toBe("x\ny\tz");
    expect(r.attrs.get("c")).toBe("");
  });

  it("accepts non-ASCII names (CFDI has Año) and supplementary characters", () => {
    const r = root('<Comprobante Año="2021" ñ="1"><𐀀/></Comprobante>');
    expect(r.attrs.get("Año")).toBe("2021");
    expect(r.children[0]?.local).toBe("𐀀");
  });

  it("stores names such as __proto__ and constructor as plain data", () => {
    const r = root('<__proto__ constructor="x" __proto__="y" toString="z"><prototype polluted="yes"/></__proto__>');
    expect(r.local).toBe("__proto__");
    expect(r.attrs.get("constructor")).toBe("x");
    expect(r.attrs.get("__proto__")).toBe("y");
    expect(r.children[0]?.local).toBe("prototype");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});

describe("parseXml: character data, kept for the XSLT data model", () => {
  it("keeps text around the children: CDATA joined, comments and PIs dropped, references decoded", () => {
    const r = root("<a>uno &amp; &#233;<b>dos</b><!-- c --> tres <![CDATA[<4>]]><?pi x?>cinco<c/></a>");
    expect(r.texts).toEqual(["uno & é", " tres <4>cinco"]);
    expect(r.children[0]?.texts).toEqual(["dos"]);
    expect(r.children[1]?.texts).toBeUndefined();
  });

  it("normalises line ends as XML does (CR LF and lone CR → LF; &#13; stays a CR)", () => {
    expect(root("<a>x\r\ny\rz&#13;<![CDATA[\r\n]]></a>").texts).toEqual(["x\ny\nz\r\n"]);
  });

  it("keeps namespace declarations in attrs only when asked (the XSLT compiler resolves prefixes in values)", () => {
    const xml = '<x:a xmlns:x="urn:x" xmlns="urn:d" v="1"/>';
    expect([...root(xml).attrs.keys()]).toEqual(["v"]);
    const kept = parseXml(xml, { keepNamespaceDeclarations: true });
    expect(kept.ok && [...kept.root.attrs]).toEqual([
      ["xmlns:x", "urn:x"],
      ["xmlns", "urn:d"],
      ["v", "1"],
    ]);
  });
});

describe("parseXml: refusals (strict well-formedness and namespaces)", () => {
  const cases: [name: string, xml: string, kind: string, message: RegExp][] = [
    ["DOCTYPE in the prolog", '<!DOCTYPE r [<!ENTITY a "b">]><r>&a;</r>', "doctype", /DOCTYPE/],
    ["DOCTYPE after a comment", "<!-- x --><!DOCTYPE r SYSTEM 'file:///etc/passwd'><r/>", "doctype", /DOCTYPE/],
    ["DOCTYPE inside content", "<r><!DOCTYPE r></r>", "doctype", /DOCTYPE/],
    ["ENTITY declaration in content", '<r><!ENTITY a "b"></r>', "syntax", /marcado/],
    ["repeated attribute", '<r a="1" a="2"/>', "syntax", /atributo a está repetido/],
    [
      "repeated attribute after 16 others",
      `<r ${Array.from({ length: 20 }, (_, k) => `a${k}="1"`).join(" ")} a3="2"/>`,
      "syntax",
      /a3 está repetido/,
    ],
    [
      "repeated attribute by expanded name",
      '<r xmlns:x="urn:x" xmlns:y="urn:x" x:a="1" y:a="2"/>',
      "namespace",
      /repetido/,
    ],
    ["mismatched end tag", "<a><b></a></b>", "syntax", /no corresponde/],
    ["unclosed element", "<a><b/>", "syntax", /no se cerró/],
    ["unclosed start tag", '<a b="1"', "syntax", /no se cerró/],
    ["unquoted attribute", "<a b=1/>", "syntax", /entre comillas/],
    ["attribute without value", "<a b/>", "syntax", /«=»/],
    ["no space between attributes", '<a b="1"c="2"/>', "syntax", /espacio/],
    ["< in attribute value", '<a b="x<y"/>', "syntax", /«<»/],
    ["bare & in text", "<a>x & y</a>", "syntax", /&amp;/],
    ["bare & in attribute", '<a b="x & y"/>', "syntax", /&amp;/],
    ["undeclared entity", "<a>&nbsp;</a>", "syntax", /no está declarada/],
    ["external entity reference without DTD", '<a b="&xxe;"/>', "syntax", /no está declarada/],
    ["character reference to NUL", "<a>&#0;</a>", "syntax", /referencia de carácter/],
    ["character reference to a surrogate", "<a>&#xD800;</a>", "syntax", /referencia de carácter/],
    ["character reference beyond Unicode", "<a>&#x110000;</a>", "syntax", /referencia de carácter/],
    ["malformed character reference", "<a>&#12a;</a>", "syntax", /referencia de carácter/],
    ["control character in text", "<a>\u0001</a>", "syntax", /U\+0001/],
    ["control character in attribute", '<a b="\u001b"/>', "syntax", /U\+001B/],
    ["lone surrogate", "<a>\ud800x</a>", "syntax", /sustituto/],
    ["U+FFFE", "<a>\ufffe</a>", "syntax", /FFFE/],
    ["]]> in text", "<a>]]></a>", "syntax", /\]\]>/],
    ["-- inside a comment", "<a><!-- a -- b --></a>", "syntax", /--/],
    ["comment ending in --->", "<a><!-- a ---></a>", "syntax", /--/],
    ["unclosed comment", "<a><!-- a </a>", "syntax", /comentario/],
    ["XML declaration not at the start", ' <?xml version="1.0"?><a/>', "syntax", /inicio del documento/],
    ["second XML declaration", '<?xml version="1.0"?><?xml version="1.0"?><a/>', "syntax", /inicio del documento/],
    ["XML 1.1", '<?xml version="1.1"?><a/>', "syntax", /versión de XML/],
    ["malformed declaration", '<?xml encoding="UTF-8"?><a/>', "syntax", /declaración XML/],
    ["two root elements", "<a/><b/>", "syntax", /más de un elemento raíz/],
    ["text after the root", "<a/>texto", "syntax", /después del elemento raíz/],
    ["text before the root", "texto<a/>", "syntax", /antes del elemento raíz/],
    ["CDATA outside the root", "<a/><![CDATA[x]]>", "syntax", /marcado/],
    ["empty document", "", "syntax", /elemento raíz/],
    ["only a comment", "<!-- nada -->", "syntax", /elemento raíz/],
    ["name starting with a digit", "<1a/>", "syntax", /nombre de elemento/],
    ["undeclared element prefix", "<cfdi:Comprobante/>", "namespace", /no está declarado/],
    ["undeclared attribute prefix", '<a x:b="1"/>', "namespace", /no está declarado/],
    ["prefix bound to empty", '<p:a xmlns:p=""/>', "namespace", /vacío/],
    ["xmlns prefix declared", '<a xmlns:xmlns="urn:x"/>', "namespace", /xmlns/],
    ["xml prefix rebound", '<a xmlns:xml="urn:x"/>', "namespace", /xml/],
    ["other prefix bound to the xml namespace", `<a xmlns:p="${XML_NAMESPACE}"/>`, "namespace", /xml/],
    ["element in a namespace named with spaces", '<s:a xmlns:s="urn:a urn:b"/>', "namespace", /no es un URI/],
    ["default namespace named with spaces", '<a xmlns="urn:a urn:b"/>', "namespace", /no es un URI/],
    ["attribute in a namespace named with spaces", '<a xmlns:s="urn:a urn:b" s:b="1"/>', "namespace", /no es un URI/],
    ["child using a namespace named with spaces", '<a xmlns:s="urn:a urn:b"><s:b/></a>', "namespace", /no es un URI/],
    ["two colons in a name", '<a:b:c xmlns:a="urn:a"/>', "namespace", /no válido/],
    ["element with the xmlns prefix", "<xmlns:a/>", "namespace", /xmlns/],
    ["nesting deeper than 100", `${"<a>".repeat(101)}${"</a>".repeat(101)}`, "limit", /anidamiento/],
    [
      "too many namespace bindings in scope",
      `<a ${Array.from({ length: 100 }, (_, k) => `xmlns:p${k}="urn:${k}"`).join(" ")}><b ${Array.from({ length: 40 }, (_, k) => `xmlns:q${k}="urn:${k}"`).join(" ")}/></a>`,
      "limit",
      /espacios de nombres/,
    ],
    [
      "too many attributes",
      `<a ${Array.from({ length: 300 }, (_, k) => `a${k}="1"`).join(" ")}/>`,
      "limit",
      /atributos/,
    ],
  ];

  for (const [name, xml, kind, message] of cases) {
    it(`refuses ${name}`, () => {
      const error = failure(xml);
      expect(error.kind).toBe(kind);
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/\(línea \d+, columna \d+\)$/);
    });
  }

  it("ignores a declaration of a namespace named with spaces that nothing uses (xmlns:schemaLocation)", () => {
    const r = parseXml('<a xmlns:schemaLocation="urn:a urn:a.xsd" b="1"><c xmlns:s="x y"/></a>');
    if (!r.ok) throw new Error(r.error.message);
    expect([...r.root.attrs]).toEqual([["b", "1"]]);
    // Rebound to a URI, the prefix can be used.
    expect(parseXml('<a xmlns:s="x y"><s:b xmlns:s="urn:s"/></a>').ok).toBe(true);
  });

  it("accepts 100 levels of nesting", () => {
    expect(parseXml(`${"<a>".repeat(100)}${"</a>".repeat(100)}`).ok).toBe(true);
  });

  it("reports line and column", () => {
    const error = failure('<?xml version="1.0"?>\n<a>\n  <b x="1" x="2"/>\n</a>');
    expect(error).toMatchObject({ line: 3, column: 12 });
    expect(error.message).toContain("(línea 3, columna 12)");
  });
});

describe("parseXml: at least as strict as fast-xml-parser's validator", () => {
  const texts = readdirSync(FIXTURES_DIR)
    .filter((f) => f.endsWith(".xml"))
    .map((f) => fixtureText(f).replace(/^\uFEFF/, ""));
  const fragments = [
    "<",
    ">",
    "&",
    '"',
    "'",
    "=",
    "/",
    " ",
    "!",
    "?",
    "-",
    "]]>",
    "<a>",
    "</a>",
    "&#0;",
    "&foo;",
    "\u0001",
    ":",
    "x:",
  ];

  it("rejects every mutated fixture the validator rejects (differential property)", () => {
    const mutation = fc
      .tuple(
        fc.nat({ max: texts.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat({ max: 2 }),
        fc.nat({ max: 40 }),
      )
      .map(([doc, where, op, n]) => {
        const t = texts[doc] as string;
        const at = Math.floor(where * t.length);
        if (op === 0) return t.slice(0, at) + t.slice(at + 1 + (n % 3));
        if (op === 1) return t.slice(0, at) + fragments[n % fragments.length] + t.slice(at);
        return t.slice(0, at) + t.slice(at, at + 1 + (n % 20)) + t.slice(at);
      });
    fc.assert(
      fc.property(mutation, (xml) => {
        if (XMLValidator.validate(xml) !== true) expect(parseXml(xml).ok).toBe(false);
      }),
      { numRuns: 2000, seed: 20250310 },
    );
  });

  it("never throws, whatever the input (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (s) => {
        const r = parseXml(`<r a="${s}">${s}</r>`);
        expect(typeof r.ok).toBe("boolean");
        expect(typeof parseXml(s).ok).toBe("boolean");
      }),
      { numRuns: 400 },
    );
  });
});
