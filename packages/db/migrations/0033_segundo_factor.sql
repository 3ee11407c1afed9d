CREATE TABLE "codigos_recuperacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"operador" text NOT NULL,
	"usuario_ref" text NOT NULL,
	"codigo_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "codigos_recuperacion_operador_chk" CHECK ("codigos_recuperacion"."operador" in ('Empleado','Proveedor'))
);
--> statement-breakpoint
CREATE TABLE "segundos_factores" (
	"id" serial PRIMARY KEY NOT NULL,
	"operador" text NOT NULL,
	"usuario_ref" text NOT NULL,
	"secreto" text,
	"inscrito_at" timestamp with time zone,
	"ultimo_paso" integer,
	"secreto_pendiente" text,
	"pendiente_at" timestamp with time zone,
	CONSTRAINT "segundos_factores_usuario_uq" UNIQUE("operador","usuario_ref"),
	CONSTRAINT "segundos_factores_operador_chk" CHECK ("segundos_factores"."operador" in ('Empleado','Proveedor'))
);
--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "segundo_factor_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "codigos_recuperacion_usuario_idx" ON "codigos_recuperacion" USING btree ("operador","usuario_ref");