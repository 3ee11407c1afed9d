CREATE TABLE "erp_mock"."factura_cuotas" (
	"bd" text NOT NULL,
	"doc_entry" integer NOT NULL,
	"installment_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"percentage" numeric(9, 4) NOT NULL,
	"total" numeric(19, 2) NOT NULL,
	CONSTRAINT "factura_cuotas_bd_doc_entry_installment_id_pk" PRIMARY KEY("bd","doc_entry","installment_id")
);
--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "retencion_resico" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "retencion_arrendamiento" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "retencion_honorarios" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "claves_honorarios" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "dias_pago" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "erp_fecha_vencimiento" date;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fecha_probable_pago" date;--> statement-breakpoint
ALTER TABLE "sociedades" ADD CONSTRAINT "sociedades_dias_pago_chk" CHECK ("sociedades"."dias_pago" <@ '{1,2,3,4,5}'::integer[]);--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): a change to an A/P invoice's installments gives the invoice
-- a new version, so the portal re-reads its due dates (the scope's fingerprint moves), whoever writes them.
CREATE FUNCTION "erp_mock"."cuota_cambio"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE erp_mock.facturas f SET version = 0 WHERE f.bd = OLD.bd AND f.doc_entry = OLD.doc_entry;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE erp_mock.facturas f SET version = 0 WHERE f.bd = NEW.bd AND f.doc_entry = NEW.doc_entry;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "factura_cuotas_cambio" AFTER INSERT OR UPDATE OR DELETE ON "erp_mock"."factura_cuotas"
  FOR EACH ROW EXECUTE FUNCTION "erp_mock"."cuota_cambio"();
