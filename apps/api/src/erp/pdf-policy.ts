import type { ArchivoPolicy } from "../modules/archivos/service";
import type { ErpScopeResolver } from "./scope";
import type { ErpAdapter } from "./types";

/**
 * Order and goods-receipt PDFs (U_SYS_PMDPDF): readable by whoever may read the document itself — employees
 * always, a supplier only for its own CardCode in a sociedad it is registered with. The same scope as the
 * lists, so a URL seen in a list always downloads and a guessed one never does. With an adapter that copies PDFs
 * on first download (copyPdf), the grant names the archivos row holding the bytes.
 */
export const erpPdfPolicy =
  (erp: ErpAdapter, scopeFor: ErpScopeResolver): ArchivoPolicy =>
  async (user, archivoId) => {
    const owners = await erp.findPdfOwners(archivoId);
    if (owners.length === 0) return null;
    const scope = await scopeFor(user);
    const owner = owners.find(
      (o) => scope.bds.includes(o.bd) && (scope.cardCode === null || scope.cardCode === o.cardCode),
    );
    if (!owner) return null;
    // Only now, with the user authorized, may the adapter fetch the bytes from the ERP (a Service Layer request).
    const contenidoId = erp.copyPdf ? await erp.copyPdf(archivoId) : archivoId;
    if (!contenidoId) return null;
    const titulo = owner.kind === "pedido" ? "Pedido" : "EntradaMercancia";
    return { nombre: `${titulo}-${owner.bd}-${owner.docNum}.pdf`, archivoId: contenidoId };
  };
