/**
 * Issue 27, "Withholdings checked", and issue 39, "withholdings as the law says" (decisions 031 and 059): the taxes
 * a legal entity must withhold from an individual's invoice, checked against the CFDI's federal withholdings. Pure:
 * every failing message is returned, naming the rule and its legal source, the base, the rate, the expected amount,
 * the range accepted and what the CFDI withholds.
 *
 * The rules apply to an individual issuer (13-character RFC) invoicing a legal entity (12-character RFC), concept by
 * concept (each concept's base is its Importe less its Descuento):
 * - RESICO (régimen 626), switch `resico` (on by default): ISR at 1.25 % (LISR art. 113-J) of every concept that is
 *   not an agricultural, livestock, fishing or forestry product (LISR art. 113-E; AGAPES_CLAVES, or the whole
 *   invoice when the supplier is flagged); and two thirds of the IVA of its professional services (the sociedad's
 *   fee keys) and rent (ClaveProdServ 801315xx) (LIVA art. 1-A, fr. II, a; RLIVA art. 3).
 * - Rent (régimen 606), switch `arrendamiento`: ISR at 10 % of every concept (LISR art. 116) and two thirds of the IVA.
 * - Professional fees (régimen 612), switch `honorarios`: ISR at 10 % (LISR art. 106) and two thirds of the IVA of the
 *   fee concepts only.
 * - No IVA withholding at all when the sociedad does not withhold IVA (`noRetieneIva`: a state, Mexico City or a
 *   municipality, LIVA art. 3).
 *
 * Rounding (Anexo 20): each concept's tax may lie from (Base − ½·10^-d) × rate truncated to (Base + ½·10^-d −
 * 10^-10) × rate rounded up, d the decimals of its base; the CFDI's total is accepted within the sum of those ranges.
 */
import type { ConceptLine, InvoiceData } from "./invoice";
import {
  addAmounts,
  compareAmounts,
  divideAmounts,
  formatAmount,
  multiplyAmounts,
  roundAmount,
  subtractAmounts,
} from "./money";

/** Which withholding rules a sociedad applies to the invoices it receives. */
export interface WithholdingRules {
  resico: boolean;
  arrendamiento: boolean;
  honorarios: boolean;
  /**
   * Issue 39: the sociedad withholds no IVA (LIVA art. 3: states, Mexico City, municipalities and their
   * decentralised bodies). Absent means false.
   */
  noRetieneIva?: boolean;
}

/** The rules as issue 27 sets them by default: RESICO on, rent and fees off; IVA withheld. */
export const DEFAULT_WITHHOLDING_RULES: WithholdingRules = {
  resico: true,
  arrendamiento: false,
  honorarios: false,
  noRetieneIva: false,
};

/** What the rules read besides the invoice: the sociedad's fee keys and the supplier's RESICO exemption. */
export interface WithholdingContext {
  /** ClaveProdServ codes (8 digits) the sociedad counts as professional fees. */
  clavesHonorarios?: readonly string[];
  /** The supplier is known to live exclusively from agricultural, livestock, fishing or forestry activities. */
  proveedorAgapes?: boolean;
}

/**
 * ClaveProdServ prefixes (c_ClaveProdServ, after UNSPSC) of agricultural, livestock, fishing and forestry products
 * sold first-hand: the RESICO 1.25 % ISR is not withheld on them (decision 059 lists why each is here).
 */
export const AGAPES_CLAVES: readonly string[] = [
  "1010", // animales vivos
  "1015", // semillas, bulbos, plántulas y esquejes
  "1016", // productos de floricultura y silvicultura
  "102", // plantas vivas y flores cortadas frescas (10200000–10599999)
  "103",
  "104",
  "105",
  "1112", // madera y productos forestales sin transformar
  "5011", // carne y aves de corral mínimamente procesadas
  "5012", // pescados y mariscos
  "5030", // frutas frescas
  "5031", // frutas orgánicas frescas
  "5040", // verduras frescas
  "5041", // verduras orgánicas frescas
];

/** ClaveProdServ prefix of the rent of real estate (80131500 "Alquiler y arrendamiento de propiedades o edificaciones"). */
export const RENT_CLAVE_PREFIX = "801315";

/** Each rule's name with its legal source, as the messages say it. */
export const WITHHOLDING_RULE = {
  resicoIsr: "Régimen Simplificado de Confianza (LISR art. 113-J)",
  resicoIva: "Régimen Simplificado de Confianza, servicios profesionales y arrendamiento (LIVA art. 1-A, fr. II, a)",
  arrendamientoIsr: "Arrendamiento de persona física (LISR art. 116)",
  arrendamientoIva: "Arrendamiento de persona física (LIVA art. 1-A, fr. II, a)",
  honorariosIsr: "Honorarios de persona física (LISR art. 106)",
  honorariosIva: "Honorarios de persona física (LIVA art. 1-A, fr. II, a)",
} as const;

export const WITHHOLDING_MSG = {
  isr: (regla: string, esperado: string, base: string, tasa: string, encontrado: string, rango: [string, string]) =>
    `${regla}: el CFDI debe retener ISR por ${esperado} (${tasa} de ${base}; por el redondeo de cada concepto se admite de ${rango[0]} a ${rango[1]}) y retiene ${encontrado}.`,
  iva: (
    regla: string,
    esperado: string,
    trasladado: string,
    base: string,
    encontrado: string,
    rango: [string, string],
  ) =>
    `${regla}: el CFDI debe retener IVA por ${esperado} (dos terceras partes de ${trasladado} de IVA trasladado sobre ${base}; por el redondeo de cada concepto se admite de ${rango[0]} a ${rango[1]}) y retiene ${encontrado}.`,
} as const;

/** The withholding data the rules read; `InvoiceData` has all of it. */
export type WithholdingInvoice = Pick<
  InvoiceData,
  "RFCEmisor" | "RegimenFiscalEmisor" | "RFCReceptor" | "RetenidoISR" | "RetenidoIVA" | "ConceptLines"
>;

const isIndividual = (rfc: string) => rfc.trim().length === 13;
const isLegalEntity = (rfc: string) => rfc.trim().length === 12;
const decimalsOf = (v: string) => (v.split(".")[1] ?? "").length;
const baseOf = (c: ConceptLine) => subtractAmounts(c.Importe, c.Descuento);

/** x ≥ 0 cut to cents: down (truncated) or up (rounded up). */
function toCents(x: string, direction: "down" | "up"): string {
  const [int = "0", frac = ""] = (compareAmounts(x, "0") < 0 ? "0" : x).split(".");
  const cents = `${int}.${`${frac}00`.slice(0, 2)}`;
  const rest = frac.slice(2).replace(/0+$/, "");
  return direction === "up" && rest !== "" ? addAmounts(cents, "0.01") : cents;
}

/** x ≥ 0 cut to six decimals (a TasaOCuota), down or up. */
function toRate(x: string, direction: "down" | "up"): string {
  const [int = "0", frac = ""] = x.split(".");
  const cut = `${int}.${`${frac}000000`.slice(0, 6)}`;
  return direction === "up" && frac.slice(6).replace(/0+$/, "") !== "" ? addAmounts(cut, "0.000001") : cut;
}

/** Anexo 20's range of Base × rate for one concept: [lower, upper] in cents. */
function conceptRange(c: ConceptLine, lowRate: string, highRate: string): [string, string] {
  const decimals = Math.max(decimalsOf(c.Importe), decimalsOf(c.Descuento));
  const half = divideAmounts("1", String(2 * 10 ** decimals), decimals + 1);
  const base = baseOf(c);
  return [
    toCents(multiplyAmounts(subtractAmounts(base, half), lowRate), "down"),
    toCents(multiplyAmounts(subtractAmounts(addAmounts(base, half), "0.0000000001"), highRate), "up"),
  ];
}

interface Covered {
  base: string;
  expected: string;
  range: [string, string];
}

/** The sum of the concepts' bases, of their taxes at `rate` (exact) and of their ranges. */
function covered(concepts: readonly ConceptLine[], rate: (c: ConceptLine) => [string, string, string]): Covered {
  let base = "0";
  let expected = "0";
  let range: [string, string] = ["0", "0"];
  for (const c of concepts) {
    const [exact, low, high] = rate(c);
    const [lower, upper] = conceptRange(c, low, high);
    base = addAmounts(base, baseOf(c));
    expected = addAmounts(expected, multiplyAmounts(baseOf(c), exact));
    range = [addAmounts(range[0], lower), addAmounts(range[1], upper)];
  }
  return { base, expected: roundAmount(expected, 2), range };
}

const within = (found: string, [lower, upper]: [string, string]) =>
  compareAmounts(found, lower) >= 0 && compareAmounts(found, upper) <= 0;
const fmtRange = ([lower, upper]: [string, string]): [string, string] => [formatAmount(lower), formatAmount(upper)];

/** ISR at a fixed rate of the concepts, or its message. */
function isrMessage(regla: string, concepts: readonly ConceptLine[], rate: string, label: string, found: string) {
  if (concepts.length === 0) return [];
  const c = covered(concepts, () => [rate, rate, rate]);
  if (within(found, c.range)) return [];
  return [
    WITHHOLDING_MSG.isr(
      regla,
      formatAmount(c.expected),
      formatAmount(c.base),
      label,
      formatAmount(found),
      fmtRange(c.range),
    ),
  ];
}

/** Two thirds of the IVA the concepts transfer at a rate (RLIVA art. 3), or its message. */
function ivaMessage(regla: string, concepts: readonly ConceptLine[], found: string) {
  const taxed = concepts.filter((c) => c.TasaIVA !== null && compareAmounts(c.TasaIVA, "0") > 0);
  if (taxed.length === 0) return [];
  const c = covered(taxed, (line) => {
    const exact = divideAmounts(multiplyAmounts(line.TasaIVA ?? "0", "2"), "3", 12);
    return [exact, toRate(exact, "down"), toRate(exact, "up")];
  });
  const trasladado = addAmounts(...taxed.map((line) => line.TrasladadoIVA));
  const expected = divideAmounts(multiplyAmounts(trasladado, "2"), "3", 2);
  if (within(found, c.range)) return [];
  return [
    WITHHOLDING_MSG.iva(
      regla,
      formatAmount(expected),
      formatAmount(trasladado),
      formatAmount(c.base),
      formatAmount(found),
      fmtRange(c.range),
    ),
  ];
}

const startsWithAny = (clave: string, prefixes: readonly string[]) => prefixes.some((p) => clave.startsWith(p));

/** The withholdings the rules in force require of this invoice and are missing or wrong. */
export function checkWithholdings(
  invoice: WithholdingInvoice,
  rules: WithholdingRules,
  context: WithholdingContext = {},
): string[] {
  if (!isIndividual(invoice.RFCEmisor) || !isLegalEntity(invoice.RFCReceptor)) return [];
  const concepts = invoice.ConceptLines;
  const fees = new Set(context.clavesHonorarios ?? []);
  const isFee = (c: ConceptLine) => fees.has(c.ClaveProdServ);
  const withholdsIva = rules.noRetieneIva !== true;
  const isr = invoice.RetenidoISR;
  const iva = invoice.RetenidoIVA;
  const R = WITHHOLDING_RULE;
  switch (invoice.RegimenFiscalEmisor) {
    case "626": {
      if (!rules.resico) return [];
      const agapes = (c: ConceptLine) =>
        context.proveedorAgapes === true || startsWithAny(c.ClaveProdServ, AGAPES_CLAVES);
      const servicesAndRent = concepts.filter((c) => isFee(c) || c.ClaveProdServ.startsWith(RENT_CLAVE_PREFIX));
      return [
        ...isrMessage(
          R.resicoIsr,
          concepts.filter((c) => !agapes(c)),
          "0.0125",
          "1.25 %",
          isr,
        ),
        ...(withholdsIva ? ivaMessage(R.resicoIva, servicesAndRent, iva) : []),
      ];
    }
    case "606":
      if (!rules.arrendamiento) return [];
      return [
        ...isrMessage(R.arrendamientoIsr, concepts, "0.10", "10 %", isr),
        ...(withholdsIva ? ivaMessage(R.arrendamientoIva, concepts, iva) : []),
      ];
    case "612": {
      if (!rules.honorarios) return [];
      const feeConcepts = concepts.filter(isFee);
      return [
        ...isrMessage(R.honorariosIsr, feeConcepts, "0.10", "10 %", isr),
        ...(withholdsIva ? ivaMessage(R.honorariosIva, feeConcepts, iva) : []),
      ];
    }
    default:
      return [];
  }
}
