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
  /**
   * Sent as `EditSize` (F11): SDK `UserFieldsMD~Size` "is automatically determined by the input of the EditSize
   * property. Do not set any value in the Size property"; a db_Numeric without EditSize is refused.
   */
  editSize: number;
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
    editSize: 36,
    description: "UUID del CFDI (portal)",
    use: "el portal escribe el UUID del CFDI en la factura de proveedor que crea",
  },
  {
    name: "SYS_PORTALID",
    table: "OPCH",
    type: "db_Numeric",
    editSize: 11,
    description: "Factura del portal",
    use: "el portal escribe el id de su factura y lo busca antes de reintentar (nunca crea dos)",
  },
  {
    name: "B1SYS_MainUsage",
    table: "OPCH",
    type: "db_Alpha",
    editSize: 10,
    description: "Uso del CFDI",
    use: "el portal lee el uso del CFDI (c_UsoCFDI) de pedidos y facturas; lo crea la localización de México",
  },
  {
    name: "B1SYS_FormaPago",
    table: "OVPM",
    type: "db_Alpha",
    editSize: 10,
    description: "Forma de pago",
    use: "el portal lee la forma de pago (c_FormaPago) de los pagos efectuados; lo crea la localización de México",
  },
];
