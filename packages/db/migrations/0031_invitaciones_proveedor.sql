CREATE TABLE "invitaciones_proveedor" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"nombre" text NOT NULL,
	"email" text NOT NULL,
	"sociedad_id" integer NOT NULL,
	"card_code" text NOT NULL,
	"token_hash" text NOT NULL,
	"estatus" text DEFAULT 'invitada' NOT NULL,
	"invitado_por" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"decidido_por" integer,
	"decidido_at" timestamp with time zone,
	"motivo_rechazo" text DEFAULT '' NOT NULL,
	"socio_creado" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invitaciones_proveedor_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invitaciones_proveedor_estatus_chk" CHECK ("invitaciones_proveedor"."estatus" in ('invitada','cancelada','registrada','aprobada','rechazada')),
	CONSTRAINT "invitaciones_proveedor_socio_chk" CHECK ("invitaciones_proveedor"."socio_creado" in ('','Y','N'))
);
--> statement-breakpoint
ALTER TABLE "erp_mock"."socios" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitaciones_proveedor" ADD CONSTRAINT "invitaciones_proveedor_sociedad_id_sociedades_id_fk" FOREIGN KEY ("sociedad_id") REFERENCES "public"."sociedades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones_proveedor" ADD CONSTRAINT "invitaciones_proveedor_invitado_por_empleados_id_fk" FOREIGN KEY ("invitado_por") REFERENCES "public"."empleados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones_proveedor" ADD CONSTRAINT "invitaciones_proveedor_decidido_por_empleados_id_fk" FOREIGN KEY ("decidido_por") REFERENCES "public"."empleados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitaciones_proveedor_rfc_viva_key" ON "invitaciones_proveedor" USING btree ("rfc") WHERE "invitaciones_proveedor"."estatus" in ('invitada','registrada');--> statement-breakpoint
CREATE INDEX "invitaciones_proveedor_created_idx" ON "invitaciones_proveedor" USING btree ("created_at");