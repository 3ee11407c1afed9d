CREATE TABLE "erp_mock"."factura_lineas" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"line_num" integer NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"uom_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(19, 6) NOT NULL,
	"price_bef_di" numeric(19, 6) NOT NULL,
	"disc_prcnt" numeric(9, 4) DEFAULT '0' NOT NULL,
	"line_total" numeric(19, 2) NOT NULL,
	"vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	"base_type" integer DEFAULT 20 NOT NULL,
	"base_entry" integer NOT NULL,
	"base_line" integer NOT NULL,
	CONSTRAINT "factura_lineas_bd_doc_entry_line_num_pk" PRIMARY KEY("bd","doc_entry","line_num")
);
--> statement-breakpoint
CREATE TABLE "erp_trabajos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"factura_id" integer NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_error" text DEFAULT '' NOT NULL,
	"siguiente_intento" timestamp with time zone NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"terminado_at" timestamp with time zone,
	CONSTRAINT "erp_trabajos_estado_chk" CHECK ("erp_trabajos"."estado" in ('pendiente','hecho','fallido')),
	CONSTRAINT "erp_trabajos_tipo_chk" CHECK ("erp_trabajos"."tipo" in ('crear_factura'))
);
--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "card_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "doc_status" char(1) DEFAULT 'O' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "doc_due_date" date;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "comments" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "wt_sum" numeric(19, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "doc_rate" numeric(19, 6) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "portal_id" integer;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "version" bigint DEFAULT nextval('erp_mock.documento_version') NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."pago_facturas" ADD COLUMN "applied_pago" numeric(19, 2);--> statement-breakpoint
ALTER TABLE "erp_mock"."pagos" ADD COLUMN "doc_rate" numeric(19, 6) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."pagos" ADD COLUMN "version" bigint DEFAULT nextval('erp_mock.documento_version') NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_doc_entry" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_doc_num" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_pagado" numeric(19, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_fecha_pago" date;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_cancelada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_trabajos_factura_key" ON "erp_trabajos" USING btree ("tipo","factura_id");--> statement-breakpoint
CREATE INDEX "erp_trabajos_pendientes_idx" ON "erp_trabajos" USING btree ("estado","siguiente_intento");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_facturas_portal_key" ON "erp_mock"."facturas" USING btree ("bd","portal_id") WHERE "erp_mock"."facturas"."portal_id" is not null;--> statement-breakpoint
CREATE INDEX "erp_facturas_portal_card_idx" ON "erp_mock"."facturas" USING btree ("card_code","bd") WHERE "erp_mock"."facturas"."portal_id" is not null;--> statement-breakpoint
CREATE INDEX "erp_pago_facturas_factura_idx" ON "erp_mock"."pago_facturas" USING btree ("bd","factura_doc_entry");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): an A/P invoice gets a new version whenever it changes and
-- whenever a payment applied to it changes (its last payment date), so the portal re-reads payment status only
-- when a scope's versions moved (apps/api/src/modules/erp-facturas).
CREATE TRIGGER "facturas_version" BEFORE UPDATE ON "erp_mock"."facturas"
  FOR EACH ROW EXECUTE FUNCTION "erp_mock"."nueva_version"();--> statement-breakpoint
CREATE TRIGGER "pagos_version" BEFORE UPDATE ON "erp_mock"."pagos"
  FOR EACH ROW EXECUTE FUNCTION "erp_mock"."nueva_version"();--> statement-breakpoint
CREATE FUNCTION "erp_mock"."pago_cambio"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE erp_mock.facturas f SET version = 0 FROM erp_mock.pago_facturas pf
  WHERE pf.bd = NEW.bd AND pf.doc_entry = NEW.doc_entry AND f.bd = pf.bd AND f.doc_entry = pf.factura_doc_entry;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pagos_cambio" AFTER UPDATE ON "erp_mock"."pagos"
  FOR EACH ROW EXECUTE FUNCTION "erp_mock"."pago_cambio"();--> statement-breakpoint
CREATE FUNCTION "erp_mock"."aplicaciones_cambiaron"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE erp_mock.facturas f SET version = 0 FROM (SELECT DISTINCT bd, factura_doc_entry FROM aplicaciones) a
  WHERE f.bd = a.bd AND f.doc_entry = a.factura_doc_entry;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pago_facturas_insert" AFTER INSERT ON "erp_mock"."pago_facturas" REFERENCING NEW TABLE AS aplicaciones
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."aplicaciones_cambiaron"();--> statement-breakpoint
CREATE TRIGGER "pago_facturas_update" AFTER UPDATE ON "erp_mock"."pago_facturas" REFERENCING NEW TABLE AS aplicaciones
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."aplicaciones_cambiaron"();--> statement-breakpoint
CREATE TRIGGER "pago_facturas_delete" AFTER DELETE ON "erp_mock"."pago_facturas" REFERENCING OLD TABLE AS aplicaciones
  FOR EACH STATEMENT EXECUTE FUNCTION "erp_mock"."aplicaciones_cambiaron"();
