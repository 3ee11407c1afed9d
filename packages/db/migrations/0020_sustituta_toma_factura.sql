ALTER TABLE "erp_trabajos" DROP CONSTRAINT "erp_trabajos_tipo_chk";--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "sustituye_a_id" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "sustituida_por_id" integer;--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_tipo_chk" CHECK ("erp_trabajos"."tipo" in ('crear_factura','cancelar_factura','bloquear_pago','desbloquear_pago','crear_nota_credito','sustituir_cfdi'));--> statement-breakpoint
-- Hand-written (issue 27, decision 036 "La sustituta toma la factura de proveedor"): an invoice holds its receipts
-- while Pendiente or Aceptada, except a replacement that takes over an accepted invoice's A/P invoice (sustituye_a_id)
-- until it is accepted, and an accepted invoice once its replacement took it over (sustituida_por_id). The unique
-- index factura_entradas_activa_key still allows one holder per receipt.
CREATE OR REPLACE FUNCTION "factura_entradas_de_factura"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f."bd", f."estatus" in ('P','A') and f."sustituida_por_id" is null
      and (f."sustituye_a_id" is null or f."estatus" = 'A')
    INTO NEW."bd", NEW."activa" FROM "facturas" f WHERE f."id" = NEW."factura_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facturas_entradas_estatus"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "factura_entradas" SET "activa" = NEW."estatus" in ('P','A') and NEW."sustituida_por_id" is null
      and (NEW."sustituye_a_id" is null or NEW."estatus" = 'A')
    WHERE "factura_id" = NEW."id";
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "facturas_entradas_estatus" ON "facturas";--> statement-breakpoint
CREATE TRIGGER "facturas_entradas_estatus" AFTER UPDATE OF "estatus", "sustituye_a_id", "sustituida_por_id" ON "facturas"
  FOR EACH ROW WHEN (OLD."estatus" IS DISTINCT FROM NEW."estatus" OR OLD."sustituye_a_id" IS DISTINCT FROM NEW."sustituye_a_id"
    OR OLD."sustituida_por_id" IS DISTINCT FROM NEW."sustituida_por_id")
  EXECUTE FUNCTION "facturas_entradas_estatus"();
