/**
 * The SAT's Descarga Masiva web service (issue 43): its four services' paths under each host and the SOAP actions,
 * as @nodecfdi/sat-ws-descarga-masiva's ServiceEndpoints.cfdi() and Service write them. The simulator serves the
 * same paths under its prefix, so the client differs only by its base addresses.
 */
export const RUTAS_DESCARGA_MASIVA = {
  autentica: "/Autenticacion/Autenticacion.svc",
  solicita: "/SolicitaDescargaService.svc",
  verifica: "/VerificaSolicitudDescargaService.svc",
  descarga: "/DescargaMasivaService.svc",
} as const;

/** The SAT's hosts: requests (authentication, query, verification) on one, package downloads on another. */
export const SAT_DESCARGA_SOLICITUD_URL = "https://cfdidescargamasivasolicitud.clouda.sat.gob.mx";
export const SAT_DESCARGA_PAQUETES_URL = "https://cfdidescargamasiva.clouda.sat.gob.mx";

export const ACCION_AUTENTICA = "http://DescargaMasivaTerceros.gob.mx/IAutenticacion/Autentica";
export const ACCION_SOLICITA_RECIBIDOS =
  "http://DescargaMasivaTerceros.sat.gob.mx/ISolicitaDescargaService/SolicitaDescargaRecibidos";
export const ACCION_VERIFICA =
  "http://DescargaMasivaTerceros.sat.gob.mx/IVerificaSolicitudDescargaService/VerificaSolicitudDescarga";
export const ACCION_DESCARGAR = "http://DescargaMasivaTerceros.sat.gob.mx/IDescargaMasivaTercerosService/Descargar";
