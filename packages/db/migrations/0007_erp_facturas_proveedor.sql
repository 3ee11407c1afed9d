CREATE TABLE "erp_mock"."factura_lineas" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"line_num" integer NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"uom_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(19, 6) NOT NULL,
	"price_bef_di" numeric(19, 6) NOT NULL,
	"disc_prcnt" numeric(9, 4) DEFAULT '0' NOT NULL,
	"line_total" numeric(19, 2) NOT NULL,
	"vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	"base_type" integer DEFAULT 20 NOT NULL,
	"base_entry" integer NOT NULL,
	"base_line" integer NOT NULL,
	CONSTRAINT "factura_lineas_bd_doc_entry_line_num_pk" PRIMARY KEY("bd","doc_entry","line_num")
);
--> statement-breakpoint
CREATE TABLE "erp_trabajos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"factura_id" integer NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_error" text DEFAULT '' NOT NULL,
	"siguiente_intento" timestamp with time zone NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"terminado_at" timestamp with time zone,
	CONSTRAINT "erp_trabajos_estado_chk" CHECK ("erp_trabajos"."estado" in ('pendiente','hecho','fallido')),
	CONSTRAINT "erp_trabajos_tipo_chk" CHECK ("erp_trabajos"."tipo" in ('crear_factura'))
);
--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "card_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "doc_status" char(1) DEFAULT 'O' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "doc_due_date" date;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "comments" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "wt_sum" numeric(19, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "doc_rate" numeric(19, 6) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "portal_id" integer;--> statement-breakpoint
ALTER TABLE "erp_mock"."pago_facturas" ADD COLUMN "applied_pago" numeric(19, 2);--> statement-breakpoint
ALTER TABLE "erp_mock"."pagos" ADD COLUMN "doc_rate" numeric(19, 6) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_doc_entry" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_doc_num" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_pagado" numeric(19, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_fecha_pago" date;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_cancelada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_trabajos" ADD CONSTRAINT "erp_trabajos_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_trabajos_factura_key" ON "erp_trabajos" USING btree ("tipo","factura_id");--> statement-breakpoint
CREATE INDEX "erp_trabajos_pendientes_idx" ON "erp_trabajos" USING btree ("estado","siguiente_intento");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_facturas_portal_key" ON "erp_mock"."facturas" USING btree ("bd","portal_id") WHERE "erp_mock"."facturas"."portal_id" is not null;