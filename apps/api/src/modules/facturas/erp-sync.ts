import { unpaidDueDate } from "@portal/contracts";
import type { ErpAdapter, ErpScope } from "../../erp/types";
import type { Data } from "../../repositories";
import { refreshFechasProbables } from "./fecha-probable";

/**
 * Brings payment and cancellation of a scope's A/P invoices from the ERP into the invoices (the lists call it before
 * answering). Moved out of the ERP outbox (decision 054): it mirrors the invoices, it runs no job.
 */
export function createFacturasErpSync({ data, erp }: { data: Data; erp: ErpAdapter }) {
  const { repos } = data;
  // The ERP's fingerprint of each scope's A/P invoices when the mirror was last brought up to date.
  const sincronizadas = new Map<string, string>();
  /**
   * Reads the scope's A/P invoices only when the ERP's fingerprint of the scope moved since the last time. Returns
   * how many invoices changed (their expected payment dates are recomputed too, issue 27); an ERP that cannot be
   * reached leaves the last known values (the caller logs it) rather than failing the list.
   */
  return async function sync(scope: ErpScope): Promise<number> {
    const clave = `${scope.cardCode ?? "*"}|${[...scope.bds].sort().join(",")}`;
    // Read before the list: a change in between moves the fingerprint again and is caught next time.
    const fingerprint = await erp.facturasProveedorFingerprint(scope);
    if (sincronizadas.get(clave) === fingerprint) return 0;
    const estados = await erp.listFacturasProveedor(scope);
    const cambiadas = await repos.facturas.syncErp(
      estados.map((e) => ({
        portalId: e.portalId,
        bd: e.bd,
        cardCode: e.cardCode,
        docEntry: e.docEntry,
        docNum: e.docNum,
        paidToDate: e.paidToDate,
        fechaPago: e.fechaPago,
        canceled: e.canceled,
        fechaVencimiento: unpaidDueDate(e.docDueDate, e.installments, e.paidToDate, e.docTotal),
      })),
    );
    // Issue 27: due dates and payments read again, so the expected payment dates of the scope are recomputed.
    await refreshFechasProbables(repos.facturas, { cardCode: scope.cardCode, bds: scope.bds });
    if (sincronizadas.size > 10_000) sincronizadas.clear();
    sincronizadas.set(clave, fingerprint);
    return cambiadas;
  };
}
