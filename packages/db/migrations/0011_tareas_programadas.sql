CREATE TABLE "recordatorios_documentos" (
	"card_code" text NOT NULL,
	"clave" text NOT NULL,
	"archivo_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"umbral" integer NOT NULL,
	"enviado_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recordatorios_documentos_card_code_clave_archivo_id_fecha_umbral_pk" PRIMARY KEY("card_code","clave","archivo_id","fecha","umbral")
);
--> statement-breakpoint
CREATE TABLE "tareas" (
	"nombre" text PRIMARY KEY NOT NULL,
	"siguiente_at" timestamp with time zone NOT NULL,
	"bloqueada_hasta" timestamp with time zone,
	"ejecucion_id" integer,
	"fallas_seguidas" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tareas_ejecuciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"tarea" text NOT NULL,
	"resultado" text DEFAULT 'en_curso' NOT NULL,
	"mensaje" text DEFAULT '' NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone,
	CONSTRAINT "tareas_ejecuciones_resultado_chk" CHECK ("tareas_ejecuciones"."resultado" in ('en_curso','ok','error'))
);
--> statement-breakpoint
ALTER TABLE "recordatorios_documentos" ADD CONSTRAINT "recordatorios_documentos_card_code_proveedores_card_code_fk" FOREIGN KEY ("card_code") REFERENCES "public"."proveedores"("card_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorios_documentos" ADD CONSTRAINT "recordatorios_documentos_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tareas_ejecuciones" ADD CONSTRAINT "tareas_ejecuciones_tarea_tareas_nombre_fk" FOREIGN KEY ("tarea") REFERENCES "public"."tareas"("nombre") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tareas_ejecuciones_tarea_idx" ON "tareas_ejecuciones" USING btree ("tarea","id");