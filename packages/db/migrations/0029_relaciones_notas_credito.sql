-- Issue 39 (decision 060): every cfdi:CfdiRelacionados group of a credit note's CFDI, each with its TipoRelacion and
-- UUIDs, so a note with 01 and 03 groups keeps and shows both. The notes registered before it get one group: their
-- tipo_relacion with the UUIDs of the invoices they credit (what the portal kept of them); their version is not
-- bumped (nothing a reviewer decides changed).
ALTER TABLE "notas_credito" ADD COLUMN "relaciones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notas_credito" DISABLE TRIGGER "notas_credito_version";--> statement-breakpoint
UPDATE "notas_credito" n SET "relaciones" = jsonb_build_array(jsonb_build_object(
  'TipoRelacion', n."tipo_relacion",
  'UUIDs', coalesce((
    SELECT jsonb_agg(upper(f."uuid") ORDER BY f."id")
    FROM "notas_credito_facturas" ncf JOIN "facturas" f ON f."id" = ncf."factura_id"
    WHERE ncf."nota_credito_id" = n."id"
  ), '[]'::jsonb)
));--> statement-breakpoint
ALTER TABLE "notas_credito" ENABLE TRIGGER "notas_credito_version";
