/**
 * Differential test against independent implementations: the cadena original, byte for byte, against
 * Debian's xsltproc (libxslt, the engine PHP's CfdiUtils uses) running the same shipped SAT
 * stylesheets, and the signature verdicts against `openssl dgst -sha256 -verify`. Over every real
 * fixture and over CFDIs the tests issue, with the special cases that break naive implementations.
 *
 * xsltproc is required: `npm test` installs it (package xsltproc) on Debian. Without it this test
 * fails, it does not skip.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadXml, SAT_NS } from "../src/cfdi";
import {
  CADENA_STYLESHEETS,
  type ComplementoPrueba,
  cadenaOriginal,
  cadenaOriginalTimbre,
  certificateFromBase64,
  certificateInfo,
  issueTestComplemento,
  packageDataDir,
  sealCfdi,
  shippedCertificates,
  stampCfdi,
  verifySeals,
  verifySignature,
} from "../src/sello/index";
import type { XmlElement } from "../src/xml";
import { doc, EKU_CSD, FIXTURES_DIR, invoiceXml, paymentXml } from "./helpers";

const XSLT_DIR = join(packageDataDir(), "sat/xslt/www.sat.gob.mx/sitio_internet/cfd");
const work = mkdtempSync(join(tmpdir(), "cfdi-diff-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let fileCount = 0;
function tempFile(name: string, content: string | Uint8Array): string {
  const path = join(work, `${fileCount++}-${name}`);
  writeFileSync(path, content);
  return path;
}

/** xsltproc's output (bytes) for the shipped stylesheet over the document. It warns about version 2.0 on stderr. */
function xsltproc(stylesheet: string, xml: string | Uint8Array): Buffer {
  const r = spawnSync("xsltproc", [join(XSLT_DIR, stylesheet), tempFile("doc.xml", xml)]);
  if (r.error || r.status !== 0) {
    throw new Error(`xsltproc falló: ${r.error?.message ?? r.stderr.toString().slice(-500)}`);
  }
  return r.stdout;
}

/** `openssl dgst -sha256 -verify` of the seal over the cadena with the certificate's public key. */
function openssl(cadena: Buffer, selloBase64: string, certDer: Uint8Array): boolean {
  const cert = tempFile("cert.der", certDer);
  const pub = spawnSync("openssl", ["x509", "-inform", "DER", "-in", cert, "-pubkey", "-noout"]);
  if (pub.status !== 0) throw new Error(`openssl x509 falló: ${pub.stderr.toString()}`);
  const key = tempFile("pub.pem", pub.stdout);
  const sig = tempFile("sig.bin", Buffer.from(selloBase64.replace(/\s+/g, ""), "base64"));
  const data = tempFile("cadena.txt", cadena);
  const r = spawnSync("openssl", ["dgst", "-sha256", "-verify", key, "-signature", sig, data]);
  const out = r.stdout.toString().trim();
  if (r.status === 0 && out === "Verified OK") return true;
  if (r.status === 1 && out === "Verification failure") return false;
  throw new Error(`openssl dgst: estado ${r.status}, ${out} ${r.stderr.toString()}`);
}

function rootOf(xml: string | Uint8Array): XmlElement {
  const loaded = loadXml(xml);
  if (!loaded.ok) throw new Error(loaded.errors.join(" "));
  return loaded.root;
}

function stylesheetOf(root: XmlElement): string {
  return root.ns === SAT_NS.cfdi40 ? CADENA_STYLESHEETS.cfdi40 : CADENA_STYLESHEETS.cfdi33;
}

/** The TFD start tag as a document of its own, with the namespaces it uses declared (what a PAC signs). */
function tfdDocument(xml: string): string | null {
  const tag = /<([\w.-]+):TimbreFiscalDigital\s[^>]*?\/?>/.exec(xml);
  if (!tag) return null;
  let text = tag[0].endsWith("/>") ? tag[0] : `${tag[0].slice(0, -1)}/>`;
  const rootTag = /<([\w.-]+:)?Comprobante\s[^>]*>/.exec(xml)?.[0] ?? "";
  for (const prefix of new Set([...text.matchAll(/[\s<]([\w.-]+):[\w.-]+/g)].map((m) => m[1] as string))) {
    if (new RegExp(`xmlns:${prefix}=`).test(text)) continue;
    const decl = new RegExp(`xmlns:${prefix}="[^"]*"`).exec(rootTag)?.[0];
    if (decl) text = text.replace(/^(<[\w.-]+:TimbreFiscalDigital)/, `$1 ${decl}`);
  }
  return text;
}

interface Compared {
  cadena: string;
  emisorSignature?: boolean;
  tfdCadena?: string;
  tfdSignature?: boolean;
}

/** Compares everything that can be compared for one document; returns what was found. */
async function compare(label: string, xml: string | Uint8Array): Promise<Compared> {
  const root = rootOf(xml);
  const ours = Buffer.from(cadenaOriginal(root), "utf8");
  expect(ours.equals(xsltproc(stylesheetOf(root), xml)), `${label}: cadena`).toBe(true);
  const result: Compared = { cadena: ours.toString("utf8") };
  const sello = root.attrs.get("Sello") ?? "";
  const info = certificateFromBase64(root.attrs.get("Certificado") ?? "");
  if (sello.trim() !== "" && info) {
    result.emisorSignature = verifySignature(result.cadena, sello, info);
    expect(openssl(ours, sello, info.certificate.raw), `${label}: sello (openssl)`).toBe(result.emisorSignature);
  }
  const text = typeof xml === "string" ? xml : new TextDecoder().decode(xml);
  const tfdText = tfdDocument(text);
  const complemento = root.children.find((c) => c.local === "Complemento" && c.ns === root.ns);
  const tfd = complemento?.children.find((c) => c.local === "TimbreFiscalDigital" && c.ns === SAT_NS.tfd);
  if (tfdText && tfd && tfd.attrs.get("Version") === "1.1") {
    const tfdOurs = Buffer.from(cadenaOriginalTimbre(tfd), "utf8");
    expect(tfdOurs.equals(xsltproc(CADENA_STYLESHEETS.tfd11, tfdText)), `${label}: cadena del timbre`).toBe(true);
    result.tfdCadena = tfdOurs.toString("utf8");
    const cert = await shippedCertificates().get(tfd.attrs.get("NoCertificadoSAT") ?? "");
    if (cert) {
      result.tfdSignature = verifySignature(result.tfdCadena, tfd.attrs.get("SelloSAT") ?? "", certificateInfo(cert));
      expect(openssl(tfdOurs, tfd.attrs.get("SelloSAT") ?? "", cert.raw), `${label}: SelloSAT (openssl)`).toBe(
        result.tfdSignature,
      );
    }
  }
  return result;
}

describe("the independent implementations are at hand", () => {
  it("has xsltproc (npm test installs the Debian package) and openssl", () => {
    const x = spawnSync("xsltproc", ["--version"]);
    expect(x.error?.message ?? "", "falta xsltproc: apt-get install xsltproc (npm test lo instala)").toBe("");
    expect(x.status).toBe(0);
    expect(spawnSync("openssl", ["version"]).status).toBe(0);
  });
});

describe("every real fixture", () => {
  const files = readdirSync(FIXTURES_DIR).filter((f) => f.endsWith(".xml"));

  it("gives xsltproc's cadena and openssl's verdicts, or has none (CFDI 3.2)", async () => {
    const compared: string[] = [];
    const refused: string[] = [];
    const signatures: Record<string, boolean> = {};
    for (const f of files) {
      const bytes = readFileSync(join(FIXTURES_DIR, f));
      const loaded = loadXml(new Uint8Array(bytes));
      if (!loaded.ok) {
        refused.push(f);
        continue;
      }
      if (loaded.root.ns === SAT_NS.cfdi3 && (loaded.root.attrs.get("Version") ?? "") !== "3.3") {
        expect(() => cadenaOriginal(loaded.root)).toThrow();
        refused.push(f);
        continue;
      }
      const c = await compare(f, new Uint8Array(bytes));
      compared.push(f);
      if (c.emisorSignature !== undefined) signatures[f] = c.emisorSignature;
      if (c.tfdSignature !== undefined) signatures[`${f} (timbre)`] = c.tfdSignature;
    }
    // satcfdi__registro_fiscal.xml (CFDI 3.3) is compared since its unused xmlns:schemaLocation is ignored.
    expect(refused).toEqual(["cfdiutils__cfdi32-real.xml", "cfdiutils__cleaner_v32-dirty-errors.xml"]);
    expect(compared).toHaveLength(files.length - 2);
    // What the fixtures' README measured outside this project (SELLO ok / TFDSELLO ok).
    for (const f of [
      "cfdiutils__cfdi33-real.xml",
      "cfdiutils__cfdi33-valid.xml",
      "cfdiutils__cfdi40-real.xml",
      "cfdiutils__cfdi40-real.xml (timbre)",
      "cfdiutils__created-cfdi40-pago20-valid.xml",
      "cfdiutils__created-pago-with-ns-at-root-33.xml",
      "cfdiutils__created-with-discounts-40.xml",
      "satcfdi__cfdv33-multiples-tasas.xml",
      "satcfdi__cfdv40-ejemplo-signed-tfd.xml",
      "satcfdi__hande951128469_ingreso_iva16_stamped.xml",
      "satcfdi__mpago2_xiqb891116qe4_ingreso_iva16.xml",
      "satcfdi__pago_hande951128469_ingreso_iva16.xml",
      "satcfdi__rentenciones_concepto_suma_100.03.xml",
      "satcfdi__xiqb891116qe4_ingreso_iva16_stamped.xml",
    ]) {
      expect(signatures[f], f).toBe(true);
    }
    expect(signatures["cfdiutils__pagos10_sample-errors.xml"]).toBe(false);
  });
});

describe("the real production CFDI as generators get it wrong (issue 22)", () => {
  const real = readFileSync(join(FIXTURES_DIR, "cfdiutils__cfdi40-real.xml"));

  it("an unused xmlns:schemaLocation (not a URI: libxml2 warns): xsltproc's cadena, both seals verified", async () => {
    const bytes = readFileSync(join(FIXTURES_DIR, "derivados", "cfdi40-real-xmlns-schemaLocation.xml"));
    expect(bytes.toString("utf8")).toContain(" xmlns:schemaLocation=");
    const c = await compare("xmlns:schemaLocation", new Uint8Array(bytes));
    expect(c).toMatchObject({ emisorSignature: true, tfdSignature: true });
    // The declaration is not part of the cadena: the same as the file without it.
    expect(c.cadena).toBe(cadenaOriginal(rootOf(new Uint8Array(real))));
  });

  it("pure ASCII declared ISO-8859-1: xsltproc reads the same text, both seals verified", async () => {
    const declared = real
      .toString("utf8")
      .replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>');
    expect(declared).toContain('encoding="ISO-8859-1"');
    const c = await compare("ISO-8859-1", Buffer.from(declared, "latin1"));
    expect(c).toMatchObject({ emisorSignature: true, tfdSignature: true });
  });
});

/** Seals with the EKU9003173C9 test CSD and stamps with the test PAC, as the helpers do. */
function issue(unsigned: string): string {
  return stampCfdi(sealCfdi(unsigned, EKU_CSD), {
    uuid: "c0ffee00-1234-4abc-8def-0123456789ab",
    fechaTimbrado: "2025-05-05T10:00:00",
  });
}

/** Reverses the attribute order of every start tag (namespace declarations included). */
function reverseAttributes(xml: string): string {
  return xml.replace(
    /<([\w.:-]+)((?:\s+[\w.:-]+="[^"]*")+)\s*(\/?)>/g,
    (_m, name: string, list: string, slash: string) => {
      const items = list.match(/[\w.:-]+="[^"]*"/g) ?? [];
      return `<${name} ${items.reverse().join(" ")}${slash}>`;
    },
  );
}

const unsignedInvoice = (o: Parameters<typeof invoiceXml>[0] = {}) =>
  invoiceXml({ seal: false, tfd: null, ...o }).replace(/\s(Sello|NoCertificado)="[^"]*"/g, "");

const DETALLISTA = `<detallista:detallista xmlns:detallista="http://www.sat.gob.mx/detallista" documentStructureVersion="AMC8.1" type="SimpleInvoiceType" contentVersion="1.3.1" documentStatus="ORIGINAL">
      <detallista:requestForPaymentIdentification><detallista:entityType>INVOICE</detallista:entityType></detallista:requestForPaymentIdentification>
      <detallista:orderIdentification>
        <detallista:referenceIdentification type="ON">  PEDIDO\t 4500
 0123 </detallista:referenceIdentification>
        <detallista:referenceIdentification type="ON"><![CDATA[A&B <2>]]> y &amp; &#233;</detallista:referenceIdentification>
        <detallista:ReferenceDate></detallista:ReferenceDate>
      </detallista:orderIdentification>
      <detallista:buyer><detallista:gln>0000000000001<!-- comentario -->23</detallista:gln></detallista:buyer>
      <detallista:seller><detallista:gln>7504000000000</detallista:gln><detallista:alternatePartyIdentification type="SELLER_ASSIGNED_IDENTIFIER_FOR_A_PARTY">\u00a0PROV 1\u00a0</detallista:alternatePartyIdentification></detallista:seller>
      <detallista:totalAmount><detallista:Amount>1160.00</detallista:Amount></detallista:totalAmount>
    </detallista:detallista>`;

/** Complements issueTestComplemento issues (issue 14): IVA 16 %, a USD payment of MXN invoices, several payments. */
const COMPLEMENTO: Omit<ComplementoPrueba, "pagos"> = {
  emisor: { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" },
  receptor: { rfc: "H&E951128469", nombre: "HERRERIA & ELECTRICOS", cp: "06002", regimen: "601" },
  lugarExpedicion: "86000",
  fecha: "2026-01-03T10:00:00",
  serie: "P",
  folio: "7",
  uuid: "bbbbbbbb-2222-4333-8444-555555555555",
  fechaTimbrado: "2026-01-03T10:05:00",
};
const DR = (n: number, o: Partial<ComplementoPrueba["pagos"][number]["Documentos"][number]> = {}) => ({
  IdDocumento: `aaaaaaaa-1111-4222-8333-00000000000${n}`,
  Serie: "F",
  Folio: String(100 + n),
  MonedaDR: "MXN",
  NumParcialidad: 1,
  ImpSaldoAnt: "11600.00",
  ImpPagado: "11600.00",
  ImpSaldoInsoluto: "0.00",
  ...o,
});

describe("CFDIs the tests issue, and the cases that break naive implementations", () => {
  const cases: [string, string][] = [
    ["factura de los helpers", invoiceXml()],
    ["complemento de pago de los helpers (Pagos 2.0)", paymentXml()],
    [
      "Pagos 2.0 con dos pagos en monedas distintas",
      paymentXml({
        pagos: [
          { pago: { Monto: "100.00" }, docs: [doc(1, { ImpSaldoAnt: "500.00", ImpSaldoInsoluto: "400.00" })] },
          { pago: { Monto: "200.00", MonedaP: "USD", TipoCambioP: "17.3608" }, docs: [doc(2), doc(3)] },
        ],
        totales: { MontoTotalPagos: "3572.16" },
      }),
    ],
    [
      "emitirComplementoPrueba: pago MXN de dos facturas con IVA 16 % (una en parcialidades)",
      issueTestComplemento({
        ...COMPLEMENTO,
        pagos: [
          {
            FechaPago: "2025-12-20T12:00:00",
            FormaDePagoP: "03",
            MonedaP: "MXN",
            Monto: "17400.00",
            NumOperacion: "SPEI 0001",
            Documentos: [
              DR(1),
              DR(2, { NumParcialidad: 2, ImpSaldoAnt: "23200.00", ImpPagado: "5800.00", ImpSaldoInsoluto: "17400.00" }),
            ],
          },
        ],
      }),
    ],
    [
      "emitirComplementoPrueba: pago USD de facturas MXN, otro pago USD de una factura USD sin impuestos",
      issueTestComplemento({
        ...COMPLEMENTO,
        pagos: [
          {
            FechaPago: "2025-12-22T12:00:00",
            FormaDePagoP: "03",
            MonedaP: "USD",
            TipoCambioP: "20.00",
            Monto: "1000.00",
            Documentos: [
              DR(3, { EquivalenciaDR: "20.000000" }),
              DR(4, { EquivalenciaDR: "20.000000", ImpSaldoAnt: "9000", ImpPagado: "8400", ImpSaldoInsoluto: "600" }),
            ],
          },
          {
            FechaPago: "2025-12-23T12:00:00",
            FormaDePagoP: "02",
            MonedaP: "USD",
            TipoCambioP: "17.3608",
            Monto: "250.55",
            Documentos: [
              DR(5, {
                MonedaDR: "USD",
                ObjetoImpDR: "01",
                ImpSaldoAnt: "250.55",
                ImpPagado: "250.55",
                NumParcialidad: 3,
              }),
            ],
          },
        ],
      }),
    ],
    ["implocal", invoiceXml({ implocal: { TotaldeRetenciones: "5.00", TotaldeTraslados: "0.00" } })],
    ["atributos en orden inverso", issue(reverseAttributes(unsignedInvoice()))],
    ["prefijo c: en lugar de cfdi:", invoiceXml({ prefix: "c" })],
    ["espacio de nombres predeterminado (sin prefijo)", invoiceXml({ prefix: "" })],
    ["prefijo timbre: para el TFD", invoiceXml({ tfdPrefix: "timbre" })],
    [
      "espacios que normalize-space colapsa (tab, CR, LF, dobles) y uno que no (NBSP)",
      issue(
        unsignedInvoice({
          receptor: { Nombre: "  COMERCIALIZADORA  DEL\nBAJIO  " },
          emisor: { Nombre: "ESCUELA\u00a0KEMPER URGATE\u00a0" },
        }).replace('Descripcion="Tornillos"', 'Descripcion="&#9;Tornillos&#13;&#10;de  acero&#9;"'),
      ),
    ],
    [
      "atributos opcionales vacíos",
      issue(unsignedInvoice({ comprobante: { Serie: "", CondicionesDePago: "", Folio: "" } })),
    ],
    [
      "entidades (&amp; en un RFC, referencias numéricas)",
      issue(
        unsignedInvoice({ receptor: { Rfc: "H&E951128469", Nombre: "HERRERIA & ELECTRICOS <S DE CV>" } }).replace(
          'Descripcion="Tornillos"',
          'Descripcion="Tornillos &quot;grado 5&quot; &apos;M8&apos; &#233;&#xE9; &#x1F600;"',
        ),
      ),
    ],
    [
      "complemento con texto (detallista: valores de elementos)",
      issue(unsignedInvoice({ complementoExtra: DETALLISTA })),
    ],
    [
      "complemento desconocido (reglas integradas: el texto sale tal cual)",
      issue(
        unsignedInvoice({
          complementoExtra:
            '<otro:Cosa xmlns:otro="urn:otro" A="1">\n  uno <otro:Sub>dos</otro:Sub>\t<![CDATA[tres]]>\n</otro:Cosa>',
        }),
      ),
    ],
    [
      "fines de línea CRLF y CR sueltos (también dentro del texto que sale en la cadena)",
      issue(
        unsignedInvoice({
          complementoExtra: '<otro:Cosa xmlns:otro="urn:otro">uno\ndos\rtres<![CDATA[cuatro\r\ncinco]]></otro:Cosa>',
        }).replaceAll("\n", "\r\n"),
      ),
    ],
  ];

  for (const [label, xml] of cases) {
    it(`${label}: same cadenas as xsltproc, openssl accepts both seals, and so does the verifier`, async () => {
      const c = await compare(label, xml);
      expect(c.emisorSignature, "sello del emisor").toBe(true);
      expect(c.tfdSignature, "sello del SAT").toBe(true);
      const verdict = await verifySeals(xml, { trustTestCertificates: true });
      expect([verdict.emisor, verdict.timbre]).toEqual(["valid", "valid"]);
    });
  }

  it("the special cases reach the cadena as XSLT says (spot checks of what was compared)", async () => {
    const byLabel = new Map(cases);
    const cadena = (label: string) => cadenaOriginal(rootOf(byLabel.get(label) as string));
    expect(cadena("espacios que normalize-space colapsa (tab, CR, LF, dobles) y uno que no (NBSP)")).toContain(
      "|ESCUELA\u00a0KEMPER URGATE\u00a0|601|CLI900202CD2|COMERCIALIZADORA DEL BAJIO|",
    );
    expect(cadena("espacios que normalize-space colapsa (tab, CR, LF, dobles) y uno que no (NBSP)")).toContain(
      "|Tornillos de acero|",
    );
    expect(cadena("atributos opcionales vacíos")).toMatch(
      /^\|\|4\.0\|\|\|2025-03-10T12:00:00\|99\|30001000000500003416\|\|1000\.00\|/,
    );
    expect(cadena("entidades (&amp; en un RFC, referencias numéricas)")).toContain(
      "|H&E951128469|HERRERIA & ELECTRICOS <S DE CV>|",
    );
    expect(cadena("complemento con texto (detallista: valores de elementos)")).toContain(
      "|AMC8.1|PEDIDO 4500 0123|A&B <2> y & é||000000000000123|7504000000000|\u00a0PROV 1\u00a0|1160.00||",
    );
    expect(cadena("complemento desconocido (reglas integradas: el texto sale tal cual)")).toContain(
      "\n  uno dos\ttres\n||",
    );
    expect(cadena("fines de línea CRLF y CR sueltos (también dentro del texto que sale en la cadena)")).toContain(
      "|160.00uno\ndos\ntrescuatro\n\ncinco||", // CR CR LF in the CDATA: two line ends
    );
    expect(cadena("emitirComplementoPrueba: pago MXN de dos facturas con IVA 16 % (una en parcialidades)")).toContain(
      "|H&E951128469|HERRERIA & ELECTRICOS|06002|601|CP01|84111506|1|ACT|Pago|0|0|01|2.0|15000.00|2400.00|17400.00|" +
        "2025-12-20T12:00:00|03|MXN|1|17400.00|SPEI 0001|aaaaaaaa-1111-4222-8333-000000000001|F|101|MXN|1|1|",
    );
    expect(byLabel.get("atributos en orden inverso")).toMatch(
      /<cfdi:Comprobante LugarExpedicion="64000" FormaPago="99"/,
    );
    expect(cadena("atributos en orden inverso")).toBe(cadenaOriginal(rootOf(invoiceXml())));
  });
});
