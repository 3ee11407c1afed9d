/**
 * Decimal text from the Service Layer's JSON numbers. SAP keeps amounts as decimals, but its JSON carries them as
 * doubles: 2.675 arrives as the double nearest to 2.675 (2.67499999…), 0.1 + 0.2 as 0.30000000000000004. The
 * routines below round the number's SHORTEST decimal representation (what `String(n)` prints, i.e. the decimal
 * SAP sent) half away from zero, as SAP rounds, and never compare doubles for equality.
 */

/** Decimals of money in a currency: what the portal compares with a CFDI's amounts. */
export function currencyDecimals(_currency: string): number {
  // MXN, USD and EUR (every currency the portal's suppliers invoice in) have two; the portal's money format
  // ("1160.00") is fixed at two.
  return 2;
}

/** The plain decimal digits of a finite number: "1e-7" → "0.0000001", "1.5e+21" → "1500000000000000000000". */
export function plainDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`El ERP envió un número no finito: ${value}`);
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, int, frac = "", exp] = match;
  const digits = `${int}${frac}`;
  const point = (int as string).length + Number(exp);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * `value` (a number or decimal text) rounded half away from zero to `decimals` places, as text with exactly that
 * many decimals ("0.30", "-2.68"). Works on the decimal digits, so no double arithmetic is involved.
 */
export function roundDecimal(value: number | string, decimals: number): string {
  if (typeof value === "number" && Number.isFinite(value)) {
    // Fast path (almost every amount): a plain decimal with no more digits than asked needs no rounding, only
    // padding — no regular expression, no BigInt. A cold list converts a million of them.
    const plain = String(value);
    if (plain.indexOf("e") < 0) {
      const dot = plain.indexOf(".");
      const places = dot < 0 ? 0 : plain.length - dot - 1;
      if (places <= decimals) {
        if (decimals === 0) return plain;
        return `${plain}${dot < 0 ? "." : ""}${"0".repeat(decimals - places)}`;
      }
    }
  }
  const text = typeof value === "number" ? plainDecimal(value) : value.trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) {
    throw new RangeError(`Importe no válido del ERP: ${text}`);
  }
  const negative = match[1] === "-";
  const int = match[2] || "0";
  const frac = match[3] ?? "";
  const kept = `${int}${frac.slice(0, decimals).padEnd(decimals, "0")}`;
  let units = BigInt(kept);
  if ((frac[decimals] ?? "0") >= "5") units += 1n; // half away from zero: the magnitude grows
  return formatUnits(negative && units !== 0n ? -units : units, decimals);
}

/** Integer units of 10^-decimals as decimal text ("-268", 2 → "-2.68"). */
function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  return `${negative ? "-" : ""}${int}${decimals > 0 ? `.${frac}` : ""}`;
}

/** Money in the currency's decimals ("1160.00"). A missing value (SAP omits zero sums at times) is zero. */
export function money(value: number | string | null | undefined, currency = "MXN"): string {
  return roundDecimal(value ?? 0, currencyDecimals(currency));
}

/**
 * A quantity, rate or percentage: at most 6 decimals (DECIMAL_RE in @portal/contracts), without meaningless
 * trailing zeros ("12.5", "16", "0").
 */
export function quantity(value: number | string | null | undefined): string {
  // A plain number with at most 6 decimals is already its own shortest text ("12.5", "16", "0"; -0 prints "0").
  if (typeof value === "number" && Number.isFinite(value)) {
    const plain = String(value);
    const dot = plain.indexOf(".");
    if (plain.indexOf("e") < 0 && (dot < 0 || plain.length - dot - 1 <= 6)) return plain;
  }
  const rounded = roundDecimal(value ?? 0, 6);
  const trimmed = rounded.replace(/\.?0+$/, "");
  return trimmed === "-0" || trimmed === "" ? "0" : trimmed;
}

/** A unit price: like a quantity, but with at least the two decimals of money ("850" → "850.00", "12.3456"). */
export function unitPrice(value: number | string | null | undefined): string {
  const q = quantity(value);
  const decimals = q.split(".")[1]?.length ?? 0;
  return decimals >= 2 ? q : roundDecimal(q, 2);
}

/** Money text → integer cents (for sums that must not drift: a payment's total from its parts). */
export function toCents(value: number | string | null | undefined): bigint {
  return BigInt(money(value).replace(".", ""));
}

/** Integer cents → money text ("116000" → "1160.00"). */
export function fromCents(cents: bigint): string {
  return formatUnits(cents, 2);
}

/** The sum of money values, each rounded to cents first ("1160.00"). */
export function sumMoney(values: readonly (number | string | null | undefined)[]): string {
  return fromCents(values.reduce<bigint>((sum, v) => sum + toCents(v), 0n));
}
