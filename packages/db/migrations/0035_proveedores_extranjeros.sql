ALTER TABLE "proveedores" DROP CONSTRAINT "proveedores_rfc_unique";--> statement-breakpoint
DROP INDEX "facturas_uuid_key";--> statement-breakpoint
ALTER TABLE "facturas" ALTER COLUMN "xml_archivo_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "proveedores" ADD COLUMN "tipo" text DEFAULT 'nacional' NOT NULL;--> statement-breakpoint
ALTER TABLE "proveedores" ADD COLUMN "pais" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "proveedores" ADD COLUMN "num_reg_id_trib" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "tipo" text DEFAULT 'cfdi' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "proveedores_rfc_unique" ON "proveedores" USING btree ("rfc") WHERE "proveedores"."tipo" = 'nacional';--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_numero_extranjera_key" ON "facturas" USING btree ("card_code","folio") WHERE "facturas"."tipo" = 'extranjera' and "facturas"."estatus" in ('P','A');--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_uuid_key" ON "facturas" USING btree ("uuid") WHERE "facturas"."uuid" <> '';--> statement-breakpoint
ALTER TABLE "proveedores" ADD CONSTRAINT "proveedores_tipo_proveedor_chk" CHECK ("proveedores"."tipo" in ('nacional','extranjero'));--> statement-breakpoint
ALTER TABLE "proveedores" ADD CONSTRAINT "proveedores_extranjero_chk" CHECK (("proveedores"."tipo" = 'nacional' and "proveedores"."pais" = '' and "proveedores"."rfc" <> 'XEXX010101000') or ("proveedores"."tipo" = 'extranjero' and "proveedores"."rfc" = 'XEXX010101000' and "proveedores"."pais" <> '' and "proveedores"."num_reg_id_trib" <> ''));--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_tipo_chk" CHECK (("facturas"."tipo" = 'cfdi' and "facturas"."uuid" <> '' and "facturas"."xml_archivo_id" is not null) or ("facturas"."tipo" = 'extranjera' and "facturas"."uuid" = '' and "facturas"."xml_archivo_id" is null));