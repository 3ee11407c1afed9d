import type { z } from "zod";
import { healthAnswerSchema, loginAnswerSchema, loginRequestSchema, logoutAnswerSchema } from "./auth";
import { type CallDef, call } from "./call-spec";
import { CUENTAS_CALLS } from "./calls-cuentas";
import { EXTRANJEROS_CALLS } from "./calls-extranjeros";
import {
  getCfdiPruebaDisponibleAnswerSchema,
  getCfdiPruebaDisponibleRequestSchema,
  postCfdiPruebaAnswerSchema,
  postCfdiPruebaRequestSchema,
} from "./cfdi-prueba";
import { archivoBinarioSchema, archivoParamsSchema } from "./common";
import {
  getComplementosAtrasadosAnswerSchema,
  getComplementosAtrasadosRequestSchema,
  setRetenerPagosAnswerSchema,
  setRetenerPagosRequestSchema,
} from "./complementos-atrasados";
import {
  createEmpleadoAnswerSchema,
  createEmpleadoRequestSchema,
  getAreasAnswerSchema,
  rowEmpleadosAnswerSchema,
  rowEmpleadosRequestSchema,
  updateEmpleadoAnswerSchema,
  updateEmpleadoRequestSchema,
  updateEstatusEmpleadoAnswerSchema,
  updateEstatusEmpleadoRequestSchema,
} from "./empleados";
import { getEntradasMercanciaAnswerSchema, getEntradasMercanciaRequestSchema } from "./entradas";
import {
  facturasGetSociedadesAnswerSchema,
  facturasGetSociedadesRequestSchema,
  getEntradasAnswerSchema,
  getEntradasRequestSchema,
  getFacturasAnswerSchema,
  getFacturasRequestSchema,
  getHistorialFacturaAnswerSchema,
  getHistorialFacturaRequestSchema,
  getProveedorAnswerSchema,
  getProveedorRequestSchema,
  getSaldoFacturaAnswerSchema,
  getSaldoFacturaRequestSchema,
  patchFacturaAnswerSchema,
  patchFacturaRequestSchema,
  postFacturaAnswerSchema,
  postFacturaRequestSchema,
} from "./facturas";
import { PEDIDOS_SERVICIO_CALLS } from "./facturas-pedidos";
import {
  getFacturasPendientesAnswerSchema,
  getFacturasPendientesRequestSchema,
  patchFacturasPendientesAnswerSchema,
  patchFacturasPendientesRequestSchema,
  quitarBloqueoPagoAnswerSchema,
  quitarBloqueoPagoRequestSchema,
  reintentarBloqueoErpAnswerSchema,
  reintentarBloqueoErpRequestSchema,
  reintentarErpAnswerSchema,
  reintentarErpRequestSchema,
} from "./facturas-pendientes";
import {
  homePagosProximosAnswerSchema,
  homePagosProximosRequestSchema,
  homeSociedadesAnswerSchema,
  homeSociedadesRequestSchema,
  rowDocumentsAnswerSchema,
  rowDocumentsRequestSchema,
} from "./home";
import {
  getNotaCreditoAnswerSchema,
  getNotaCreditoRequestSchema,
  getNotasCreditoAnswerSchema,
  getNotasCreditoPendientesAnswerSchema,
  getNotasCreditoPendientesRequestSchema,
  getNotasCreditoRequestSchema,
  patchNotasCreditoPendientesAnswerSchema,
  patchNotasCreditoPendientesRequestSchema,
  postNotaCreditoAnswerSchema,
  postNotaCreditoRequestSchema,
  reintentarErpNotaCreditoAnswerSchema,
  reintentarErpNotaCreditoRequestSchema,
} from "./notas-credito";
import {
  getComplementoEsperadoAnswerSchema,
  getComplementoEsperadoRequestSchema,
  getHistorialPagoAnswerSchema,
  getHistorialPagoRequestSchema,
  getPagosAnswerSchema,
  getPagosRequestSchema,
  postPagoAnswerSchema,
  postPagoRequestSchema,
} from "./pagos";
import {
  getPagosPendientesAnswerSchema,
  getPagosPendientesRequestSchema,
  patchPagosAnswerSchema,
  patchPagosRequestSchema,
} from "./pagos-pendientes";
import { getPedidosAnswerSchema, getPedidosRequestSchema } from "./pedidos";
import {
  addSociedadAnswerSchema,
  addSociedadRequestSchema,
  proveedoresGetSociedadesAnswerSchema,
  rowProveedoresAnswerSchema,
  rowProveedoresRequestSchema,
  sentCorreoAnswerSchema,
  sentCorreoRequestSchema,
  updateProveedorAnswerSchema,
  updateProveedorRequestSchema,
} from "./proveedores";
import {
  createSociedadAnswerSchema,
  createSociedadRequestSchema,
  rowSociedadesAnswerSchema,
  rowSociedadesRequestSchema,
  updateSociedadAnswerSchema,
  updateSociedadRequestSchema,
} from "./sociedades";
import { getTareasAnswerSchema, getTareasRequestSchema } from "./tareas";

/**
 * Every call of spec §7 plus logout, health and the file download, keyed by a stable name: the path's last
 * segment in camelCase, prefixed with its area where that segment repeats (getSociedades, getFacturas,
 * getPagos, patchfactura). A path is written only here: the API registers each route from its entry
 * (schemas, access, OpenAPI tag and summary; apps/api/src/lib/call-route.ts) and the web calls and parses
 * with it. Calls whose issue is not built yet are listed too; apps/api/test/registro-llamadas.test.ts names them.
 */
export const CALLS = {
  // Issue 41: second factor, password reset, invitations and bank accounts (calls-cuentas.ts).
  ...CUENTAS_CALLS,
  // Issue 42 part 1: foreign suppliers' invoices without CFDI (calls-extranjeros.ts).
  ...EXTRANJEROS_CALLS,
  // Issue 42 part 2 (decision 076): services billed against the purchase order (facturas-pedidos.ts).
  ...PEDIDOS_SERVICIO_CALLS,
  // Session and infrastructure
  login: call({
    method: "POST",
    path: "/api/login",
    request: loginRequestSchema,
    answer: loginAnswerSchema,
    access: "public",
    tag: "sesión",
    summary: "Iniciar sesión",
  }),
  logout: call({
    method: "POST",
    path: "/api/logout",
    answer: logoutAnswerSchema,
    access: ["session", "segundoFactor"],
    tag: "sesión",
    summary: "Cerrar sesión (revoca el token)",
  }),
  renovarSesion: call({
    method: "POST",
    path: "/api/sesion/renovar",
    answer: logoutAnswerSchema,
    access: "session",
    tag: "sesión",
    summary: "Mantener la sesión (renueva sus 10 minutos; issue 23)",
  }),
  health: call({
    method: "GET",
    path: "/api/health",
    answer: healthAnswerSchema,
    access: "public",
    tag: "operación",
    summary: "Estado del servicio y su base de datos",
  }),
  getArchivo: call({
    method: "GET",
    path: "/api/archivos/:id",
    params: archivoParamsSchema,
    answer: archivoBinarioSchema,
    access: "session",
    tag: "archivos",
    summary: "Descarga un archivo que el usuario en sesión tiene permitido ver",
    binary: true,
  }),
  // Home
  homeGetSociedades: call({
    method: "POST",
    path: "/api/home/getSociedades",
    request: homeSociedadesRequestSchema,
    answer: homeSociedadesAnswerSchema,
    access: "proveedor",
    tag: "home",
    summary: "Sociedades del proveedor en sesión (tabla de Home)",
  }),
  homeRowDocuments: call({
    method: "POST",
    path: "/api/home/RowDocuments",
    request: rowDocumentsRequestSchema,
    answer: rowDocumentsAnswerSchema,
    access: "session",
    tag: "home",
    summary: "Conteo de registros de un módulo (mosaicos de Home)",
  }),
  homeGetPagosProximos: call({
    method: "POST",
    path: "/api/home/getPagosProximos",
    request: homePagosProximosRequestSchema,
    answer: homePagosProximosAnswerSchema,
    access: "proveedor",
    tag: "home",
    summary: "Pagos esperados del proveedor en sesión en los próximos 30 días, por semana (issue 27)",
  }),
  // Empleados
  getAreas: call({
    method: "GET",
    path: "/api/empleados/getAreas",
    answer: getAreasAnswerSchema,
    access: "empleado",
    tag: "empleados",
    summary: "Áreas",
  }),
  rowEmpleados: call({
    method: "POST",
    path: "/api/empleados/rowEmpleados",
    request: rowEmpleadosRequestSchema,
    answer: rowEmpleadosAnswerSchema,
    access: "empleado",
    tag: "empleados",
    summary: "Catálogo de empleados (Lista) o el propio (Perfil)",
  }),
  createEmpleado: call({
    method: "POST",
    path: "/api/empleados/createEmpleado",
    request: createEmpleadoRequestSchema,
    answer: createEmpleadoAnswerSchema,
    access: "administrador",
    tag: "empleados",
    summary: "Crear empleado",
  }),
  updateEmpleado: call({
    method: "POST",
    path: "/api/empleados/updateEmpleado",
    request: updateEmpleadoRequestSchema,
    answer: updateEmpleadoAnswerSchema,
    access: "administrador",
    tag: "empleados",
    summary: "Actualizar empleado",
  }),
  // Deactivate or reactivate an employee (issue 22; not in the spec: the form locks Estatus after creation).
  updateEstatusEmpleado: call({
    method: "POST",
    path: "/api/empleados/updateEstatusEmpleado",
    request: updateEstatusEmpleadoRequestSchema,
    answer: updateEstatusEmpleadoAnswerSchema,
    access: "administrador",
    tag: "empleados",
    summary: "Desactivar o activar un empleado (termina sus sesiones; no está en la especificación)",
  }),
  // Proveedores
  proveedoresGetSociedades: call({
    method: "GET",
    path: "/api/proveedores/getSociedades",
    answer: proveedoresGetSociedadesAnswerSchema,
    access: "empleado",
    tag: "proveedores",
    summary: "Sociedades para vincular a un proveedor",
  }),
  rowProveedores: call({
    method: "POST",
    path: "/api/proveedores/rowProveedores",
    request: rowProveedoresRequestSchema,
    answer: rowProveedoresAnswerSchema,
    // Lista for employees, Perfil for the supplier itself (the API narrows it by `tipo`).
    access: ["empleado", "proveedor"],
    tag: "proveedores",
    summary: "Catálogo de proveedores (Lista) o el propio (Perfil)",
  }),
  updateProveedor: call({
    method: "POST",
    path: "/api/proveedores/updateProveedor",
    request: updateProveedorRequestSchema,
    answer: updateProveedorAnswerSchema,
    // A supplier updates only itself (the API narrows it by `CardCode`).
    access: ["administrador", "proveedor"],
    tag: "proveedores",
    summary: "Actualizar proveedor",
  }),
  sentCorreo: call({
    method: "POST",
    path: "/api/proveedores/sentCorreo",
    request: sentCorreoRequestSchema,
    answer: sentCorreoAnswerSchema,
    access: "administrador",
    tag: "proveedores",
    summary: "Notificar al proveedor por correo",
  }),
  addSociedad: call({
    method: "POST",
    path: "/api/proveedores/addSociedad",
    request: addSociedadRequestSchema,
    answer: addSociedadAnswerSchema,
    access: "administrador",
    tag: "proveedores",
    summary: "Vincular una sociedad a un proveedor",
  }),
  // Sociedades
  rowSociedades: call({
    method: "POST",
    path: "/api/sociedades/rowSociedades",
    request: rowSociedadesRequestSchema,
    answer: rowSociedadesAnswerSchema,
    access: "empleado",
    tag: "sociedades",
    summary: "Catálogo de sociedades",
  }),
  createSociedad: call({
    method: "POST",
    path: "/api/sociedades/createSociedad",
    request: createSociedadRequestSchema,
    answer: createSociedadAnswerSchema,
    access: "administrador",
    tag: "sociedades",
    summary: "Crear sociedad",
  }),
  updateSociedad: call({
    method: "POST",
    path: "/api/sociedades/updateSociedad",
    request: updateSociedadRequestSchema,
    answer: updateSociedadAnswerSchema,
    access: "administrador",
    tag: "sociedades",
    summary: "Actualizar sociedad",
  }),
  // Pedidos y entradas
  getPedidos: call({
    method: "POST",
    path: "/api/pedidos/getPedidos",
    request: getPedidosRequestSchema,
    answer: getPedidosAnswerSchema,
    access: "session",
    tag: "pedidos",
    summary: "Pedidos de compra con sus partidas (el proveedor ve solo los suyos)",
  }),
  getEntradasMercancia: call({
    method: "POST",
    path: "/api/entradasMercancia/getEntradasMercancia",
    request: getEntradasMercanciaRequestSchema,
    answer: getEntradasMercanciaAnswerSchema,
    access: "session",
    tag: "entradas",
    summary: "Entradas de mercancía con sus partidas (el proveedor ve solo las suyas)",
  }),
  // Facturas (spec §6: every user lists them; only a supplier uploads and updates its own)
  getFacturas: call({
    method: "POST",
    path: "/api/facturas/getFacturas",
    request: getFacturasRequestSchema,
    answer: getFacturasAnswerSchema,
    access: "session",
    tag: "facturas",
    summary: "Facturas (el proveedor ve solo las suyas)",
  }),
  facturasGetSociedades: call({
    method: "POST",
    path: "/api/facturas/getSociedades",
    request: facturasGetSociedadesRequestSchema,
    answer: facturasGetSociedadesAnswerSchema,
    access: "proveedor",
    tag: "facturas",
    summary: "Sociedades en las que el proveedor puede facturar",
  }),
  getProveedor: call({
    method: "POST",
    path: "/api/facturas/getProveedor",
    request: getProveedorRequestSchema,
    answer: getProveedorAnswerSchema,
    access: "proveedor",
    tag: "facturas",
    summary: "Datos del proveedor para facturar (vacío si su perfil está incompleto)",
  }),
  getEntradas: call({
    method: "POST",
    path: "/api/facturas/getEntradas",
    request: getEntradasRequestSchema,
    answer: getEntradasAnswerSchema,
    access: "proveedor",
    tag: "facturas",
    summary: "Entradas de mercancía que el proveedor puede facturar",
  }),
  getHistorialFactura: call({
    method: "POST",
    path: "/api/facturas/getHistorial",
    request: getHistorialFacturaRequestSchema,
    answer: getHistorialFacturaAnswerSchema,
    access: "session",
    tag: "facturas",
    summary: "Historial de una factura: registro, correcciones y decisiones (no está en la especificación)",
  }),
  getSaldoFactura: call({
    method: "POST",
    path: "/api/facturas/getSaldo",
    request: getSaldoFacturaRequestSchema,
    answer: getSaldoFacturaAnswerSchema,
    access: "session",
    tag: "facturas",
    summary:
      "Saldo de una factura: su total, los pagos y las notas de crédito con fecha (no está en la especificación)",
  }),
  postFactura: call({
    method: "POST",
    path: "/api/facturas/postFactura",
    request: postFacturaRequestSchema,
    answer: postFacturaAnswerSchema,
    access: "proveedor",
    tag: "facturas",
    summary: "Registrar una factura (PDF y XML)",
  }),
  patchFactura: call({
    method: "PATCH",
    path: "/api/facturas/patchfactura",
    request: patchFacturaRequestSchema,
    answer: patchFacturaAnswerSchema,
    access: "proveedor",
    tag: "facturas",
    summary: "Actualizar una factura rechazada",
  }),
  // Facturas pendientes
  facturasPendientesGetFacturas: call({
    method: "POST",
    path: "/api/facturasPendientes/getFacturas",
    request: getFacturasPendientesRequestSchema,
    answer: getFacturasPendientesAnswerSchema,
    access: "pendientes",
    tag: "facturas pendientes",
    summary: "Facturas por revisar",
  }),
  facturasPendientesPatchFactura: call({
    method: "PATCH",
    path: "/api/facturasPendientes/patchfactura",
    request: patchFacturasPendientesRequestSchema,
    answer: patchFacturasPendientesAnswerSchema,
    access: "pendientes",
    tag: "facturas pendientes",
    summary: "Revisar las facturas marcadas",
  }),
  facturasPendientesReintentarErp: call({
    method: "POST",
    path: "/api/facturasPendientes/reintentarErp",
    request: reintentarErpRequestSchema,
    answer: reintentarErpAnswerSchema,
    access: "pendientes",
    tag: "facturas pendientes",
    summary: "Crear ahora en el ERP la factura de proveedor de una factura aceptada (no está en la especificación)",
  }),
  // Issue 36 (decision 038): accounts payable lifts a payment block by hand, with its reason.
  facturasPendientesQuitarBloqueoPago: call({
    method: "POST",
    path: "/api/facturasPendientes/quitarBloqueoPago",
    request: quitarBloqueoPagoRequestSchema,
    answer: quitarBloqueoPagoAnswerSchema,
    access: "pendientes",
    tag: "facturas pendientes",
    summary:
      "Quitar a mano, con un motivo, el bloqueo de pago de una factura cuyo CFDI canceló el SAT (no está en la especificación)",
  }),
  facturasPendientesReintentarBloqueoErp: call({
    method: "POST",
    path: "/api/facturasPendientes/reintentarBloqueoErp",
    request: reintentarBloqueoErpRequestSchema,
    answer: reintentarBloqueoErpAnswerSchema,
    access: "pendientes",
    tag: "facturas pendientes",
    summary: "Enviar ahora al ERP el bloqueo de pago de una factura, o su desbloqueo (no está en la especificación)",
  }),
  // Notas de crédito (issue 27, decision 034; not in the spec): a supplier registers them, employees review them
  getNotasCredito: call({
    method: "POST",
    path: "/api/notasCredito/getNotasCredito",
    request: getNotasCreditoRequestSchema,
    answer: getNotasCreditoAnswerSchema,
    access: "session",
    tag: "notas de crédito",
    summary: "Notas de crédito (el proveedor ve solo las suyas)",
  }),
  getNotaCredito: call({
    method: "POST",
    path: "/api/notasCredito/getNotaCredito",
    request: getNotaCreditoRequestSchema,
    answer: getNotaCreditoAnswerSchema,
    access: "session",
    tag: "notas de crédito",
    summary: "Una nota de crédito con su historial (el proveedor solo las suyas; no está en la especificación)",
  }),
  postNotaCredito: call({
    method: "POST",
    path: "/api/notasCredito/postNotaCredito",
    request: postNotaCreditoRequestSchema,
    answer: postNotaCreditoAnswerSchema,
    access: "proveedor",
    tag: "notas de crédito",
    summary: "Registrar una nota de crédito (CFDI de Egreso: PDF y XML) de facturas aceptadas",
  }),
  notasCreditoPendientesGetNotasCredito: call({
    method: "POST",
    path: "/api/notasCreditoPendientes/getNotasCredito",
    request: getNotasCreditoPendientesRequestSchema,
    answer: getNotasCreditoPendientesAnswerSchema,
    access: "pendientes",
    tag: "notas de crédito pendientes",
    summary: "Notas de crédito por revisar",
  }),
  notasCreditoPendientesPatchNotaCredito: call({
    method: "PATCH",
    path: "/api/notasCreditoPendientes/patchNotaCredito",
    request: patchNotasCreditoPendientesRequestSchema,
    answer: patchNotasCreditoPendientesAnswerSchema,
    access: "pendientes",
    tag: "notas de crédito pendientes",
    summary: "Revisar las notas de crédito marcadas",
  }),
  notasCreditoPendientesReintentarErp: call({
    method: "POST",
    path: "/api/notasCreditoPendientes/reintentarErp",
    request: reintentarErpNotaCreditoRequestSchema,
    answer: reintentarErpNotaCreditoAnswerSchema,
    access: "pendientes",
    tag: "notas de crédito pendientes",
    summary:
      "Crear ahora en el ERP la nota de crédito de proveedor de una nota de crédito aceptada (no está en la especificación)",
  }),
  // Pagos (every user lists them; a supplier uploads PDF and XML, an employee the comprobante)
  getPagos: call({
    method: "POST",
    path: "/api/pagos/getPagos",
    request: getPagosRequestSchema,
    answer: getPagosAnswerSchema,
    access: "session",
    tag: "pagos",
    summary: "Pagos con sus facturas (el proveedor ve solo los suyos)",
  }),
  getComplementoEsperado: call({
    method: "POST",
    path: "/api/pagos/getComplementoEsperado",
    request: getComplementoEsperadoRequestSchema,
    answer: getComplementoEsperadoAnswerSchema,
    access: "session",
    tag: "pagos",
    summary: "El complemento de pago que el proveedor debe emitir por un pago (no está en la especificación)",
  }),
  getHistorialPago: call({
    method: "POST",
    path: "/api/pagos/getHistorial",
    request: getHistorialPagoRequestSchema,
    answer: getHistorialPagoAnswerSchema,
    access: "session",
    tag: "pagos",
    summary: "Historial del complemento de un pago: cargas, correcciones y decisiones (no está en la especificación)",
  }),
  postPago: call({
    method: "POST",
    path: "/api/pagos/postPago",
    request: postPagoRequestSchema,
    answer: postPagoAnswerSchema,
    access: "session",
    tag: "pagos",
    summary: "Cargar el complemento de pago o su comprobante",
  }),
  // Pagos pendientes
  pagosPendientesGetPagos: call({
    method: "POST",
    path: "/api/pagosPendientes/getPagos",
    request: getPagosPendientesRequestSchema,
    answer: getPagosPendientesAnswerSchema,
    access: "pendientes",
    tag: "pagos pendientes",
    summary: "Complementos de pago por revisar",
  }),
  patchPagos: call({
    method: "PATCH",
    path: "/api/pagosPendientes/patchPagos",
    request: patchPagosRequestSchema,
    answer: patchPagosAnswerSchema,
    access: "pendientes",
    tag: "pagos pendientes",
    summary: "Revisar los complementos marcados",
  }),
  // Complementos atrasados (issue 27; not in the spec): who reviews pending payments chases late complements
  getComplementosAtrasados: call({
    method: "POST",
    path: "/api/complementosAtrasados/getComplementosAtrasados",
    request: getComplementosAtrasadosRequestSchema,
    answer: getComplementosAtrasadosAnswerSchema,
    access: "pendientes",
    tag: "complementos atrasados",
    summary:
      "Pagos con el plazo del complemento vencido y sin complemento aceptado, por proveedor (no está en la especificación)",
  }),
  setRetenerPagos: call({
    method: "POST",
    path: "/api/complementosAtrasados/setRetenerPagos",
    request: setRetenerPagosRequestSchema,
    answer: setRetenerPagosAnswerSchema,
    access: "pendientes",
    tag: "complementos atrasados",
    summary:
      "Marcar o desmarcar a un proveedor para retener sus pagos por complementos atrasados (no está en la especificación)",
  }),
  // Scheduled jobs (issue 15; not in the spec)
  getTareas: call({
    method: "POST",
    path: "/api/tareas/getTareas",
    request: getTareasRequestSchema,
    answer: getTareasAnswerSchema,
    access: "administrador",
    tag: "tareas",
    summary: "Tareas programadas: última y próxima ejecución, fallas y pendientes (no está en la especificación)",
  }),
  // Test CFDIs for the demo (issue 40, decision 062; not in the spec): only with SAT_TEST_CERTS, otherwise 404
  getCfdiPruebaDisponible: call({
    method: "POST",
    path: "/api/cfdiPrueba/getDisponible",
    request: getCfdiPruebaDisponibleRequestSchema,
    answer: getCfdiPruebaDisponibleAnswerSchema,
    access: "proveedor",
    tag: "cfdi de prueba",
    summary: "Si el portal emite CFDI de prueba (solo la demostración, SAT_TEST_CERTS) (no está en la especificación)",
  }),
  postCfdiPrueba: call({
    method: "POST",
    path: "/api/cfdiPrueba/postCfdiPrueba",
    request: postCfdiPruebaRequestSchema,
    answer: postCfdiPruebaAnswerSchema,
    access: "proveedor",
    tag: "cfdi de prueba",
    summary:
      "Generar un CFDI de prueba sellado con el CSD de prueba del SAT del proveedor, con su PDF (solo la demostración; no está en la especificación)",
  }),
} as const satisfies Record<string, CallDef>;

export type { CallAccess, CallDef, CallSpec, HttpMethod } from "./call-spec";

export type CallName = keyof typeof CALLS;
export const CALL_NAMES = Object.keys(CALLS) as CallName[];
/** What a client sends (before defaults and normalisation). */
export type CallRequest<N extends CallName> = (typeof CALLS)[N] extends { request: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** What the server receives after parsing. */
export type CallRequestData<N extends CallName> = (typeof CALLS)[N] extends { request: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
export type CallAnswer<N extends CallName> = z.infer<(typeof CALLS)[N]["answer"]>;
