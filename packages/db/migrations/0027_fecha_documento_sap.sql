-- TaxDate of the simulated ERP's A/P invoices and credit memos (fidelity F3, decision 047): the supplier's document
-- date SAP keeps apart from the posting date DocDate.
ALTER TABLE "erp_mock"."facturas" ADD COLUMN "tax_date" date;--> statement-breakpoint
ALTER TABLE "erp_mock"."notas_credito" ADD COLUMN "tax_date" date;