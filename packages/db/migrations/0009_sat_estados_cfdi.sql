CREATE TABLE "sat_estados_cfdi" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"documento_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"expresion" text NOT NULL,
	"timbrado_at" timestamp with time zone NOT NULL,
	"estado" text DEFAULT '' NOT NULL,
	"codigo_estatus" text DEFAULT '' NOT NULL,
	"es_cancelable" text DEFAULT '' NOT NULL,
	"estatus_cancelacion" text DEFAULT '' NOT NULL,
	"validacion_efos" text DEFAULT '' NOT NULL,
	"consultado_at" timestamp with time zone,
	"pendiente" boolean DEFAULT false NOT NULL,
	"siguiente_consulta" timestamp with time zone,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_error" text DEFAULT '' NOT NULL,
	"avisado_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sat_estados_cfdi_tipo_chk" CHECK ("sat_estados_cfdi"."tipo" in ('factura','pago')),
	CONSTRAINT "sat_estados_cfdi_estado_chk" CHECK ("sat_estados_cfdi"."estado" in ('','Vigente','Cancelado','No Encontrado'))
);
--> statement-breakpoint
CREATE TABLE "sat_simulador_estados" (
	"uuid" text PRIMARY KEY NOT NULL,
	"estado" text DEFAULT 'Vigente' NOT NULL,
	"es_cancelable" text DEFAULT 'Cancelable con aceptación' NOT NULL,
	"estatus_cancelacion" text DEFAULT '' NOT NULL,
	"validacion_efos" text DEFAULT '200' NOT NULL,
	"demora_ms" integer DEFAULT 0 NOT NULL,
	"falla" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sat_estados_cfdi_documento_key" ON "sat_estados_cfdi" USING btree ("tipo","documento_id");--> statement-breakpoint
CREATE INDEX "sat_estados_cfdi_siguiente_idx" ON "sat_estados_cfdi" USING btree ("siguiente_consulta");