import type { Database } from "@portal/db";
import type { Approvals } from "../approvals";
import type { Currencies } from "../currency";
import { DOCUMENT_LINE_PROPERTIES, type EntitySet } from "../entities";
import type { PropertyType, Row } from "../filter";
import { type Ctx, etagOf, readBody, SapFailure, sendJson } from "../http";

/** What the writes are built from (writes.ts composes them); each operation takes the part it needs. */
export interface WriteContext {
  db: Database;
  clock: () => Date;
  faults: { commitThenDrop: number; commitThenDropPatch: number };
  /** OPYB: the payment block reasons a PaymentBlockEntry may name. */
  paymentBlockEntries: ReadonlySet<number>;
  sets: Map<string, EntitySet>;
  propertiesOf(set: EntitySet): Map<string, PropertyType>;
  headersOf(set: EntitySet, bd: string): Promise<{ rows: Row[]; byKey: Map<string | number, Row> }>;
  findByKey(set: EntitySet, data: { rows: Row[]; byKey: Map<string | number, Row> }, keyText: string): Row;
  entityAnswer(ctx: Ctx, set: EntitySet, bd: string, row: Row, props: string[]): Promise<Row>;
  userFields: (UserFieldInput & { FieldID: number; SubType: string })[];
  addUserField(f: UserFieldInput): UserFieldInput & { FieldID: number; SubType: string };
  addDraft(companyDb: string, draft: Row): number;
  drafts: Map<string, Row[]>;
  /** OCRN, ORTT and the local currency per company database (currency.ts, issue 37). */
  currencies: Pick<Currencies, "of" | "rateOf">;
  /** F3: refuses a posting date in no open posting period (posting-periods.ts). */
  checkPostingDate(bd: string, docDate: string): void;
  /** Issue 37 (F2, F4): approval procedures and the partners' withholding (approvals.ts). */
  approvals: Approvals;
}

/** A user-defined field as UserFieldsMD describes it (without FieldID, which the simulator assigns). */
export interface UserFieldInput {
  TableName: string;
  /** Without the U_ prefix. */
  Name: string;
  Type: "db_Alpha" | "db_Numeric" | "db_Date" | "db_Float" | "db_Memo";
  Size: number;
  /** F11: the size SAP takes (SDK UserFieldsMD~EditSize); Size follows it. */
  EditSize?: number;
  Description: string;
  SubType?: string;
}

export const NOT_SUPPORTED = "The requested action is not supported for this object.";
export const CLOSED_DOCUMENT = "Cannot update a closed or cancelled document";
const ETAG_MISMATCH =
  "Another user or another operation modified data; to continue, open the window again (ODBC -2039)";
const LINE_TYPES = new Map(DOCUMENT_LINE_PROPERTIES);

export async function jsonBody(ctx: Ctx): Promise<Row> {
  const text = await readBody(ctx.req);
  if (text.trim() === "") return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Row;
  } catch {
    // falls through to SAP's answer
  }
  throw new SapFailure(400, -1000, "Invalid JSON body.");
}

/** A BoYesNoEnum in a body: by name (tYES/tNO) or by value (1/0), as SAP accepts enums. */
export function yesNoOf(value: unknown, property: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "tYES" || value === 1 || value === "1") return true;
  if (value === "tNO" || value === 0 || value === "0") return false;
  throw new SapFailure(400, -1000, `Enum value '${String(value)}' of property '${property}' is invalid`);
}

/** Numbers may come as JSON numbers or numeric strings (SAP's own examples send "100"). */
export function numberOf(value: unknown, property: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "number" ? value : Number(value);
  if (Number.isNaN(n))
    throw new SapFailure(400, -1000, `Value '${String(value)}' of property '${property}' is invalid`);
  return n;
}

export function checkProperties(body: Row, types: Map<string, PropertyType>, type: string): void {
  for (const name of Object.keys(body)) {
    if (name.startsWith("@odata.") || name.startsWith("odata.")) continue;
    if (!types.has(name)) throw new SapFailure(400, -1000, `Property '${name}' of '${type}' is invalid`);
  }
}

export function linesOf(body: Row, property = "DocumentLines"): Row[] {
  const lines = body[property];
  if (lines === undefined) return [];
  if (!Array.isArray(lines)) throw new SapFailure(400, -1000, `Property '${property}' is invalid`);
  for (const line of lines as Row[]) checkProperties(line, LINE_TYPES, "DocumentLine");
  return lines as Row[];
}

export function checkIfMatch(ctx: Ctx, row: Row): void {
  const ifMatch = ctx.req.headers["if-match"];
  if (ifMatch === undefined || ifMatch === "*") return;
  if (row.$version === undefined || ifMatch !== etagOf(row.$version)) {
    throw new SapFailure(412, -2039, ETAG_MISMATCH);
  }
}

export function locationOf(ctx: Ctx, path: string): string {
  return `http://${ctx.req.headers.host}${ctx.root}${path}`;
}

/** 204 with no body: what a PATCH, a DELETE and an action answer. */
export function noContent(ctx: Ctx): void {
  ctx.res.writeHead(204);
  ctx.res.end();
}

/** 201 with the entity (Location, ETag) or, with `Prefer: return-no-content`, 204 (MAN p26–27). */
export async function created(
  c: Pick<WriteContext, "findByKey" | "headersOf" | "entityAnswer" | "propertiesOf">,
  ctx: Ctx,
  set: EntitySet,
  bd: string,
  keyText: string,
): Promise<void> {
  const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
  const location = locationOf(ctx, `${set.name}(${keyText})`);
  const etag: Record<string, string> = set.etag && row.$version !== undefined ? { etag: etagOf(row.$version) } : {};
  if (/return-no-content/.test(String(ctx.req.headers.prefer ?? ""))) {
    ctx.res.writeHead(204, { location, "preference-applied": "return-no-content", ...etag });
    ctx.res.end();
    return;
  }
  const body = await c.entityAnswer(ctx, set, bd, row, [...c.propertiesOf(set).keys()]);
  sendJson(ctx, 201, body, { location, ...etag });
}
