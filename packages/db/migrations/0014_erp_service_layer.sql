CREATE TABLE "erp_mock"."sl_adjuntos" (
	"atc_entry" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erp_mock"."sl_adjuntos_atc_entry_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"archivo_id" uuid NOT NULL,
	CONSTRAINT "sl_adjuntos_archivo_id_unique" UNIQUE("archivo_id")
);
--> statement-breakpoint
CREATE TABLE "erp_mock"."sl_cambios" (
	"tipo" text NOT NULL,
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"version_vista" bigint NOT NULL,
	"actualizado" text NOT NULL,
	CONSTRAINT "sl_cambios_tipo_bd_doc_entry_pk" PRIMARY KEY("tipo","bd","doc_entry")
);
--> statement-breakpoint
CREATE TABLE "erp_sl_adjuntos" (
	"bd" text NOT NULL,
	"atc_entry" integer NOT NULL,
	"archivo_id" uuid NOT NULL,
	"contenido_id" uuid,
	"copiado_en" timestamp with time zone,
	CONSTRAINT "erp_sl_adjuntos_bd_atc_entry_pk" PRIMARY KEY("bd","atc_entry")
);
--> statement-breakpoint
CREATE TABLE "erp_sl_documentos" (
	"tipo" text NOT NULL,
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"doc_num" integer NOT NULL,
	"card_code" text NOT NULL,
	"doc_date" date NOT NULL,
	"version" text NOT NULL,
	"atc_entry" integer,
	"portal_id" integer,
	CONSTRAINT "erp_sl_documentos_tipo_bd_doc_entry_pk" PRIMARY KEY("tipo","bd","doc_entry")
);
--> statement-breakpoint
CREATE TABLE "erp_sl_sesiones" (
	"bd" text PRIMARY KEY NOT NULL,
	"cookie_cifrada" text NOT NULL,
	"timeout_minutos" integer NOT NULL,
	"ultimo_uso" timestamp with time zone NOT NULL,
	"creada_en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_sl_sincronizacion" (
	"tipo" text NOT NULL,
	"bd" text NOT NULL,
	"marca" text NOT NULL,
	"leido_en" timestamp with time zone NOT NULL,
	CONSTRAINT "erp_sl_sincronizacion_tipo_bd_pk" PRIMARY KEY("tipo","bd")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "erp_sl_adjuntos_archivo_idx" ON "erp_sl_adjuntos" USING btree ("archivo_id");--> statement-breakpoint
CREATE INDEX "erp_sl_documentos_card_idx" ON "erp_sl_documentos" USING btree ("tipo","card_code","bd");--> statement-breakpoint
CREATE INDEX "erp_sl_documentos_orden_idx" ON "erp_sl_documentos" USING btree ("tipo","doc_date","bd","doc_num");