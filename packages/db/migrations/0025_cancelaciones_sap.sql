-- Decision 048 (fidelity F6, F7): U_SYS_PORTALID is not unique in SAP, and a cancellation document carries the
-- cancelled A/P invoice's; goods receipts get CANCELED (N, Y cancelled, C a cancellation document).
DROP INDEX "erp_mock"."erp_facturas_portal_key";--> statement-breakpoint
ALTER TABLE "erp_mock"."entradas" ADD COLUMN "canceled" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
CREATE INDEX "erp_facturas_portal_idx" ON "erp_mock"."facturas" USING btree ("bd","portal_id") WHERE "erp_mock"."facturas"."portal_id" is not null;