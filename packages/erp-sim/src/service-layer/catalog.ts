import { sql } from "drizzle-orm";
import { AUTHORIZATION_STATUS } from "./approvals";
import { DOCUMENT_PROPERTIES, DOCUMENT_UDF_TYPES, ENTITY_SETS, type EntitySet } from "./entities";
import type { PropertyType, Row } from "./filter";
import type { UserFieldInput } from "./writes";

/** A user field as UserFieldsMD lists it (FieldID and SubType assigned). */
export type CatalogUserField = UserFieldInput & { FieldID: number; SubType: string };

/**
 * What the Service Layer serves: the entity sets of entities.ts plus Drafts (ODRF) and UserFieldsMD, both in
 * memory, and the properties of each set today (Documents and Payments gain the active user fields).
 */
export function createCatalog(initialUserFields: readonly UserFieldInput[]) {
  // UserFieldsMD: every field created is listed at once; `active` are the ones documents accept (after restart).
  const userFields: CatalogUserField[] = [];
  for (const f of initialUserFields) addUserField(f);
  let active = new Set(userFields.map((f) => `${f.TableName}|${f.Name}`));

  function addUserField(f: UserFieldInput) {
    const id = userFields.filter((u) => u.TableName === f.TableName).length;
    const field = { ...f, EditSize: f.EditSize ?? f.Size, SubType: f.SubType ?? "st_None", FieldID: id };
    userFields.push(field);
    return field;
  }

  // A UDF created on one marketing-document header table exists on all of them (OPOR, OPDN, OPCH, ODRF…).
  const DOCUMENT_TABLES = new Set(["OPOR", "OPDN", "OPCH", "ORPC", "ODRF", "OINV", "ORDR"]);
  /** The entity set's properties today (Documents and Payments gain the active UDFs). */
  function propertiesOf(set: EntitySet): Map<string, PropertyType> {
    const out = new Map(set.properties);
    for (const f of userFields) {
      if (!active.has(`${f.TableName}|${f.Name}`)) continue;
      const name = `U_${f.Name}`;
      const documentField = set.type === "Document" && DOCUMENT_TABLES.has(f.TableName);
      const paymentField = set.type === "Payment" && f.TableName === "OVPM";
      if ((documentField || paymentField) && !out.has(name)) {
        out.set(name, DOCUMENT_UDF_TYPES[name] ?? (f.Type === "db_Numeric" ? { kind: "int" } : { kind: "string" }));
      }
    }
    return out;
  }

  /** Restarts the Service Layer: user fields created since become document properties. */
  function restart() {
    active = new Set(userFields.map((f) => `${f.TableName}|${f.Name}`));
  }

  // Drafts (ODRF) live in memory: empty unless a test adds one.
  const drafts = new Map<string, Row[]>();
  const draftSet: EntitySet = {
    name: "Drafts",
    type: "Document",
    key: { name: "DocEntry", kind: "int" },
    // Issue 37 (F2): ODRF's AuthorizationStatus besides the Document properties.
    properties: [...DOCUMENT_PROPERTIES, AUTHORIZATION_STATUS],
    lines: "DocumentLines",
    etag: true,
    fingerprint: () => sql``,
    headers: () => sql``,
    toEntity: (r) => r,
  };

  const userFieldSet: EntitySet = {
    name: "UserFieldsMD",
    type: "UserFieldMD",
    key: { name: "FieldID", kind: "int" },
    properties: [
      ["TableName", { kind: "string" }],
      ["FieldID", { kind: "int" }],
      ["Name", { kind: "string" }],
      ["Type", { kind: "string" }],
      ["Size", { kind: "int" }],
      ["EditSize", { kind: "int" }],
      ["Description", { kind: "string" }],
      ["SubType", { kind: "string" }],
    ],
    fingerprint: () => sql``,
    headers: () => sql``,
    toEntity: (r) => r,
  };

  const sets = new Map<string, EntitySet>(ENTITY_SETS.map((s) => [s.name, s]));
  sets.set("Drafts", draftSet);
  sets.set("UserFieldsMD", userFieldSet);

  return { userFields, addUserField, propertiesOf, restart, drafts, draftSet, userFieldSet, sets };
}

export type Catalog = ReturnType<typeof createCatalog>;
