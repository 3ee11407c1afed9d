import { PORTAL_USER_FIELDS, type PortalUserField } from "@portal/erp";
import type { ServiceLayerClient } from "./client";

// The fields themselves are defined with the ERP port (@portal/erp); the simulated ERP creates them too.
export { PORTAL_USER_FIELDS, type PortalUserField };

export interface UserFieldsResult {
  /** Fields that were already there (`TABLE.U_NAME`). */
  existing: string[];
  /** Fields created now. */
  created: string[];
}

const label = (f: PortalUserField) => `${f.table}.U_${f.name}`;

/** OData string literal: single quotes doubled. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Creates in `companyDb` the portal's user fields that are missing: each is looked up first (`GET UserFieldsMD` by
 * table and name) and only the missing ones are created (`POST UserFieldsMD`), so running it again creates nothing.
 */
export async function ensureUserFields(
  client: ServiceLayerClient,
  companyDb: string,
  fields: readonly PortalUserField[] = PORTAL_USER_FIELDS,
): Promise<UserFieldsResult> {
  const result: UserFieldsResult = { existing: [], created: [] };
  // One at a time: SAP alters the tables for each new field ("may take longer than expected"), and two at once on
  // the same tables are better avoided.
  for (const field of fields) {
    const filter = `TableName eq ${literal(field.table)} and Name eq ${literal(field.name)}`;
    const found = await client.getAll(
      companyDb,
      `UserFieldsMD?$select=TableName,Name,FieldID&$filter=${encodeURIComponent(filter)}`,
    );
    if (found.length > 0) {
      result.existing.push(label(field));
      continue;
    }
    await client.write(companyDb, "POST", "UserFieldsMD", {
      Name: field.name,
      Type: field.type,
      EditSize: field.editSize, // F11: SAP derives Size from EditSize
      Description: field.description,
      SubType: "st_None",
      TableName: field.table,
    });
    result.created.push(label(field));
  }
  return result;
}

/**
 * The `campos` command's work and its Spanish report, one company database after another. Returns false when a
 * company database failed (the others are still done).
 */
export async function reportUserFields(
  client: ServiceLayerClient,
  companyDbs: readonly string[],
  out: { log(line: string): void; error(line: string): void },
): Promise<boolean> {
  let ok = true;
  let createdAny = false;
  for (const companyDb of companyDbs) {
    try {
      const r = await ensureUserFields(client, companyDb);
      out.log(`${companyDb}:`);
      for (const f of r.existing) out.log(`  ya existe  ${f}`);
      for (const f of r.created) out.log(`  creado     ${f}`);
      if (r.created.length === 0) out.log("  No faltaba ningún campo.");
      createdAny ||= r.created.length > 0;
    } catch (error) {
      ok = false;
      out.error(`${companyDb}: no se pudieron revisar los campos: ${error instanceof Error ? error.message : error}`);
    }
  }
  if (createdAny) {
    out.log(
      "Reinicie el Service Layer antes de usar el portal: los campos nuevos no son visibles para el Service Layer " +
        "hasta que se reinicia.",
    );
  }
  return ok;
}
