/**
 * Every real, published CFDI file in test/fixtures with the portal's verdict.
 * The README there describes each file; the reason for each verdict is in the table below.
 */

import { readdirSync } from "node:fs";
import { MSG } from "@portal/contracts/messages";
import { describe, expect, it } from "vitest";
import { CFDI_MSG, type CfdiKind, validateCfdi } from "../src/index";
import { FIXTURES_DIR, fixtureBytes } from "./helpers";

const V33_INVOICE =
  "El XML es un CFDI versión 3.3 de tipo I (Ingreso); se espera una factura: un CFDI versión 4.0 de tipo I (Ingreso).";
const V33_PAYMENT =
  "El XML es un CFDI versión 3.3 de tipo P (Pago) con complemento de pagos 1.0; se espera un complemento de pago: un CFDI versión 4.0 de tipo P (Pago) con el complemento Pagos 2.0.";
const E = MSG.xmlSinTimbre;

/** file → [kind, ok, errors (exactly) or null for a valid file] */
const VERDICTS: Record<string, [CfdiKind, string[] | null]> = {
  // Legacy versions: refused with a message saying what they are.
  "cfdiutils__cfdi32-real.xml": [
    "factura",
    [
      "El XML es un CFDI versión 3.2 de tipo I (Ingreso); se espera una factura: un CFDI versión 4.0 de tipo I (Ingreso).",
    ],
  ],
  "cfdiutils__cfdi33-real.xml": ["factura", [V33_INVOICE]],
  "cfdiutils__cfdi33-valid.xml": ["factura", [V33_INVOICE]],
  "satcfdi__cfdv33-multiples-tasas.xml": ["factura", [V33_INVOICE]],
  "satcfdi__cfdv33-pagos10.xml": [
    "factura",
    [
      "El XML es un CFDI versión 3.3 de tipo I (Ingreso) con complemento de pagos 1.0; se espera una factura: un CFDI versión 4.0 de tipo I (Ingreso).",
    ],
  ],
  "cfdiutils__created-pago-with-ns-at-root-33.xml": ["pago", [V33_PAYMENT]],
  "cfdiutils__pagos10_sample-errors.xml": ["pago", [V33_PAYMENT]],
  "cfdiutils__pagos10_sample-validacfd01.xml": ["pago", [V33_PAYMENT]], // starts with a UTF-8 BOM
  // xmlns:schemaLocation whose value is not a URI, a prefix nothing uses: ignored as libxml2 and expat do (the
  // README there calls them namespace errors; issue 22), so each is read for what it is.
  "cfdiutils__cleaner_v32-dirty-errors.xml": [
    "otro",
    ["El XML es un CFDI versión 3.2; se espera una factura: un CFDI versión 4.0 de tipo I (Ingreso)."],
  ],
  "satcfdi__registro_fiscal.xml": ["factura", [V33_INVOICE]],
  // The one real, stamped, consistent CFDI 4.0 invoice.
  "cfdiutils__cfdi40-real.xml": ["factura", null],
  // Stamped 4.0 invoices without FormaPago (PPD): spec §5 requires the payment form.
  "satcfdi__hande951128469_ingreso_iva16_stamped.xml": [
    "factura",
    [E, "Falta el atributo FormaPago en cfdi:Comprobante."],
  ],
  "satcfdi__xiqb891116qe4_ingreso_iva16_stamped.xml": [
    "factura",
    [E, "Falta el atributo FormaPago en cfdi:Comprobante."],
  ],
  // Not stamped: no UUID.
  "cfdiutils__created-with-discounts-40.xml": ["factura", [E, CFDI_MSG.sinTimbre]],
  "satcfdi__rentenciones_concepto_suma_100.03.xml": [
    "factura",
    [E, "Falta el atributo FormaPago en cfdi:Comprobante.", CFDI_MSG.sinTimbre],
  ],
  "cfdiutils__created-cfdi40-pago20-valid.xml": ["pago", [E, CFDI_MSG.sinTimbre]],
  "cfdiutils__pagos20-calculator_001.xml": ["pago", [E, CFDI_MSG.sinTimbre]],
  "cfdiutils__pagos20-calculator_002.xml": ["pago", [E, CFDI_MSG.sinTimbre]],
  "cfdiutils__pagos20-calculator_003.xml": ["pago", [E, CFDI_MSG.sinTimbre]],
  "cfdiutils__pagos20-calculator_005.xml": [
    "pago",
    [E, "Falta el atributo IdDocumento en pago20:DoctoRelacionado.", CFDI_MSG.sinTimbre],
  ],
  "cfdiutils__pagos20-calculator_008.xml": [
    "pago",
    [
      E,
      "Falta el atributo Rfc en cfdi:Emisor.",
      "Falta el atributo Rfc en cfdi:Receptor.",
      "Falta el atributo IdDocumento en pago20:DoctoRelacionado.",
      CFDI_MSG.sinTimbre,
    ],
  ],
  "satcfdi__cfdv40-pagos20-all.xml": ["pago", [E, CFDI_MSG.sinTimbre]],
  "satcfdi__cfdv40-pagos20-min.xml": ["pago", [E, CFDI_MSG.sinTimbre]],
  "satcfdi__mpago2_xiqb891116qe4_ingreso_iva16.xml": ["pago", [E, CFDI_MSG.sinTimbre]],
  // Tipo P documents without a Pagos complement (nonsense values by design).
  "satcfdi__cfdv40-ejemplo-signed-tfd.xml": ["pago", [E, CFDI_MSG.sinComplementoPagos]],
  "satcfdi__cfdv40-implocal.xml": ["pago", [E, CFDI_MSG.sinComplementoPagos, CFDI_MSG.sinTimbre]],
  // Stamp copied from another document: TFD SelloCFD differs from the comprobante's Sello.
  "satcfdi__pago_hande951128469_ingreso_iva16.xml": ["pago", [E, CFDI_MSG.timbreNoCorresponde]],
};

describe("real CFDI files (test/fixtures)", () => {
  const files = readdirSync(FIXTURES_DIR).filter((f) => f.endsWith(".xml"));

  it("has a verdict for every file", () => {
    expect(files.sort()).toEqual(Object.keys(VERDICTS).sort());
  });

  for (const [file, [kind, errors]] of Object.entries(VERDICTS)) {
    it(`${file}: ${errors === null ? "valid" : "refused"} as ${kind}`, () => {
      const result = validateCfdi(fixtureBytes(file));
      expect(result.kind).toBe(kind);
      if (errors === null) {
        expect(result.errors).toEqual([]);
        expect(result.ok).toBe(true);
      } else {
        expect(result.errors).toEqual(errors);
        expect(result.ok).toBe(false);
      }
    });
  }
});
