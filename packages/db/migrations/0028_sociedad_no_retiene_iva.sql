-- Issue 39 (decision 059): a sociedad that withholds no IVA (Ley del IVA, art. 3: states, Mexico City, municipalities
-- and their decentralised bodies). Off for every existing sociedad; the demo seed turns it on for the municipality.
ALTER TABLE "sociedades" ADD COLUMN "no_retiene_iva" boolean DEFAULT false NOT NULL;