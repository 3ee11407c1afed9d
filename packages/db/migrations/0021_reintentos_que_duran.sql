ALTER TABLE "erp_trabajos" ADD COLUMN "clase_error" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD COLUMN "intento_programado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_clase_error_chk" CHECK ("erp_trabajos"."clase_error" in ('','no_disponible','espera','rechazo','error'));--> statement-breakpoint
-- Hand-written (issue 36, decision 040): a credit note's job no longer spends attempts while an invoice it credits
-- has no A/P invoice in the ERP. Every attempt of such a job failed on that check, which comes before any ERP call:
-- its attempts are given back, and one stopped ('fallido') by them waits again ('pendiente') for the invoice.
UPDATE "erp_trabajos" t SET "estado" = 'pendiente', "intentos" = 0, "clase_error" = 'espera',
    "siguiente_intento" = now()
  WHERE t."tipo" = 'crear_nota_credito' AND t."estado" IN ('pendiente', 'fallido')
    AND (t."bloqueado_hasta" IS NULL OR t."bloqueado_hasta" <= now())
    AND EXISTS (SELECT 1 FROM "notas_credito_facturas" ncf JOIN "facturas" f ON f."id" = ncf."factura_id"
      WHERE ncf."nota_credito_id" = t."nota_credito_id" AND f."erp_doc_entry" IS NULL);
