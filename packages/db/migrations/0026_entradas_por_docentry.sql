-- Issue 37 (decision 051): the portal identifies goods receipts by DocEntry, not DocNum (which repeats across numbering
-- series, decision 048 / fidelity F8). The DocNum columns stay, for display (the spec's "Entrada").
DROP INDEX "erp_sl_documentos_orden_idx";--> statement-breakpoint
DROP INDEX "factura_entradas_activa_key";--> statement-breakpoint
ALTER TABLE "factura_entradas" DROP CONSTRAINT "factura_entradas_factura_id_entrada_doc_num_pk";--> statement-breakpoint
ALTER TABLE "factura_entradas" ADD COLUMN "entrada_doc_entry" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "entrada_doc_entry" integer;--> statement-breakpoint
-- Hand-written: existing rows take the DocEntry of the one receipt the database knows by that company database,
-- number and supplier (the ERP simulator's OPDN in erp_mock, the Service Layer mirror erp_sl_documentos; cancellation
-- documents, CANCELED = 'C', are not receipts one invoices). Where no receipt or several match, it stays null and the
-- old rule by number keeps holding for that row (factura_entradas_activa_num_key below).
WITH "candidatas" AS (
  SELECT "bd", "doc_num", "card_code", "doc_entry" FROM "erp_mock"."entradas" WHERE "canceled" <> 'C'
  UNION
  SELECT "bd", "doc_num", "card_code", "doc_entry" FROM "erp_sl_documentos" WHERE "tipo" = 'entrada'
), "unicas" AS (
  SELECT "bd", "doc_num", "card_code", min("doc_entry") AS "doc_entry" FROM "candidatas"
  GROUP BY "bd", "doc_num", "card_code" HAVING count(DISTINCT "doc_entry") = 1
)
UPDATE "factura_entradas" fe SET "entrada_doc_entry" = u."doc_entry"
  FROM "facturas" f, "unicas" u
  WHERE f."id" = fe."factura_id" AND u."bd" = fe."bd" AND u."doc_num" = fe."entrada_doc_num" AND u."card_code" = f."card_code";--> statement-breakpoint
UPDATE "facturas" f SET "entrada_doc_entry" = fe."entrada_doc_entry"
  FROM "factura_entradas" fe
  WHERE fe."factura_id" = f."id" AND fe."entrada_doc_num" = f."entrada_doc_num" AND fe."entrada_doc_entry" IS NOT NULL;--> statement-breakpoint
-- A new invoice owns its own receipt at once, by DocEntry and number, whoever inserts it (the API, the seed, a test).
CREATE OR REPLACE FUNCTION "facturas_entrada_propia"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "factura_entradas" ("factura_id", "bd", "entrada_doc_num", "entrada_doc_entry")
    VALUES (NEW."id", NEW."bd", NEW."entrada_doc_num", NEW."entrada_doc_entry");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "factura_entradas_factura_key" ON "factura_entradas" USING btree ("factura_id","entrada_doc_entry");--> statement-breakpoint
CREATE UNIQUE INDEX "factura_entradas_factura_num_key" ON "factura_entradas" USING btree ("factura_id","entrada_doc_num") WHERE "factura_entradas"."entrada_doc_entry" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "factura_entradas_activa_num_key" ON "factura_entradas" USING btree ("bd","entrada_doc_num") WHERE "factura_entradas"."activa" and "factura_entradas"."entrada_doc_entry" is null;--> statement-breakpoint
CREATE INDEX "erp_sl_documentos_orden_idx" ON "erp_sl_documentos" USING btree ("tipo","doc_date","bd","doc_num","doc_entry");--> statement-breakpoint
CREATE UNIQUE INDEX "factura_entradas_activa_key" ON "factura_entradas" USING btree ("bd","entrada_doc_entry") WHERE "factura_entradas"."activa";
