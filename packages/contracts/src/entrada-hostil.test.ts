import { describe, expect, it } from "vitest";
import { CALL_NAMES, CALLS, type CallName } from "./calls";
import { ENTERO_MAX } from "./common";
import { conHoja, hojas, MUESTRAS, type RutaCampo } from "./muestras.fixtures";

/**
 * Issue 9: every call's request, field by field. A NUL (or other control) character in any text, or a whole
 * number beyond 32 bits, is refused by the contract with a Spanish message on that very field — so no call,
 * present or future, hands PostgreSQL what it cannot store (that used to answer HTTP 500).
 */

/** The message is Spanish and names the field (its key, or the label the contract gives it). */
const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
// The reset link's token is named by what the user has: the link (issue 41).
const LABELS: Record<string, string> = { password: "contraseña", token: "enlace" };
const namesField = (message: string, path: RutaCampo) => {
  const key = String(path.at(-1));
  return /^(El|La|Debe)\b/.test(message) && plain(message).includes(plain(LABELS[key] ?? key));
};

/** Every bidirectional control the contracts refuse (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C). */
const BIDI = [..."\u202A\u202B\u202C\u202D\u202E", ..."\u2066\u2067\u2068\u2069", "\u200E", "\u200F", "\u061C"];
/** Fields where they are not refused: passwords, and file names (the stored name loses them). */
const SIN_CONTROL_BIDI =
  /^(password|Contraseña|ContraseñaActual|ContraseñaSAP|U_SYS_PMPASS|PDF|XML|Recepcion|Complemento|Archivo|CartaSituacionFiscalNombre)$/;

/** Amounts the spec sends as JSON numbers (postFactura Total): real amounts may pass 2^31, not 2^53. */
const IMPORTES_NUMERICOS = new Set(["Total"]);

/**
 * Identifiers (issue 36): keys the server looks up or compares (user names, CardCode, company databases, SAP user,
 * RFCs, UUIDs and SAT codes). sentCorreo's Usuario is the supplier's business name and the company form's
 * RazonSocial its legal name (texts, trimmed); postFactura's RazonSocial is the company database.
 */
const IDENTIFICADORES =
  /^(usuario|Usuario|CardCode|BD|BDSAP|RazonSocial|UsuarioSAP|RFC|RFCEmisor|RFCReceptor|UUID|CPEmisor|CPReceptor|CodigoPostal|Regimen|RegimenFiscal|FormaPago|UsoPrincipal|Moneda)$/;
const isIdentifier = (name: CallName, path: RutaCampo) =>
  IDENTIFICADORES.test(String(path.at(-1))) &&
  // The lists' `usuario` is the client's informative id (never trusted, idClienteSchema); login's is the user name.
  !(path.at(-1) === "usuario" && name !== "login") &&
  !(name === "sentCorreo" && path.at(-1) === "Usuario") &&
  !((name === "createSociedad" || name === "updateSociedad") && path.at(-1) === "RazonSocial");

const requestCalls = CALL_NAMES.filter((name) => "request" in CALLS[name]);
const cases = requestCalls.flatMap((name: CallName) => {
  const sample = (MUESTRAS[name] as { request: unknown }).request;
  return hojas(sample).map((leaf) => ({ name, sample, ...leaf, label: `${name} ${leaf.path.join(".")}` }));
});

const issueAt = (name: CallName, body: unknown, path: RutaCampo) => {
  const result = (
    CALLS[name] as {
      request: {
        safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
      };
    }
  ).request.safeParse(body);
  expect(result.success).toBe(false);
  const issues = result.error?.issues ?? [];
  return issues.find((i) => i.path.join(".") === path.join(".")) ?? issues[0];
};

describe("entrada hostil en cada campo de cada llamada", () => {
  it("covers every call that has a body, and a good number of fields", () => {
    expect(requestCalls.length).toBeGreaterThanOrEqual(20);
    expect(cases.filter((c) => typeof c.value === "string").length).toBeGreaterThan(150);
  });

  it.each(cases.filter((c) => typeof c.value === "string"))("$label: a NUL character is refused on that field", (c) => {
    for (const hostile of [`${c.value}\u0000`, "\u0000", `a\u0000b`]) {
      const issue = issueAt(c.name, conHoja(c.sample, c.path, hostile), c.path);
      expect(issue?.path.join(".")).toBe(c.path.join("."));
      expect(namesField(issue?.message ?? "", c.path), issue?.message).toBe(true);
    }
  });

  // Issue 36: a lone surrogate (JSON.parse keeps "\ud800" as it is) would be stored as U+FFFD by PostgreSQL, so
  // what is stored would differ from what was sent. Every text refuses it, passwords and file names included.
  it.each(cases.filter((c) => typeof c.value === "string"))(
    "$label: a lone surrogate is refused on that field",
    (c) => {
      for (const hostile of [`${c.value}\ud800`, `\udc00${c.value}`, "\udbff", `a\ud83dz`]) {
        const issue = issueAt(c.name, conHoja(c.sample, c.path, hostile), c.path);
        expect(issue?.path.join("."), JSON.stringify(hostile)).toBe(c.path.join("."));
        expect(namesField(issue?.message ?? "", c.path), issue?.message).toBe(true);
      }
    },
  );

  // Issue 36: identifiers are compared exactly. A blank before or after one is refused on that field instead of
  // being trimmed into another identifier (CardCode " P00001" used to find P00001).
  it.each(cases.filter((c) => typeof c.value === "string" && isIdentifier(c.name, c.path)))(
    "$label: an identifier with blanks around it is refused on that field",
    (c) => {
      for (const hostile of [` ${c.value}`, `${c.value} `, `${c.value}\t`, `\n${c.value}`]) {
        const issue = issueAt(c.name, conHoja(c.sample, c.path, hostile), c.path);
        expect(issue?.path.join("."), JSON.stringify(hostile)).toBe(c.path.join("."));
        expect(namesField(issue?.message ?? "", c.path), issue?.message).toBe(true);
      }
    },
  );

  it("covers the identifiers of the issue: CardCode, RFC, user names, company databases, UUIDs", () => {
    const keys = new Set(cases.filter((c) => isIdentifier(c.name, c.path)).map((c) => String(c.path.at(-1))));
    for (const key of ["CardCode", "RFC", "RFCEmisor", "usuario", "Usuario", "BD", "BDSAP", "UsuarioSAP", "UUID"]) {
      expect(keys).toContain(key);
    }
  });

  // Issue 22: bidirectional controls reorder what others see. Every text is refused with them except
  // passwords (never shown) and file names (cleaned when stored: seguridad.test.ts).
  it.each(cases.filter((c) => typeof c.value === "string" && !SIN_CONTROL_BIDI.test(String(c.path.at(-1)))))(
    "$label: bidirectional controls are refused on that field",
    (c) => {
      for (const bidi of BIDI) {
        const issue = issueAt(c.name, conHoja(c.sample, c.path, `${c.value}${bidi}`), c.path);
        expect(issue?.path.join("."), JSON.stringify(bidi)).toBe(c.path.join("."));
        expect(namesField(issue?.message ?? "", c.path), issue?.message).toBe(true);
      }
    },
  );

  it.each(cases.filter((c) => typeof c.value === "number"))("$label: numbers beyond 32 bits are refused", (c) => {
    const tooBig = IMPORTES_NUMERICOS.has(String(c.path.at(-1))) ? [2 ** 53, 1e300] : [ENTERO_MAX + 1, 2 ** 53, 1e300];
    for (const n of [...tooBig, -(2 ** 53)]) {
      const issue = issueAt(c.name, conHoja(c.sample, c.path, n), c.path);
      expect(namesField(issue?.message ?? "", c.path), issue?.message).toBe(true);
    }
  });
});
