CREATE TABLE "sat_cfdi_recibidos" (
	"sociedad_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"rfc_emisor" text NOT NULL,
	"nombre_emisor" text NOT NULL,
	"efecto" text NOT NULL,
	"monto" numeric(21, 6) NOT NULL,
	"moneda" text,
	"fecha_emision" text NOT NULL,
	"fecha_certificacion" text NOT NULL,
	"estatus" text NOT NULL,
	"fecha_cancelacion" text,
	"descarga_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sat_cfdi_recibidos_sociedad_id_uuid_pk" PRIMARY KEY("sociedad_id","uuid"),
	CONSTRAINT "sat_cfdi_recibidos_estatus_chk" CHECK ("sat_cfdi_recibidos"."estatus" in ('vigente','cancelado'))
);
--> statement-breakpoint
CREATE TABLE "sat_descargas" (
	"id" serial PRIMARY KEY NOT NULL,
	"sociedad_id" integer NOT NULL,
	"desde" text NOT NULL,
	"hasta" text NOT NULL,
	"id_solicitud" text,
	"estado" text NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"fallas" integer DEFAULT 0 NOT NULL,
	"siguiente_at" timestamp with time zone NOT NULL,
	"cfdi" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sat_descargas_estado_chk" CHECK ("sat_descargas"."estado" in ('solicitada','terminada','reintentar'))
);
--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "efirma_cifrada" text;--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "efirma_vence" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "efirma_certificado" text;--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "efirma_aviso_umbral" integer;--> statement-breakpoint
ALTER TABLE "sat_cfdi_recibidos" ADD CONSTRAINT "sat_cfdi_recibidos_sociedad_id_sociedades_id_fk" FOREIGN KEY ("sociedad_id") REFERENCES "public"."sociedades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sat_cfdi_recibidos" ADD CONSTRAINT "sat_cfdi_recibidos_descarga_id_sat_descargas_id_fk" FOREIGN KEY ("descarga_id") REFERENCES "public"."sat_descargas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sat_descargas" ADD CONSTRAINT "sat_descargas_sociedad_id_sociedades_id_fk" FOREIGN KEY ("sociedad_id") REFERENCES "public"."sociedades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sat_cfdi_recibidos_emision_idx" ON "sat_cfdi_recibidos" USING btree ("sociedad_id","fecha_emision");--> statement-breakpoint
CREATE UNIQUE INDEX "sat_descargas_una_solicitada_idx" ON "sat_descargas" USING btree ("sociedad_id") WHERE "sat_descargas"."estado" = 'solicitada';--> statement-breakpoint
CREATE INDEX "sat_descargas_sociedad_idx" ON "sat_descargas" USING btree ("sociedad_id","id");