ALTER TABLE "erp_mock"."pedido_lineas" ADD COLUMN "invnt_item" char(1) DEFAULT 'Y' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "pedido" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (issue 42 part 2, decision 076): an invoice billing purchase order lines (services, BaseType 22) has
-- no goods receipt: it gets no factura_entradas row (its entrada_doc_num/entrada_doc_entry name its first order);
-- what it holds is counted per order line in lineas_base_facturadas by the triggers of migration 0034.
CREATE OR REPLACE FUNCTION "facturas_entrada_propia"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW."pedido" THEN
    INSERT INTO "factura_entradas" ("factura_id", "bd", "entrada_doc_num", "entrada_doc_entry")
      VALUES (NEW."id", NEW."bd", NEW."entrada_doc_num", NEW."entrada_doc_entry");
  END IF;
  RETURN NEW;
END
$$;
