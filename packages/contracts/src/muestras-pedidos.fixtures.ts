import { MSG } from "./messages";
import { ok, PDF64, PNG64, UUID_FACTURA, XML64 } from "./muestras-filas.fixtures";

/** Sample calls of services billed against the purchase order (issue 42 part 2, decision 076). */
export const MUESTRAS_PEDIDOS_SERVICIO = {
  getPedidosPorFacturar: {
    request: {
      id: "P00042",
      usuario: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
      operador: "Proveedor" as const,
      BD: "SBO_CNORTE",
    },
    answer: ok([
      {
        DocEntry: 812,
        DocNum: 1812,
        DocDate: "2025-02-01",
        DocTotal: "11600.00",
        DocCur: "MXN",
        GroupNum: 30,
        PeyMethod: "99",
        U_B1SYS_MainUsage: "G03",
        PorFacturar: "4000.00",
        Lineas: [
          {
            LineNum: 0,
            ItemCode: "SRV-0001",
            ItemName: "Mantenimiento preventivo a aire acondicionado",
            Quantity: "1",
            PorFacturar: "0.4",
            LineTotal: "10000.00",
          },
        ],
      },
    ]),
  },
  postFacturaPedido: {
    request: {
      id: "P00042",
      usuario: "ACEROS Y TORNILLOS DEL BAJIO SA DE CV",
      operador: "Proveedor" as const,
      RazonSocial: "SBO_CNORTE",
      LineasPedido: [{ PedidoDocEntry: 812, LineNum: 0, Cantidad: "0.6" }],
      PDF: "S-77.pdf",
      XML: "S-77.xml",
      Recepcion: "recepcion.png",
      PDF64,
      XML64,
      Recepcion64: PNG64,
      FolioFactura: "S-77",
      RFCEmisor: "ATB990101AB3",
      RFCReceptor: "CNO010203AB1",
      NombreEmisor: "ACEROS Y TORNILLOS DEL BAJIO",
      NombreReceptor: "COMERCIALIZADORA DEL NORTE",
      UUID: UUID_FACTURA,
      FechaFactura: "2025-02-10T12:30:00",
      Total: "6960.00",
      FormaPago: "99",
      UsoPrincipal: "G03",
      MetodoPago: "PPD" as const,
      CPReceptor: "64000",
      CPEmisor: "37000",
      Regimen: "601",
      Moneda: "MXN",
      TipoDeCambio: "1",
      Retenciones: "N" as const,
    },
    answer: { status: "success" as const, message: MSG.facturaRegistrada },
  },
};
