import type { ParsedSource } from "./sources";

/** One rename: `from` becomes `to` in every file, or only in files whose path starts with `under`. */
export interface RenameRule {
  from: string;
  to: string;
  under?: string;
}

export interface RenamePlan {
  /** New text per file that changes. */
  changes: Map<string, string>;
  /** How many tokens each rule replaced. */
  counts: Map<RenameRule, number>;
  /** Files where a rule's new name already exists: the rename is refused there (nothing is written). */
  conflicts: { path: string; rule: RenameRule }[];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Parses `from=to` or `from=to@path-prefix`. */
export function parseRule(text: string): RenameRule {
  const match = /^([^=@]+)=([^=@]+)(?:@(.+))?$/.exec(text.trim());
  if (!match || !IDENTIFIER.test(match[1] ?? "") || !IDENTIFIER.test(match[2] ?? "")) {
    throw new Error(`Regla no válida: "${text}" (se espera nombre=nuevoNombre o nombre=nuevoNombre@ruta/)`);
  }
  const [, from = "", to = "", under] = match;
  return under ? { from, to, under } : { from, to };
}

/** The rules that apply to `path`: for each name, the one whose `under` is the longest prefix of the path. */
function rulesFor(path: string, rules: readonly RenameRule[]): RenameRule[] {
  const chosen = new Map<string, RenameRule>();
  for (const rule of rules) {
    if (rule.under && !path.startsWith(rule.under)) continue;
    const current = chosen.get(rule.from);
    if (!current || (rule.under?.length ?? 0) > (current.under?.length ?? 0)) chosen.set(rule.from, rule);
  }
  return [...chosen.values()];
}

/**
 * Plans the renames over parsed sources: identifier tokens only (never strings, template text, JSX text or
 * comments), and refused in a file where the new name already exists (two names would become one).
 */
export function planRename(sources: readonly ParsedSource[], rules: readonly RenameRule[]): RenamePlan {
  const changes = new Map<string, string>();
  const counts = new Map<RenameRule, number>(rules.map((r) => [r, 0]));
  const conflicts: RenamePlan["conflicts"] = [];
  for (const source of sources) {
    const present = new Set(source.names.map((n) => n.name));
    const active = rulesFor(source.path, rules).filter((r) => present.has(r.from));
    if (active.length === 0) continue;
    const clashing = active.filter((r) => present.has(r.to));
    for (const rule of clashing) conflicts.push({ path: source.path, rule });
    if (clashing.length > 0) continue;
    const byName = new Map(active.map((r) => [r.from, r]));
    let text = source.text;
    const tokens = source.names.filter((n) => byName.has(n.name)).sort((a, b) => b.start - a.start);
    for (const token of tokens) {
      const rule = byName.get(token.name) as RenameRule;
      text = text.slice(0, token.start) + rule.to + text.slice(token.end);
      counts.set(rule, (counts.get(rule) ?? 0) + 1);
    }
    changes.set(source.path, text);
  }
  return { changes, counts, conflicts };
}
