import type { schema } from "@portal/db";
import type { SQL } from "drizzle-orm";

export type ErpTrabajo = typeof schema.erpTrabajos.$inferSelect;
/**
 * How an attempt failed (issue 36, decision 040): the ERP (or the portal's database) could not answer, the job waits
 * for another document, the ERP refused, or anything else.
 */
export type ClaseError = "no_disponible" | "espera" | "rechazo" | "error";
/**
 * What a job is about: an invoice, a credit note, or (issue 41, decision 069) an approved bank-account request (the
 * table's subject columns, one of them set).
 */
export type ErpSujeto = { facturaId: number } | { notaCreditoId: number } | { solicitudCuentaId: number };
/**
 * While a job of its kind may not run yet: a condition over the job's row (erp_trabajos), given by the kind's
 * handler (a credit note's job while an invoice it credits has no A/P invoice, issue 36).
 */
export type ErpEspera = SQL;
