CREATE TABLE "complementos_pago" (
	"id" serial PRIMARY KEY NOT NULL,
	"bd" text NOT NULL,
	"pago_doc_entry" integer NOT NULL,
	"pago_doc_num" integer NOT NULL,
	"card_code" text NOT NULL,
	"sociedad_id" integer NOT NULL,
	"uuid" text,
	"serie" text DEFAULT '' NOT NULL,
	"folio" text DEFAULT '' NOT NULL,
	"fecha_cfdi" text DEFAULT '' NOT NULL,
	"fecha_timbrado" text DEFAULT '' NOT NULL,
	"rfc_emisor" text DEFAULT '' NOT NULL,
	"nombre_emisor" text DEFAULT '' NOT NULL,
	"rfc_receptor" text DEFAULT '' NOT NULL,
	"nombre_receptor" text DEFAULT '' NOT NULL,
	"total" numeric(21, 6),
	"pdf_archivo_id" uuid,
	"pdf_nombre" text DEFAULT '' NOT NULL,
	"xml_archivo_id" uuid,
	"xml_nombre" text DEFAULT '' NOT NULL,
	"complemento_at" timestamp with time zone,
	"comprobante_archivo_id" uuid,
	"comprobante_nombre" text DEFAULT '' NOT NULL,
	"estatus" char(1) DEFAULT 'P' NOT NULL,
	"comentarios" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "complementos_pago_estatus_chk" CHECK ("complementos_pago"."estatus" in ('P','A','R','V'))
);
--> statement-breakpoint
ALTER TABLE "complementos_pago" ADD CONSTRAINT "complementos_pago_card_code_proveedores_card_code_fk" FOREIGN KEY ("card_code") REFERENCES "public"."proveedores"("card_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complementos_pago" ADD CONSTRAINT "complementos_pago_sociedad_id_sociedades_id_fk" FOREIGN KEY ("sociedad_id") REFERENCES "public"."sociedades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complementos_pago" ADD CONSTRAINT "complementos_pago_pdf_archivo_id_archivos_id_fk" FOREIGN KEY ("pdf_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complementos_pago" ADD CONSTRAINT "complementos_pago_xml_archivo_id_archivos_id_fk" FOREIGN KEY ("xml_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complementos_pago" ADD CONSTRAINT "complementos_pago_comprobante_archivo_id_archivos_id_fk" FOREIGN KEY ("comprobante_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complementos_pago_pago_key" ON "complementos_pago" USING btree ("bd","pago_doc_entry");--> statement-breakpoint
CREATE UNIQUE INDEX "complementos_pago_uuid_key" ON "complementos_pago" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "complementos_pago_proveedor_idx" ON "complementos_pago" USING btree ("card_code");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): every change to a complement record bumps its version, as
-- for invoices (0006): reviewers' decisions carry the version they saw.
CREATE TRIGGER "complementos_pago_version" BEFORE UPDATE ON "complementos_pago"
  FOR EACH ROW EXECUTE FUNCTION "facturas_nueva_version"();
