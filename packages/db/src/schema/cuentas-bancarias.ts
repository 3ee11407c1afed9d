import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { archivos } from "./archivos";
import { proveedores } from "./catalogos";
import { erp } from "./erp-mock";
import { facturas } from "./facturas";

/**
 * The account's data, shared by a request and the account it becomes (issue 41 items 1 and 2, decision 069). A CLABE
 * (`tipo` 'clabe': 18 digits, the bank from its first three) or a foreign account (`tipo` 'extranjera': an IBAN, or an
 * account number with its SWIFT/BIC and, for the United States, its ABA routing number). Numbers are stored
 * normalized (packages/contracts cuentas-bancarias.ts): no spaces, upper case.
 */
const datosCuenta = {
  cardCode: text("card_code")
    .notNull()
    .references(() => proveedores.cardCode, { onDelete: "cascade" }),
  tipo: text("tipo").notNull(),
  clabe: text("clabe").notNull().default(""),
  iban: text("iban").notNull().default(""),
  /** The foreign account's number when it has no IBAN (SAP AccountNo). */
  numeroCuenta: text("numero_cuenta").notNull().default(""),
  swift: text("swift").notNull().default(""),
  aba: text("aba").notNull().default(""),
  /** ISO 3166 country of the bank: MX for a CLABE, the IBAN's or the SWIFT's country otherwise. */
  pais: text("pais").notNull(),
  /** The bank's code (a CLABE's three digits, or the SWIFT's four letters) and name as the catalogue gives it. */
  bancoCodigo: text("banco_codigo").notNull().default(""),
  bancoNombre: text("banco_nombre").notNull().default(""),
  /** Account holder (SAP AccountName). */
  titular: text("titular").notNull().default(""),
  /** ISO 4217 currency the account receives. */
  moneda: text("moneda").notNull(),
  /** The supporting PDF (bank letter or statement), checked like every PDF; it becomes the Carátula bancaria. */
  archivoId: uuid("archivo_id")
    .notNull()
    .references(() => archivos.id),
  archivoNombre: text("archivo_nombre").notNull().default(""),
};

/**
 * A request to add or change a supplier's bank account ('Solicitud de cambio de cuenta bancaria'): never an edit.
 * Entered by the supplier or by an employee for it (`operador`, `usuario_ref`); approved or rejected by an employee
 * with the approval flag other than whoever entered it (four eyes). `version` makes every decision conditional on
 * what the employee read. `correos_antes` are the supplier's addresses when it was entered: all of them are told on
 * approval. One pending request per supplier.
 */
export const solicitudesCuentaBancaria = pgTable(
  "solicitudes_cuenta_bancaria",
  {
    id: serial("id").primaryKey(),
    ...datosCuenta,
    correosAntes: text("correos_antes").notNull().default(""),
    operador: text("operador").notNull(),
    usuarioRef: text("usuario_ref").notNull(),
    estatus: text("estatus").notNull().default("pendiente"),
    /** The employee (id) who approved or rejected it. */
    revisorRef: text("revisor_ref"),
    /** Required on rejection; recorded on approval when given. */
    motivo: text("motivo").notNull().default(""),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    decididaAt: timestamp("decidida_at", { withTimezone: true }),
  },
  (t) => [
    check("solicitudes_cuenta_bancaria_tipo_chk", sql`${t.tipo} in ('clabe','extranjera')`),
    check("solicitudes_cuenta_bancaria_estatus_chk", sql`${t.estatus} in ('pendiente','aprobada','rechazada')`),
    check("solicitudes_cuenta_bancaria_operador_chk", sql`${t.operador} in ('Empleado','Proveedor')`),
    uniqueIndex("solicitudes_cuenta_bancaria_pendiente_key").on(t.cardCode).where(sql`${t.estatus} = 'pendiente'`),
    index("solicitudes_cuenta_bancaria_estatus_idx").on(t.estatus, t.createdAt),
  ],
);

/**
 * A supplier's approved bank accounts: what payments go to. One active account per supplier and currency; an
 * approved request for a currency that had one deactivates the old one in the same transaction.
 */
export const cuentasBancarias = pgTable(
  "cuentas_bancarias",
  {
    id: serial("id").primaryKey(),
    ...datosCuenta,
    solicitudId: integer("solicitud_id")
      .notNull()
      .unique()
      .references(() => solicitudesCuentaBancaria.id),
    aprobadaAt: timestamp("aprobada_at", { withTimezone: true }).notNull(),
    /** The approving employee's id. */
    aprobadaPor: text("aprobada_por").notNull(),
    activa: boolean("activa").notNull().default(true),
  },
  (t) => [
    check("cuentas_bancarias_tipo_chk", sql`${t.tipo} in ('clabe','extranjera')`),
    uniqueIndex("cuentas_bancarias_activa_key").on(t.cardCode, t.moneda).where(sql`${t.activa}`),
  ],
);

/**
 * The cooling-off payment block of an approved change (issue 41 item 2): each open A/P invoice of the supplier is
 * blocked until `hasta` (the approval plus its sociedad's business days), one more reason the portal wants the
 * invoice's payment blocked (modules/bloqueo-pago `wanted`). The scheduled job lifts it once `hasta` passes
 * (`levantado_at`).
 */
export const bloqueosCuentaBancaria = pgTable(
  "bloqueos_cuenta_bancaria",
  {
    facturaId: integer("factura_id")
      .notNull()
      .references(() => facturas.id),
    solicitudId: integer("solicitud_id")
      .notNull()
      .references(() => solicitudesCuentaBancaria.id),
    hasta: timestamp("hasta", { withTimezone: true }).notNull(),
    levantadoAt: timestamp("levantado_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.facturaId, t.solicitudId] }),
    index("bloqueos_cuenta_bancaria_vigentes_idx").on(t.hasta).where(sql`${t.levantadoAt} is null`),
  ],
);

/**
 * The mock ERP's business partners' bank accounts (SAP OCRB, the BusinessPartner's BPBankAccounts collection): one
 * row per account line; `internal_key` is SAP's InternalKey (the line's key, unique per company database).
 */
export const erpSocioCuentas = erp.table(
  "socio_cuentas",
  {
    bd: text("bd").notNull(),
    internalKey: integer("internal_key").notNull(),
    cardCode: text("card_code").notNull(),
    country: text("country").notNull().default(""),
    bankCode: text("bank_code").notNull().default(""),
    accountNo: text("account_no").notNull().default(""),
    iban: text("iban").notNull().default(""),
    bicSwiftCode: text("bic_swift_code").notNull().default(""),
    abaRoutingNumber: text("aba_routing_number").notNull().default(""),
    accountName: text("account_name").notNull().default(""),
    branch: text("branch").notNull().default(""),
    controlKey: text("control_key").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.bd, t.internalKey] }), index("socio_cuentas_socio_idx").on(t.bd, t.cardCode)],
);
