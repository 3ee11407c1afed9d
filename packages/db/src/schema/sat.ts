import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./columns";

/**
 * SAT certificates fetched from the SAT's public repository by number (issue 11): each is fetched once and kept
 * here, so every API process and every restart finds it without the network. The shipped certificates
 * (packages/cfdi/sat/certs) are not stored.
 */
export const certificadosSat = pgTable("certificados_sat", {
  numero: text("numero").primaryKey(),
  der: bytea("der").notNull(),
  obtenidoAt: timestamp("obtenido_at", { withTimezone: true }).notNull(),
});
