import { describe, expect, it } from "vitest";
import {
  CFDI_MSG,
  checkInvoiceAgainst,
  checkPaymentAgainst,
  type InvoiceCheckContext,
  type InvoiceData,
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

const ALL_INVOICE_MESSAGES = [
  CFDI_MSG.nombreProveedor,
  CFDI_MSG.nombreReceptor,
  CFDI_MSG.regimenReceptor,
  CFDI_MSG.cpReceptor,
  CFDI_MSG.totalEntrada,
  CFDI_MSG.formaPago,
  CFDI_MSG.usoPrincipal,
  CFDI_MSG.cpEmisor,
  CFDI_MSG.metodoPago,
];

describe("spec §5 messages", () => {
  it("are verbatim, the method message with its trailing space", () => {
    expect(CFDI_MSG.metodoPago).toBe("El método de pago del XML debe ser igual al de la entrada de mercancia ");
    expect(CFDI_MSG.nombreProveedor).toBe("El nombre de proveedor de la entrada no es el mismo del XML");
    expect(CFDI_MSG.regimenReceptor).toBe(
      "El régimen fiscal del receptor no es mismo de la sociedad seleccionada en el XML",
    );
    expect(CFDI_MSG.estructuraInvalida).toBe("No cuenta con la estructura de un XML valida de un timbre del SAT");
    expect(CFDI_MSG.uuidNoRegistrado("ABC")).toBe(
      "El UUID del documento relacionado del XML: ABC No existe en las facturas registradas",
    );
  });
});

describe("checkInvoiceAgainst — new invoice (alta)", () => {
  const data = invoice();

  it("passes when the invoice matches the supplier, sociedad and receipt (1160 − 206.67 = 953.33)", () => {
    expect(checkInvoiceAgainst(data, ctx(), "alta")).toEqual([]);
  });

  const single: [string, Parameters<typeof ctx>[0], string][] = [
    ["supplier name", { CardName: "OTRO PROVEEDOR" }, CFDI_MSG.nombreProveedor],
    ["receiver name", { sociedad: { NomSociedad: "OTRA SOCIEDAD" } }, CFDI_MSG.nombreReceptor],
    ["receiver régimen", { sociedad: { Regimen: "603" } }, CFDI_MSG.regimenReceptor],
    ["receiver postal code (01000 is not 1000)", { sociedad: { CP: "1000" } }, CFDI_MSG.cpReceptor],
    ["receipt total", { entrada: { DocTotal: "1160.01" } }, CFDI_MSG.totalEntrada],
    ["payment form", { entrada: { PeyMethod: "03" } }, CFDI_MSG.formaPago],
    ["main use", { entrada: { U_B1SYS_MainUsage: "G03" } }, CFDI_MSG.usoPrincipal],
    ["issuer postal code", { entrada: { CP: "64001" } }, CFDI_MSG.cpEmisor],
    ["payment method (no credit days means PUE)", { entrada: { GroupNum: 0 } }, CFDI_MSG.metodoPago],
    ["payment method (SAP cash group -1)", { entrada: { GroupNum: -1 } }, CFDI_MSG.metodoPago],
  ];
  for (const [what, over, message] of single) {
    it(`reports a different ${what} with exactly its message`, () => {
      expect(checkInvoiceAgainst(data, ctx(over), "alta")).toEqual([message]);
    });
  }

  it("reports every failure at once, in the spec's order", () => {
    const other = ctx({
      CardName: "X",
      sociedad: { NomSociedad: "Y", Regimen: "603", CP: "99999" },
      entrada: { DocTotal: "1.00", PeyMethod: "01", U_B1SYS_MainUsage: "S01", CP: "11111", GroupNum: 0 },
    });
    expect(checkInvoiceAgainst(data, other, "alta")).toEqual(ALL_INVOICE_MESSAGES);
  });

  it("compares totals after formatting to 2 decimals", () => {
    expect(checkInvoiceAgainst(data, ctx({ entrada: { DocTotal: "1160.004999" } }), "alta")).toEqual([]);
    expect(checkInvoiceAgainst(data, ctx({ entrada: { DocTotal: "1159.995" } }), "alta")).toEqual([]);
    expect(checkInvoiceAgainst(data, ctx({ entrada: { DocTotal: "1160.005" } }), "alta")).toEqual([
      CFDI_MSG.totalEntrada,
    ]);
  });

  it("uses the caller's withholdings when given, the invoice's otherwise", () => {
    expect(checkInvoiceAgainst(data, ctx({ entrada: { RetencionesTotal: "206.67" } }), "alta")).toEqual([]);
    expect(checkInvoiceAgainst(data, ctx({ entrada: { RetencionesTotal: "0" } }), "alta")).toEqual([
      CFDI_MSG.totalEntrada,
    ]);
    expect(checkInvoiceAgainst(data, ctx({ entrada: { RetencionesTotal: "" } }), "alta")).toEqual([]);
  });

  it("subtracts local withholdings too (implocal)", () => {
    const withLocal = invoice({
      comprobante: { Total: "948.33" },
      implocal: { TotaldeRetenciones: "5.00", TotaldeTraslados: "0" },
    });
    expect(checkInvoiceAgainst(withLocal, ctx(), "alta")).toEqual([]);
  });

  it("needs PUE when the receipt has no credit days", () => {
    const pue = invoice({ comprobante: { MetodoPago: "PUE", FormaPago: "03" } });
    expect(checkInvoiceAgainst(pue, ctx({ entrada: { GroupNum: 0, PeyMethod: "03" } }), "alta")).toEqual([]);
    expect(checkInvoiceAgainst(pue, ctx({ entrada: { GroupNum: 15, PeyMethod: "03" } }), "alta")).toEqual([
      CFDI_MSG.metodoPago,
    ]);
  });

  it("compares names ignoring case and extra spaces, but not accents", () => {
    expect(checkInvoiceAgainst(data, ctx({ CardName: "  escuela   kemper urgate " }), "alta")).toEqual([]);
    expect(checkInvoiceAgainst(data, ctx({ CardName: "ESCUELA KÉMPER URGATE" }), "alta")).toEqual([
      CFDI_MSG.nombreProveedor,
    ]);
    expect(checkInvoiceAgainst(data, ctx({ CardName: "" }), "alta")).toEqual([CFDI_MSG.nombreProveedor]);
  });

  it("skips the issuer postal code check when the receipt has none", () => {
    const { CP: _omit, ...entrada } = invoiceContext().entrada;
    expect(checkInvoiceAgainst(data, { ...invoiceContext(), entrada }, "alta")).toEqual([]);
  });

  it("never throws on a malformed receipt total: the total check fails", () => {
    expect(checkInvoiceAgainst(data, ctx({ entrada: { DocTotal: "abc" } }), "alta")).toEqual([CFDI_MSG.totalEntrada]);
    expect(checkInvoiceAgainst(data, ctx({ entrada: { DocTotal: undefined as unknown as string } }), "alta")).toEqual([
      CFDI_MSG.totalEntrada,
    ]);
  });
});

describe("checkInvoiceAgainst — update form (actualizacion)", () => {
  const data = invoice();

  it("compares the receipt total with XML Total + withholdings + discount (953.33 + 206.67 + 0)", () => {
    expect(checkInvoiceAgainst(data, ctx(), "actualizacion")).toEqual([]);
    const withDiscount = invoice({ comprobante: { Descuento: "100.00", Total: "853.33" } });
    expect(checkInvoiceAgainst(withDiscount, ctx(), "actualizacion")).toEqual([]);
    expect(checkInvoiceAgainst(data, ctx({ entrada: { DocTotal: "953.33" } }), "actualizacion")).toEqual([
      CFDI_MSG.totalEntrada,
    ]);
  });

  it("omits the régimen, postal-code and payment-method checks", () => {
    const other = ctx({
      CardName: "X",
      sociedad: { NomSociedad: "Y", Regimen: "603", CP: "99999" },
      entrada: { DocTotal: "1.00", PeyMethod: "01", U_B1SYS_MainUsage: "S01", CP: "11111", GroupNum: 0 },
    });
    expect(checkInvoiceAgainst(data, other, "actualizacion")).toEqual([
      CFDI_MSG.nombreProveedor,
      CFDI_MSG.nombreReceptor,
      CFDI_MSG.totalEntrada,
      CFDI_MSG.formaPago,
      CFDI_MSG.usoPrincipal,
    ]);
  });

  it("works on an update-form read without SubTotal", () => {
    const noSubTotal = invoice({ comprobante: { SubTotal: null } });
    expect(noSubTotal.SubTotal).toBeUndefined();
    expect(checkInvoiceAgainst(noSubTotal, ctx(), "actualizacion")).toEqual([]);
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
    expect(checkPaymentAgainst(data, { ...record, CardName: "OTRO" })).toEqual([CFDI_MSG.nombreProveedorPago]);
    expect(checkPaymentAgainst(data, { ...record, NomSociedad: "OTRA" })).toEqual([CFDI_MSG.nombreSociedadPago]);
    expect(checkPaymentAgainst(data, { ...record, DocTotal: "15000.01" })).toEqual([CFDI_MSG.totalPago]);
    expect(checkPaymentAgainst(data, { ...record, DocTotal: "no" })).toEqual([CFDI_MSG.totalPago]);
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
      CFDI_MSG.nombreProveedorPago,
      CFDI_MSG.nombreSociedadPago,
      CFDI_MSG.totalPago,
      CFDI_MSG.uuidNoRegistrado("00000000-1111-2222-3333-00000000000A"),
      CFDI_MSG.uuidNoRegistrado("00000000-1111-2222-3333-00000000000B"),
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
      CFDI_MSG.uuidNoRegistrado("6D7434A6-E3F2-47AD-9E4C-08849946AFA0"),
    ]);
  });
});
