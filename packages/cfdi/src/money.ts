/**
 * Exact decimal arithmetic for amounts (spec §9: amounts are decimal strings end to end).
 *
 * Every amount is held as a scaled BigInt (`units × 10^-scale`), so sums and comparisons never
 * suffer binary floating-point drift (0.1 + 0.2 is exactly 0.3 here).
 *
 * Rounding rule: ROUND_HALF_UP in the java.math.BigDecimal sense — a discarded part of exactly one
 * half rounds away from zero (2.345 → 2.35, -2.345 → -2.35, 2.344999 → 2.34). This is the rule the
 * SAT's Anexo 20 describes for amounts ("si el dígito siguiente es 5 o mayor, se incrementa").
 */

interface Decimal {
  /** The amount in units of 10^-scale. */
  readonly units: bigint;
  readonly scale: number;
}

/** Longest amount string accepted; guards BigInt work against absurd inputs. */
const MAX_AMOUNT_LENGTH = 200;
/** Plain decimal: optional sign, digits with an optional fraction ("5.", ".5" and "5" are decimals, as in xs:decimal). */
const PLAIN_DECIMAL = /^([+-]?)(\d+\.?\d*|\.\d+)$/;
/** Digits grouped by thousands with commas, as formatAmount writes them ("1,234.50"). */
const GROUPED_DECIMAL = /^([+-]?)(\d{1,3}(?:,\d{3})+)(\.\d*)?$/;
/** What String(number) produces for very large or very small numbers. */
const EXPONENT_DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i;

function fromParts(sign: string, intPart: string, fracPart: string): Decimal {
  const digits = `${intPart}${fracPart}`.replace(/^0+(?=\d)/, "") || "0";
  const units = BigInt(digits);
  return { units: sign === "-" ? -units : units, scale: fracPart.length };
}

function tryParse(input: string): Decimal | null {
  const s = input.trim();
  if (s.length === 0 || s.length > MAX_AMOUNT_LENGTH) return null;
  let m = PLAIN_DECIMAL.exec(s);
  if (m) {
    const [intPart = "", fracPart = ""] = (m[2] ?? "").split(".");
    return fromParts(m[1] ?? "", intPart || "0", fracPart);
  }
  m = GROUPED_DECIMAL.exec(s);
  if (m) {
    return fromParts(m[1] ?? "", (m[2] ?? "").replaceAll(",", ""), (m[3] ?? ".").slice(1));
  }
  return null;
}

/** Converts a JS number without losing what String() shows (handles 1e21 and 1e-7 forms). */
function fromNumber(x: number): Decimal {
  if (!Number.isFinite(x)) throw new RangeError(`Importe no válido: ${x}`);
  const s = String(x);
  const plain = tryParse(s);
  if (plain) return plain;
  const m = EXPONENT_DECIMAL.exec(s);
  if (!m) throw new RangeError(`Importe no válido: ${s}`);
  const base = fromParts(m[1] ?? "", m[2] ?? "0", m[3] ?? "");
  const exp = Number(m[4]);
  return exp >= 0
    ? exp >= base.scale
      ? { units: base.units * 10n ** BigInt(exp - base.scale), scale: 0 }
      : { units: base.units, scale: base.scale - exp }
    : { units: base.units, scale: base.scale - exp };
}

function toDecimal(x: string | number): Decimal {
  if (typeof x === "number") return fromNumber(x);
  if (typeof x !== "string") throw new RangeError("Importe no válido: se esperaba un texto decimal");
  const d = tryParse(x);
  if (!d) throw new RangeError(`Importe no válido: "${x.slice(0, 40)}"`);
  return d;
}

function rescale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

function toText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const intPart = digits.slice(0, digits.length - scale);
  const text = scale > 0 ? `${intPart}.${digits.slice(digits.length - scale)}` : intPart;
  return negative ? `-${text}` : text;
}

function roundDecimal(d: Decimal, decimals: number): bigint {
  if (d.scale <= decimals) return rescale(d, decimals);
  const divisor = 10n ** BigInt(d.scale - decimals);
  const magnitude = d.units < 0n ? -d.units : d.units;
  let q = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) q += 1n;
  return d.units < 0n ? -q : q;
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 100) {
    throw new RangeError(`Número de decimales no válido: ${decimals}`);
  }
}

/**
 * Validates a decimal string and returns it in canonical form (no sign for zero, no "+", no
 * leading zeros, thousands commas removed, the written number of decimals kept), or null when the
 * text is not a decimal amount. Accepts "1234.5", "-0.50", "5.", ".5" and "1,234.50".
 */
export function parseAmount(s: string): string | null {
  if (typeof s !== "string") return null;
  const d = tryParse(s);
  return d ? toText(d.units, d.scale) : null;
}

/** True when `s` is a decimal amount parseAmount accepts. */
export function isAmount(s: string): boolean {
  return parseAmount(s) !== null;
}

/** Exact sum; the result keeps the largest number of decimals among the operands. Throws RangeError on a non-decimal. */
export function addAmounts(...xs: string[]): string {
  const ds = xs.map(toDecimal);
  const scale = ds.reduce((max, d) => Math.max(max, d.scale), 0);
  const total = ds.reduce((sum, d) => sum + rescale(d, scale), 0n);
  return toText(total, scale);
}

/** Exact a − b. Throws RangeError on a non-decimal. */
export function subtractAmounts(a: string, b: string): string {
  const da = toDecimal(a);
  const db = toDecimal(b);
  const scale = Math.max(da.scale, db.scale);
  return toText(rescale(da, scale) - rescale(db, scale), scale);
}

/** Exact a × b (the scales add up: 1.5 × 1.25 = 1.875). Throws RangeError on a non-decimal. */
export function multiplyAmounts(a: string, b: string): string {
  const da = toDecimal(a);
  const db = toDecimal(b);
  return toText(da.units * db.units, da.scale + db.scale);
}

/** Compares two amounts exactly ('1.50' equals '1.5'). Throws RangeError on a non-decimal. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const da = toDecimal(a);
  const db = toDecimal(b);
  const scale = Math.max(da.scale, db.scale);
  const x = rescale(da, scale);
  const y = rescale(db, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Rounds to `decimals` places, half-up (halves away from zero), and always writes exactly that many
 * decimals: roundAmount('2.345') → '2.35', roundAmount('-2.345') → '-2.35', roundAmount('7') → '7.00'.
 */
export function roundAmount(x: string | number, decimals = 2): string {
  checkDecimals(decimals);
  return toText(roundDecimal(toDecimal(x), decimals), decimals);
}

/**
 * Display format of spec §9: 2 decimals (half-up) and thousands commas.
 * formatAmount('1234.5') → '1,234.50'; formatAmount(-1234567.891) → '-1,234,567.89'.
 */
export function formatAmount(x: string | number): string {
  const rounded = roundAmount(x, 2);
  const negative = rounded.startsWith("-");
  const [intPart = "0", fracPart = "00"] = (negative ? rounded.slice(1) : rounded).split(".");
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}.${fracPart}`;
}

/** True when two amounts are equal once both are rounded to 2 decimals (spec §5: "compared after number formatting"). */
export function sameAmount2(a: string, b: string): boolean {
  const x = parseAmount(a);
  const y = parseAmount(b);
  if (x === null || y === null) return false;
  return roundAmount(x, 2) === roundAmount(y, 2);
}

/**
 * a ÷ b rounded half-up to `decimals` places (exactly that many written): the conversions of Pagos 2.0
 * (ImpPagado ÷ EquivalenciaDR, the factor EquivalenciaDR itself). Throws RangeError on a non-decimal or b = 0.
 */
export function divideAmounts(a: string, b: string, decimals: number): string {
  checkDecimals(decimals);
  const da = toDecimal(a);
  const db = toDecimal(b);
  if (db.units === 0n) throw new RangeError("División entre cero");
  // a ÷ b × 10^decimals = (ua × 10^(sb + decimals)) ÷ (ub × 10^sa)
  let num = da.units * 10n ** BigInt(db.scale + decimals);
  let den = db.units * 10n ** BigInt(da.scale);
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const magnitude = num < 0n ? -num : num;
  let q = magnitude / den;
  if ((magnitude % den) * 2n >= den) q += 1n;
  return toText(num < 0n ? -q : q, decimals);
}
