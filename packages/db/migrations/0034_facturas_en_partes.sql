CREATE TABLE "documentos_base_facturados" (
	"bd" text NOT NULL,
	"base_type" integer NOT NULL,
	"base_entry" integer NOT NULL,
	"completas" integer DEFAULT 0 NOT NULL,
	"parciales" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "documentos_base_facturados_bd_base_type_base_entry_pk" PRIMARY KEY("bd","base_type","base_entry"),
	CONSTRAINT "documentos_base_facturados_chk" CHECK ("documentos_base_facturados"."completas" >= 0 and "documentos_base_facturados"."parciales" >= 0 and "documentos_base_facturados"."completas" <= 1 and ("documentos_base_facturados"."completas" = 0 or "documentos_base_facturados"."parciales" = 0))
);
--> statement-breakpoint
CREATE TABLE "factura_lineas" (
	"factura_id" integer NOT NULL,
	"bd" text NOT NULL,
	"base_type" integer NOT NULL,
	"base_entry" integer NOT NULL,
	"base_doc_num" integer NOT NULL,
	"base_line" integer NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"cantidad" numeric(19, 6) NOT NULL,
	"cantidad_linea" numeric(19, 6) NOT NULL,
	"importe" numeric(21, 6) NOT NULL,
	"activa" boolean DEFAULT true NOT NULL,
	CONSTRAINT "factura_lineas_factura_id_base_type_base_entry_base_line_pk" PRIMARY KEY("factura_id","base_type","base_entry","base_line"),
	CONSTRAINT "factura_lineas_base_type_chk" CHECK ("factura_lineas"."base_type" in (20, 22)),
	CONSTRAINT "factura_lineas_cantidad_chk" CHECK ("factura_lineas"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "lineas_base_facturadas" (
	"bd" text NOT NULL,
	"base_type" integer NOT NULL,
	"base_entry" integer NOT NULL,
	"base_line" integer NOT NULL,
	"cantidad" numeric(19, 6) NOT NULL,
	"cantidad_facturada" numeric(19, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "lineas_base_facturadas_bd_base_type_base_entry_base_line_pk" PRIMARY KEY("bd","base_type","base_entry","base_line"),
	CONSTRAINT "lineas_base_facturadas_cantidad_chk" CHECK ("lineas_base_facturadas"."cantidad_facturada" >= 0 and "lineas_base_facturadas"."cantidad_facturada" <= "lineas_base_facturadas"."cantidad")
);
--> statement-breakpoint
DROP INDEX "factura_entradas_activa_key";--> statement-breakpoint
ALTER TABLE "factura_entradas" ADD COLUMN "parcial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "parcial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "factura_lineas" ADD CONSTRAINT "factura_lineas_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "factura_lineas_base_idx" ON "factura_lineas" USING btree ("bd","base_type","base_entry");--> statement-breakpoint
CREATE UNIQUE INDEX "factura_entradas_activa_key" ON "factura_entradas" USING btree ("bd","entrada_doc_entry") WHERE "factura_entradas"."activa" and not "factura_entradas"."parcial";--> statement-breakpoint
-- Hand-written (issue 42 part 3, decision 074): a receipt billed in parts. An invoice holds what it bills while
-- Pendiente or Aceptada (the rule of migrations 0017/0020: a Pendiente replacement holds nothing until accepted, a
-- replaced invoice nothing once taken over). Whole-receipt and partial invoices of one receipt never meet
-- (documentos_base_facturados); partial invoices share its lines up to their quantity (lineas_base_facturadas).
-- Every counter is written by the triggers below under a check constraint, so two simultaneous uploads serialize
-- on the counter's row lock and the second fails the check.
CREATE OR REPLACE FUNCTION "factura_entradas_de_factura"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f."bd", f."estatus" in ('P','A') and f."sustituida_por_id" is null
      and (f."sustituye_a_id" is null or f."estatus" = 'A'), f."parcial"
    INTO NEW."bd", NEW."activa", NEW."parcial" FROM "facturas" f WHERE f."id" = NEW."factura_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "factura_lineas_de_factura"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f."bd", f."estatus" in ('P','A') and f."sustituida_por_id" is null
      and (f."sustituye_a_id" is null or f."estatus" = 'A')
    INTO NEW."bd", NEW."activa" FROM "facturas" f WHERE f."id" = NEW."factura_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "factura_lineas_estado" BEFORE INSERT OR UPDATE ON "factura_lineas"
  FOR EACH ROW EXECUTE FUNCTION "factura_lineas_de_factura"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facturas_entradas_estatus"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "factura_entradas" SET "activa" = NEW."estatus" in ('P','A') and NEW."sustituida_por_id" is null
      and (NEW."sustituye_a_id" is null or NEW."estatus" = 'A')
    WHERE "factura_id" = NEW."id";
  UPDATE "factura_lineas" SET "activa" = true WHERE "factura_id" = NEW."id";
  RETURN NEW;
END
$$;--> statement-breakpoint
-- What a receipt row of an invoice adds to (activa) or takes from (no longer activa, deleted) its receipt's count.
CREATE FUNCTION "documentos_base_cuenta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."activa" AND OLD."entrada_doc_entry" IS NOT NULL THEN
    UPDATE "documentos_base_facturados"
      SET "completas" = "completas" - (NOT OLD."parcial")::int, "parciales" = "parciales" - OLD."parcial"::int
      WHERE "bd" = OLD."bd" AND "base_type" = 20 AND "base_entry" = OLD."entrada_doc_entry";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."activa" AND NEW."entrada_doc_entry" IS NOT NULL THEN
    INSERT INTO "documentos_base_facturados" AS d ("bd", "base_type", "base_entry", "completas", "parciales")
      VALUES (NEW."bd", 20, NEW."entrada_doc_entry", (NOT NEW."parcial")::int, NEW."parcial"::int)
      ON CONFLICT ("bd", "base_type", "base_entry") DO UPDATE
        SET "completas" = d."completas" + (NOT NEW."parcial")::int, "parciales" = d."parciales" + NEW."parcial"::int;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "factura_entradas_cuenta" AFTER INSERT OR UPDATE OR DELETE ON "factura_entradas"
  FOR EACH ROW EXECUTE FUNCTION "documentos_base_cuenta"();--> statement-breakpoint
-- What a billed line adds to (activa) or takes from (no longer activa, deleted) its base line's billed quantity.
CREATE FUNCTION "lineas_base_cuenta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."activa" THEN
    UPDATE "lineas_base_facturadas" SET "cantidad_facturada" = "cantidad_facturada" - OLD."cantidad"
      WHERE "bd" = OLD."bd" AND "base_type" = OLD."base_type" AND "base_entry" = OLD."base_entry"
        AND "base_line" = OLD."base_line";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."activa" THEN
    INSERT INTO "lineas_base_facturadas" AS l ("bd", "base_type", "base_entry", "base_line", "cantidad", "cantidad_facturada")
      VALUES (NEW."bd", NEW."base_type", NEW."base_entry", NEW."base_line", NEW."cantidad_linea", NEW."cantidad")
      ON CONFLICT ("bd", "base_type", "base_entry", "base_line") DO UPDATE
        SET "cantidad_facturada" = l."cantidad_facturada" + NEW."cantidad";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "factura_lineas_cuenta" AFTER INSERT OR UPDATE OR DELETE ON "factura_lineas"
  FOR EACH ROW EXECUTE FUNCTION "lineas_base_cuenta"();--> statement-breakpoint
-- The whole-receipt invoices already holding a receipt are counted (a partial invoice waits for them to be rejected).
INSERT INTO "documentos_base_facturados" ("bd", "base_type", "base_entry", "completas", "parciales")
  SELECT "bd", 20, "entrada_doc_entry", count(*)::int, 0 FROM "factura_entradas"
  WHERE "activa" AND "entrada_doc_entry" IS NOT NULL GROUP BY "bd", "entrada_doc_entry";
