CREATE TABLE "archivos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"contenido" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archivos_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	CONSTRAINT "areas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "empleados" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario" text NOT NULL,
	"perfil" char(1) NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text NOT NULL,
	"email" text NOT NULL,
	"area_id" integer NOT NULL,
	"estatus" char(1) DEFAULT 'A' NOT NULL,
	"password_hash" text NOT NULL,
	"vi_doc_pen" char(1) DEFAULT 'N' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empleados_usuario_unique" UNIQUE("usuario"),
	CONSTRAINT "empleados_perfil_chk" CHECK ("empleados"."perfil" in ('A','G')),
	CONSTRAINT "empleados_estatus_chk" CHECK ("empleados"."estatus" in ('A','I')),
	CONSTRAINT "empleados_vidocpen_chk" CHECK ("empleados"."vi_doc_pen" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "proveedor_sociedades" (
	"card_code" text NOT NULL,
	"sociedad_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proveedor_sociedades_card_code_sociedad_id_pk" PRIMARY KEY("card_code","sociedad_id")
);
--> statement-breakpoint
CREATE TABLE "proveedores" (
	"card_code" text PRIMARY KEY NOT NULL,
	"tipo_persona" char(1) NOT NULL,
	"card_name" text NOT NULL,
	"rfc" text NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"contacto" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"estatus_registro" char(1) DEFAULT 'P' NOT NULL,
	"motivo_rechazo" text DEFAULT '' NOT NULL,
	"estatus" char(1) DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proveedores_rfc_unique" UNIQUE("rfc"),
	CONSTRAINT "proveedores_tipo_chk" CHECK ("proveedores"."tipo_persona" in ('F','M')),
	CONSTRAINT "proveedores_registro_chk" CHECK ("proveedores"."estatus_registro" in ('C','P','R')),
	CONSTRAINT "proveedores_estatus_chk" CHECK ("proveedores"."estatus" in ('A','I'))
);
--> statement-breakpoint
CREATE TABLE "sociedades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"rfc" text NOT NULL,
	"regimen" text NOT NULL,
	"cp" text NOT NULL,
	"estatus" char(1) DEFAULT 'A' NOT NULL,
	"usuario_sap" text NOT NULL,
	"pass_sap_cifrada" text NOT NULL,
	"bd_sap" text NOT NULL,
	"constancia_archivo_id" uuid,
	"constancia_nombre" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sociedades_bd_sap_unique" UNIQUE("bd_sap"),
	CONSTRAINT "sociedades_estatus_chk" CHECK ("sociedades"."estatus" in ('A','I'))
);
--> statement-breakpoint
CREATE TABLE "login_fallidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"clave" text NOT NULL,
	"ip" text NOT NULL,
	"operador" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"operador" text NOT NULL,
	"usuario_ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	CONSTRAINT "sesiones_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sesiones_operador_chk" CHECK ("sesiones"."operador" in ('Empleado','Proveedor'))
);
--> statement-breakpoint
ALTER TABLE "empleados" ADD CONSTRAINT "empleados_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor_sociedades" ADD CONSTRAINT "proveedor_sociedades_card_code_proveedores_card_code_fk" FOREIGN KEY ("card_code") REFERENCES "public"."proveedores"("card_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor_sociedades" ADD CONSTRAINT "proveedor_sociedades_sociedad_id_sociedades_id_fk" FOREIGN KEY ("sociedad_id") REFERENCES "public"."sociedades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sociedades" ADD CONSTRAINT "sociedades_constancia_archivo_id_archivos_id_fk" FOREIGN KEY ("constancia_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proveedor_sociedades_sociedad_idx" ON "proveedor_sociedades" USING btree ("sociedad_id");--> statement-breakpoint
CREATE INDEX "login_fallidos_clave_idx" ON "login_fallidos" USING btree ("clave","ip","at");--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("operador","usuario_ref");