import type { Database } from "@portal/db";
import { erpEntradas, erpPedidos } from "@portal/db/schema";
import type { ErpAdapter } from "@portal/erp";
import { listBankAccounts, upsertBankAccount } from "./mock-adapter/cuentas-bancarias";
import {
  countDocuments,
  findEntrada,
  findPdfOwners,
  listEntradas,
  listPedidos,
  listProveedores,
  listVersions,
  readEntradas,
  readPedidos,
} from "./mock-adapter/documentos";
import {
  cancelFacturaProveedor,
  createFacturaProveedor,
  createNotaCreditoProveedor,
  facturasProveedorFingerprint,
  findFacturaProveedor,
  findNotaCreditoProveedor,
  listFacturasProveedor,
  repointFacturaProveedor,
  setPaymentBlock,
} from "./mock-adapter/facturas";
import { countPagos, findPago, listAplicaciones, listPagos, pagosFingerprint, readPagos } from "./mock-adapter/pagos";
import type { MockAdapterDeps } from "./mock-adapter/shared";
import { ensureSupplierBusinessPartner } from "./mock-adapter/socios";
import { arrayQuery } from "./raw";

/**
 * The `mock` adapter: SAP Business One-shaped tables in the erp_mock schema of the portal's own database
 * (packages/db/src/schema/erp-mock.ts), filled by the deterministic seed (packages/erp-sim/src/generar.ts).
 * Each operation lives in mock-adapter/ (orders and receipts, payments, A/P invoices and credit memos) as a
 * function of the same deps object (decision 057).
 */
export function createMockErpAdapter(db: Database): ErpAdapter {
  const deps: MockAdapterDeps = { db, arrays: arrayQuery(db) };
  return {
    name: "mock",

    listPedidos: (scope) => listPedidos(deps, scope),
    listPedidoVersions: (scope) => listVersions(deps, erpPedidos, scope),
    readPedidos: (claves) => readPedidos(deps, claves),
    countPedidos: (scope) => countDocuments(deps, erpPedidos, scope),

    listEntradas: (scope) => listEntradas(deps, scope),
    listEntradaVersions: (scope) => listVersions(deps, erpEntradas, scope),
    readEntradas: (claves) => readEntradas(deps, claves),
    findEntrada: (bd, docNum, cardCode) => findEntrada(deps, bd, docNum, cardCode),
    countEntradas: (scope) => countDocuments(deps, erpEntradas, scope),

    listPagos: (scope) => listPagos(deps, scope),
    pagosFingerprint: (scope) => pagosFingerprint(deps, scope),
    countPagos: (scope) => countPagos(deps, scope),
    findPago: (bd, docNum, cardCode) => findPago(deps, bd, docNum, cardCode),
    readPagos: (claves) => readPagos(deps, claves),
    listAplicaciones: (bd, facturaDocEntries) => listAplicaciones(deps, bd, facturaDocEntries),

    listProveedores: (scope) => listProveedores(deps, scope),
    ensureSupplierBusinessPartner: (bd, socio) => ensureSupplierBusinessPartner(deps, bd, socio),
    findPdfOwners: (archivoId) => findPdfOwners(deps, archivoId),

    createFacturaProveedor: (input) => createFacturaProveedor(deps, input),
    cancelFacturaProveedor: (bd, docEntry) => cancelFacturaProveedor(deps, bd, docEntry),
    setPaymentBlock: (bd, docEntry, blocked) => setPaymentBlock(deps, bd, docEntry, blocked),
    createNotaCreditoProveedor: (input) => createNotaCreditoProveedor(deps, input),
    repointFacturaProveedor: (bd, docEntry, to) => repointFacturaProveedor(deps, bd, docEntry, to),
    findNotaCreditoProveedor: (bd, portalId) => findNotaCreditoProveedor(deps, bd, portalId),
    findFacturaProveedor: (bd, portalId) => findFacturaProveedor(deps, bd, portalId),
    listFacturasProveedor: (scope) => listFacturasProveedor(deps, scope),
    facturasProveedorFingerprint: (scope) => facturasProveedorFingerprint(deps, scope),

    listBankAccounts: (bd, cardCode) => listBankAccounts(deps, bd, cardCode),
    upsertBankAccount: (bd, cardCode, account) => upsertBankAccount(deps, bd, cardCode, account),
  };
}
