export * from "./archivos";
export * from "./catalogos";
export * from "./documentos";
export * from "./erp-mock";
export * from "./facturas";
export * from "./pagos";
export * from "./sat";
export * from "./sesiones";
