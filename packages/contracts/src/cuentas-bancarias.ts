import { clabe as clabeCatalogo } from "clabe-validator";
import { textoSchema } from "./common";
import { CUENTA_BANCARIA_MSG } from "./messages-cuentas-bancarias";

/**
 * A supplier's bank accounts as data, first step (issue 41 item 1, decision 068): pure checks of a Mexican CLABE
 * and, for foreign suppliers, of an IBAN, a SWIFT/BIC and an ABA routing number. Each answers either the number
 * normalized (spaces out, upper case) with what it tells, or a Spanish refusal (CUENTA_BANCARIA_MSG). Storage,
 * requests and their approval come next.
 */
export type CuentaBancariaCheck<T> = ({ ok: true } & T) | { ok: false; mensaje: string };

/** A bank of Banxico's catalogue of SPEI participants: its three-digit ABM code and its name. */
export interface BancoClabe {
  codigo: string;
  nombre: string;
}

/** A CLABE's plaza (digits 4–6), with the places the catalogue gives for that code. */
export interface PlazaClabe {
  codigo: string;
  nombres: string[];
}

export interface ClabeValida {
  clabe: string;
  banco: BancoClabe;
  /** Null when the catalogue has no place for the code (not a refusal: banks use codes the catalogue lacks). */
  plaza: PlazaClabe | null;
  cuenta: string;
}

const code3 = (code: number): string => String(code).padStart(3, "0");

/**
 * The banks by ABM code, from clabe-validator's catalogue (MIT; see decision 068 for its provenance). Its
 * placeholder 999 "N/A" is no bank and is left out.
 */
export const BANCOS_CLABE: ReadonlyMap<string, BancoClabe> = new Map(
  Object.entries(clabeCatalogo.banksMap)
    .filter(([, bank]) => bank.name !== undefined && bank.tag !== undefined && bank.tag !== "N/A")
    .map(([code, bank]) => [code3(Number(code)), { codigo: code3(Number(code)), nombre: bank.name ?? "" }]),
);

/** The plazas by code, from the same catalogue (a code may name several places). */
export const PLAZAS_CLABE: ReadonlyMap<string, readonly string[]> = (() => {
  const plazas = new Map<string, string[]>();
  for (const [code, name] of clabeCatalogo.cities) {
    const key = code3(code);
    const names = plazas.get(key) ?? [];
    if (!names.includes(name)) names.push(name);
    plazas.set(key, names);
  }
  return plazas;
})();

/** The weights 3, 7, 1 repeated, of both the CLABE's and the ABA number's check digit. */
const weight371 = (index: number): number => [3, 7, 1][index % 3] ?? 0;

/**
 * Banxico's CLABE check digit of the first 17 digits: each digit times its weight (3, 7, 1 repeated), each product
 * modulo 10, the sum modulo 10, and the digit is (10 − sum) mod 10. Null unless `digits17` is 17 digits.
 */
export function clabeCheckDigit(digits17: string): number | null {
  if (!/^[0-9]{17}$/.test(digits17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(digits17[i]) * weight371(i)) % 10;
  return (10 - (sum % 10)) % 10;
}

const withoutSpaces = (text: string): string => text.replace(/\s+/g, "");

/** A CLABE: 18 digits (spaces allowed), its check digit right and its bank in the catalogue. */
export function validateClabe(text: string): CuentaBancariaCheck<ClabeValida> {
  const clabe = withoutSpaces(text);
  if (clabe === "") return { ok: false, mensaje: CUENTA_BANCARIA_MSG.clabeObligatoria };
  if (!/^[0-9]+$/.test(clabe)) return { ok: false, mensaje: CUENTA_BANCARIA_MSG.clabeSoloDigitos };
  if (clabe.length !== 18) return { ok: false, mensaje: CUENTA_BANCARIA_MSG.clabeLargo(clabe.length) };
  const esperado = clabeCheckDigit(clabe.slice(0, 17)) ?? -1;
  const encontrado = Number(clabe[17]);
  if (esperado !== encontrado) {
    return { ok: false, mensaje: CUENTA_BANCARIA_MSG.clabeDigitoVerificador(esperado, encontrado) };
  }
  const banco = BANCOS_CLABE.get(clabe.slice(0, 3));
  if (banco === undefined) {
    return { ok: false, mensaje: CUENTA_BANCARIA_MSG.clabeBancoDesconocido(clabe.slice(0, 3)) };
  }
  const plazaCodigo = clabe.slice(3, 6);
  const nombres = PLAZAS_CLABE.get(plazaCodigo);
  return {
    ok: true,
    clabe,
    banco: { ...banco },
    plaza: nombres === undefined ? null : { codigo: plazaCodigo, nombres: [...nombres] },
    cuenta: clabe.slice(6, 17),
  };
}

/**
 * IBAN lengths by country, as SWIFT's IBAN Registry publishes them (https://www.swift.com/standards/data-standards/iban;
 * cross-checked with ibantools 4.5.4's country table). A country outside it is held to ISO 13616's 15 to 34.
 */
const IBAN_LARGOS =
  "AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DK18 DO28 EE20 EG29 ES24 FI18 " +
  "FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 " +
  "LU20 LV21 MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 RO24 RS22 SA24 SC31 SE24 SI19 " +
  "SK24 SM27 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20";
export const IBAN_LARGO_POR_PAIS: ReadonlyMap<string, number> = new Map(
  IBAN_LARGOS.split(" ").map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
);

/** ISO 13616's mod-97 of an IBAN (upper case, no spaces): its first four characters moved to the end, letters as 10–35. */
export function ibanMod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const value = char >= "A" && char <= "Z" ? char.charCodeAt(0) - 55 : Number(char);
    rest = (value > 9 ? rest * 100 + value : rest * 10 + value) % 97;
  }
  return rest;
}

export interface IbanValido {
  iban: string;
  pais: string;
}

/** An IBAN: country letters, two check digits, the country's length (spaces allowed) and mod 97 equal to 1. */
export function validateIban(text: string): CuentaBancariaCheck<IbanValido> {
  const iban = withoutSpaces(text).toUpperCase();
  if (iban === "") return { ok: false, mensaje: CUENTA_BANCARIA_MSG.ibanObligatorio };
  if (!/^[A-Z0-9]+$/.test(iban)) return { ok: false, mensaje: CUENTA_BANCARIA_MSG.ibanCaracteres };
  if (!/^[A-Z]{2}[0-9]{2}/.test(iban)) return { ok: false, mensaje: CUENTA_BANCARIA_MSG.ibanFormato };
  const pais = iban.slice(0, 2);
  const largo = IBAN_LARGO_POR_PAIS.get(pais);
  if (largo !== undefined && iban.length !== largo) {
    return { ok: false, mensaje: CUENTA_BANCARIA_MSG.ibanLargoPais(pais, largo, iban.length) };
  }
  if (iban.length < 15 || iban.length > 34) return { ok: false, mensaje: CUENTA_BANCARIA_MSG.ibanLargo(iban.length) };
  if (ibanMod97(iban) !== 1) return { ok: false, mensaje: CUENTA_BANCARIA_MSG.ibanDigitoControl };
  return { ok: true, iban, pais };
}

export interface SwiftValido {
  swift: string;
  banco: string;
  pais: string;
  plaza: string;
  /** Null for an 8-character code (the bank's main office). */
  sucursal: string | null;
}

const SWIFT_RE = /^([A-Z]{4})([A-Z]{2})([A-Z0-9]{2})([A-Z0-9]{3})?$/;

/** A SWIFT/BIC (ISO 9362): 4 letters of the bank, 2 of the country, 2 letters or digits of the place, an optional branch of 3. */
export function validateSwift(text: string): CuentaBancariaCheck<SwiftValido> {
  const swift = withoutSpaces(text).toUpperCase();
  if (swift === "") return { ok: false, mensaje: CUENTA_BANCARIA_MSG.swiftObligatorio };
  const parts = SWIFT_RE.exec(swift);
  if (parts === null) return { ok: false, mensaje: CUENTA_BANCARIA_MSG.swiftFormato };
  return {
    ok: true,
    swift,
    banco: parts[1] ?? "",
    pais: parts[2] ?? "",
    plaza: parts[3] ?? "",
    sucursal: parts[4] ?? null,
  };
}

/** An ABA routing number: 9 digits whose sum weighted 3, 7, 1 (repeated) is a multiple of 10. */
export function validateAba(text: string): CuentaBancariaCheck<{ aba: string }> {
  const aba = withoutSpaces(text);
  if (aba === "") return { ok: false, mensaje: CUENTA_BANCARIA_MSG.abaObligatorio };
  if (!/^[0-9]{9}$/.test(aba)) return { ok: false, mensaje: CUENTA_BANCARIA_MSG.abaFormato };
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(aba[i]) * weight371(i);
  if (sum % 10 !== 0) return { ok: false, mensaje: CUENTA_BANCARIA_MSG.abaDigitoControl };
  return { ok: true, aba };
}

/**
 * A schema of API input from one of the checks: a text (no control characters), refused with the check's Spanish
 * message, and answered as the normalized number (an overwrite, not a transform, so the schema stays a string in
 * the calls' JSON Schema).
 */
const numberSchema = <T>(
  campo: string,
  check: (text: string) => CuentaBancariaCheck<T>,
  normalized: (valid: T) => string,
) =>
  textoSchema(campo)
    .max(100, { error: CUENTA_BANCARIA_MSG.demasiadoLargo(campo), abort: true })
    .superRefine((text, ctx) => {
      const result = check(text);
      if (!result.ok) ctx.addIssue({ code: "custom", message: result.mensaje, abort: true });
    })
    .overwrite((text) => {
      const result = check(text);
      return result.ok ? normalized(result) : text;
    });

export const clabeSchema = numberSchema("CLABE", validateClabe, (valid) => valid.clabe);
export const ibanSchema = numberSchema("IBAN", validateIban, (valid) => valid.iban);
export const swiftSchema = numberSchema("SWIFT", validateSwift, (valid) => valid.swift);
export const abaSchema = numberSchema("ABA", validateAba, (valid) => valid.aba);
