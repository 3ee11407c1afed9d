import { SOLICITUD_CUENTA_MSG } from "./messages-solicitudes-cuenta";
import { ok, PDF64 } from "./muestras-filas.fixtures";
import type { CuentaBancariaDatos, SolicitudCuentaRow } from "./solicitudes-cuenta";

/** Sample calls of the bank accounts and their change requests (issue 41 items 1 and 2, decision 069). */
const cuentaActual: CuentaBancariaDatos = {
  Tipo: "clabe",
  CLABE: "032180000118359719",
  IBAN: "",
  NumeroCuenta: "",
  SWIFT: "",
  ABA: "",
  Pais: "MX",
  BancoCodigo: "032",
  Banco: "IXE Banco",
  Titular: "ESCUELA KEMPER URGATE SA DE CV",
  Moneda: "MXN",
  Archivo: "/api/archivos/8f3c2a10-0b1d-4c7e-9a55-3f1e2d4c5b6a",
  ArchivoNombre: "caratula-ixe.pdf",
};

const solicitud: SolicitudCuentaRow = {
  ...cuentaActual,
  CLABE: "002010077777777771",
  BancoCodigo: "002",
  Banco: "Banco Nacional de México",
  Archivo: "/api/archivos/1c9b7e2f-5d0a-4e3b-8f61-2a7c9d0e4b13",
  ArchivoNombre: "carta-banamex.pdf",
  Id: 7,
  CardCode: "P00042",
  Proveedor: "ESCUELA KEMPER URGATE SA DE CV",
  Estatus: "pendiente",
  CapturadaPor: "ESCUELA KEMPER URGATE SA DE CV",
  CapturadaEl: "2026-11-20T16:05:00.000Z",
  Revisor: "",
  DecididaEl: "",
  Motivo: "",
  Version: 1,
  CuentaActual: cuentaActual,
  PuedeDecidir: true,
};

export const MUESTRAS_CUENTAS = {
  getConciliacionSat: {
    request: { Sociedad: 2, Periodo: "2026-11" },
    answer: ok({
      Filas: [
        {
          UUID: "5E2D6AFF-2DD7-43D1-83D3-14C1ACA396D9",
          RfcEmisor: "EKU9003173C9",
          NombreEmisor: "ESCUELA KEMPER URGATE",
          CardCode: "P00001",
          FechaEmision: "2026-11-15T12:00:00",
          Moneda: null,
          TotalSat: "1160.00",
          TotalPortal: null,
          EstatusSat: "Vigente",
          EstatusPortal: null,
          DocEntrySap: null,
          Etiqueta: "Falta en el portal",
        },
      ],
      Ajenos: [],
      Totales: [{ Moneda: "Sin moneda", Cantidad: 1, TotalSat: "1160.00", TotalPortal: "0.00" }],
      Descarga: {
        Estado: "terminada" as const,
        Motivo: "",
        Desde: "2026-10-01 00:00:00",
        Hasta: "2026-11-29 06:00:00",
        Actualizada: "2026-11-29T12:00:00.000Z",
        Siguiente: "2026-11-30T12:00:00.000Z",
        Cfdi: 1,
      },
    }),
  },
  avisarProveedorConciliacion: {
    request: { Sociedad: 2, Periodo: "2026-11", CardCode: "P00001" },
    answer: {
      status: "success" as const,
      message: "Se envió al proveedor P00001 un correo con 1 CFDI que faltan en el portal.",
    },
  },
  uploadEfirmaSociedad: {
    request: { Numero: 2, Certificado: PDF64, Llave: PDF64, Contraseña: "12345678a" },
    answer: ok({ Vence: "2027-05-17T04:37:14.000Z", NumeroCertificado: "30001000000500003442" }),
  },
  ejecutarDescargaSat: {
    request: {},
    answer: {
      status: "success" as const,
      message: "1 sociedad(es) consultada(s); 12 CFDI recibido(s) registrado(s) o actualizado(s).",
    },
  },
  descargarXmlSat: {
    request: { Sociedad: 4, Periodo: "2026-10" },
    answer: {
      status: "success" as const,
      message: "Se guardó el XML de 3 CFDI recibido(s) del 2026-10-01 00:00:00 al 2026-10-31 23:59:59.",
    },
  },
  getCuentasBancarias: {
    request: {},
    answer: ok({
      Cuentas: [{ ...cuentaActual, Id: 3, AprobadaEl: "2026-10-02T15:00:00.000Z" }],
      Solicitudes: [solicitud],
    }),
  },
  postSolicitudCuentaBancaria: {
    request: {
      Tipo: "clabe" as const,
      CLABE: "002010077777777771",
      Moneda: "MXN",
      PDF: "carta-banamex.pdf",
      PDF64,
    },
    answer: { status: "success" as const, message: SOLICITUD_CUENTA_MSG.creada, data: { Id: 7 } },
  },
  getSolicitudesCuentaBancaria: {
    request: { Estatus: "pendiente" as const },
    answer: ok({ PuedeAprobar: true, Solicitudes: [solicitud] }),
  },
  getSolicitudCuentaBancaria: {
    request: { Solicitud: 7 },
    answer: ok({
      Solicitud: solicitud,
      Historial: [
        {
          Fecha: "2026-11-20T16:05:00.000Z",
          Quien: "ESCUELA KEMPER URGATE SA DE CV",
          Operador: "Proveedor",
          Campo: "estatus",
          De: "",
          A: "pendiente",
          Comentario: SOLICITUD_CUENTA_MSG.auditoria.solicitada,
        },
      ],
    }),
  },
  aprobarSolicitudCuentaBancaria: {
    request: { Solicitud: 7, Version: 1 },
    answer: { status: "success" as const, message: SOLICITUD_CUENTA_MSG.aprobada(3) },
  },
  rechazarSolicitudCuentaBancaria: {
    request: { Solicitud: 7, Version: 1, Motivo: "La carta del banco no corresponde al proveedor." },
    answer: { status: "success" as const, message: SOLICITUD_CUENTA_MSG.rechazada },
  },
};
