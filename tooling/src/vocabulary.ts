import { CALLS } from "@portal/contracts";
import type { DeclaredName, ParsedSource } from "./sources";

/**
 * The vocabulary rule (docs/code-style.md, issue 38 step 5): the spec's nouns stay Spanish (factura, pedido,
 * entrada, sociedad, proveedor, pago, complemento…), every other identifier is English. What a reader trips over
 * first is a Spanish verb or predicate heading a name (`crearFactura`, `esProveedor`, `puedeReintentar`): those
 * say what the code does in the other language. Nouns after an English head are allowed (`isProveedor`,
 * `createFactura`).
 */
const SPANISH_PREDICATE = /^(es|son|esta|está|estan|están|puede|pueden|hay|tiene|tienen|debe|deben|fue)(?=[A-ZÁÉÍÓÚÑ])/;

/** Spanish infinitives a function or variable could be named after (the verbs found in this tree and their kin). */
const SPANISH_VERBS = [
  "abrir",
  "actualizar",
  "agregar",
  "aplicar",
  "armar",
  "asignar",
  "avisar",
  "bloquear",
  "borrar",
  "buscar",
  "calcular",
  "cambiar",
  "cancelar",
  "cargar",
  "cerrar",
  "comparar",
  "comprobar",
  "consultar",
  "construir",
  "contar",
  "convertir",
  "copiar",
  "crear",
  "descargar",
  "desbloquear",
  "despertar",
  "elegir",
  "eliminar",
  "emitir",
  "encolar",
  "enviar",
  "escribir",
  "esperar",
  "exportar",
  "filtrar",
  "firmar",
  "formatear",
  "generar",
  "guardar",
  "hacer",
  "importar",
  "iniciar",
  "insertar",
  "leer",
  "liberar",
  "limpiar",
  "listar",
  "marcar",
  "mostrar",
  "normalizar",
  "notificar",
  "obtener",
  "ordenar",
  "pedir",
  "poner",
  "preparar",
  "probar",
  "procesar",
  "quitar",
  "recordar",
  "redondear",
  "refrescar",
  "registrar",
  "reintentar",
  "renovar",
  "resolver",
  "revisar",
  "sellar",
  "sembrar",
  "sincronizar",
  "subir",
  "sumar",
  "terminar",
  "timbrar",
  "tomar",
  "traer",
  "usar",
  "validar",
  "verificar",
];
const SPANISH_VERB = new RegExp(`^(${SPANISH_VERBS.join("|")})(?=[A-Z0-9_]|$)`);

/**
 * Wire names are the contract's, not ours to rename: the call registry's names and the last segments of its paths
 * (`renovarSesion`, `reintentarErp`), and the schemas and types named after them (`reintentarErpRequestSchema`).
 */
export const WIRE_NAMES: readonly string[] = [
  ...new Set(Object.entries(CALLS).flatMap(([name, call]) => [name, call.path.split("/").pop() ?? name])),
];

function isWireName(name: string, calls: readonly string[]): boolean {
  return calls.some((call) => name === call || (name.startsWith(call) && /^[A-Z]/.test(name.slice(call.length))));
}

export interface VocabularyFinding {
  path: string;
  line: number;
  name: string;
  kind: DeclaredName["kind"];
  why: "verbo" | "predicado";
}

/** Whether a declared name breaks the rule, and why; null when it keeps it. */
export function vocabularyBreach(name: string, calls: readonly string[] = WIRE_NAMES): "verbo" | "predicado" | null {
  if (isWireName(name, calls)) return null;
  if (SPANISH_PREDICATE.test(name)) return "predicado";
  if (SPANISH_VERB.test(name)) return "verbo";
  return null;
}

/** The names `source` declares against the rule. */
export function vocabularyFindings(source: ParsedSource, calls: readonly string[] = WIRE_NAMES): VocabularyFinding[] {
  const findings: VocabularyFinding[] = [];
  for (const declared of source.declared) {
    const why = vocabularyBreach(declared.name, calls);
    if (!why) continue;
    const line = source.text.slice(0, declared.start).split("\n").length;
    findings.push({ path: source.path, line, name: declared.name, kind: declared.kind, why });
  }
  return findings;
}
