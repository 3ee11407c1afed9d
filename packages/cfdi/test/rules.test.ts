import { MSG } from "@portal/contracts/messages";
import { describe, expect, it } from "vitest";
import {
  checkInvoiceAgainst,
  checkPaymentAgainst,
  type EntradaCheck,
  type InvoiceCheckContext,
  type InvoiceData,
  invoiceMismatches,
  joinEntradas,
  type PaymentData,
  readInvoice,
  readPaymentComplement,
} from "../src/index";
import { doc, fixtureText, invoiceContext, invoiceXml, paymentXml } from "./helpers";

function invoice(options: Parameters<typeof invoiceXml>[0] = {}): InvoiceData {
  const r = readInvoice(invoiceXml(options), { variant: "actualizacion" });
  if (!r.ok) throw new Error(r.errors.join(" | "));
  return r.data;
}

type Entrada = InvoiceCheckContext["entrada"];
function ctx(
  over: { entrada?: Partial<Entrada>; sociedad?: Partial<InvoiceCheckContext["sociedad"]>; CardName?: string } = {},
) {
  const base = invoiceContext();
  return {
    proveedor: { CardName: over.CardName ?? base.proveedor.CardName },
    sociedad: { ...base.sociedad, ...over.sociedad },
    entrada: { ...base.entrada, ...over.entrada },
  };
}

/** The spec's sentences of the failed checks (the values compared are tested below). */
const sentences = (...args: Parameters<typeof invoiceMismatches>) => invoiceMismatches(...args).map((m) => m.mensaje);

const ALL_INVOICE_MESSAGES = [
  MSG.nombreProveedorEntrada,
  MSG.nombreReceptorSociedad,
  MSG.regimenReceptorSociedad,
  MSG.cpReceptorSociedad,
  MSG.totalEntrada,
  MSG.formaPagoEntrada,
  MSG.usoPrincipalEntrada,
  MSG.cpEmisorSociedad,
  MSG.metodoPagoEntrada,
];

describe("spec §5 messages", () => {
  it("are verbatim, the method message with its trailing space", () => {
    expect(MSG.metodoPagoEntrada).toBe("El método de pago del XML debe ser igual al de la entrada de mercancia ");
    expect(MSG.nombreProveedorEntrada).toBe("El nombre de proveedor de la entrada no es el mismo del XML");
    expect(MSG.regimenReceptorSociedad).toBe(
      "El régimen fiscal del receptor no es mismo de la sociedad seleccionada en el XML",
    );
    expect(MSG.xmlSinTimbre).toBe("No cuenta con la estructura de un XML valida de un timbre del SAT");
    expect(MSG.uuidRelacionadoInexistente("ABC")).toBe(
      "El UUID del documento relacionado del XML: ABC No existe en las facturas registradas",
    );
  });
});

describe("invoiceMismatches — new invoice (alta)", () => {
  const data = invoice();

  it("passes when the invoice matches the supplier, sociedad and receipt (1160 − 206.67 = 953.33)", () => {
    expect(sentences(data, ctx(), "alta")).toEqual([]);
  });

  const single: [string, Parameters<typeof ctx>[0], string][] = [
    ["supplier name", { CardName: "OTRO PROVEEDOR" }, MSG.nombreProveedorEntrada],
    ["receiver name", { sociedad: { NomSociedad: "OTRA SOCIEDAD" } }, MSG.nombreReceptorSociedad],
    ["receiver régimen", { sociedad: { Regimen: "603" } }, MSG.regimenReceptorSociedad],
    ["receiver postal code (01000 is not 1000)", { sociedad: { CP: "1000" } }, MSG.cpReceptorSociedad],
    ["receipt total", { entrada: { DocTotal: "1160.01" } }, MSG.totalEntrada],
    ["payment form", { entrada: { PeyMethod: "03" } }, MSG.formaPagoEntrada],
    ["main use", { entrada: { U_B1SYS_MainUsage: "G03" } }, MSG.usoPrincipalEntrada],
    ["issuer postal code", { entrada: { CP: "64001" } }, MSG.cpEmisorSociedad],
    ["payment method (no credit days means PUE)", { entrada: { GroupNum: 0 } }, MSG.metodoPagoEntrada],
    ["payment method (SAP cash group -1)", { entrada: { GroupNum: -1 } }, MSG.metodoPagoEntrada],
  ];
  for (const [what, over, message] of single) {
    it(`reports a different ${what} with exactly its message`, () => {
      expect(sentences(data, ctx(over), "alta")).toEqual([message]);
    });
  }

  it("reports every failure at once, in the spec's order", () => {
    const other = ctx({
      CardName: "X",
      sociedad: { NomSociedad: "Y", Regimen: "603", CP: "99999" },
      entrada: { DocTotal: "1.00", PeyMethod: "01", U_B1SYS_MainUsage: "S01", CP: "11111", GroupNum: 0 },
    });
    expect(sentences(data, other, "alta")).toEqual(ALL_INVOICE_MESSAGES);
  });

  it("compares totals after formatting to 2 decimals", () => {
    expect(sentences(data, ctx({ entrada: { DocTotal: "1160.004999" } }), "alta")).toEqual([]);
    expect(sentences(data, ctx({ entrada: { DocTotal: "1159.995" } }), "alta")).toEqual([]);
    expect(sentences(data, ctx({ entrada: { DocTotal: "1160.005" } }), "alta")).toEqual([MSG.totalEntrada]);
  });

  it("uses the caller's withholdings when given, the invoice's otherwise", () => {
    expect(sentences(data, ctx({ entrada: { RetencionesTotal: "206.67" } }), "alta")).toEqual([]);
    expect(sentences(data, ctx({ entrada: { RetencionesTotal: "0" } }), "alta")).toEqual([MSG.totalEntrada]);
    expect(sentences(data, ctx({ entrada: { RetencionesTotal: "" } }), "alta")).toEqual([]);
  });

  it("subtracts local withholdings too (implocal)", () => {
    const withLocal = invoice({
      comprobante: { Total: "948.33" },
      implocal: { TotaldeRetenciones: "5.00", TotaldeTraslados: "0" },
    });
    expect(sentences(withLocal, ctx(), "alta")).toEqual([]);
  });

  it("needs PUE when the receipt has no credit days", () => {
    const pue = invoice({ comprobante: { MetodoPago: "PUE", FormaPago: "03" } });
    expect(sentences(pue, ctx({ entrada: { GroupNum: 0, PeyMethod: "03" } }), "alta")).toEqual([]);
    expect(sentences(pue, ctx({ entrada: { GroupNum: 15, PeyMethod: "03" } }), "alta")).toEqual([
      MSG.metodoPagoEntrada,
    ]);
  });

  it("compares names ignoring case and extra spaces, but not accents", () => {
    expect(sentences(data, ctx({ CardName: "  escuela   kemper urgate " }), "alta")).toEqual([]);
    expect(sentences(data, ctx({ CardName: "ESCUELA KÉMPER URGATE" }), "alta")).toEqual([MSG.nombreProveedorEntrada]);
    expect(sentences(data, ctx({ CardName: "" }), "alta")).toEqual([MSG.nombreProveedorEntrada]);
  });

  it("skips the issuer postal code check when the receipt has none", () => {
    const { CP: _omit, ...entrada } = invoiceContext().entrada;
    expect(sentences(data, { ...invoiceContext(), entrada }, "alta")).toEqual([]);
  });

  it("never throws on a malformed receipt total: the total check fails", () => {
    expect(sentences(data, ctx({ entrada: { DocTotal: "abc" } }), "alta")).toEqual([MSG.totalEntrada]);
    expect(sentences(data, ctx({ entrada: { DocTotal: undefined as unknown as string } }), "alta")).toEqual([
      MSG.totalEntrada,
    ]);
  });
});

describe("invoiceMismatches — update form (actualizacion)", () => {
  const data = invoice();

  it("compares the receipt total with XML Total + withholdings + discount (953.33 + 206.67 + 0)", () => {
    expect(sentences(data, ctx(), "actualizacion")).toEqual([]);
    const withDiscount = invoice({ comprobante: { Descuento: "100.00", Total: "853.33" } });
    expect(sentences(withDiscount, ctx(), "actualizacion")).toEqual([]);
    expect(sentences(data, ctx({ entrada: { DocTotal: "953.33" } }), "actualizacion")).toEqual([MSG.totalEntrada]);
  });

  it("omits the régimen, postal-code and payment-method checks", () => {
    const other = ctx({
      CardName: "X",
      sociedad: { NomSociedad: "Y", Regimen: "603", CP: "99999" },
      entrada: { DocTotal: "1.00", PeyMethod: "01", U_B1SYS_MainUsage: "S01", CP: "11111", GroupNum: 0 },
    });
    expect(sentences(data, other, "actualizacion")).toEqual([
      MSG.nombreProveedorEntrada,
      MSG.nombreReceptorSociedad,
      MSG.totalEntrada,
      MSG.formaPagoEntrada,
      MSG.usoPrincipalEntrada,
    ]);
  });

  it("works on an update-form read without SubTotal", () => {
    const noSubTotal = invoice({ comprobante: { SubTotal: null } });
    expect(noSubTotal.SubTotal).toBeUndefined();
    expect(sentences(noSubTotal, ctx(), "actualizacion")).toEqual([]);
  });
});

describe("checkInvoiceAgainst — the spec's sentence, then the values compared (issue 23)", () => {
  const data = invoice();

  it("adds the expected and found value after each sentence, which stays verbatim", () => {
    const other = ctx({
      CardName: "X",
      sociedad: { NomSociedad: "Y", Regimen: "603", CP: "99999" },
      entrada: { DocTotal: "1.00", PeyMethod: "01", U_B1SYS_MainUsage: "S01", CP: "11111", GroupNum: 0 },
    });
    expect(checkInvoiceAgainst(data, other, "alta")).toEqual([
      `${MSG.nombreProveedorEntrada} — se esperaba «X»; el XML trae «ESCUELA KEMPER URGATE».`,
      `${MSG.nombreReceptorSociedad} — se esperaba «Y»; el XML trae «${data.NombreReceptor}».`,
      `${MSG.regimenReceptorSociedad} — se esperaba «603»; el XML trae «${data.Regimen}».`,
      `${MSG.cpReceptorSociedad} — se esperaba «99999»; el XML trae «${data.CPReceptor}».`,
      `${MSG.totalEntrada} — se esperaba «-205.67»; el XML trae «953.33» (total de la entrada 1.00 menos retenciones 206.67).`,
      `${MSG.formaPagoEntrada} — se esperaba «01»; el XML trae «${data.FormaPago}».`,
      `${MSG.usoPrincipalEntrada} — se esperaba «S01»; el XML trae «${data.UsoPrincipal}».`,
      `${MSG.cpEmisorSociedad} — se esperaba «11111»; el XML trae «${data.CPEmisor}».`,
      // The method sentence keeps its trailing space: the values follow it directly.
      `${MSG.metodoPagoEntrada}— se esperaba «PUE»; el XML trae «PPD».`,
    ]);
  });

  it("shows the receipt's total alone when nothing is withheld, and an empty value as (vacío)", () => {
    const sinRetenciones = ctx({ entrada: { DocTotal: "1234.5", RetencionesTotal: "0" }, CardName: "" });
    expect(checkInvoiceAgainst(data, sinRetenciones, "alta")).toEqual([
      `${MSG.nombreProveedorEntrada} — se esperaba (vacío); el XML trae «ESCUELA KEMPER URGATE».`,
      `${MSG.totalEntrada} — se esperaba «1,234.50»; el XML trae «953.33».`,
    ]);
  });

  it("in the update form, compares the receipt's total with the XML's Total plus withholdings and discount", () => {
    expect(checkInvoiceAgainst(data, ctx({ entrada: { DocTotal: "953.33" } }), "actualizacion")).toEqual([
      `${MSG.totalEntrada} — se esperaba «953.33»; el XML trae «1,160.00» (Total del XML 953.33 más retenciones y descuento).`,
    ]);
  });

  it("every message starts with the spec's sentence", () => {
    const other = ctx({ CardName: "X", entrada: { GroupNum: 0, DocTotal: "abc" } });
    const messages = checkInvoiceAgainst(data, other, "alta");
    expect(messages.map((m, i) => m.startsWith(sentences(data, other, "alta")[i] ?? "?"))).toEqual(
      messages.map(() => true),
    );
    expect(messages).toHaveLength(3);
  });
});

describe("checkPaymentAgainst", () => {
  function payment(options: Parameters<typeof paymentXml>[0] = {}): PaymentData {
    const r = readPaymentComplement(paymentXml(options));
    if (!r.ok) throw new Error(r.errors.join(" | "));
    return r.data;
  }
  const data = payment();
  const record = {
    CardName: "ESCUELA KEMPER URGATE",
    NomSociedad: "Comercializadora del Bajio",
    DocTotal: "15000.000000",
    facturasUUID: ["00000000-1111-2222-3333-00000000000a", " 00000000-1111-2222-3333-00000000000B "],
  };

  it("passes when names, total and related invoices match (UUIDs compared upper-cased, spaces removed)", () => {
    expect(checkPaymentAgainst(data, record)).toEqual([]);
  });

  it("reports each mismatch with its spec message", () => {
    expect(checkPaymentAgainst(data, { ...record, CardName: "OTRO" })).toEqual([MSG.nombreProveedorPago]);
    expect(checkPaymentAgainst(data, { ...record, NomSociedad: "OTRA" })).toEqual([MSG.nombreSociedadPago]);
    expect(checkPaymentAgainst(data, { ...record, DocTotal: "15000.01" })).toEqual([MSG.totalPago]);
    expect(checkPaymentAgainst(data, { ...record, DocTotal: "no" })).toEqual([MSG.totalPago]);
  });

  it("names each related document that is not among the registered invoices, once", () => {
    const twice = payment({
      pagos: [{ pago: { Monto: "300.00" }, docs: [doc(10), doc(12), doc(12, { NumParcialidad: "2" })] }],
      totales: { MontoTotalPagos: "300.00" },
    });
    expect(checkPaymentAgainst(twice, { ...record, DocTotal: "300" })).toEqual([
      "El UUID del documento relacionado del XML: 00000000-1111-2222-3333-00000000000C No existe en las facturas registradas",
    ]);
  });

  it("reports everything at once", () => {
    expect(checkPaymentAgainst(data, { CardName: "A", NomSociedad: "B", DocTotal: "1", facturasUUID: [] })).toEqual([
      MSG.nombreProveedorPago,
      MSG.nombreSociedadPago,
      MSG.totalPago,
      MSG.uuidRelacionadoInexistente("00000000-1111-2222-3333-00000000000A"),
      MSG.uuidRelacionadoInexistente("00000000-1111-2222-3333-00000000000B"),
    ]);
  });

  it("links satcfdi's payment to satcfdi's invoice by UUID (end to end with the real files)", () => {
    const invoiceXmlText = fixtureText("satcfdi__hande951128469_ingreso_iva16_stamped.xml").replace(
      'MetodoPago="PPD"',
      'MetodoPago="PPD" FormaPago="99"',
    );
    const inv = readInvoice(invoiceXmlText);
    const payXml = fixtureText("satcfdi__pago_hande951128469_ingreso_iva16.xml");
    const sello = /\sSello="([^"]*)"/.exec(payXml)?.[1] ?? "";
    const pay = readPaymentComplement(payXml.replace(/SelloCFD="[^"]*"/, `SelloCFD="${sello}"`));
    if (!inv.ok || !pay.ok) throw new Error("los archivos deberían leerse");
    const registro = {
      CardName: "HERRERIA & ELECTRICOS S DE CV",
      NomSociedad: "KIJ, S.A DE C.V.",
      DocTotal: "17852.75",
      facturasUUID: [inv.data.UUID],
    };
    expect(checkPaymentAgainst(pay.data, registro)).toEqual([]);
    expect(checkPaymentAgainst(pay.data, { ...registro, facturasUUID: [] })).toEqual([
      MSG.uuidRelacionadoInexistente("6D7434A6-E3F2-47AD-9E4C-08849946AFA0"),
    ]);
  });
});

describe("joinEntradas — one CFDI for several goods receipts (issue 27)", () => {
  const data = invoice();
  const base: EntradaCheck = { ...invoiceContext().entrada, DocNum: 101 };
  const two = (a: Partial<EntradaCheck>, b: Partial<EntradaCheck>) => [
    { ...base, ...a },
    { ...base, DocNum: 102, ...b },
  ];

  it("compares the CFDI with the receipts' sum (700 + 460 = 1160 − 206.67 = 953.33)", () => {
    const entrada = joinEntradas(two({ DocTotal: "700" }, { DocTotal: "460" }));
    expect(entrada).toMatchObject({ DocTotal: "1160", GroupNum: 30, PeyMethod: "99" });
    expect(sentences(data, { ...ctx(), entrada }, "alta")).toEqual([]);
  });

  it("names the sum and each receipt's total when the total differs", () => {
    const entrada = joinEntradas(two({ DocTotal: "700" }, { DocTotal: "500", RetencionesTotal: undefined }));
    expect(checkInvoiceAgainst(data, { ...ctx(), entrada }, "alta")).toEqual([
      `${MSG.totalEntrada} — se esperaba «993.33»; el XML trae «953.33» (suma de las entradas 101 (700.00) + 102 (500.00) = 1,200.00 menos retenciones 206.67).`,
    ]);
  });

  it("adds the receipts' withholdings when every receipt gives them", () => {
    const entrada = joinEntradas(
      two({ DocTotal: "700", RetencionesTotal: "100" }, { DocTotal: "460", RetencionesTotal: "106.67" }),
    );
    expect(entrada.RetencionesTotal).toBe("206.67");
    expect(sentences(data, { ...ctx(), entrada }, "alta")).toEqual([]);
  });

  it("asks PPD when any receipt has credit days, and shows differing payment forms together", () => {
    expect(joinEntradas(two({ GroupNum: 0 }, { GroupNum: 15 })).GroupNum).toBe(15);
    const entrada = joinEntradas(two({ DocTotal: "580" }, { DocTotal: "580", PeyMethod: "03" }));
    expect(checkInvoiceAgainst(data, { ...ctx(), entrada }, "alta")).toEqual([
      `${MSG.formaPagoEntrada} — se esperaba «99 / 03»; el XML trae «${data.FormaPago}».`,
    ]);
  });

  it("gives one receipt back as it is", () => {
    const { DocNum: _n, ...una } = base;
    expect(joinEntradas([base])).toEqual(una);
  });

  it("issue 39: never adds receipts of two currencies, nor compares or shows a total across them", () => {
    // 349.46 USD and 21,303.47 MXN: no 21,652.93 anywhere, in either variant.
    const entrada = joinEntradas(
      two({ DocTotal: "349.46", Moneda: "USD" }, { DocTotal: "21303.47", Moneda: "mxn", RetencionesTotal: "10" }),
    );
    expect(entrada.Monedas).toEqual(["USD", "MXN"]);
    expect(entrada.DocTotal).toBe("");
    expect(entrada.RetencionesTotal).toBeUndefined();
    expect(entrada.Sumandos).toBeUndefined();
    for (const variante of ["alta", "actualizacion"] as const) {
      const mensajes = checkInvoiceAgainst(data, { ...ctx(), entrada }, variante);
      expect(mensajes.some((m) => m.startsWith(MSG.totalEntrada))).toBe(false);
      expect(mensajes.join(" ")).not.toMatch(/21,652\.93|21652\.93|suma de las entradas/);
    }
    // One currency is still added, and says which.
    const mismas = joinEntradas(two({ DocTotal: "700", Moneda: "MXN" }, { DocTotal: "460", Moneda: "MXN" }));
    expect(mismas).toMatchObject({ DocTotal: "1160", Moneda: "MXN" });
    expect(mismas.Monedas).toBeUndefined();
  });
});
