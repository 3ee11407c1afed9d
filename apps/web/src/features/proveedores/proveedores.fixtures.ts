import type { DocumentoProveedorRow, ProveedorRow } from "@portal/contracts";

/** Supplier rows shaped like the demo seed, for the feature's tests. */

const loadedDocumento = (id: string, dias: number | null): DocumentoProveedorRow => ({
  Val: "Y",
  Dias: dias,
  Fecha: "2026-05-04",
  Archivo: `/api/archivos/${id}`,
});
const faltante: DocumentoProveedorRow = { Val: "Y", Dias: null, Fecha: null, Archivo: "" };
const noAplica: DocumentoProveedorRow = { Val: "N", Dias: null, Fecha: null, Archivo: "" };

export const KEMPER: ProveedorRow = {
  Fila: 1,
  CardCode: "P00001",
  U_SYS_PMTYPE: "M",
  CardName: "ESCUELA KEMPER URGATE",
  LicTradNum: "EKU9003173C9",
  Phone1: "55 5550 1234",
  E_Mail: "facturacion@kemper.edu.mx,cobranza@kemper.edu.mx",
  CntctPrsn: "Rosa María Kemper",
  U_SYS_PMPASS: "",
  U_SYS_PMESPR: "C",
  U_SYS_PMESRE: "A",
  MOTRECHAZO: "",
  sociedades: [
    {
      Fila: 1,
      IdSociedad: 1,
      NomSociedad: "MUNICIPIO DE CUAUTITLAN IZCALLI",
      RFC: "MCI7306249Y1",
      Regimen: "603",
      CP: "54700",
      Estatus: "A",
      Constancia: "/api/archivos/mci",
    },
  ],
  ActaConstitutiva: loadedDocumento("acta", null),
  IdentificacionOficial: loadedDocumento("ine", null),
  ComprobanteDomicilio: loadedDocumento("dom", 80),
  CedulaFiscal: loadedDocumento("ced", 300),
  EstadoCuenta: loadedDocumento("edo", 80),
  OpinionCumplimiento: loadedDocumento("opi", 20),
  CaratulaBancaria: { Dias: 300, Fecha: "2026-05-04", Archivo: "/api/archivos/car" },
};

export const BERENICE: ProveedorRow = {
  Fila: 2,
  CardCode: "P00002",
  U_SYS_PMTYPE: "F",
  CardName: "BERENICE XIMO QUEZADA",
  LicTradNum: "XIQB891116QE4",
  Phone1: "33 3615 9876",
  E_Mail: "berenice.ximo@correo.com.mx",
  CntctPrsn: "Berenice Ximo Quezada",
  U_SYS_PMPASS: "",
  U_SYS_PMESPR: "C",
  U_SYS_PMESRE: "A",
  MOTRECHAZO: "",
  sociedades: [],
  ActaConstitutiva: noAplica,
  IdentificacionOficial: loadedDocumento("ine2", null),
  ComprobanteDomicilio: loadedDocumento("dom2", -3),
  CedulaFiscal: loadedDocumento("ced2", 300),
  EstadoCuenta: noAplica,
  OpinionCumplimiento: faltante,
  CaratulaBancaria: { Dias: null, Fecha: null, Archivo: "" },
};

/** The smallest file that passes the PDF signature check. */
export const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
