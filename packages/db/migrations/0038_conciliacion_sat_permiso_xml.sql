CREATE TABLE "sat_simulador_descargas" (
	"id" text PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"tipo" text NOT NULL,
	"desde" text NOT NULL,
	"hasta" text NOT NULL,
	"clave" text NOT NULL,
	"verificaciones" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "sat_descargas_una_solicitada_idx";--> statement-breakpoint
ALTER TABLE "empleados" ADD COLUMN "concilia_sat" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "sat_cfdi_recibidos" ADD COLUMN "xml_archivo_id" uuid;--> statement-breakpoint
ALTER TABLE "sat_descargas" ADD COLUMN "tipo" text DEFAULT 'metadata' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sat_simulador_descargas_clave_idx" ON "sat_simulador_descargas" USING btree ("clave");--> statement-breakpoint
ALTER TABLE "sat_cfdi_recibidos" ADD CONSTRAINT "sat_cfdi_recibidos_xml_archivo_id_archivos_id_fk" FOREIGN KEY ("xml_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sat_descargas_una_solicitada_idx" ON "sat_descargas" USING btree ("sociedad_id","tipo") WHERE "sat_descargas"."estado" = 'solicitada';--> statement-breakpoint
ALTER TABLE "empleados" ADD CONSTRAINT "empleados_concilia_sat_chk" CHECK ("empleados"."concilia_sat" in ('Y','N'));--> statement-breakpoint
ALTER TABLE "sat_descargas" ADD CONSTRAINT "sat_descargas_tipo_chk" CHECK ("sat_descargas"."tipo" in ('metadata','xml'));