/** Injectable time source (defined once in @portal/db, the only module that reads the wall clock). */
export { type Clock, systemClock } from "@portal/db";
