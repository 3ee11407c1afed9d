CREATE TABLE "recordatorios_complementos" (
	"bd" text NOT NULL,
	"pago_doc_entry" integer NOT NULL,
	"umbral" integer NOT NULL,
	"card_code" text NOT NULL,
	"pago_doc_num" integer NOT NULL,
	"fecha_limite" date NOT NULL,
	"enviado_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recordatorios_complementos_bd_pago_doc_entry_umbral_pk" PRIMARY KEY("bd","pago_doc_entry","umbral"),
	CONSTRAINT "recordatorios_complementos_umbral_chk" CHECK ("recordatorios_complementos"."umbral" in (1, 4))
);
--> statement-breakpoint
ALTER TABLE "proveedores" ADD COLUMN "retener_pagos" boolean DEFAULT false NOT NULL;