export * from "./guardar";
export * from "./leer";
