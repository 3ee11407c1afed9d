/**
 * Catalogue lookups (spec §3 "Catalogue lookups"): tooltips for codes and the checks that need the
 * SAT's official data. The data are compiled from sat/catalogos.tsv into catalogos.generated.ts.
 */
import { CATALOGOS, type CatalogoEntry } from "./catalogos.generated";

export { CATALOGOS, type CatalogoEntry };

export type CatalogoName = keyof typeof CATALOGOS;

/** Spec §3: the uso de CFDI list also has -1 (shown blank) and -9 ('Definir de nuevo'). */
const USO_CFDI_EXTRA: Readonly<Record<string, string>> = { "-1": "", "-9": "Definir de nuevo" };

function entry(catalogo: CatalogoName, code: string): CatalogoEntry | undefined {
  if (typeof code !== "string") return undefined;
  const table: Readonly<Record<string, CatalogoEntry>> = CATALOGOS[catalogo];
  // Own properties only: a code such as "__proto__" or "constructor" must not reach Object.prototype.
  return table !== undefined && Object.hasOwn(table, code) ? table[code] : undefined;
}

/** Official description of a code, or undefined when the catalogue does not have it. */
export function describeCode(catalogo: CatalogoName, code: string): string | undefined {
  return entry(catalogo, code)?.descripcion;
}

/** True when the catalogue has the code. */
export function existsInCatalogo(catalogo: CatalogoName, code: string): boolean {
  return entry(catalogo, code) !== undefined;
}

/** Codes and descriptions of a catalogue, sorted by code (for selects and documentation). */
export function listCatalogo(catalogo: CatalogoName): { codigo: string; descripcion: string }[] {
  return Object.entries(CATALOGOS[catalogo] as Readonly<Record<string, CatalogoEntry>>)
    .map(([codigo, e]) => ({ codigo, descripcion: e.descripcion }))
    .sort((a, b) => a.codigo.localeCompare(b.codigo, "en", { numeric: true }));
}

export function describeFormaPago(code: string): string | undefined {
  return describeCode("c_FormaPago", code);
}

/** PUE 'Pago en una sola exhibición', PPD 'Pago en parcialidades o diferido' (SAT wording). */
export function describeMetodoPago(code: string): string | undefined {
  return describeCode("c_MetodoPago", code);
}

/**
 * Uso de CFDI: the CFDI 4.0 catalogue, then the spec's two extra codes (-1 → '', -9 → 'Definir de
 * nuevo'), then P01 'Por definir' from the CFDI 3.3 catalogue (still listed by the spec and still
 * found on old orders).
 */
export function describeUsoCfdi(code: string): string | undefined {
  if (typeof code !== "string") return undefined;
  if (Object.hasOwn(USO_CFDI_EXTRA, code)) return USO_CFDI_EXTRA[code];
  return describeCode("c_UsoCFDI", code) ?? describeCode("c_UsoCFDI(CFDI3.3)", code);
}

export function describeRegimenFiscal(code: string): string | undefined {
  return describeCode("c_RegimenFiscal", code);
}

export function describeMoneda(code: string): string | undefined {
  return describeCode("c_Moneda", code);
}

/** Decimals the SAT allows for a currency (c_Moneda "decimales"), or undefined for an unknown code. */
export function decimalesMoneda(code: string): number | undefined {
  const notas = entry("c_Moneda", code)?.notas;
  const m = notas ? /(?:^|;\s*)decimales=(\d+)/.exec(notas) : null;
  return m ? Number(m[1]) : undefined;
}

/** Who a régimen fiscal applies to (c_RegimenFiscal notes), or undefined for an unknown code. */
export function personasDelRegimen(code: string): { fisica: boolean; moral: boolean } | undefined {
  const notas = entry("c_RegimenFiscal", code)?.notas;
  if (notas === undefined) return undefined;
  return { fisica: /persona_fisica=sí/.test(notas), moral: /persona_moral=sí/.test(notas) };
}

/**
 * Spec §3/§9: the payment method follows the receipt's credit days (its payment group number):
 * PPD (Pago en parcialidades o diferido) when above 0, otherwise PUE (SAP uses -1 for cash).
 */
export function metodoPagoPorDiasCredito(groupNum: number): "PPD" | "PUE" {
  return Number(groupNum) > 0 ? "PPD" : "PUE";
}
