CREATE TABLE "erp_mock"."nota_credito_lineas" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"line_num" integer NOT NULL,
	"item_name" text DEFAULT '' NOT NULL,
	"line_total" numeric(19, 2) NOT NULL,
	"base_type" integer DEFAULT 18 NOT NULL,
	"base_entry" integer NOT NULL,
	"base_line" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "nota_credito_lineas_bd_doc_entry_line_num_pk" PRIMARY KEY("bd","doc_entry","line_num")
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."notas_credito" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"doc_num" integer NOT NULL,
	"card_code" text NOT NULL,
	"card_name" text DEFAULT '' NOT NULL,
	"num_at_card" text DEFAULT '' NOT NULL,
	"uuid" text DEFAULT '' NOT NULL,
	"doc_date" date NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"doc_total" numeric(19, 2) NOT NULL,
	"doc_cur" text NOT NULL,
	"doc_rate" numeric(19, 6) DEFAULT '1' NOT NULL,
	"canceled" char(1) DEFAULT 'N' NOT NULL,
	"portal_id" integer,
	"version" bigint DEFAULT nextval('erp_mock.documento_version') NOT NULL,
	CONSTRAINT "notas_credito_bd_doc_entry_pk" PRIMARY KEY("bd","doc_entry")
);
--> statement-breakpoint
CREATE TABLE "notas_credito" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_code" text NOT NULL,
	"sociedad_id" integer NOT NULL,
	"bd" text NOT NULL,
	"uuid" text NOT NULL,
	"folio" text NOT NULL,
	"tipo_relacion" text NOT NULL,
	"rfc_emisor" text NOT NULL,
	"nombre_emisor" text NOT NULL,
	"rfc_receptor" text NOT NULL,
	"nombre_receptor" text NOT NULL,
	"fecha_cfdi" text NOT NULL,
	"fecha_timbrado" text NOT NULL,
	"subtotal" numeric(21, 6) NOT NULL,
	"total" numeric(21, 6) NOT NULL,
	"moneda" text NOT NULL,
	"tipo_cambio" numeric(21, 6) DEFAULT '1' NOT NULL,
	"pdf_archivo_id" uuid NOT NULL,
	"pdf_nombre" text NOT NULL,
	"xml_archivo_id" uuid NOT NULL,
	"xml_nombre" text NOT NULL,
	"estado_sat" text DEFAULT '' NOT NULL,
	"estatus" char(1) DEFAULT 'P' NOT NULL,
	"comentarios" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"erp_doc_entry" integer,
	"erp_doc_num" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notas_credito_estatus_chk" CHECK ("notas_credito"."estatus" in ('P','A','R'))
);
--> statement-breakpoint
CREATE TABLE "notas_credito_facturas" (
	"nota_credito_id" integer NOT NULL,
	"factura_id" integer NOT NULL,
	"importe" numeric(21, 6) NOT NULL,
	CONSTRAINT "notas_credito_facturas_nota_credito_id_factura_id_pk" PRIMARY KEY("nota_credito_id","factura_id")
);
--> statement-breakpoint
ALTER TABLE "erp_trabajos" DROP CONSTRAINT "erp_trabajos_tipo_chk";--> statement-breakpoint
ALTER TABLE "erp_trabajos" ALTER COLUMN "factura_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD COLUMN "nota_credito_id" integer;--> statement-breakpoint
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_card_code_proveedores_card_code_fk" FOREIGN KEY ("card_code") REFERENCES "public"."proveedores"("card_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_sociedad_id_sociedades_id_fk" FOREIGN KEY ("sociedad_id") REFERENCES "public"."sociedades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_pdf_archivo_id_archivos_id_fk" FOREIGN KEY ("pdf_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_xml_archivo_id_archivos_id_fk" FOREIGN KEY ("xml_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_credito_facturas" ADD CONSTRAINT "notas_credito_facturas_nota_credito_id_notas_credito_id_fk" FOREIGN KEY ("nota_credito_id") REFERENCES "public"."notas_credito"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_credito_facturas" ADD CONSTRAINT "notas_credito_facturas_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_notas_credito_portal_key" ON "erp_mock"."notas_credito" USING btree ("bd","portal_id") WHERE "erp_mock"."notas_credito"."portal_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notas_credito_uuid_key" ON "notas_credito" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "notas_credito_proveedor_idx" ON "notas_credito" USING btree ("card_code","created_at");--> statement-breakpoint
CREATE INDEX "notas_credito_facturas_factura_idx" ON "notas_credito_facturas" USING btree ("factura_id");--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_nota_credito_id_notas_credito_id_fk" FOREIGN KEY ("nota_credito_id") REFERENCES "public"."notas_credito"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_trabajos_nota_credito_key" ON "erp_trabajos" USING btree ("tipo","nota_credito_id");--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_documento_chk" CHECK (num_nonnulls("erp_trabajos"."factura_id", "erp_trabajos"."nota_credito_id") = 1);--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_tipo_chk" CHECK ("erp_trabajos"."tipo" in ('crear_factura','cancelar_factura','bloquear_pago','desbloquear_pago','crear_nota_credito'));--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): every change to a credit note bumps its version, as for
-- invoices (the review's conditional decision); the simulated ERP's credit memos get new change stamps.
CREATE TRIGGER "notas_credito_version" BEFORE UPDATE ON "notas_credito"
  FOR EACH ROW EXECUTE FUNCTION "facturas_nueva_version"();--> statement-breakpoint
CREATE TRIGGER "notas_credito_version" BEFORE UPDATE ON "erp_mock"."notas_credito"
  FOR EACH ROW EXECUTE FUNCTION "erp_mock"."nueva_version"();
