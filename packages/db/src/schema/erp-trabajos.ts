import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { solicitudesCuentaBancaria } from "./cuentas-bancarias";
import { facturas } from "./facturas";
import { notasCredito } from "./notas-credito";

/**
 * Work the portal owes the ERP (issue 13), written in the same transaction as the decision that causes it (the
 * outbox pattern of correo_outbox): 'crear_factura', the A/P invoice of an accepted invoice, and
 * 'cancelar_factura' (issue 22, decision 021), the cancellation of an A/P invoice whose portal invoice is not
 * accepted; 'bloquear_pago' / 'desbloquear_pago' (issue 27, decision 036), the payment block of the A/P invoice of
 * an accepted CFDI the SAT cancelled, and its lifting once a replacement is accepted. A worker runs due jobs with retries and backoff; `bloqueado_hasta` is the lease of a job being
 * worked on, so two workers (or a worker and an employee's retry) never run one job at once. One job per kind
 * and invoice. Issue 27 (decision 034): 'crear_nota_credito', the A/P credit memo of an accepted credit note, names
 * the credit note instead of an invoice: one job per kind and document.
 */
export const erpTrabajos = pgTable(
  "erp_trabajos",
  {
    id: serial("id").primaryKey(),
    tipo: text("tipo").notNull(),
    facturaId: integer("factura_id").references(() => facturas.id),
    /** Issue 27: the credit note of a 'crear_nota_credito' job (factura_id is then null). */
    notaCreditoId: integer("nota_credito_id").references(() => notasCredito.id),
    /** Issue 41 (decision 069): the approved bank-account request of an 'escribir_cuenta_bancaria' job. */
    solicitudCuentaId: integer("solicitud_cuenta_id").references(() => solicitudesCuentaBancaria.id),
    /** pendiente (to run, or being run), hecho, fallido (stopped retrying: an employee may retry). */
    estado: text("estado").notNull().default("pendiente"),
    intentos: integer("intentos").notNull().default(0),
    ultimoError: text("ultimo_error").notNull().default(""),
    /**
     * Issue 36 (decision 040): how the last attempt failed — 'no_disponible' the ERP (or the portal's database) could
     * not answer, 'espera' waiting for another document (not an attempt), 'rechazo' the ERP refused, 'error' anything
     * else; '' none yet. A wake-up after an outage that fails the same way is not counted as an attempt.
     */
    claseError: text("clase_error").notNull().default(""),
    siguienteIntento: timestamp("siguiente_intento", { withTimezone: true }).notNull(),
    /**
     * Issue 36 (decision 040): set when the ERP answered again after an outage and this job, waiting out its backoff,
     * was woken before its time: the time its backoff had set. While set the job is not woken again; a wake-up that
     * fails the same way goes back to it without counting; the attempt made at that time (or later) clears it.
     */
    intentoProgramado: timestamp("intento_programado", { withTimezone: true }),
    /** While a worker (or an employee's retry) runs the job: others leave it alone until then. */
    bloqueadoHasta: timestamp("bloqueado_hasta", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    terminadoAt: timestamp("terminado_at", { withTimezone: true }),
  },
  (t) => [
    check("erp_trabajos_estado_chk", sql`${t.estado} in ('pendiente','hecho','fallido')`),
    check("erp_trabajos_clase_error_chk", sql`${t.claseError} in ('','no_disponible','espera','rechazo','error')`),
    check(
      "erp_trabajos_tipo_chk",
      sql`${t.tipo} in ('crear_factura','cancelar_factura','bloquear_pago','desbloquear_pago','crear_nota_credito','sustituir_cfdi','escribir_cuenta_bancaria')`,
    ),
    check(
      "erp_trabajos_documento_chk",
      sql`num_nonnulls(${t.facturaId}, ${t.notaCreditoId}, ${t.solicitudCuentaId}) = 1`,
    ),
    uniqueIndex("erp_trabajos_factura_key").on(t.tipo, t.facturaId),
    uniqueIndex("erp_trabajos_nota_credito_key").on(t.tipo, t.notaCreditoId),
    uniqueIndex("erp_trabajos_solicitud_cuenta_key").on(t.tipo, t.solicitudCuentaId),
    index("erp_trabajos_pendientes_idx").on(t.estado, t.siguienteIntento),
  ],
);
