import {
  type EntradaFactura,
  type FacturaSociedad,
  type GetEntradasRequest,
  type HistorialFactura,
  type LineaPorFacturar,
  MSG,
  type PagosProximos,
  type ProveedorResumen,
} from "@portal/contracts";
import type { ErpEntrada, ErpScope } from "../../erp/types";
import { createAnswerCache } from "../../lib/answer-cache";
import { Forbidden, NotFound } from "../../lib/errors";
import { successJson } from "../../lib/send-json";
import { isProveedor, type SessionUser } from "../../lib/session-user";
import { comoHistorial } from "../auditoria/repository";
import { reviewWindowStart } from "../revision/review-kit";
import { refDe } from "./entradas-pedidas";
import { pagosProximosDe } from "./pagos-proximos";
import { lineKey, trimZeros } from "./repository-lineas";
import { type FacturasContext, sociedadDe } from "./shared";

/** Payment and cancellation of the user's accepted invoices, as the ERP has them now. */
async function syncErp(deps: Pick<FacturasContext, "erpFacturas" | "erpScope" | "warn">, user: SessionUser) {
  try {
    await deps.erpFacturas.sync(await deps.erpScope(user));
  } catch (error) {
    deps.warn(error, "no se pudo leer del ERP el estado de pago de las facturas");
  }
}

/** The lists, their home tiles and the expected payments: each list syncs the ERP's payment status first. */
export function listQueries(
  deps: Pick<FacturasContext, "repo" | "clock" | "listCacheBytes" | "erpFacturas" | "erpScope" | "warn">,
) {
  const { repo, clock } = deps;
  // The last getFacturas answer per scope, reused while the scope's fingerprint is unchanged (an employee's
  // list of every invoice takes the database ~1 s to build; its fingerprint a few ms).
  const answers = createAnswerCache(deps.listCacheBytes);
  return {
    /**
     * getFacturas: a supplier's own invoices, every invoice for employees (spec §6), newest first, as JSON text
     * built by the database (repository listJson); the tests parse every answer with the contract.
     */
    async listJson(user: SessionUser): Promise<string> {
      const cardCode = isProveedor(user) ? user.id : null;
      await syncErp(deps, user);
      // One cached answer per scope: the employees' rows carry columns a supplier's never do (ErrorERP, SAT, …).
      return answers.get(
        cardCode === null ? "empleados" : `proveedor|${cardCode}`,
        () => repo.fingerprint(cardCode),
        async () => successJson(await repo.listJson(cardCode)),
      );
    },
    /** The 'Facturas' home tile: the length of the same user's list. */
    count: (user: SessionUser) => repo.count(isProveedor(user) ? user.id : null),

    /** facturasPendientes/getFacturas (issue 13): Pendiente and Rechazada, and those accepted in the last 30 days. */
    async pendientesJson(user: SessionUser): Promise<string> {
      await syncErp(deps, user);
      return successJson(await repo.pendientesJson(reviewWindowStart(clock)));
    },
    /** The 'Facturas pendientes' tile: invoices awaiting a decision. */
    countPendientes: () => repo.countPendientes(),

    /**
     * home/getPagosProximos (issue 27): what the supplier is expected to be paid in the next 30 days, by week and
     * currency, from the ERP's current payments (synced first, as the list does).
     */
    async pagosProximos(user: SessionUser): Promise<PagosProximos> {
      if (!isProveedor(user)) throw new Forbidden();
      await syncErp(deps, user);
      const hoy = clock().toISOString().slice(0, 10);
      return pagosProximosDe(hoy, (hasta) => repo.porPagarHasta(user.id, hasta));
    },
  };
}

function toEntradaFactura(e: ErpEntrada, nomSociedad: string, fila: number): EntradaFactura {
  return {
    Fila: fila,
    DocNum: e.docNum,
    DocEntry: e.docEntry,
    DocTotal: e.docTotal,
    DocCur: e.docCur,
    PeyMethod: e.peyMethod,
    U_B1SYS_MainUsage: e.mainUsage,
    CP: e.cp,
    GroupNum: e.groupNum,
    Pedido: e.pedidoDocNum,
    NomSociedad: nomSociedad,
    CardName: e.cardName,
    DocDate: e.docDate,
    DocDueDate: e.docDueDate,
    NumAtCard: e.numAtCard,
    Comments: e.comments,
    DocStatus: e.docStatus,
  };
}

/** Issue 42: each receipt's lines with what is left to bill, and the receipts partial invoices bill. */
async function remainingLines(repo: FacturasContext["repo"], bd: string, entradas: readonly ErpEntrada[]) {
  const entries = entradas.map((e) => e.docEntry);
  const [held, documentos] = await Promise.all([
    repo.cantidadesFacturadas(bd, 20, entries),
    repo.documentosFacturados(bd, 20, entries),
  ]);
  const enPartes = new Set(documentos.filter((d) => d.parciales > 0).map((d) => d.baseEntry));
  const lineas = (e: ErpEntrada): LineaPorFacturar[] =>
    e.lineas.map((l) => {
      const h = held.get(lineKey(e.docEntry, l.lineNum));
      const libre =
        l.lineStatus === "O"
          ? Math.max(0, Math.min(Number(l.openQty) - (h?.sinErp ?? 0), Number(l.quantity) - (h?.facturada ?? 0)))
          : 0;
      return {
        LineNum: l.lineNum,
        ItemCode: l.itemCode,
        ItemName: l.itemName,
        Quantity: l.quantity,
        PorFacturar: trimZeros(String(Number(libre.toFixed(6)))),
        LineTotal: l.lineTotal,
      };
    });
  const quedan = (e: ErpEntrada) => lineas(e).some((l) => Number(l.PorFacturar) > 0);
  return { enPartes, lineas, quedan };
}

/** One invoice's history, and what the registration form reads: sociedades, the supplier, its receipts. */
export function detailQueries(deps: Pick<FacturasContext, "repo" | "erp" | "proveedores" | "pedidasErp">) {
  const { repo, erp, proveedores, pedidasErp } = deps;

  /** The supplier's receipts in one company database (its own CardCode only). */
  const entradasDe = (user: SessionUser, bd: string): Promise<ErpEntrada[]> => {
    const scope: ErpScope = { bds: [bd], cardCode: user.id };
    return erp.listEntradas(scope);
  };

  return {
    /** getHistorial: an invoice's registration, corrections and decisions (supplier: only its own). */
    async historial(user: SessionUser, idFactura: number): Promise<HistorialFactura[]> {
      const factura = await repo.findById(idFactura);
      if (!factura || (isProveedor(user) && factura.cardCode !== user.id)) throw new NotFound(MSG.facturaNoExiste);
      return (await repo.historial(idFactura)).map(comoHistorial);
    },

    /** The sociedades the supplier may invoice: linked and active. */
    async sociedades(user: SessionUser): Promise<FacturaSociedad[]> {
      return (await repo.sociedadesDe(user.id))
        .filter((s) => s.estatus === "A")
        .map((s) => ({
          IdSociedad: s.id,
          NomSociedad: s.nombre,
          RFC: s.rfc,
          Regimen: s.regimen,
          CP: s.cp,
          BDSAP: s.bdSap,
        }));
    },

    /** The supplier when its registration is complete; [] otherwise (spec §7 getProveedor). */
    async proveedor(user: SessionUser): Promise<ProveedorResumen[]> {
      const p = await proveedores.conRegistroCompleto(user.id);
      if (!p) return [];
      const tipo = p.tipo === "extranjero" ? ("extranjero" as const) : ("nacional" as const);
      return [{ CardCode: p.cardCode, CardName: p.cardName, LicTradNum: p.rfc, E_Mail: p.email, Tipo: tipo }];
    },

    /**
     * tipo 'Nuevo': the supplier's open receipts of that sociedad without an invoice Pendiente or Aceptada;
     * a receipt number: that receipt (for the update form).
     */
    async entradas(user: SessionUser, input: GetEntradasRequest): Promise<EntradaFactura[]> {
      const sociedad = await sociedadDe(repo, user, input.BD);
      if (!sociedad) return [];
      if (input.tipo !== "Nuevo") {
        const una = await pedidasErp.una(user.id, input.BD, { docNum: input.tipo, docEntry: input.DocEntry ?? null });
        if (!una) return [];
        // Issue 42: with its lines, so the update form can compare a partial invoice with the part it bills.
        const porFacturar = await remainingLines(repo, input.BD, [una]);
        return [{ ...toEntradaFactura(una, sociedad.nombre, 1), Lineas: porFacturar.lineas(una) }];
      }
      const todas = await entradasDe(user, input.BD);
      // Issue 37 (decision 051): held by DocEntry; two receipts sharing a number are told apart.
      const conFactura = new Set(
        (await repo.entradasConFacturaActiva(input.BD, todas.map(refDe))).map((r) => r.docEntry),
      );
      // Issue 42 (decision 074): a receipt partial invoices bill stays offered while some quantity is left.
      const porFacturar = await remainingLines(repo, input.BD, todas);
      return todas
        .filter((e) => e.docStatus === "O")
        .filter((e) => !conFactura.has(e.docEntry) || (porFacturar.enPartes.has(e.docEntry) && porFacturar.quedan(e)))
        .map((e, i) => ({
          ...toEntradaFactura(e, sociedad.nombre, i + 1),
          Lineas: porFacturar.lineas(e),
          EnPartes: porFacturar.enPartes.has(e.docEntry),
        }));
    },
  };
}
