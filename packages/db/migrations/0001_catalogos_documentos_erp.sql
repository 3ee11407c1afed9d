CREATE SCHEMA "erp_mock";
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad" text NOT NULL,
	"entidad_id" text NOT NULL,
	"campo" text NOT NULL,
	"valor_anterior" text DEFAULT '' NOT NULL,
	"valor_nuevo" text DEFAULT '' NOT NULL,
	"comentario" text DEFAULT '' NOT NULL,
	"operador" text NOT NULL,
	"usuario_ref" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "correo_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"para" text NOT NULL,
	"asunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"siguiente_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_at" timestamp with time zone,
	CONSTRAINT "correo_outbox_estado_chk" CHECK ("correo_outbox"."estado" in ('pendiente','enviado','fallido'))
);
--> statement-breakpoint
CREATE TABLE "proveedor_documentos" (
	"card_code" text NOT NULL,
	"clave" text NOT NULL,
	"val" char(1) DEFAULT 'N' NOT NULL,
	"archivo_id" uuid,
	"nombre" text DEFAULT '' NOT NULL,
	"fecha" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proveedor_documentos_card_code_clave_pk" PRIMARY KEY("card_code","clave"),
	CONSTRAINT "proveedor_documentos_val_chk" CHECK ("proveedor_documentos"."val" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."entrada_lineas" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"line_num" integer NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"frgn_name" text DEFAULT '' NOT NULL,
	"line_status" char(1) NOT NULL,
	"uom_code" text NOT NULL,
	"quantity" numeric(19, 6) NOT NULL,
	"open_qty" numeric(19, 6) NOT NULL,
	"price_bef_di" numeric(19, 6) NOT NULL,
	"disc_prcnt" numeric(9, 4) DEFAULT '0' NOT NULL,
	"line_total" numeric(19, 2) NOT NULL,
	"vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "entrada_lineas_bd_doc_entry_line_num_pk" PRIMARY KEY("bd","doc_entry","line_num")
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."entradas" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"doc_num" integer NOT NULL,
	"card_code" text NOT NULL,
	"card_name" text NOT NULL,
	"doc_status" char(1) NOT NULL,
	"doc_date" date NOT NULL,
	"doc_due_date" date NOT NULL,
	"group_num" integer NOT NULL,
	"main_usage" text NOT NULL,
	"pey_method" text NOT NULL,
	"doc_cur" text NOT NULL,
	"doc_rate" numeric(19, 6) DEFAULT '1' NOT NULL,
	"num_at_card" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"disc_prcnt" numeric(9, 4) DEFAULT '0' NOT NULL,
	"disc_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	"vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	"wt_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	"doc_total" numeric(19, 2) NOT NULL,
	"pdf_archivo_id" uuid,
	"pedido_doc_num" integer,
	"cp" text DEFAULT '' NOT NULL,
	CONSTRAINT "entradas_bd_doc_entry_pk" PRIMARY KEY("bd","doc_entry")
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."facturas" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"doc_num" integer NOT NULL,
	"card_code" text NOT NULL,
	"num_at_card" text DEFAULT '' NOT NULL,
	"uuid" text DEFAULT '' NOT NULL,
	"doc_date" date NOT NULL,
	"doc_total" numeric(19, 2) NOT NULL,
	"paid_to_date" numeric(19, 2) DEFAULT '0' NOT NULL,
	"doc_cur" text NOT NULL,
	"canceled" char(1) DEFAULT 'N' NOT NULL,
	"entrada_doc_num" integer,
	CONSTRAINT "facturas_bd_doc_entry_pk" PRIMARY KEY("bd","doc_entry")
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."pago_facturas" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"line_num" integer NOT NULL,
	"factura_doc_entry" integer NOT NULL,
	"sum_applied" numeric(19, 2) NOT NULL,
	CONSTRAINT "pago_facturas_bd_doc_entry_line_num_pk" PRIMARY KEY("bd","doc_entry","line_num")
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."pagos" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"doc_num" integer NOT NULL,
	"card_code" text NOT NULL,
	"card_name" text NOT NULL,
	"doc_date" date NOT NULL,
	"pymnt_group" text NOT NULL,
	"doc_total" numeric(19, 2) NOT NULL,
	"doc_cur" text NOT NULL,
	"canceled" char(1) DEFAULT 'N' NOT NULL,
	CONSTRAINT "pagos_bd_doc_entry_pk" PRIMARY KEY("bd","doc_entry")
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."pedido_lineas" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"line_num" integer NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"frgn_name" text DEFAULT '' NOT NULL,
	"line_status" char(1) NOT NULL,
	"uom_code" text NOT NULL,
	"quantity" numeric(19, 6) NOT NULL,
	"open_qty" numeric(19, 6) NOT NULL,
	"price_bef_di" numeric(19, 6) NOT NULL,
	"disc_prcnt" numeric(9, 4) DEFAULT '0' NOT NULL,
	"line_total" numeric(19, 2) NOT NULL,
	"vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "pedido_lineas_bd_doc_entry_line_num_pk" PRIMARY KEY("bd","doc_entry","line_num")
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."pedidos" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"doc_num" integer NOT NULL,
	"card_code" text NOT NULL,
	"card_name" text NOT NULL,
	"doc_status" char(1) NOT NULL,
	"doc_date" date NOT NULL,
	"doc_due_date" date NOT NULL,
	"group_num" integer NOT NULL,
	"main_usage" text NOT NULL,
	"pey_method" text NOT NULL,
	"doc_cur" text NOT NULL,
	"doc_rate" numeric(19, 6) DEFAULT '1' NOT NULL,
	"num_at_card" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"disc_prcnt" numeric(9, 4) DEFAULT '0' NOT NULL,
	"disc_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	"vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	"wt_sum" numeric(19, 2) DEFAULT '0' NOT NULL,
	"doc_total" numeric(19, 2) NOT NULL,
	"pdf_archivo_id" uuid,
	CONSTRAINT "pedidos_bd_doc_entry_pk" PRIMARY KEY("bd","doc_entry")
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."socios" (
	"bd" text NOT NULL,
	"card_code" text NOT NULL,
	"card_name" text NOT NULL,
	"lic_trad_num" text NOT NULL,
	"group_num" integer DEFAULT 0 NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	CONSTRAINT "socios_bd_card_code_pk" PRIMARY KEY("bd","card_code")
);
--> statement-breakpoint
ALTER TABLE "proveedor_documentos" ADD CONSTRAINT "proveedor_documentos_card_code_proveedores_card_code_fk" FOREIGN KEY ("card_code") REFERENCES "public"."proveedores"("card_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor_documentos" ADD CONSTRAINT "proveedor_documentos_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("entidad","entidad_id");--> statement-breakpoint
CREATE INDEX "correo_outbox_pendientes_idx" ON "correo_outbox" USING btree ("estado","siguiente_intento");--> statement-breakpoint
CREATE INDEX "proveedor_documentos_archivo_idx" ON "proveedor_documentos" USING btree ("archivo_id");--> statement-breakpoint
CREATE INDEX "erp_entradas_card_idx" ON "erp_mock"."entradas" USING btree ("card_code","bd","doc_entry");--> statement-breakpoint
CREATE INDEX "erp_facturas_card_idx" ON "erp_mock"."facturas" USING btree ("card_code","bd");--> statement-breakpoint
CREATE INDEX "erp_pagos_card_idx" ON "erp_mock"."pagos" USING btree ("card_code","bd");--> statement-breakpoint
CREATE INDEX "erp_pedidos_card_idx" ON "erp_mock"."pedidos" USING btree ("card_code","bd","doc_entry");