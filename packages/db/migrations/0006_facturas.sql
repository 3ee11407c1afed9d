CREATE TABLE "facturas" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_code" text NOT NULL,
	"sociedad_id" integer NOT NULL,
	"bd" text NOT NULL,
	"entrada_doc_num" integer NOT NULL,
	"uuid" text NOT NULL,
	"folio" text NOT NULL,
	"rfc_emisor" text NOT NULL,
	"nombre_emisor" text NOT NULL,
	"rfc_receptor" text NOT NULL,
	"nombre_receptor" text NOT NULL,
	"cp_emisor" text NOT NULL,
	"cp_receptor" text NOT NULL,
	"regimen_receptor" text NOT NULL,
	"fecha_cfdi" text NOT NULL,
	"fecha_factura" date NOT NULL,
	"fecha_timbrado" text NOT NULL,
	"dias_credito" integer DEFAULT 0 NOT NULL,
	"subtotal" numeric(21, 6) NOT NULL,
	"descuento" numeric(21, 6) DEFAULT '0' NOT NULL,
	"retenciones" numeric(21, 6) DEFAULT '0' NOT NULL,
	"total" numeric(21, 6) NOT NULL,
	"moneda" text NOT NULL,
	"tipo_cambio" numeric(21, 6) DEFAULT '1' NOT NULL,
	"forma_pago" text NOT NULL,
	"metodo_pago" text NOT NULL,
	"uso_cfdi" text NOT NULL,
	"pdf_archivo_id" uuid NOT NULL,
	"pdf_nombre" text NOT NULL,
	"xml_archivo_id" uuid NOT NULL,
	"xml_nombre" text NOT NULL,
	"recepcion_archivo_id" uuid NOT NULL,
	"recepcion_nombre" text NOT NULL,
	"estatus" char(1) DEFAULT 'P' NOT NULL,
	"comentarios" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "facturas_estatus_chk" CHECK ("facturas"."estatus" in ('P','A','R'))
);
--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_card_code_proveedores_card_code_fk" FOREIGN KEY ("card_code") REFERENCES "public"."proveedores"("card_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_sociedad_id_sociedades_id_fk" FOREIGN KEY ("sociedad_id") REFERENCES "public"."sociedades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_pdf_archivo_id_archivos_id_fk" FOREIGN KEY ("pdf_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_xml_archivo_id_archivos_id_fk" FOREIGN KEY ("xml_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_recepcion_archivo_id_archivos_id_fk" FOREIGN KEY ("recepcion_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_uuid_key" ON "facturas" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_entrada_activa_key" ON "facturas" USING btree ("bd","entrada_doc_num") WHERE "facturas"."estatus" in ('P','A');--> statement-breakpoint
CREATE INDEX "facturas_proveedor_idx" ON "facturas" USING btree ("card_code","created_at");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): every change to an invoice bumps its version, whoever makes
-- it (the services, a reviewer's decision, a hand-written UPDATE). Decisions carry the version they saw (issue
-- 13), and cached list answers are keyed by the versions (apps/api/src/modules/facturas/answer-cache.ts).
CREATE FUNCTION "facturas_nueva_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version = OLD.version THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "facturas_version" BEFORE UPDATE ON "facturas"
  FOR EACH ROW EXECUTE FUNCTION "facturas_nueva_version"();
