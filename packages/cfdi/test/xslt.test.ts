/**
 * The XSLT-subset interpreter on its own: what it supports behaves as XSLT 1.0 does, and anything
 * outside the subset is refused (fail closed), never guessed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SELLO_MSG } from "../src/index";
import { cadenaOriginal, packageDataDir, satStylesheet, verifySeals } from "../src/sello/index";
import { parseXml, type XmlElement } from "../src/xml";
import { compileStylesheet, normalizeSpace, resolveHref, XsltError } from "../src/xslt";
import { CERTS_DIR, invoiceXml } from "./helpers";

function root(xml: string): XmlElement {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.root;
}

const XSL = 'xmlns:xsl="http://www.w3.org/1999/XSL/Transform"';

/** Compiles stylesheets held in memory ("main.xslt" is the entry). */
function program(files: Record<string, string>) {
  return compileStylesheet("dir/main.xslt", (path) => {
    const text = files[path];
    if (text === undefined) throw new Error(`no existe ${path}`);
    return text;
  });
}

function sheet(body: string, extraNs = ""): string {
  return `<xsl:stylesheet version="2.0" ${XSL} ${extraNs}><xsl:output method="text" encoding="UTF-8"/>${body}</xsl:stylesheet>`;
}

describe("XSLT subset: what is supported behaves as XSLT", () => {
  it("applies the built-in rules: an element without a template copies its text nodes verbatim", () => {
    const p = program({ "dir/main.xslt": sheet("") });
    expect(p.run(root("<a>uno <b>dos</b>\n  <c/> tres &amp; <![CDATA[<cuatro>]]><!-- x -->cinco</a>"))).toBe(
      "uno dos\n   tres & <cuatro>cinco",
    );
  });

  it("frames values with Requerido/Opcional: an empty optional attribute still writes |, a missing one nothing", () => {
    const p = program({
      "dir/main.xslt": sheet(
        `<xsl:include href="../util/utilerias.xslt"/>
         <xsl:template match="/">|<xsl:apply-templates select="/x:R"/>||</xsl:template>
         <xsl:template match="x:R">
           <xsl:call-template name="Requerido"><xsl:with-param name="valor" select="./@a"/></xsl:call-template>
           <xsl:call-template name="Opcional"><xsl:with-param name="valor" select="./@b"/></xsl:call-template>
           <xsl:call-template name="Opcional"><xsl:with-param name="valor" select="./@c"/></xsl:call-template>
           <xsl:call-template name="Requerido"><xsl:with-param name="valor" select="./@d"/></xsl:call-template>
         </xsl:template>`,
        'xmlns:x="urn:x"',
      ),
      "util/utilerias.xslt": satStylesheetSource(),
    });
    // "|" + "|uno dos" + "|" (b, empty) + "" (c, missing) + "|" (d, required and missing) + "||"
    expect(p.run(root('<R xmlns="urn:x" a="  uno \t dos\n" b=""/>'))).toBe("||uno dos||||");
  });

  it("collapses only XML white space in normalize-space: a non-breaking space stays", () => {
    expect(normalizeSpace(" \t a \r\n  b\u00a0 c  ")).toBe("a b\u00a0 c");
    expect(normalizeSpace("")).toBe("");
  });

  it("matches elements by namespace URI, not by prefix, and XPath names without prefix are in no namespace", () => {
    const p = program({
      "dir/main.xslt": sheet(
        `<xsl:template match="/">[<xsl:apply-templates select="/p:R/p:E"/>]<xsl:value-of select="/p:R/E"/></xsl:template>
         <xsl:template match="p:E"><xsl:value-of select="@v"/>;</xsl:template>`,
        'xmlns:p="urn:p"',
      ),
    });
    expect(
      p.run(root('<q:R xmlns:q="urn:p" xmlns:o="urn:otro"><q:E v="1"/><o:E v="2"/><E>sin</E><q:E v="3"/></q:R>')),
    ).toBe("[1;3;]sin");
  });

  it("gives the last of two equal templates the win, a QName pattern over prefix:* over *", () => {
    const p = program({
      "dir/main.xslt": sheet(
        `<xsl:template match="*">(*)</xsl:template>
         <xsl:template match="p:*">(p:*)</xsl:template>
         <xsl:template match="p:A">(A1)</xsl:template>
         <xsl:include href="otra.xslt"/>
         <xsl:template match="/"><xsl:apply-templates select="/p:R/*"/></xsl:template>`,
        'xmlns:p="urn:p"',
      ),
      "dir/otra.xslt": sheet('<xsl:template match="q:A">(A2)</xsl:template>', 'xmlns:q="urn:p"'),
    });
    expect(p.run(root('<R xmlns="urn:p"><A/><B/><C xmlns="urn:otro"/></R>'))).toBe("(A2)(p:*)(*)");
  });

  it("walks // in document order and compares with = (ventavehiculos, nomina use it)", () => {
    const p = program({
      "dir/main.xslt": sheet(
        `<xsl:template match="/"><xsl:for-each select=".//x/y">[<xsl:value-of select="@n"/>]</xsl:for-each>
           <xsl:if test="/r/@v='1.1'">si</xsl:if><xsl:if test="/r/@v!='1.1'">no</xsl:if>
           <xsl:choose><xsl:when test="/r/@w">w</xsl:when><xsl:otherwise>otro</xsl:otherwise></xsl:choose></xsl:template>`,
      ),
    });
    // x(1) contains z, which contains x(2) with y(n=1); then x(1)'s own y(n=2): document order is 1, 2.
    expect(p.run(root('<r v="1.1"><x><z><x><y n="1"/></x></z><y n="2"/></x></r>'))).toBe("[1][2]siotro");
  });

  it("passes parameters by name, a node-set through $var/path, and ignores undeclared ones", () => {
    const p = program({
      "dir/main.xslt": sheet(
        `<xsl:template match="/"><xsl:call-template name="T"><xsl:with-param name="Nodo" select="/r/e"/><xsl:with-param name="nadie" select="/r"/></xsl:call-template></xsl:template>
         <xsl:template name="T"><xsl:param name="Nodo"/><xsl:param name="def" select="'d'"/><xsl:value-of select="$Nodo/@a"/>-<xsl:value-of select="$def"/>-<xsl:value-of select="string($Nodo)"/></xsl:template>`,
      ),
    });
    expect(p.run(root('<r><e a="A">texto <i>interno</i></e></r>'))).toBe("A-d-texto interno");
  });

  it("resolves include paths like the SAT's folder layout", () => {
    expect(resolveHref("4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt", "../../Pagos/Pagos20.xslt")).toBe(
      "Pagos/Pagos20.xslt",
    );
    expect(() => resolveHref("a.xslt", "http://example.com/x.xslt")).toThrow(XsltError);
    expect(() => resolveHref("a.xslt", "/etc/passwd")).toThrow(XsltError);
  });
});

describe("XSLT subset: anything outside it is refused (fail closed)", () => {
  const refusals: [string, string][] = [
    ["a literal result element", '<xsl:template match="/"><b>x</b></xsl:template>'],
    ["xsl:variable", '<xsl:template match="/"><xsl:variable name="v" select="1"/></xsl:template>'],
    [
      "xsl:sort",
      '<xsl:template match="/"><xsl:for-each select="*"><xsl:sort select="@a"/></xsl:for-each></xsl:template>',
    ],
    ["a mode", '<xsl:template match="/" mode="m"/>'],
    ["a priority", '<xsl:template match="a" priority="2"/>'],
    ["xsl:strip-space", '<xsl:strip-space elements="*"/>'],
    ["xsl:import", '<xsl:import href="x.xslt"/>'],
    ["another function", '<xsl:template match="/"><xsl:value-of select="concat(@a, @b)"/></xsl:template>'],
    ["a number", '<xsl:template match="/"><xsl:if test="@a = 1">x</xsl:if></xsl:template>'],
    ["a predicate", '<xsl:template match="/"><xsl:apply-templates select="a[1]"/></xsl:template>'],
    ["the parent axis", '<xsl:template match="/"><xsl:value-of select="../@a"/></xsl:template>'],
    ["an explicit axis", '<xsl:template match="/"><xsl:value-of select="child::a"/></xsl:template>'],
    ["a union pattern", '<xsl:template match="a | b"/>'],
    ["a path pattern", '<xsl:template match="a/b"/>'],
    ["an undeclared variable", '<xsl:template match="/"><xsl:value-of select="$x"/></xsl:template>'],
    ["an undeclared prefix", '<xsl:template match="/"><xsl:value-of select="z:a"/></xsl:template>'],
    ["a missing named template", '<xsl:template match="/"><xsl:call-template name="Nadie"/></xsl:template>'],
    [
      "with-param without select",
      '<xsl:template match="/"><xsl:call-template name="T"><xsl:with-param name="p">x</xsl:with-param></xsl:call-template></xsl:template><xsl:template name="T"><xsl:param name="p"/></xsl:template>',
    ],
  ];
  for (const [what, body] of refusals) {
    it(`refuses ${what}`, () => {
      expect(() => program({ "dir/main.xslt": sheet(body) }).run(root("<a/>"))).toThrow(XsltError);
    });
  }

  it("refuses an output method other than text, and endless recursion at run time", () => {
    expect(() =>
      program({ "dir/main.xslt": `<xsl:stylesheet version="1.0" ${XSL}><xsl:output method="xml"/></xsl:stylesheet>` }),
    ).toThrow(XsltError);
    const loop = program({
      "dir/main.xslt": sheet(
        '<xsl:template match="/"><xsl:call-template name="L"/></xsl:template><xsl:template name="L"><xsl:call-template name="L"/></xsl:template>',
      ),
    });
    expect(() => loop.run(root("<a/>"))).toThrow(/recursión/);
  });

  it("stops a hostile document whose nested // paths would multiply the output", async () => {
    // 60 nested cfdi:Parte, 12,000 InformacionAduanera at the bottom: each Parte would write all of them (18 M characters).
    const depth = 60;
    const aduanas = '<cfdi:InformacionAduanera NumeroPedimento="23  47  3807  8003832"/>'.repeat(12_000);
    const partes = `${'<cfdi:Parte ClaveProdServ="1" Cantidad="1" Descripcion="x">'.repeat(depth)}${aduanas}${"</cfdi:Parte>".repeat(depth)}`;
    const xml = invoiceXml({ seal: false }).replace(
      /<cfdi:Concepto ([^>]*)\/>/,
      `<cfdi:Concepto $1>${partes}</cfdi:Concepto>`,
    );
    expect(xml.length).toBeLessThan(2 * 1024 * 1024);
    // Stopped by the output cap (its time: `npm run bench:hostil`).
    expect(() => cadenaOriginal(root(xml))).toThrow(/excede el tamaño máximo/);
    const withCertificate = xml
      .replace('NoCertificado="00001000000500000001"', 'NoCertificado="30001000000500003416"')
      .replace(
        " Version=",
        ` Certificado="${readFileSync(join(CERTS_DIR, "EKU9003173C9.cer")).toString("base64")}" Version=`,
      );
    const report = await verifySeals(withCertificate, { trustTestCertificates: true });
    expect(report.errors).toContain(SELLO_MSG.cadenaNoCalculable("la cadena original excede el tamaño máximo"));
  });

  it("refuses a circular include and a file that is not a stylesheet", () => {
    expect(() => program({ "dir/main.xslt": sheet('<xsl:include href="main.xslt"/>') })).toThrow(/circular/);
    expect(() => program({ "dir/main.xslt": "<html/>" })).toThrow(XsltError);
    expect(() => program({ "dir/main.xslt": sheet('<xsl:include href="falta.xslt"/>') })).toThrow(/no se pudo leer/);
  });
});

describe("the SAT stylesheets shipped in the package", () => {
  it("compile (4.0, 3.3 and TFD 1.1, with every complement they include) and are cached", () => {
    const first = satStylesheet("4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt");
    expect(satStylesheet("4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt")).toBe(first);
    expect(() => satStylesheet("3/cadenaoriginal_3_3/cadenaoriginal_3_3.xslt")).not.toThrow();
    expect(() => satStylesheet("TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt")).not.toThrow();
  });

  it("leave the Sello, Certificado, the Addenda and the TFD out of the cadena", () => {
    const xml = invoiceXml({ afterComplemento: '<cfdi:Addenda><x:Algo xmlns:x="urn:x">texto</x:Algo></cfdi:Addenda>' });
    const cadena = cadenaOriginal(root(xml));
    expect(
      cadena.startsWith(
        "||4.0|A|100|2025-03-10T12:00:00|99|30001000000500003416|1000.00|MXN|953.33|I|01|PPD|64000|EKU9003173C9|",
      ),
    ).toBe(true);
    expect(cadena.endsWith("|206.67|160.00||")).toBe(true);
    expect(cadena).not.toContain("texto");
    expect(cadena).not.toMatch(/ab12cd34/i);
  });

  it("handle a complement no code knows about by the built-in rule alone (drop-in principle)", () => {
    const xml = invoiceXml({
      complementoExtra:
        '<nuevo:Complemento xmlns:nuevo="urn:nuevo" Dato="no sale">\n <nuevo:Hijo>sí sale</nuevo:Hijo>\n</nuevo:Complemento>',
    });
    expect(cadenaOriginal(root(xml))).toMatch(/\|206\.67\|160\.00\n sí sale\n\|\|$/);
  });
});

/** The SAT's utilerias.xslt, as shipped in the package. */
function satStylesheetSource(): string {
  return readFileSync(
    join(packageDataDir(), "sat/xslt/www.sat.gob.mx/sitio_internet/cfd/2/cadenaoriginal_2_0/utilerias.xslt"),
    "utf8",
  );
}
