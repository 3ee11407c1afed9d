import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea } from "./columns";

/**
 * SAT certificates fetched from the SAT's public repository by number (issue 11): each is fetched once and kept
 * here, so every API process and every restart finds it without the network. The shipped certificates
 * (packages/cfdi/sat/certs) are not stored.
 */
export const certificadosSat = pgTable("certificados_sat", {
  numero: text("numero").primaryKey(),
  der: bytea("der").notNull(),
  obtenidoAt: timestamp("obtenido_at", { withTimezone: true }).notNull(),
});

/**
 * The SAT's status of every CFDI the portal holds (issue 15 §1): one row per invoice (`tipo` 'factura',
 * facturas.id) and per payment complement ('pago', complementos_pago.id), with what the SAT's ConsultaCFDIService
 * last answered and when the portal asks again. `expresion` is the printed expression the query sends (RFCs,
 * total, UUID, last 8 characters of the Sello), kept so a re-check needs no XML.
 *
 * `pendiente`: accepted at upload without a definite answer (the service could not be reached, or it did not
 * find a CFDI stamped less than 72 hours before) — the job asks again at `siguiente_consulta`. For documents not
 * pending, `siguiente_consulta` is the next scheduled re-check (daily for 30 days after acceptance, then weekly;
 * null = not scheduled). `version` grows only when what the lists show changes (the list caches' fingerprint).
 */
export const satEstadosCfdi = pgTable(
  "sat_estados_cfdi",
  {
    id: serial("id").primaryKey(),
    tipo: text("tipo").notNull(),
    documentoId: integer("documento_id").notNull(),
    uuid: text("uuid").notNull(),
    expresion: text("expresion").notNull(),
    /** TimbreFiscalDigital@FechaTimbrado as an instant (central Mexico time): the 72-hour rule counts from it. */
    timbradoAt: timestamp("timbrado_at", { withTimezone: true }).notNull(),
    /** Vigente, Cancelado, No Encontrado; '' while the SAT has not answered. */
    estado: text("estado").notNull().default(""),
    codigoEstatus: text("codigo_estatus").notNull().default(""),
    cancelability: text("es_cancelable").notNull().default(""),
    estatusCancelacion: text("estatus_cancelacion").notNull().default(""),
    /** 200: the issuer is not on the SAT's EFOS list; 100: it is. */
    validacionEfos: text("validacion_efos").notNull().default(""),
    /** When the SAT last answered. */
    consultadoAt: timestamp("consultado_at", { withTimezone: true }),
    pendiente: boolean("pendiente").notNull().default(false),
    siguienteConsulta: timestamp("siguiente_consulta", { withTimezone: true }),
    /** Failed attempts in a row (no answer), and the last failure. */
    intentos: integer("intentos").notNull().default(0),
    ultimoError: text("ultimo_error").notNull().default(""),
    /** When the reviewers were mailed that an accepted CFDI is cancelled (or missing) at the SAT: once. */
    avisadoAt: timestamp("avisado_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("sat_estados_cfdi_tipo_chk", sql`${t.tipo} in ('factura','pago')`),
    check("sat_estados_cfdi_estado_chk", sql`${t.estado} in ('','Vigente','Cancelado','No Encontrado')`),
    uniqueIndex("sat_estados_cfdi_documento_key").on(t.tipo, t.documentoId),
    index("sat_estados_cfdi_siguiente_idx").on(t.siguienteConsulta),
  ],
);

/**
 * What the local simulator of the SAT's ConsultaCFDIService answers (demo, tests, e2e; never production): one row
 * per UUID. A UUID without a row is Vigente. `falla` makes the simulator answer that HTTP status instead (an
 * outage), `demora_ms` delays the answer (a slow service).
 */
export const satSimuladorEstados = pgTable("sat_simulador_estados", {
  uuid: text("uuid").primaryKey(),
  estado: text("estado").notNull().default("Vigente"),
  cancelability: text("es_cancelable").notNull().default("Cancelable con aceptación"),
  estatusCancelacion: text("estatus_cancelacion").notNull().default(""),
  validacionEfos: text("validacion_efos").notNull().default("200"),
  demoraMs: integer("demora_ms").notNull().default(0),
  falla: integer("falla"),
});
