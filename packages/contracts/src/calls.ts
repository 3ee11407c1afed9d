import type { z } from "zod";
import { healthAnswerSchema, loginAnswerSchema, loginRequestSchema, logoutAnswerSchema } from "./auth";
import { archivoBinarioSchema, archivoParamsSchema } from "./common";
import {
  createEmpleadoAnswerSchema,
  createEmpleadoRequestSchema,
  getAreasAnswerSchema,
  rowEmpleadosAnswerSchema,
  rowEmpleadosRequestSchema,
  updateEmpleadoAnswerSchema,
  updateEmpleadoRequestSchema,
} from "./empleados";
import { getEntradasMercanciaAnswerSchema, getEntradasMercanciaRequestSchema } from "./entradas";
import {
  facturasGetSociedadesAnswerSchema,
  facturasGetSociedadesRequestSchema,
  getEntradasAnswerSchema,
  getEntradasRequestSchema,
  getFacturasAnswerSchema,
  getFacturasRequestSchema,
  getProveedorAnswerSchema,
  getProveedorRequestSchema,
  patchFacturaAnswerSchema,
  patchFacturaRequestSchema,
  postFacturaAnswerSchema,
  postFacturaRequestSchema,
} from "./facturas";
import {
  getFacturasPendientesAnswerSchema,
  getFacturasPendientesRequestSchema,
  patchFacturasPendientesAnswerSchema,
  patchFacturasPendientesRequestSchema,
} from "./facturas-pendientes";
import {
  homeSociedadesAnswerSchema,
  homeSociedadesRequestSchema,
  rowDocumentsAnswerSchema,
  rowDocumentsRequestSchema,
} from "./home";
import { getPagosAnswerSchema, getPagosRequestSchema, postPagoAnswerSchema, postPagoRequestSchema } from "./pagos";
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

export type HttpMethod = "GET" | "POST" | "PATCH";

export interface CallDef {
  method: HttpMethod;
  /** Exactly as spec §7 writes it, with the leading slash (case matters). */
  path: `/api/${string}`;
  /** JSON body; absent for calls without one. */
  request?: z.ZodType;
  /** Route params (`:id`). */
  params?: z.ZodType;
  answer: z.ZodType;
  /** Needs a session (x-access-token); only login and health do not. */
  auth: boolean;
  /** The answer is the file's bytes, not JSON. */
  binary?: boolean;
}

/**
 * Every call of spec §7 plus logout, health and the file download, keyed by a stable name: the path's last
 * segment in camelCase, prefixed with its area where that segment repeats (getSociedades, getFacturas,
 * getPagos, patchfactura). The API registers these as route schemas; the web parses answers with them.
 */
export const CALLS = {
  // Session and infrastructure
  login: {
    method: "POST",
    path: "/api/login",
    request: loginRequestSchema,
    answer: loginAnswerSchema,
    auth: false,
  },
  logout: { method: "POST", path: "/api/logout", answer: logoutAnswerSchema, auth: true },
  health: { method: "GET", path: "/api/health", answer: healthAnswerSchema, auth: false },
  getArchivo: {
    method: "GET",
    path: "/api/archivos/:id",
    params: archivoParamsSchema,
    answer: archivoBinarioSchema,
    auth: true,
    binary: true,
  },
  // Home
  homeGetSociedades: {
    method: "POST",
    path: "/api/home/getSociedades",
    request: homeSociedadesRequestSchema,
    answer: homeSociedadesAnswerSchema,
    auth: true,
  },
  homeRowDocuments: {
    method: "POST",
    path: "/api/home/RowDocuments",
    request: rowDocumentsRequestSchema,
    answer: rowDocumentsAnswerSchema,
    auth: true,
  },
  // Empleados
  getAreas: { method: "GET", path: "/api/empleados/getAreas", answer: getAreasAnswerSchema, auth: true },
  rowEmpleados: {
    method: "POST",
    path: "/api/empleados/rowEmpleados",
    request: rowEmpleadosRequestSchema,
    answer: rowEmpleadosAnswerSchema,
    auth: true,
  },
  createEmpleado: {
    method: "POST",
    path: "/api/empleados/createEmpleado",
    request: createEmpleadoRequestSchema,
    answer: createEmpleadoAnswerSchema,
    auth: true,
  },
  updateEmpleado: {
    method: "POST",
    path: "/api/empleados/updateEmpleado",
    request: updateEmpleadoRequestSchema,
    answer: updateEmpleadoAnswerSchema,
    auth: true,
  },
  // Proveedores
  proveedoresGetSociedades: {
    method: "GET",
    path: "/api/proveedores/getSociedades",
    answer: proveedoresGetSociedadesAnswerSchema,
    auth: true,
  },
  rowProveedores: {
    method: "POST",
    path: "/api/proveedores/rowProveedores",
    request: rowProveedoresRequestSchema,
    answer: rowProveedoresAnswerSchema,
    auth: true,
  },
  updateProveedor: {
    method: "POST",
    path: "/api/proveedores/updateProveedor",
    request: updateProveedorRequestSchema,
    answer: updateProveedorAnswerSchema,
    auth: true,
  },
  sentCorreo: {
    method: "POST",
    path: "/api/proveedores/sentCorreo",
    request: sentCorreoRequestSchema,
    answer: sentCorreoAnswerSchema,
    auth: true,
  },
  addSociedad: {
    method: "POST",
    path: "/api/proveedores/addSociedad",
    request: addSociedadRequestSchema,
    answer: addSociedadAnswerSchema,
    auth: true,
  },
  // Sociedades
  rowSociedades: {
    method: "POST",
    path: "/api/sociedades/rowSociedades",
    request: rowSociedadesRequestSchema,
    answer: rowSociedadesAnswerSchema,
    auth: true,
  },
  createSociedad: {
    method: "POST",
    path: "/api/sociedades/createSociedad",
    request: createSociedadRequestSchema,
    answer: createSociedadAnswerSchema,
    auth: true,
  },
  updateSociedad: {
    method: "POST",
    path: "/api/sociedades/updateSociedad",
    request: updateSociedadRequestSchema,
    answer: updateSociedadAnswerSchema,
    auth: true,
  },
  // Pedidos y entradas
  getPedidos: {
    method: "POST",
    path: "/api/pedidos/getPedidos",
    request: getPedidosRequestSchema,
    answer: getPedidosAnswerSchema,
    auth: true,
  },
  getEntradasMercancia: {
    method: "POST",
    path: "/api/entradasMercancia/getEntradasMercancia",
    request: getEntradasMercanciaRequestSchema,
    answer: getEntradasMercanciaAnswerSchema,
    auth: true,
  },
  // Facturas
  getFacturas: {
    method: "POST",
    path: "/api/facturas/getFacturas",
    request: getFacturasRequestSchema,
    answer: getFacturasAnswerSchema,
    auth: true,
  },
  facturasGetSociedades: {
    method: "POST",
    path: "/api/facturas/getSociedades",
    request: facturasGetSociedadesRequestSchema,
    answer: facturasGetSociedadesAnswerSchema,
    auth: true,
  },
  getProveedor: {
    method: "POST",
    path: "/api/facturas/getProveedor",
    request: getProveedorRequestSchema,
    answer: getProveedorAnswerSchema,
    auth: true,
  },
  getEntradas: {
    method: "POST",
    path: "/api/facturas/getEntradas",
    request: getEntradasRequestSchema,
    answer: getEntradasAnswerSchema,
    auth: true,
  },
  postFactura: {
    method: "POST",
    path: "/api/facturas/postFactura",
    request: postFacturaRequestSchema,
    answer: postFacturaAnswerSchema,
    auth: true,
  },
  patchFactura: {
    method: "PATCH",
    path: "/api/facturas/patchfactura",
    request: patchFacturaRequestSchema,
    answer: patchFacturaAnswerSchema,
    auth: true,
  },
  // Facturas pendientes
  facturasPendientesGetFacturas: {
    method: "POST",
    path: "/api/facturasPendientes/getFacturas",
    request: getFacturasPendientesRequestSchema,
    answer: getFacturasPendientesAnswerSchema,
    auth: true,
  },
  facturasPendientesPatchFactura: {
    method: "PATCH",
    path: "/api/facturasPendientes/patchfactura",
    request: patchFacturasPendientesRequestSchema,
    answer: patchFacturasPendientesAnswerSchema,
    auth: true,
  },
  // Pagos
  getPagos: {
    method: "POST",
    path: "/api/pagos/getPagos",
    request: getPagosRequestSchema,
    answer: getPagosAnswerSchema,
    auth: true,
  },
  postPago: {
    method: "POST",
    path: "/api/pagos/postPago",
    request: postPagoRequestSchema,
    answer: postPagoAnswerSchema,
    auth: true,
  },
  // Pagos pendientes
  pagosPendientesGetPagos: {
    method: "POST",
    path: "/api/pagosPendientes/getPagos",
    request: getPagosPendientesRequestSchema,
    answer: getPagosPendientesAnswerSchema,
    auth: true,
  },
  patchPagos: {
    method: "PATCH",
    path: "/api/pagosPendientes/patchPagos",
    request: patchPagosRequestSchema,
    answer: patchPagosAnswerSchema,
    auth: true,
  },
} as const satisfies Record<string, CallDef>;

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
