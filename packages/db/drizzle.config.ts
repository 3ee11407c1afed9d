import { defineConfig } from "drizzle-kit";

// Migrations are generated from src/schema and committed; they run on every start (see src/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/index.ts",
  out: "./migrations",
  casing: "snake_case",
});
