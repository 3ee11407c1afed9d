CREATE TABLE "lista_69b" (
	"rfc" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"situacion" text NOT NULL,
	"publicaciones" jsonb NOT NULL,
	"importacion_id" integer NOT NULL,
	CONSTRAINT "lista_69b_situacion_chk" CHECK ("lista_69b"."situacion" in ('Presunto', 'Desvirtuado', 'Definitivo', 'Sentencia Favorable'))
);
--> statement-breakpoint
CREATE TABLE "lista_69b_importaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"origen" text NOT NULL,
	"ok" boolean NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"leyenda" text DEFAULT '' NOT NULL,
	"filas" integer DEFAULT 0 NOT NULL,
	"rfcs" integer DEFAULT 0 NOT NULL,
	"presuntos" integer DEFAULT 0 NOT NULL,
	"desvirtuados" integer DEFAULT 0 NOT NULL,
	"definitivos" integer DEFAULT 0 NOT NULL,
	"sentencias_favorables" integer DEFAULT 0 NOT NULL,
	"omitidos" integer DEFAULT 0 NOT NULL,
	"repetidos" integer DEFAULT 0 NOT NULL,
	"proveedores_ambar" integer DEFAULT 0 NOT NULL,
	"proveedores_rojo" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lista_69b" ADD CONSTRAINT "lista_69b_importacion_id_lista_69b_importaciones_id_fk" FOREIGN KEY ("importacion_id") REFERENCES "public"."lista_69b_importaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lista_69b_importaciones_ok_idx" ON "lista_69b_importaciones" USING btree ("ok","id");