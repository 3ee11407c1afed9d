import type { ServiceLayerClient } from "./client";

/**
 * The user-defined fields (UDFs) the portal reads or writes on SAP Business One's tables through the Service Layer,
 * and the idempotent setup that creates the missing ones through `UserFieldsMD` (`npm run sap -- campos`).
 *
 * In `UserFieldsMD` a field's `Name` has no `U_` prefix and `TableName` is the database table. A field created on one
 * marketing-document header table (here OPCH) is created by SAP on every document header (OPOR, OPDN, OPCH…), so
 * the A/P invoice's fields and the order's CFDI usage are all declared on OPCH. New fields are not visible to the
 * Service Layer until it is restarted (SAP's manual, "Limitations"): the command says so.
 */
export interface PortalUserField {
  /** Without the `U_` prefix, as UserFieldsMD names it. */
  name: string;
  /** The table (OPCH: A/P invoice header and, through it, every marketing document header; OVPM: payments). */
  table: string;
  type: "db_Alpha" | "db_Numeric";
  size: number;
  /** SAP's description (shown in the client's form settings), at most 30 characters. */
  description: string;
  /** What the portal does with it. */
  use: string;
}

export const PORTAL_USER_FIELDS: readonly PortalUserField[] = [
  {
    name: "SYS_PMUUID",
    table: "OPCH",
    type: "db_Alpha",
    size: 36,
    description: "UUID del CFDI (portal)",
    use: "el portal escribe el UUID del CFDI en la factura de proveedor que crea",
  },
  {
    name: "SYS_PORTALID",
    table: "OPCH",
    type: "db_Numeric",
    size: 11,
    description: "Factura del portal",
    use: "el portal escribe el id de su factura y lo busca antes de reintentar (nunca crea dos)",
  },
  {
    name: "B1SYS_MainUsage",
    table: "OPCH",
    type: "db_Alpha",
    size: 10,
    description: "Uso del CFDI",
    use: "el portal lee el uso del CFDI (c_UsoCFDI) de pedidos y facturas; lo crea la localización de México",
  },
  {
    name: "B1SYS_FormaPago",
    table: "OVPM",
    type: "db_Alpha",
    size: 10,
    description: "Forma de pago",
    use: "el portal lee la forma de pago (c_FormaPago) de los pagos efectuados; lo crea la localización de México",
  },
];

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
      Size: field.size,
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
