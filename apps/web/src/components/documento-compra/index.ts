export {
  columnasDocumentoCompra,
  EstatusDocumentoBadge,
  MetodoPago,
  UsoPrincipal,
} from "./documento-compra-columns";
export {
  type CampoDocumento,
  camposDocumentoCompra,
  columnasPartida,
  DocumentoCompraDetalle,
  type PartidaColumn,
} from "./documento-compra-detalle";
export {
  amountSortKey,
  type DocumentoCompra,
  ESTATUS_ABIERTO,
  estatusDocumentoLabel,
  estatusPartidaLabel,
  findByFila,
  formatCantidad,
  formatImporte,
  formatImporteExacto,
  formatPorcentaje,
  metodoPagoDe,
  type PartidaBase,
  pdfName,
  type TotalesDocumento,
  totalesDocumento,
} from "./documento-compra-logic";
export { DocumentoCompraTable } from "./documento-compra-table";
