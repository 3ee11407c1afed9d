-- Issue 22 (decision 021): the ERP outbox also cancels the A/P invoice of a portal invoice that is not accepted.
ALTER TABLE "erp_trabajos" DROP CONSTRAINT "erp_trabajos_tipo_chk";--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_tipo_chk" CHECK ("erp_trabajos"."tipo" in ('crear_factura','cancelar_factura'));