import { type ConciliacionSatRow, ETIQUETAS_CONCILIACION, type SociedadRow } from "@portal/contracts";

/** Web test fixtures of 'Conciliación SAT' (issue 43 §4). */
export const SOCIEDADES: SociedadRow[] = [
  {
    Fila: 1,
    IdSociedad: 4,
    NomSociedad: "MCI, S.A. DE C.V.",
    RFC: "EKU9003173C9",
    Regimen: "601",
    CP: "1000",
    Estatus: "A",
    UsuarioSAP: "manager",
    PassSAP: "",
    BDSAP: "SBO_MCI",
    Constancia: "",
  },
];

const base = {
  CardCode: "P00002",
  RfcEmisor: "XIQB891116QE4",
  NombreEmisor: "BERENICE XIMO QUEZADA",
  Moneda: "MXN",
  DocEntrySap: null,
} as const;

export const FILAS: ConciliacionSatRow[] = [
  {
    ...base,
    UUID: "11111111-1111-4111-8111-111111111111",
    FechaEmision: "2026-11-03T10:00:00",
    TotalSat: "1160.00",
    TotalPortal: "1160.00",
    EstatusSat: "Vigente",
    EstatusPortal: "Aceptada",
    DocEntrySap: 501,
    Etiqueta: ETIQUETAS_CONCILIACION.conciliado,
    XmlSat: "/api/archivos/6f1c2d3e-0000-4000-8000-000000000001",
  },
  {
    ...base,
    UUID: "22222222-2222-4222-8222-222222222222",
    FechaEmision: "2026-11-05T12:00:00",
    Moneda: null,
    TotalSat: "580.00",
    TotalPortal: null,
    EstatusSat: "Vigente",
    EstatusPortal: null,
    Etiqueta: ETIQUETAS_CONCILIACION.faltaPortal,
  },
  {
    ...base,
    UUID: "33333333-3333-4333-8333-333333333333",
    FechaEmision: "2026-11-06T12:00:00",
    Moneda: null,
    TotalSat: "90.00",
    TotalPortal: null,
    EstatusSat: "Vigente",
    EstatusPortal: null,
    Etiqueta: ETIQUETAS_CONCILIACION.faltaPortal,
  },
  {
    ...base,
    CardCode: "P00001",
    RfcEmisor: "EKU9003173C9",
    NombreEmisor: "ESCUELA KEMPER URGATE",
    UUID: "44444444-4444-4444-8444-444444444444",
    FechaEmision: "2026-11-07T09:00:00",
    TotalSat: "2500.50",
    TotalPortal: "2500.50",
    EstatusSat: "Cancelado",
    EstatusPortal: "Aceptada",
    DocEntrySap: 502,
    Etiqueta: ETIQUETAS_CONCILIACION.canceladoTrasAceptar,
  },
];

export const AJENOS: ConciliacionSatRow[] = [
  {
    ...base,
    CardCode: null,
    RfcEmisor: "AAA010101AAA",
    NombreEmisor: "PAPELERÍA AJENA",
    UUID: "55555555-5555-4555-8555-555555555555",
    FechaEmision: "2026-11-10T09:00:00",
    Moneda: null,
    TotalSat: "300.00",
    TotalPortal: null,
    EstatusSat: "Vigente",
    EstatusPortal: null,
    Etiqueta: ETIQUETAS_CONCILIACION.faltaPortal,
  },
];

export const CONCILIACION = {
  Filas: FILAS,
  Ajenos: AJENOS,
  Totales: [
    { Moneda: "MXN", Cantidad: 2, TotalSat: "3660.50", TotalPortal: "3660.50" },
    { Moneda: "Sin moneda", Cantidad: 3, TotalSat: "970.00", TotalPortal: "0.00" },
  ],
  Descarga: {
    Estado: "reintentar" as const,
    Motivo:
      "El SAT respondió 5002: se han agotado las solicitudes con estos parámetros; se volverá a solicitar al día siguiente.",
    Desde: "2026-10-01 00:00:00",
    Hasta: "2026-11-29 06:00:00",
    Actualizada: "2026-11-29T12:00:00.000Z",
    Siguiente: "2026-11-30T12:00:00.000Z",
    Cfdi: 4,
  },
};
