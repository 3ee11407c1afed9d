/**
 * `npm run bench:hostil`: how long the reader and the cadena take on hostile documents (the cases of
 * test/hardening.test.ts and test/xslt.test.ts, which check what is answered; their time lives here, because
 * speed targets are never timed tests). Figures only; the targets beside each case are the ones the tests held
 * before issue 22 moved them here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { classifyCfdi, readInvoice, readPaymentComplement } from "../src/index";
import { cadenaOriginal } from "../src/sello/index";
import { parseXml } from "../src/xml";
import { CERTS_DIR, invoiceXml } from "../test/helpers";

interface Case {
  name: string;
  targetMs: number;
  run: () => unknown;
}

function billionLaughs(): string {
  return [
    '<?xml version="1.0"?>',
    "<!DOCTYPE lolz [",
    ' <!ENTITY lol "lol">',
    ...Array.from({ length: 9 }, (_, k) => ` <!ENTITY lol${k + 1} "${`&lol${k === 0 ? "" : k};`.repeat(10)}">`),
    "]>",
    `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="&lol9;"/>`,
  ].join("\n");
}

function nestedPaths(): string {
  const depth = 60;
  const aduanas = '<cfdi:InformacionAduanera NumeroPedimento="23  47  3807  8003832"/>'.repeat(12_000);
  const partes = `${'<cfdi:Parte ClaveProdServ="1" Cantidad="1" Descripcion="x">'.repeat(depth)}${aduanas}${"</cfdi:Parte>".repeat(depth)}`;
  return invoiceXml({ seal: false })
    .replace(/<cfdi:Concepto ([^>]*)\/>/, `<cfdi:Concepto $1>${partes}</cfdi:Concepto>`)
    .replace(
      " Version=",
      ` Certificado="${readFileSync(join(CERTS_DIR, "EKU9003173C9.cer")).toString("base64")}" Version=`,
    );
}

const cases: Case[] = [
  { name: "entidades anidadas (billion laughs)", targetMs: 50, run: () => readInvoice(billionLaughs()) },
  {
    name: "50 MB de una vez (bytes y texto, factura y pago)",
    targetMs: 500,
    run: () => {
      const bytes = new Uint8Array(50 * 1024 * 1024);
      readInvoice(bytes);
      readInvoice("<".padEnd(50 * 1024 * 1024, "a"));
      readPaymentComplement(bytes);
      classifyCfdi(bytes);
    },
  },
  {
    name: "espacios de nombres: 120 declaraciones y 1.9 MB de hijos que declaran",
    targetMs: 3000,
    run: () => {
      const crowded = Array.from({ length: 120 }, (_, k) => `xmlns:p${k}="urn:${k}"`).join(" ");
      const child = '<x xmlns:z="urn:z"/>';
      const addenda = `<cfdi:Addenda><w ${crowded}>${child.repeat(Math.floor(1_900_000 / child.length))}</w></cfdi:Addenda>`;
      return readInvoice(invoiceXml({ afterComplemento: addenda }));
    },
  },
  {
    name: "un atributo de 1.9 MB",
    targetMs: 1000,
    run: () =>
      readInvoice(invoiceXml({ afterComplemento: `<cfdi:Addenda><a v="${"A".repeat(1_900_000)}"/></cfdi:Addenda>` })),
  },
  {
    name: "cadena original con rutas // anidadas (60 Parte, 12,000 aduanas)",
    targetMs: 5000,
    run: () => {
      const parsed = parseXml(nestedPaths());
      if (!parsed.ok) throw new Error(parsed.error.message);
      try {
        cadenaOriginal(parsed.root);
      } catch {
        // Refused for its size: what the test checks. Here only the time counts.
      }
    },
  },
];

console.log("caso".padEnd(72), "ms (mediana de 3)".padStart(18), "objetivo".padStart(10));
for (const c of cases) {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    c.run();
    times.push(performance.now() - started);
  }
  const median = times.sort((a, b) => a - b)[1] ?? 0;
  const mark = median <= c.targetMs ? "" : "  (excede)";
  console.log(c.name.padEnd(72), median.toFixed(1).padStart(18), `${c.targetMs}`.padStart(10) + mark);
}
