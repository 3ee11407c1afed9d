ALTER TABLE "erp_mock"."nota_credito_lineas" ALTER COLUMN "base_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."nota_credito_lineas" ALTER COLUMN "base_entry" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."nota_credito_lineas" ALTER COLUMN "base_line" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."nota_credito_lineas" ADD COLUMN "vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."nota_credito_lineas" ADD COLUMN "quantity" numeric(19, 6);--> statement-breakpoint
ALTER TABLE "erp_mock"."nota_credito_lineas" ADD COLUMN "account_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."nota_credito_lineas" ADD COLUMN "vat_group" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."notas_credito" ADD COLUMN "doc_type" char(1) DEFAULT 'I' NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_mock"."notas_credito" ADD COLUMN "vat_sum" numeric(19, 2) DEFAULT '0' NOT NULL;