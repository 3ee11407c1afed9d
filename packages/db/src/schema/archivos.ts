import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea } from "./columns";

/**
 * Uploaded files, stored once per content (sha256) in PostgreSQL so that every API process sees them and a
 * backup of the database is a backup of the files. Rows elsewhere reference them and keep their own file name.
 */
export const archivos = pgTable("archivos", {
  id: uuid("id").primaryKey().defaultRandom(),
  sha256: text("sha256").notNull().unique(),
  mime: text("mime").notNull(),
  size: integer("size").notNull(),
  contenido: bytea("contenido").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
