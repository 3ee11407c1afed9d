-- Issue 39 (decision 059): a sociedad that withholds no IVA (Ley del IVA, art. 3: states, Mexico City, municipalities
-- and their decentralised bodies), off for every existing sociedad (the demo seed turns it on for the municipality);
-- and a supplier that lives exclusively from agricultural, livestock, forestry or fishing activities (its RESICO
-- invoices are not withheld the 1.25 % ISR), off for every supplier.
ALTER TABLE "proveedores" ADD COLUMN "resico_agapes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sociedades" ADD COLUMN "no_retiene_iva" boolean DEFAULT false NOT NULL;