/** The clock is defined once, in @portal/contracts/clock (the only module that reads the wall clock). */
export { type Clock, isoDateOf, systemClock } from "@portal/contracts/clock";
