CREATE TABLE "bloqueos_cuenta_bancaria" (
	"factura_id" integer NOT NULL,
	"solicitud_id" integer NOT NULL,
	"hasta" timestamp with time zone NOT NULL,
	"levantado_at" timestamp with time zone,
	CONSTRAINT "bloqueos_cuenta_bancaria_factura_id_solicitud_id_pk" PRIMARY KEY("factura_id","solicitud_id")
);
--> statement-breakpoint
CREATE TABLE "cuentas_bancarias" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_code" text NOT NULL,
	"tipo" text NOT NULL,
	"clabe" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"numero_cuenta" text DEFAULT '' NOT NULL,
	"swift" text DEFAULT '' NOT NULL,
	"aba" text DEFAULT '' NOT NULL,
	"pais" text NOT NULL,
	"banco_codigo" text DEFAULT '' NOT NULL,
	"banco_nombre" text DEFAULT '' NOT NULL,
	"titular" text DEFAULT '' NOT NULL,
	"moneda" text NOT NULL,
	"archivo_id" uuid NOT NULL,
	"archivo_nombre" text DEFAULT '' NOT NULL,
	"solicitud_id" integer NOT NULL,
	"aprobada_at" timestamp with time zone NOT NULL,
	"aprobada_por" text NOT NULL,
	"activa" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cuentas_bancarias_solicitud_id_unique" UNIQUE("solicitud_id"),
	CONSTRAINT "cuentas_bancarias_tipo_chk" CHECK ("cuentas_bancarias"."tipo" in ('clabe','extranjera'))
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."socio_cuentas" (
	"bd" text NOT NULL,
	"internal_key" integer NOT NULL,
	"card_code" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"account_no" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"bic_swift_code" text DEFAULT '' NOT NULL,
	"aba_routing_number" text DEFAULT '' NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"control_key" text DEFAULT '' NOT NULL,
	CONSTRAINT "socio_cuentas_bd_internal_key_pk" PRIMARY KEY("bd","internal_key")
);
--> statement-breakpoint
CREATE TABLE "solicitudes_cuenta_bancaria" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_code" text NOT NULL,
	"tipo" text NOT NULL,
	"clabe" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"numero_cuenta" text DEFAULT '' NOT NULL,
	"swift" text DEFAULT '' NOT NULL,
	"aba" text DEFAULT '' NOT NULL,
	"pais" text NOT NULL,
	"banco_codigo" text DEFAULT '' NOT NULL,
	"banco_nombre" text DEFAULT '' NOT NULL,
	"titular" text DEFAULT '' NOT NULL,
	"moneda" text NOT NULL,
	"archivo_id" uuid NOT NULL,
	"archivo_nombre" text DEFAULT '' NOT NULL,
	"correos_antes" text DEFAULT '' NOT NULL,
	"operador" text NOT NULL,
	"usuario_ref" text NOT NULL,
	"estatus" text DEFAULT 'pendiente' NOT NULL,
	"revisor_ref" text,
	"motivo" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decidida_at" timestamp with time zone,
	CONSTRAINT "solicitudes_cuenta_bancaria_tipo_chk" CHECK ("solicitudes_cuenta_bancaria"."tipo" in ('clabe','extranjera')),
	CONSTRAINT "solicitudes_cuenta_bancaria_estatus_chk" CHECK ("solicitudes_cuenta_bancaria"."estatus" in ('pendiente','aprobada','rechazada')),
	CONSTRAINT "solicitudes_cuenta_bancaria_operador_chk" CHECK ("solicitudes_cuenta_bancaria"."operador" in ('Empleado','Proveedor'))
);
--> statement-breakpoint
ALTER TABLE "erp_trabajos" DROP CONSTRAINT "erp_trabajos_tipo_chk";--> statement-breakpoint
ALTER TABLE "erp_trabajos" DROP CONSTRAINT "erp_trabajos_documento_chk";--> statement-breakpoint
ALTER TABLE "empleados" ADD COLUMN "aprueba_cuentas" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "dias_enfriamiento_cuenta" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD COLUMN "solicitud_cuenta_id" integer;--> statement-breakpoint
ALTER TABLE "bloqueos_cuenta_bancaria" ADD CONSTRAINT "bloqueos_cuenta_bancaria_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloqueos_cuenta_bancaria" ADD CONSTRAINT "bloqueos_cuenta_bancaria_solicitud_id_solicitudes_cuenta_bancaria_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes_cuenta_bancaria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuentas_bancarias" ADD CONSTRAINT "cuentas_bancarias_card_code_proveedores_card_code_fk" FOREIGN KEY ("card_code") REFERENCES "public"."proveedores"("card_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuentas_bancarias" ADD CONSTRAINT "cuentas_bancarias_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuentas_bancarias" ADD CONSTRAINT "cuentas_bancarias_solicitud_id_solicitudes_cuenta_bancaria_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes_cuenta_bancaria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes_cuenta_bancaria" ADD CONSTRAINT "solicitudes_cuenta_bancaria_card_code_proveedores_card_code_fk" FOREIGN KEY ("card_code") REFERENCES "public"."proveedores"("card_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes_cuenta_bancaria" ADD CONSTRAINT "solicitudes_cuenta_bancaria_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bloqueos_cuenta_bancaria_vigentes_idx" ON "bloqueos_cuenta_bancaria" USING btree ("hasta") WHERE "bloqueos_cuenta_bancaria"."levantado_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cuentas_bancarias_activa_key" ON "cuentas_bancarias" USING btree ("card_code","moneda") WHERE "cuentas_bancarias"."activa";--> statement-breakpoint
CREATE INDEX "socio_cuentas_socio_idx" ON "erp_mock"."socio_cuentas" USING btree ("bd","card_code");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitudes_cuenta_bancaria_pendiente_key" ON "solicitudes_cuenta_bancaria" USING btree ("card_code") WHERE "solicitudes_cuenta_bancaria"."estatus" = 'pendiente';--> statement-breakpoint
CREATE INDEX "solicitudes_cuenta_bancaria_estatus_idx" ON "solicitudes_cuenta_bancaria" USING btree ("estatus","created_at");--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_solicitud_cuenta_id_solicitudes_cuenta_bancaria_id_fk" FOREIGN KEY ("solicitud_cuenta_id") REFERENCES "public"."solicitudes_cuenta_bancaria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_trabajos_solicitud_cuenta_key" ON "erp_trabajos" USING btree ("tipo","solicitud_cuenta_id");--> statement-breakpoint
ALTER TABLE "empleados" ADD CONSTRAINT "empleados_aprueba_cuentas_chk" CHECK ("empleados"."aprueba_cuentas" in ('Y','N'));--> statement-breakpoint
ALTER TABLE "sociedades" ADD CONSTRAINT "sociedades_dias_enfriamiento_chk" CHECK ("sociedades"."dias_enfriamiento_cuenta" between 0 and 30);--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_tipo_chk" CHECK ("erp_trabajos"."tipo" in ('crear_factura','cancelar_factura','bloquear_pago','desbloquear_pago','crear_nota_credito','sustituir_cfdi','escribir_cuenta_bancaria'));--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_documento_chk" CHECK (num_nonnulls("erp_trabajos"."factura_id", "erp_trabajos"."nota_credito_id", "erp_trabajos"."solicitud_cuenta_id") = 1);