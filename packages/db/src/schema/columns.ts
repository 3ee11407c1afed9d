import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL bytea as a Uint8Array (node-postgres gives a Buffer, PGlite a Uint8Array: both are Uint8Array). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return "bytea";
  },
});
