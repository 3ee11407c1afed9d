ALTER TABLE "erp_trabajos" DROP CONSTRAINT "erp_trabajos_tipo_chk";--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "pay_block" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "pay_block_ref" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "bloqueo_pago" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "sustituta_id" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "uuids_sustituidos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_tipo_chk" CHECK ("erp_trabajos"."tipo" in ('crear_factura','cancelar_factura','bloquear_pago','desbloquear_pago'));--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_bloqueo_pago_chk" CHECK ("facturas"."bloqueo_pago" in ('','bloqueado','liberado'));