export * from "./archivos";
export * from "./catalogos";
export * from "./sesiones";
