/**
 * Realistic sample request and answer of every call in CALLS, for the contract tests (and handy for API and
 * web tests). Typed against the schemas, so a contract change that breaks a sample fails the type check too.
 */
import type { z } from "zod";
import type { CallAnswer, CallName, CallRequest } from "./calls";
import { BLOQUEO_ERP_MSG } from "./facturas-pendientes";
import { MSG } from "./messages";
import { INVITACION_MSG } from "./messages-invitaciones";
import { RESTABLECER_MSG } from "./messages-restablecer";
import { SEGUNDO_FACTOR_MSG } from "./messages-segundo-factor";
import { MUESTRAS_CUENTAS } from "./muestras-cuentas.fixtures";
import { MUESTRAS_PEDIDOS_SERVICIO } from "./muestras-pedidos.fixtures";
import { NOTA_CREDITO_MSG } from "./notas-credito";
import type { postPagoEmpleadoRequestSchema } from "./pagos";

// The sample rows and constants, exported from here as before (muestras-filas.fixtures.ts).
export * from "./muestras-filas.fixtures";

import {
  empleadoRow,
  entradaRow,
  facturaRow,
  notaCreditoRow,
  ok,
  PDF64,
  PNG64,
  pagoRow,
  pedidoRow,
  proveedorRow,
  sociedadHome,
  sociedadRow,
  UUID_FACTURA,
  UUID_PAGO,
  XML64,
} from "./muestras-filas.fixtures";

type Muestra<N extends CallName> = {
  request?: CallRequest<N>;
  params?: { id: string };
  answer: CallAnswer<N>;
};

const CODIGOS_MUESTRA = [
  "7KQ2M-9XW4T",
  "H3V8R-2NP6C",
  "Q5T1J-8MZ3K",
  "B9W4X-6RD2F",
  "N2C7P-4HK9S",
  "Y6M3T-1VQ8G",
  "D4R9K-7BX2W",
  "F8P2Z-3JN5M",
  "S1X6C-9TG4R",
  "W7K3V-5QH1D",
];

export const MUESTRAS = {
  login: {
    request: { usuario: "jlopez", password: "Secreto123", operador: "Empleado" },
    answer: ok({ perfil: "A", nombre: "Juana López", token: "tok_9f8e7d", id: "jlopez", VisuDocPen: "Y" }),
  },
  logout: { answer: { status: "success", message: MSG.sesionCerrada } },
  renovarSesion: { answer: { status: "success", message: MSG.sesionRenovada } },
  verificarSegundoFactor: {
    request: { codigo: "287082" },
    answer: { status: "success", message: SEGUNDO_FACTOR_MSG.verificado },
  },
  estadoSegundoFactor: { answer: ok({ requerido: true, inscrito: true, paso: null, codigosRestantes: 9 }) },
  iniciarInscripcionSegundoFactor: {
    answer: ok({
      secreto: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      uri: "otpauth://totp/Portal%20de%20Proveedores:jlopez?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Portal%20de%20Proveedores&algorithm=SHA1&digits=6&period=30",
    }),
  },
  confirmarInscripcionSegundoFactor: {
    request: { codigo: "287082" },
    answer: ok({ codigos: CODIGOS_MUESTRA }),
  },
  regenerarCodigosRecuperacion: { answer: ok({ codigos: CODIGOS_MUESTRA }) },
  desactivarSegundoFactor: {
    request: { codigo: "ABCDE-12345" },
    answer: { status: "success", message: SEGUNDO_FACTOR_MSG.desactivado },
  },
  restablecerSegundoFactor: {
    request: { Usuario: "mperez" },
    answer: { status: "success", message: SEGUNDO_FACTOR_MSG.restablecido },
  },
  solicitarRestablecimiento: {
    request: { operador: "Empleado", usuario: "jlopez" },
    answer: { status: "success", message: RESTABLECER_MSG.solicitudRecibida },
  },
  restablecerPassword: {
    request: { token: "q3Xv9w0bZ1kLmN2pR4sT6uV8yA_cD-eF3gH5iJ7kL9m", password: "Tlacuache7Verde42" },
    answer: { status: "success", message: RESTABLECER_MSG.passwordRestablecida },
  },
  getInvitacion: {
    request: { token: "q3Xv9w0bZ1kLmN2pR4sT6uV8yA_cD-eF3gH5iJ7kL9m" },
    answer: ok({ Nombre: "Empaques del Bajío", NomSociedad: "Comercializadora Norte" }),
  },
  registrarProveedor: {
    request: {
      token: "q3Xv9w0bZ1kLmN2pR4sT6uV8yA_cD-eF3gH5iJ7kL9m",
      RFC: "EBA1203157K2",
      password: "Tlacuache7Verde42",
      Phone1: "4421234567",
      CntctPrsn: "Rosa Méndez",
    },
    answer: { status: "success", message: INVITACION_MSG.registroRecibido },
  },
  createInvitacion: {
    request: { RFC: "EBA1203157K2", Nombre: "Empaques del Bajío", Correo: "compras@empaques.mx", IdSociedad: 1 },
    answer: { status: "success", message: INVITACION_MSG.invitacionEnviada("compras@empaques.mx") },
  },
  getInvitaciones: {
    request: { usuario: "jlopez", operador: "Empleado" },
    answer: ok([
      {
        IdInvitacion: 7,
        RFC: "EBA1203157K2",
        Nombre: "Empaques del Bajío",
        Correo: "compras@empaques.mx",
        IdSociedad: 1,
        NomSociedad: "Comercializadora Norte",
        CardCode: "PEBA1203157K2",
        Estatus: "registrada",
        Invito: "Juana López",
        Creada: "2026-11-29T10:00:00.000Z",
        Vence: "2026-12-02T10:00:00.000Z",
        Registrada: "2026-11-29T12:30:00.000Z",
        Decidio: "",
        Motivo: "",
        SocioCreado: "",
        version: 2,
      },
    ]),
  },
  approveRegistro: {
    request: { IdInvitacion: 7, version: 2 },
    answer: { status: "success", message: INVITACION_MSG.registroAprobado("PEBA1203157K2", true) },
  },
  rejectRegistro: {
    request: { IdInvitacion: 7, version: 2, Motivo: "La razón social no corresponde a la constancia." },
    answer: { status: "success", message: INVITACION_MSG.registroRechazado },
  },
  health: { answer: ok({ database: "ok" }) },
  getArchivo: { params: { id: "101" }, answer: new Uint8Array([0x25, 0x50, 0x44, 0x46]) },
  homeGetSociedades: {
    request: { usuario: "P00042", operador: "Proveedor", dato: "SN" },
    answer: ok([sociedadHome]),
  },
  homeRowDocuments: {
    request: { usuario: "P00042", operador: "Proveedor", dato: "Pedidos" },
    answer: ok({ Registro: 12 }),
  },
  homeGetPagosProximos: {
    request: { usuario: "P00042", operador: "Proveedor" },
    answer: ok({
      Desde: "2026-11-26",
      Hasta: "2026-12-26",
      Semanas: [
        {
          Desde: "2026-11-26",
          Hasta: "2026-11-29",
          Importes: [{ DocCur: "MXN", Total: "3327.01", Facturas: 1 }],
        },
      ],
      Atrasado: [],
    }),
  },
  getAreas: { answer: ok([{ IdArea: 2, Nombre: "Cuentas por pagar" }]) },
  rowEmpleados: { request: { usuario: "jlopez", operador: "Empleado", tipo: "Lista" }, answer: ok([empleadoRow]) },
  createEmpleado: {
    request: {
      Usuario: "mperez",
      RolEmpleado: "G",
      Nombre: "Mario",
      Apellidos: "Pérez Soto",
      Correo: "mperez@empresa.com.mx",
      Area: 2,
      Estatus: "A",
      Contraseña: "Inicio2025",
      ViDocPen: "N",
    },
    answer: { status: "success", message: MSG.empleadoCreado },
  },
  updateEmpleado: {
    request: {
      Id: 3,
      Usuario: "mperez",
      RolEmpleado: "A",
      Nombre: "Mario",
      Apellidos: "Pérez Soto",
      Correo: "mperez@empresa.com.mx",
      Area: 2,
      Estatus: "A",
      Contraseña: "",
      ViDocPen: "Y",
    },
    answer: { status: "success", message: MSG.empleadoActualizado },
  },
  updateEstatusEmpleado: {
    request: { Usuario: "mperez", Estatus: "I" },
    answer: { status: "success", message: MSG.empleadoDesactivado },
  },
  proveedoresGetSociedades: { answer: ok([{ IdSociedad: 3, NomSociedad: "COMERCIALIZADORA DEL NORTE SA DE CV" }]) },
  rowProveedores: { request: { usuario: "P00042", operador: "Proveedor", tipo: "Perfil" }, answer: ok([proveedorRow]) },
  updateProveedor: {
    request: {
      CardCode: "P00042",
      Phone1: "4771234567",
      E_Mail: "ventas@acerosbajio.mx",
      CntctPrsn: "Luis Hernández",
      U_SYS_PMPASS: "",
      ActaConstitutiva: { Archivo: "acta.pdf", Archivo64: PDF64 },
      OpinionCumplimiento: { Archivo: "opinion-32d.pdf", Archivo64: PDF64 },
      CaratulaBancaria: { Archivo: "caratula.pdf", Archivo64: PDF64 },
    },
    answer: { status: "success", message: MSG.proveedorActualizado },
  },
  sentCorreo: {
    request: {
      Correo: "ventas@acerosbajio.mx",
      Tipo: "Proveedor",
      Usuario: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
      EstatusRegistro: "R",
      Estatus: "A",
      Observaciones: "La opinión de cumplimiento está vencida.",
    },
    answer: { status: "success", message: MSG.ok },
  },
  addSociedad: {
    request: { CardCode: "P00042", IdSociedad: 3 },
    answer: { status: "success", message: MSG.sociedadVinculada },
  },
  rowSociedades: { request: { usuario: "jlopez", operador: "Empleado" }, answer: ok([sociedadRow]) },
  createSociedad: {
    request: {
      RazonSocial: "COMERCIALIZADORA DEL NORTE SA DE CV",
      RFC: "CNO010203AB1",
      RegimenFiscal: "601",
      CodigoPostal: "64000",
      Estatus: "A",
      UsuarioSAP: "manager",
      ContraseñaSAP: "B1Admin!",
      BDSAP: "SBO_CNORTE",
      CartaSituacionFiscal: PDF64,
      CartaSituacionFiscalNombre: "csf-cno.pdf",
    },
    answer: { status: "success", message: MSG.sociedadCreada },
  },
  updateSociedad: {
    request: {
      id: 1,
      Numero: 3,
      RazonSocial: "COMERCIALIZADORA DEL NORTE SA DE CV",
      RFC: "CNO010203AB1",
      RegimenFiscal: "601",
      CodigoPostal: "64000",
      Estatus: "I",
      UsuarioSAP: "manager",
      ContraseñaSAP: "",
      BDSAP: "SBO_CNORTE",
      CartaSituacionFiscal: "",
      CartaSituacionFiscalNombre: "",
      RetencionResico: true,
      RetencionArrendamiento: true,
      RetencionHonorarios: true,
      ClavesHonorarios: ["80111600", "80111601"],
      DiasPago: [2, 4],
      MonedasSap: [
        { Codigo: "MXP", Moneda: "MXN" },
        { Codigo: "US$", Moneda: "USD" },
      ],
    },
    answer: { status: "success", message: MSG.sociedadActualizada },
  },
  getPedidos: { request: { usuario: "P00042", operador: "Proveedor" }, answer: ok([pedidoRow]) },
  getEntradasMercancia: { request: { usuario: "P00042", operador: "Proveedor" }, answer: ok([entradaRow]) },
  getFacturas: { request: { usuario: "P00042", operador: "Proveedor" }, answer: ok([facturaRow]) },
  facturasGetSociedades: {
    request: { usuario: "P00042", operador: "Proveedor" },
    answer: ok([
      {
        IdSociedad: 3,
        NomSociedad: "COMERCIALIZADORA DEL NORTE SA DE CV",
        RFC: "CNO010203AB1",
        Regimen: "601",
        CP: "64000",
        BDSAP: "SBO_CNORTE",
      },
    ]),
  },
  getProveedor: {
    request: { usuario: "P00042", operador: "Proveedor" },
    answer: ok([
      {
        CardCode: "P00042",
        CardName: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
        LicTradNum: "ATB990101AB3",
        E_Mail: "ventas@acerosbajio.mx",
      },
    ]),
  },
  getHistorialFactura: {
    request: { usuario: "P00042", operador: "Proveedor", IdFactura: 17 },
    answer: ok([
      {
        Fecha: "2026-11-20T16:02:11.000Z",
        Quien: "Administrador del Portal",
        Operador: "Empleado",
        Campo: "estatus",
        De: "P",
        A: "R",
        Comentario: "La referencia no corresponde a la orden de compra.",
      },
    ]),
  },
  // 11,020.00 − 1,160.00 (note, 3 Nov) = 9,860.00; − 5,000.00 (payment 2064, 10 Nov) = 4,860.00.
  getSaldoFactura: {
    request: { usuario: "P00042", operador: "Proveedor", IdFactura: 17 },
    answer: ok({
      IdFactura: 17,
      Total: "11020.00",
      Moneda: "MXN",
      Saldo: "4860.00",
      Movimientos: [
        {
          Tipo: "nota",
          Fecha: "2026-11-03",
          DocNum: null,
          Folio: "NC-88",
          UUID: "5B1E2C3D-4F50-4A61-8B72-9C83D4E5F601",
          Importe: "1160.00",
          SaldoAnterior: "11020.00",
          SaldoPosterior: "9860.00",
        },
        {
          Tipo: "pago",
          Fecha: "2026-11-10",
          DocNum: 2064,
          Folio: "",
          UUID: "",
          Importe: "5000.00",
          SaldoAnterior: "9860.00",
          SaldoPosterior: "4860.00",
        },
      ],
      PagosLeidos: true,
    }),
  },
  getEntradas: {
    request: { usuario: "P00042", operador: "Proveedor", BD: "SBO_CNORTE", tipo: "Nuevo" },
    answer: ok([
      {
        Fila: 1,
        DocNum: 3310,
        DocEntry: 3310,
        DocTotal: "8700.00",
        DocCur: "MXN",
        PeyMethod: "99",
        U_B1SYS_MainUsage: "G01",
        CP: "37000",
        GroupNum: 30,
        Pedido: 1520,
        NomSociedad: "COMERCIALIZADORA DEL NORTE SA DE CV",
        CardName: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
        DocDate: "2025-02-08",
        DocDueDate: "2025-03-10",
        NumAtCard: "OC-2025-0042",
        Comments: "",
        DocStatus: "O",
      },
    ]),
  },
  postFactura: {
    request: {
      id: "P00042",
      usuario: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
      operador: "Proveedor",
      RazonSocial: "SBO_CNORTE",
      EntradaMercancia: 3310,
      EntradaDocEntry: 3310,
      PDF: "A-1234.pdf",
      XML: "A-1234.xml",
      Recepcion: "recepcion.png",
      PDF64,
      XML64,
      Recepcion64: PNG64,
      FolioFactura: "A-1234",
      RFCEmisor: "ATB990101AB3",
      RFCReceptor: "CNO010203AB1",
      NombreEmisor: "ACEROS Y TORNILLOS DEL BAJIO",
      NombreReceptor: "COMERCIALIZADORA DEL NORTE",
      UUID: UUID_FACTURA,
      FechaFactura: "2025-02-10T12:30:00",
      Total: 8700,
      FormaPago: "99",
      UsoPrincipal: "G01",
      MetodoPago: "PPD",
      CPReceptor: "64000",
      CPEmisor: "37000",
      Regimen: "601",
      Moneda: "MXN",
      TipoDeCambio: "1",
      Retenciones: "N",
    },
    answer: { status: "success", message: MSG.facturaRegistrada },
  },
  patchFactura: {
    request: {
      IdFactura: 501,
      id: "P00042",
      usuario: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
      operador: "Proveedor",
      RazonSocial: "SBO_CNORTE",
      EntradaMercancia: 3310,
      PDF: "A-1234-v2.pdf",
      PDF64,
      XML: "",
      XML64: "",
      FolioFactura: "A-1234",
      RFCEmisor: "ATB990101AB3",
      RFCReceptor: "CNO010203AB1",
      NombreEmisor: "ACEROS Y TORNILLOS DEL BAJIO",
      NombreReceptor: "COMERCIALIZADORA DEL NORTE",
      UUID: UUID_FACTURA,
      FechaFactura: "2025-02-10",
      Total: "8700.00",
      FormaPago: "99",
      UsoPrincipal: "G01",
      MetodoPago: "PPD",
      Estatus: "Rechazada",
      EstatusPago: "Pendiente",
      FechaPago: null,
      Comentarios: "Se corrige el PDF",
      BD: "SBO_CNORTE",
      CPReceptor: "64000",
      CPEmisor: "37000",
      Regimen: "601",
    },
    answer: { status: "success", message: MSG.facturaActualizada("A-1234") },
  },
  facturasPendientesGetFacturas: { request: { usuario: "jlopez", operador: "Empleado" }, answer: ok([facturaRow]) },
  facturasPendientesPatchFactura: {
    request: [
      {
        usuario: "Juana López",
        id: "jlopez",
        operador: "Empleado",
        Factura: 501,
        Comentarios: "",
        Estatus: "A",
        BD: "SBO_CNORTE",
        Correo: "ventas@acerosbajio.mx",
        Version: 3,
      },
      {
        usuario: "Juana López",
        id: "jlopez",
        operador: "Empleado",
        Factura: 502,
        Comentarios: "El XML no corresponde a la entrada",
        Estatus: "R",
        BD: "SBO_CNORTE",
        Correo: "ventas@acerosbajio.mx",
        Version: 1,
      },
    ],
    answer: { status: "success", message: MSG.revisionExito },
  },
  facturasPendientesReintentarErp: {
    request: { usuario: "Juana López", id: "jlopez", operador: "Empleado", Factura: 501 },
    answer: { status: "success", message: MSG.erpFacturaCreada(8123) },
  },
  facturasPendientesQuitarBloqueoPago: {
    request: {
      usuario: "Juana López",
      id: "jlopez",
      operador: "Empleado",
      Factura: 501,
      Version: 4,
      Motivo: "El SAT canceló el CFDI por error; el proveedor lo confirmó por escrito.",
    },
    answer: { status: "success", message: MSG.bloqueoPagoQuitado("A-1234") },
  },
  facturasPendientesReintentarBloqueoErp: {
    request: { usuario: "Juana López", id: "jlopez", operador: "Empleado", Factura: 501 },
    answer: { status: "success", message: BLOQUEO_ERP_MSG.registrado(true) },
  },
  getNotasCredito: { request: { usuario: "P00042", operador: "Proveedor" }, answer: ok([notaCreditoRow]) },
  getNotaCredito: {
    request: { usuario: "P00042", operador: "Proveedor", IdNotaCredito: 17 },
    answer: ok({
      NotaCredito: notaCreditoRow,
      Historial: [
        {
          Fecha: "2026-11-21T09:15:00.000Z",
          Quien: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
          Operador: "Proveedor",
          Campo: "registro",
          De: "",
          A: "P · UUID 7C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F · facturas A-1234",
          Comentario: "",
        },
      ],
    }),
  },
  postNotaCredito: {
    request: {
      id: "P00042",
      usuario: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
      operador: "Proveedor",
      RazonSocial: "SBO_CNORTE",
      PDF: "NC-17.pdf",
      XML: "NC-17.xml",
      PDF64,
      XML64,
    },
    answer: { status: "success", message: NOTA_CREDITO_MSG.registrada },
  },
  notasCreditoPendientesGetNotasCredito: {
    request: { usuario: "jlopez", operador: "Empleado" },
    answer: ok([notaCreditoRow]),
  },
  notasCreditoPendientesPatchNotaCredito: {
    request: [
      {
        usuario: "Juana López",
        id: "jlopez",
        operador: "Empleado",
        NotaCredito: 17,
        Comentarios: "",
        Estatus: "A",
        Version: 2,
      },
    ],
    answer: { status: "success", message: MSG.revisionExito },
  },
  notasCreditoPendientesReintentarErp: {
    request: { usuario: "Juana López", id: "jlopez", operador: "Empleado", NotaCredito: 17 },
    answer: { status: "success", message: NOTA_CREDITO_MSG.erpCreada(9120) },
  },
  getComplementoEsperado: {
    request: { usuario: "P00042", operador: "Proveedor", BD: "SBO_CNORTE", PagoSAP: 4410 },
    answer: ok({
      FechaPago: "2025-03-10T12:00:00",
      FormaDePagoP: "03",
      MonedaP: "MXN",
      TipoCambioP: "1",
      Monto: "5000.00",
      FechaLimite: "2025-04-05",
      Documentos: [
        {
          IdDocumento: UUID_FACTURA,
          Serie: "A",
          Folio: "1234",
          MonedaDR: "MXN",
          EquivalenciaDR: "1",
          NumParcialidad: 2,
          ImpSaldoAnt: "8700.00",
          ImpPagado: "5000.00",
          ImpSaldoInsoluto: "3700.00",
          ObjetoImpDR: "02",
          TrasladosDR: [
            {
              BaseDR: "4310.34",
              ImpuestoDR: "002",
              TipoFactorDR: "Tasa",
              TasaOCuotaDR: "0.160000",
              ImporteDR: "689.65",
            },
          ],
        },
      ],
      TrasladosP: [
        {
          BaseP: "4310.340000",
          ImpuestoP: "002",
          TipoFactorP: "Tasa",
          TasaOCuotaP: "0.160000",
          ImporteP: "689.650000",
        },
      ],
      Totales: {
        TotalTrasladosBaseIVA16: "4310.34",
        TotalTrasladosImpuestoIVA16: "689.65",
        MontoTotalPagos: "5000.00",
      },
    }),
  },
  getPagos: { request: { usuario: "P00042", operador: "Proveedor" }, answer: ok([pagoRow]) },
  getHistorialPago: {
    request: { usuario: "P00042", operador: "Proveedor", IdPago: 9 },
    answer: ok([
      {
        Fecha: "2026-11-21T10:15:00.000Z",
        Quien: "Administrador del Portal",
        Operador: "Empleado",
        Campo: "estatus",
        De: "P",
        A: "R",
        Comentario: "El complemento no incluye la factura 1192.",
      },
    ]),
  },
  postPago: {
    request: {
      usuario: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
      operador: "Proveedor",
      id: "P00042",
      Correo: "ventas@acerosbajio.mx",
      PagoSAP: 4410,
      BD: "SBO_CNORTE",
      PDF: "rep-4410.pdf",
      PDF64,
      XML: "rep-4410.xml",
      XML64,
      FechaPago: "2025-03-12T00:00:00",
      Folio: "P-88",
      Total: "8700.00",
      RFCEmisor: "ATB990101AB3",
      RFCReceptor: "CNO010203AB1",
      NombreEmisor: "ACEROS Y TORNILLOS DEL BAJIO",
      NombreReceptor: "COMERCIALIZADORA DEL NORTE",
      UUID: UUID_PAGO,
      Detalle: [
        { FolioSAP: 7788, FolioFactura: "A-1234", UUID: UUID_FACTURA, FechaFactura: "2025-02-10", Total: "8700.00" },
      ],
    },
    answer: { status: "success", message: MSG.documentosAgregados },
  },
  pagosPendientesGetPagos: {
    request: { usuario: "jlopez", operador: "Empleado" },
    answer: ok([{ ...pagoRow, U_SYS_PMMERR: "" }]),
  },
  patchPagos: {
    request: [
      {
        usuario: "Juana López",
        id: "jlopez",
        operador: "Empleado",
        Pago: 77,
        Comentarios: "Validar importe contra banco",
        Estatus: "V",
        BD: "SBO_CNORTE",
        Correo: "ventas@acerosbajio.mx",
        PagoSAP: 4410,
        Version: 2,
      },
    ],
    answer: { status: "success", message: MSG.revisionExito },
  },
  getComplementosAtrasados: {
    request: { usuario: "jlopez", operador: "Empleado", IdSociedad: 3 },
    answer: ok([
      {
        Fila: 1,
        CardCode: "P00042",
        CardName: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
        RFC: "ATB990101AB3",
        RetenerPagos: "N" as const,
        RetenerPagosComentario: "",
        Importes: [{ Moneda: "MXN", Importe: "8700.00" }],
        Pagos: [
          {
            BD: "SBO_CNORTE",
            NomSociedad: "COMERCIALIZADORA DEL NORTE SA DE CV",
            DocEntry: 512,
            DocNum: 1512,
            DocDate: "2026-10-12",
            DocTotal: "8700.00",
            DocCur: "MXN",
            FechaLimite: "2026-11-05",
            DiasAtraso: 16,
            EstatusComplemento: "Complemento por emitir",
          },
        ],
      },
    ]),
  },
  setRetenerPagos: {
    request: {
      usuario: "jlopez",
      operador: "Empleado",
      CardCode: "P00042",
      RetenerPagos: "Y",
      Comentarios: "Tres complementos atrasados de octubre.",
    },
    answer: {
      status: "success" as const,
      message: "Se marcó a ACEROS Y TORNILLOS DEL BAJIO SA DE CV para retener sus pagos por complementos atrasados.",
    },
  },
  getTareas: {
    request: { usuario: "jlopez", operador: "Empleado" },
    answer: ok([
      {
        Nombre: "recordatorios-documentos",
        Descripcion: "Avisa por correo a cada proveedor los documentos requeridos por vencer (30, 15, 7 y 0 días).",
        Programa: "Todos los días a las 06:00 (hora de la Ciudad de México)",
        UltimaEjecucion: "2026-11-21T12:00:00.000Z",
        UltimoFin: "2026-11-21T12:00:01.250Z",
        Resultado: "Correcta" as const,
        Mensaje: "Se enviaron 3 recordatorios a 2 proveedores.",
        ProximaEjecucion: "2026-11-22T12:00:00.000Z",
        Fallas: 0,
        Pendientes: 0,
      },
    ]),
  },
  getCfdiPruebaDisponible: {
    request: { usuario: "P00042", operador: "Proveedor" },
    answer: ok({ Disponible: true }),
  },
  postCfdiPrueba: {
    request: {
      usuario: "P00042",
      operador: "Proveedor",
      Tipo: "factura" as const,
      RazonSocial: "SBO_CNORTE",
      EntradaMercancia: 5120,
      EntradaDocEntry: 9120,
    },
    answer: ok({
      UUID: UUID_FACTURA,
      XML: { nombre: "PRUEBA7-EKU9003173C9.xml", base64: XML64 },
      PDF: { nombre: "PRUEBA7-EKU9003173C9.pdf", base64: PDF64 },
    }),
  },
  ...MUESTRAS_CUENTAS,
  postFacturaExtranjera: {
    request: {
      id: "P00003",
      usuario: "ACME INDUSTRIAL SUPPLY INC",
      operador: "Proveedor",
      RazonSocial: "SBO_KIJ",
      EntradaMercancia: 3311,
      EntradaDocEntry: 3311,
      PDF: "INV-2026-118.pdf",
      PDF64,
      Recepcion: "recepcion.png",
      Recepcion64: PNG64,
      NumeroFactura: "INV-2026-118",
      FechaFactura: "2026-11-20",
      Moneda: "USD",
      Subtotal: "1000.00",
      Impuestos: "0.00",
      Total: "1000.00",
    },
    answer: { status: "success", message: MSG.facturaRegistrada },
  },
  ...MUESTRAS_PEDIDOS_SERVICIO,
} satisfies { [N in CallName]: Muestra<N> };

/** The employee's variant of postPago (comprobante only; PDF, XML, UUID and FechaPago sent as 'No'). */
export const POST_PAGO_EMPLEADO: z.input<typeof postPagoEmpleadoRequestSchema> = {
  usuario: "Juana López",
  operador: "Empleado",
  id: "jlopez",
  PagoSAP: 4410,
  BD: "SBO_CNORTE",
  Complemento: "comprobante-4410.pdf",
  Complemento64: PDF64,
  PDF: "No",
  XML: "No",
  UUID: "No",
  FechaPago: "No",
};

/** A path into a request body: object keys and array positions. */
export type RutaCampo = (string | number)[];

/** Every text and number in a sample request with its path (the hostile-input tests replace them one by one). */
export function hojas(value: unknown, path: RutaCampo = []): { path: RutaCampo; value: string | number }[] {
  if (typeof value === "string" || typeof value === "number") return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => hojas(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => hojas(v, [...path, k]));
  return [];
}

/** `value` with the leaf at `path` replaced by `leaf`. */
export function conHoja(value: unknown, path: RutaCampo, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? conHoja(v, rest, leaf) : v));
  const obj = value as Record<string, unknown>;
  return { ...obj, [head as string]: conHoja(obj[head as string], rest, leaf) };
}
