import type { EntitySet } from "./entities";
import type { Row } from "./filter";
import type { Ctx } from "./http";

/**
 * The form of the simulator's answers where v1 and v2 differ (decision 048, fidelity finding F18); the values are the
 * same, only how they are written changes.
 *
 * - v2 dates: a real v2 answer writes `"UpdateDate" : "2023-10-26T00:00:00Z"` (Edm.DateTimeOffset in the v2
 *   metadata; F18 [REC-PY, GEN]); v1 writes `"2023-10-26"`.
 * - Next links: v1 answers an absolute path, `"odata.nextLink": "/b1s/v1/ChartOfAccounts?$skip=20"` (F18 [REC-BE];
 *   MAN p35 the same); v2 a link relative to the service root. The `nextLinkForm` knob forces one form for both.
 * - One entity's context: v1 `…$metadata#ChartOfAccounts/@Element` (F18 [REC-BE]), v2 `…$metadata#Set/$entity`.
 */

export type NextLinkForm = "as-sap" | "relative" | "absolute-path" | "url";

/** The next-link form of this answer: by version unless a test forces one. */
export function nextLinkFormOf(ctx: Ctx, configured: NextLinkForm): Exclude<NextLinkForm, "as-sap"> {
  if (configured !== "as-sap") return configured;
  return ctx.dialect === "v1" ? "absolute-path" : "relative";
}

/** The `odata.metadata` / `@odata.context` of one entity of `setName`. */
export function entityContext(ctx: Ctx, setName: string): string {
  return `${ctx.root}$metadata#${setName}${ctx.dialect === "v1" ? "/@Element" : "/$entity"}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const v2Date = (value: unknown) => (typeof value === "string" && DAY.test(value) ? `${value}T00:00:00Z` : value);

/**
 * A projected row in the answer's date form: in v2 every date property (and each installment's DueDate) as
 * `YYYY-MM-DDT00:00:00Z`; v1 unchanged. Filters and ordering work on the stored `YYYY-MM-DD` values before this.
 */
export function withDateForm(ctx: Ctx, set: EntitySet, out: Row): Row {
  if (ctx.dialect !== "v2") return out;
  for (const [name, type] of set.properties) {
    if (type.kind === "date" && name in out) out[name] = v2Date(out[name]);
  }
  const installments = out.DocumentInstallments;
  if (Array.isArray(installments)) {
    out.DocumentInstallments = installments.map((c: Row) => ({ ...c, DueDate: v2Date(c.DueDate) }));
  }
  return out;
}
