CREATE TABLE "factura_entradas" (
	"factura_id" integer NOT NULL,
	"bd" text NOT NULL,
	"entrada_doc_num" integer NOT NULL,
	"activa" boolean DEFAULT true NOT NULL,
	CONSTRAINT "factura_entradas_factura_id_entrada_doc_num_pk" PRIMARY KEY("factura_id","entrada_doc_num")
);
--> statement-breakpoint
DROP INDEX "facturas_entrada_activa_key";--> statement-breakpoint
ALTER TABLE "factura_entradas" ADD CONSTRAINT "factura_entradas_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "factura_entradas_activa_key" ON "factura_entradas" USING btree ("bd","entrada_doc_num") WHERE "factura_entradas"."activa";--> statement-breakpoint
-- Hand-written (issue 27, decision 033): every invoice's receipt moves to factura_entradas, and triggers keep the
-- table in step with facturas, so the rule "one invoice Pendiente or Aceptada per receipt" stays the database's.
INSERT INTO "factura_entradas" ("factura_id", "bd", "entrada_doc_num", "activa")
  SELECT "id", "bd", "entrada_doc_num", "estatus" in ('P','A') FROM "facturas";--> statement-breakpoint
-- A receipt row takes its invoice's company database and status, whatever the insert says.
CREATE FUNCTION "factura_entradas_de_factura"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f."bd", f."estatus" in ('P','A') INTO NEW."bd", NEW."activa" FROM "facturas" f WHERE f."id" = NEW."factura_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "factura_entradas_estado" BEFORE INSERT OR UPDATE ON "factura_entradas"
  FOR EACH ROW EXECUTE FUNCTION "factura_entradas_de_factura"();--> statement-breakpoint
-- A new invoice owns its own receipt (entrada_doc_num) at once, whoever inserts it (the API, the seed, a test).
CREATE FUNCTION "facturas_entrada_propia"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "factura_entradas" ("factura_id", "bd", "entrada_doc_num") VALUES (NEW."id", NEW."bd", NEW."entrada_doc_num");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "facturas_entradas_alta" AFTER INSERT ON "facturas"
  FOR EACH ROW EXECUTE FUNCTION "facturas_entrada_propia"();--> statement-breakpoint
-- A change of status (a decision, a correction of a Rechazada) activates or frees every receipt of the invoice; a
-- receipt taken meanwhile by another invoice makes the change fail on factura_entradas_activa_key.
CREATE FUNCTION "facturas_entradas_estatus"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "factura_entradas" SET "activa" = NEW."estatus" in ('P','A') WHERE "factura_id" = NEW."id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "facturas_entradas_estatus" AFTER UPDATE OF "estatus" ON "facturas"
  FOR EACH ROW WHEN (OLD."estatus" IS DISTINCT FROM NEW."estatus") EXECUTE FUNCTION "facturas_entradas_estatus"();
