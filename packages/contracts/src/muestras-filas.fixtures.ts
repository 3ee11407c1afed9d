import { archivoUrl } from "./common";
import { MSG } from "./messages";
/** Tiny but real contents: "%PDF-1.4\n", an XML prolog with a cfdi root, the PNG signature. */
export const PDF64 = "JVBERi0xLjQK";
export const XML64 = "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz48Y2ZkaTpDb21wcm9iYW50ZS8+";
export const PNG64 = "iVBORw0KGgo=";

export const UUID_FACTURA = "5FB2822E-396D-4725-8521-CDC4BDD20CCF";
export const UUID_PAGO = "A1B2C3D4-E5F6-4789-ABCD-0123456789AB";

export const ok = <T>(data: T) => ({ status: "success" as const, message: MSG.ok, data });

export const documentoCargado = {
  Val: "Y" as const,
  Dias: 45,
  Fecha: "2025-01-15",
  Archivo: archivoUrl("c0ffee42"),
};
export const documentoFaltante = { Val: "N" as const, Dias: null, Fecha: null, Archivo: "" };

export const sociedadHome = {
  Fila: 1,
  IdSociedad: 3,
  NomSociedad: "COMERCIALIZADORA DEL NORTE SA DE CV",
  RFC: "CNO010203AB1",
  Regimen: "601",
  CP: "64000",
  Estatus: "A",
  Constancia: archivoUrl(17),
};

export const empleadoRow = {
  Fila: 1,
  IdEmpleado: "jlopez",
  Perfil: "A" as const,
  Nombre: "Juana",
  Apellidos: "López Ramírez",
  Email: "jlopez@empresa.com.mx",
  IdArea: 2,
  Area: "Cuentas por pagar",
  Estatus: "A" as const,
  Pass: "" as const,
  VisuDocPen: "Y" as const,
};

export const proveedorRow = {
  Fila: 1,
  CardCode: "P00042",
  U_SYS_PMTYPE: "M" as const,
  CardName: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
  LicTradNum: "ATB990101AB3",
  Phone1: "4771234567",
  E_Mail: "ventas@acerosbajio.mx,cobranza@acerosbajio.mx",
  CntctPrsn: "Luis Hernández",
  U_SYS_PMPASS: "" as const,
  U_SYS_PMESPR: "C" as const,
  U_SYS_PMESRE: "A" as const,
  MOTRECHAZO: "",
  sociedades: [sociedadHome],
  ActaConstitutiva: documentoCargado,
  IdentificacionOficial: documentoCargado,
  ComprobanteDomicilio: documentoCargado,
  CedulaFiscal: documentoCargado,
  EstadoCuenta: documentoCargado,
  OpinionCumplimiento: { ...documentoCargado, Dias: -3 },
  CaratulaBancaria: { Dias: null, Fecha: null, Archivo: "" },
};

export const sociedadRow = {
  ...sociedadHome,
  UsuarioSAP: "manager",
  PassSAP: "" as const,
  BDSAP: "SBO_CNORTE",
  RetencionResico: true,
  RetencionArrendamiento: true,
  RetencionHonorarios: false,
  ClavesHonorarios: ["80111600"],
  DiasPago: [2, 4],
  MonedasSap: [{ Codigo: "MXP", Moneda: "MXN" }],
};

export const documentoCompra = {
  Fila: 1,
  U_SYS_PMSNBD: "COMERCIALIZADORA DEL NORTE SA DE CV",
  CardName: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
  DocNum: 1520,
  DocStatus: "O",
  DocDate: "2025-02-03",
  DocDueDate: "2025-03-05",
  GroupNum: 30,
  U_B1SYS_MainUsage: "G01",
  PeyMethod: "03",
  DocTotal: "11600.00",
  NumAtCard: "OC-2025-0042",
  Comments: "Entrega en almacén central",
  DiscPrcnt: "0",
  DiscSum: "0.00",
  VatSum: "1600.00",
  U_SYS_PMDPDF: archivoUrl(88),
  BD: "SBO_CNORTE",
  DocCur: "MXN",
};

export const pedidoRow = {
  ...documentoCompra,
  DetallePedido: [
    {
      IdPedido: 1520,
      Fila: 1,
      ItemCode: "FER-0142",
      ItemName: "TORNILLO HEX 1/2 X 2",
      FrgnName: "HEX BOLT 1/2 X 2",
      LineStatus: "O",
      UomCode: "PZA",
      Quantity: "1000",
      OpenQty: "250",
      PriceBefDi: "10.00",
      DiscPrcnt: "0",
      LineTotal: "10000.00",
    },
  ],
};

export const entradaRow = {
  ...documentoCompra,
  DocNum: 3310,
  U_SYS_PMDPDF: "",
  Pedido: 1520,
  CP: "37000",
  DocEntry: 3310,
  DetalleEntradaMercancia: [
    {
      IdEntrada: 3310,
      Fila: 1,
      ItemCode: "FER-0142",
      ItemName: "TORNILLO HEX 1/2 X 2",
      FrgnName: "HEX BOLT 1/2 X 2",
      LineStatus: "C",
      UomCode: "PZA",
      Quantity: "750",
      PriceBefDi: "10.00",
      DiscPrcnt: "0",
      LineTotal: "7500.00",
    },
  ],
};

/** Issue 27: a credit note of invoice 501. */
export const notaCreditoRow = {
  Fila: 1,
  IdNotaCredito: 17,
  NomSociedad: "COMERCIALIZADORA DEL NORTE SA DE CV",
  CardCode: "P00042",
  CardName: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
  BD: "SBO_CNORTE",
  FolioNotaCredito: "NC-17",
  UUID: "7C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F",
  TipoRelacion: "01",
  Relaciones: [{ TipoRelacion: "01", UUIDs: [UUID_FACTURA] }],
  FechaNotaCredito: "2025-02-20",
  Total: "1160.00",
  Moneda: "MXN",
  Estatus: "P" as const,
  Comentarios: "",
  Version: 2,
  PDF: archivoUrl("b16b00b5"),
  XML: archivoUrl("b16b00b6"),
  DocNumERP: null,
  EstadoERP: "" as const,
  ErrorERP: "",
  Facturas: [{ IdFactura: 501, FolioFactura: "A-1234", UUID: UUID_FACTURA, Importe: "1160.00" }],
};

export const facturaRow = {
  Fila: 1,
  IdFactura: 501,
  NomSociedad: "COMERCIALIZADORA DEL NORTE SA DE CV",
  CardName: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
  FolioFactura: "A-1234",
  RFC: "ATB990101AB3",
  RFCReceptor: "CNO010203AB1",
  CPEmisor: "37000",
  CPReceptor: "64000",
  UUID: UUID_FACTURA,
  Entrada: 3310,
  FechaFactura: "2025-02-10",
  Total: "8700.00",
  FormaPago: "99",
  TentativaPago: "2025-03-12",
  UsoPrincipal: "G01",
  MetodoPago: "PPD" as const,
  PDF: archivoUrl(101),
  XML: archivoUrl(102),
  Recepcion: archivoUrl(103),
  EstatusFactura: "P",
  CANCELED: "N",
  PaidToDate: "0.00",
  FechaPago: null,
  Comentarios: "",
  BD: "SBO_CNORTE",
  DocCur: "MXN",
  Regimen: "601",
  E_mail: "ventas@acerosbajio.mx",
  Version: 3,
  FolioSAP: 8123,
  EstadoERP: "creada" as const,
  ErrorERP: "",
};

export const pagoRow = {
  Fila: 1,
  IdPago: 77,
  NomSociedad: "COMERCIALIZADORA DEL NORTE SA DE CV",
  CardName: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
  U_SYS_PMUUID: UUID_PAGO,
  DocEntry: 9001,
  DocNum: 4410,
  U_SYS_PMFECC: "2025-03-13",
  DocDate: "2025-03-12",
  PymntGroup: "03",
  DocTotal: "8700.00",
  U_SYS_PMFECA: "2025-03-14",
  U_SYS_PMESPA: "P",
  CANCELED: "N",
  U_SYS_PMCOMC: archivoUrl(201),
  U_SYS_PMPDFC: archivoUrl(202),
  U_SYS_PMXMLC: archivoUrl(203),
  U_SYS_PMSNBD: "SBO_CNORTE",
  DocCur: "MXN",
  U_SYS_PMPARE: "1",
  RFCEmisor: "ATB990101AB3",
  RFCReceptor: "CNO010203AB1",
  CPEmisor: "37000",
  CPReceptor: "64000",
  Uso: "CP01",
  Regimen: "601",
  E_Mail: "ventas@acerosbajio.mx",
  Detalle: [
    { FolioSAP: 7788, FolioFactura: "A-1234", UUID: UUID_FACTURA, FechaFactura: "2025-02-10", Total: "8700.00" },
  ],
};
