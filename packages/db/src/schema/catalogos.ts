import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { archivos } from "./archivos";

/** Areas of the company (spec §3 Area). */
export const areas = pgTable("areas", {
  id: serial("id").primaryKey(),
  nombre: text("nombre").notNull().unique(),
});

/** Employees (spec §3 Employee). `usuario` is the sign-in code; passwords are argon2id hashes only. */
export const empleados = pgTable(
  "empleados",
  {
    id: serial("id").primaryKey(),
    usuario: text("usuario").notNull().unique(),
    perfil: char("perfil", { length: 1 }).notNull(),
    nombre: text("nombre").notNull(),
    apellidos: text("apellidos").notNull(),
    email: text("email").notNull(),
    areaId: integer("area_id")
      .notNull()
      .references(() => areas.id),
    estatus: char("estatus", { length: 1 }).notNull().default("A"),
    passwordHash: text("password_hash").notNull(),
    viDocPen: char("vi_doc_pen", { length: 1 }).notNull().default("N"),
    /** Issue 41 (decision 069): may approve or reject changes of suppliers' bank accounts; set by an administrator. */
    apruebaCuentas: char("aprueba_cuentas", { length: 1 }).notNull().default("N"),
    /** Issue 43 (decision 075): may read the SAT reconciliation ('Conciliación SAT'); set by an administrator. */
    conciliaSat: char("concilia_sat", { length: 1 }).notNull().default("N"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("empleados_perfil_chk", sql`${t.perfil} in ('A','G')`),
    check("empleados_estatus_chk", sql`${t.estatus} in ('A','I')`),
    check("empleados_vidocpen_chk", sql`${t.viDocPen} in ('Y','N')`),
    check("empleados_aprueba_cuentas_chk", sql`${t.apruebaCuentas} in ('Y','N')`),
    check("empleados_concilia_sat_chk", sql`${t.conciliaSat} in ('Y','N')`),
  ],
);

/** Suppliers, keyed by their SAP Business One CardCode (spec §3 Supplier). They sign in with their RFC. */
export const proveedores = pgTable(
  "proveedores",
  {
    cardCode: text("card_code").primaryKey(),
    tipoPersona: char("tipo_persona", { length: 1 }).notNull(),
    cardName: text("card_name").notNull(),
    /**
     * Unique among national suppliers only (issue 42, decision 073): every foreign supplier has the SAT's generic
     * RFC XEXX010101000 and signs in with its CardCode.
     */
    rfc: text("rfc").notNull(),
    telefono: text("telefono").notNull().default(""),
    email: text("email").notNull().default(""),
    contacto: text("contacto").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    estatusRegistro: char("estatus_registro", { length: 1 }).notNull().default("P"),
    motivoRechazo: text("motivo_rechazo").notNull().default(""),
    estatus: char("estatus", { length: 1 }).notNull().default("A"),
    /**
     * "Retener pagos por complementos atrasados" (issue 27, decision 035): an employee's flag, shown to reviewers;
     * informative only (the portal does not pay).
     */
    retenerPagos: boolean("retener_pagos").notNull().default(false),
    /**
     * Issue 39 (decision 059): an administrator's flag — the supplier lives exclusively from agricultural, livestock,
     * forestry or fishing activities, so its RESICO invoices are not withheld the 1.25 % ISR (Ley del ISR, art. 113-E).
     */
    resicoAgapes: boolean("resico_agapes").notNull().default(false),
    /**
     * Issue 42 part 1 (decision 073): 'nacional' or 'extranjero'; a kind's rules (CFDI or not, RFC, documents,
     * payment complements) are REGLAS_TIPO_PROVEEDOR in @portal/contracts. A foreign one has its country (SAT c_Pais,
     * e.g. USA) and its tax id there (NumRegIdTrib); both '' for a national one.
     */
    tipo: text("tipo").notNull().default("nacional"),
    pais: text("pais").notNull().default(""),
    numRegIdTrib: text("num_reg_id_trib").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("proveedores_tipo_chk", sql`${t.tipoPersona} in ('F','M')`),
    check("proveedores_registro_chk", sql`${t.estatusRegistro} in ('C','P','R')`),
    check("proveedores_estatus_chk", sql`${t.estatus} in ('A','I')`),
    check("proveedores_tipo_proveedor_chk", sql`${t.tipo} in ('nacional','extranjero')`),
    check(
      "proveedores_extranjero_chk",
      sql`(${t.tipo} = 'nacional' and ${t.pais} = '' and ${t.rfc} <> 'XEXX010101000') or (${t.tipo} = 'extranjero' and ${t.rfc} = 'XEXX010101000' and ${t.pais} <> '' and ${t.numRegIdTrib} <> '')`,
    ),
    uniqueIndex("proveedores_rfc_unique").on(t.rfc).where(sql`${t.tipo} = 'nacional'`),
  ],
);

/**
 * Companies (sociedades) that run SAP Business One. `bdSap` is the company database the ERP calls use.
 * The SAP password is needed later to reach the ERP, so it is encrypted (AES-256-GCM), never hashed.
 */
export const sociedades = pgTable(
  "sociedades",
  {
    id: serial("id").primaryKey(),
    nombre: text("nombre").notNull(),
    rfc: text("rfc").notNull(),
    regimen: text("regimen").notNull(),
    cp: text("cp").notNull(),
    estatus: char("estatus", { length: 1 }).notNull().default("A"),
    usuarioSap: text("usuario_sap").notNull(),
    passSapCifrada: text("pass_sap_cifrada").notNull(),
    bdSap: text("bd_sap").notNull().unique(),
    constanciaArchivoId: uuid("constancia_archivo_id").references(() => archivos.id),
    constanciaNombre: text("constancia_nombre").notNull().default(""),
    /**
     * Issue 27 (decision 031): which withholdings the invoices this sociedad receives must carry. RESICO on by
     * default; rent and professional fees off until an administrator turns them on; `clavesHonorarios` are the
     * ClaveProdServ codes (8 digits) the sociedad counts as professional fees.
     */
    retencionResico: boolean("retencion_resico").notNull().default(true),
    retencionArrendamiento: boolean("retencion_arrendamiento").notNull().default(false),
    retencionHonorarios: boolean("retencion_honorarios").notNull().default(false),
    clavesHonorarios: text("claves_honorarios").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Issue 39 (decision 059): the sociedad withholds no IVA (Ley del IVA, art. 3: a state, Mexico City, a municipality
     * or one of their decentralised bodies); its suppliers' invoices are not asked for two thirds of the IVA.
     */
    noRetieneIva: boolean("no_retiene_iva").notNull().default(false),
    /**
     * Issue 27 (decision 032): the weekdays the sociedad pays suppliers (ISO: 1 Monday … 5 Friday); empty means
     * any business day.
     */
    diasPago: integer("dias_pago").array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Issue 37 (decision 045, fidelity finding F9): the company database's currency codes that are not ISO 4217,
     * company code → ISO ({"MXP":"MXN","US$":"USD"}); codes not listed are mapped from SAP's currency table.
     */
    monedasSap: jsonb("monedas_sap").$type<Record<string, string>>().notNull().default({}),
    /**
     * Issue 37 (decision 047, fidelity F3): the posting date of its A/P documents when the CFDI's posting period is
     * closed in SAP: 'primer_dia_abierto' (the first day of the next open period) or 'rechazar' (refuse).
     */
    reglaFechaContable: text("regla_fecha_contable").notNull().default("primer_dia_abierto"),
    /**
     * Issue 41 (decision 069): business days the supplier's open A/P invoices stay blocked after an approved change
     * of its bank account (the cooling-off period).
     */
    diasEnfriamientoCuenta: integer("dias_enfriamiento_cuenta").notNull().default(3),
    /**
     * Issue 43 (decision 075): the sociedad's e.firma (FIEL) that signs its requests to the SAT's Descarga Masiva,
     * encrypted like the SAP password (a JSON of the certificate and key in base64 and the key's password), never
     * answered; its expiry and certificate number are shown.
     */
    efirmaCifrada: text("efirma_cifrada"),
    efirmaVence: timestamp("efirma_vence", { withTimezone: true }),
    efirmaCertificado: text("efirma_certificado"),
    /** The last expiry reminder mailed for this e.firma (30, 15 or 7 days); null again when another is uploaded. */
    efirmaAvisoUmbral: integer("efirma_aviso_umbral"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("sociedades_estatus_chk", sql`${t.estatus} in ('A','I')`),
    check("sociedades_dias_pago_chk", sql`${t.diasPago} <@ '{1,2,3,4,5}'::integer[]`),
    check("sociedades_dias_enfriamiento_chk", sql`${t.diasEnfriamientoCuenta} between 0 and 30`),
    check("sociedades_regla_fecha_contable_chk", sql`${t.reglaFechaContable} in ('primer_dia_abierto','rechazar')`),
  ],
);

/** Which sociedades a supplier is registered with. */
export const proveedorSociedades = pgTable(
  "proveedor_sociedades",
  {
    cardCode: text("card_code")
      .notNull()
      .references(() => proveedores.cardCode, { onDelete: "cascade" }),
    sociedadId: integer("sociedad_id")
      .notNull()
      .references(() => sociedades.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cardCode, t.sociedadId] }),
    index("proveedor_sociedades_sociedad_idx").on(t.sociedadId),
  ],
);
