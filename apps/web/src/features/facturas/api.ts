import {
  CALLS,
  type HistorialFactura,
  type PatchFacturaRequest,
  type PostFacturaRequestInput,
  type SaldoFacturaDetalle,
} from "@portal/contracts";
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, type Operator, operatorBody } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";

/** Every invoice query starts with ["facturas"] (the review list too): a mutation invalidates them all. */
export const facturasKeys = {
  all: DOMAIN_KEYS.facturas,
  sociedades: (operator: Operator) => ["facturas", "sociedades", operator.id] as const,
  proveedor: (operator: Operator) => ["facturas", "proveedor", operator.id] as const,
  entradas: (operator: Operator, bd: string, tipo: "Nuevo" | number, docEntry: number | null = null) =>
    ["facturas", "entradas", operator.id, bd, tipo, docEntry] as const,
  historial: (operator: Operator, idFactura: number) => ["facturas", "historial", operator.id, idFactura] as const,
  saldo: (operator: Operator, idFactura: number) => ["facturas", "saldo", operator.id, idFactura] as const,
};

/** POST /api/facturas/getFacturas (spec §7): a supplier's own invoices, every invoice for employees. */
export const facturasList = defineList({
  key: [...facturasKeys.all, "list"],
  call: CALLS.getFacturas,
  body: operatorBody,
  listPath: "/MisFacturas",
});

/** POST /api/facturas/getSociedades: the 'Razón social' options (the supplier's linked, active sociedades). */
export const sociedadesFacturaOptions = (operator: Operator) =>
  queryOptions({
    queryKey: facturasKeys.sociedades(operator),
    queryFn: async ({ signal }) =>
      (await callApi(CALLS.facturasGetSociedades, operatorBody(operator), { signal })).data,
  });

/**
 * POST /api/facturas/getProveedor: the supplier when its registration is complete, [] otherwise (spec §5
 * "decided by whether the supplier-profile call returns any data"). Asked again on every visit.
 */
export const proveedorFacturaOptions = (operator: Operator) =>
  queryOptions({
    queryKey: facturasKeys.proveedor(operator),
    queryFn: async ({ signal }) => (await callApi(CALLS.getProveedor, operatorBody(operator), { signal })).data,
    staleTime: 0,
  });

/**
 * POST /api/facturas/getEntradas: tipo 'Nuevo' gives the receipts open for a new invoice of one sociedad (BD);
 * a receipt number gives that receipt. Never served stale (spec §4: choosing a sociedad reloads the receipts).
 */
export const entradasFacturaOptions = (
  operator: Operator,
  bd: string,
  tipo: "Nuevo" | number,
  /** Issue 37: with a number, the receipt's DocEntry when known (the number alone may name several). */
  docEntry: number | null = null,
) =>
  queryOptions({
    queryKey: facturasKeys.entradas(operator, bd, tipo, docEntry),
    queryFn: async ({ signal }) =>
      (
        await callApi(
          CALLS.getEntradas,
          { ...operatorBody(operator), BD: bd, tipo, ...(docEntry === null ? {} : { DocEntry: docEntry }) },
          { signal },
        )
      ).data,
    staleTime: 0,
  });

/**
 * POST /api/facturas/getHistorial (issue 13): the invoice's decisions and corrections. The detail never breaks
 * on it: a failure (a server without the route answers 404) is logged and reads as an empty history.
 */
export const historialFacturaOptions = (operator: Operator, idFactura: number) =>
  queryOptions({
    queryKey: facturasKeys.historial(operator, idFactura),
    queryFn: async ({ signal }): Promise<HistorialFactura[]> => {
      try {
        return (
          await callApi(CALLS.getHistorialFactura, { ...operatorBody(operator), IdFactura: idFactura }, { signal })
        ).data;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.warn("No se pudo leer el historial de la factura", idFactura, error);
        return [];
      }
    },
    staleTime: 0,
  });

/**
 * POST /api/facturas/getSaldo (issue 39, decision 058): the invoice's ledger — its total, the accepted credit notes
 * and the ERP's payments in date order with the balance before and after each. The detail never breaks on it: a
 * failure is logged and reads as null (the detail keeps its one-line 'Saldo').
 */
export const saldoFacturaOptions = (operator: Operator, idFactura: number) =>
  queryOptions({
    queryKey: facturasKeys.saldo(operator, idFactura),
    queryFn: async ({ signal }): Promise<SaldoFacturaDetalle | null> => {
      try {
        return (await callApi(CALLS.getSaldoFactura, { ...operatorBody(operator), IdFactura: idFactura }, { signal }))
          .data;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.warn("No se pudo leer el saldo de la factura", idFactura, error);
        return null;
      }
    },
    staleTime: 0,
  });

export const useSaldoFactura = (operator: Operator, idFactura: number, isEnabled = true) =>
  useQuery({ ...saldoFacturaOptions(operator, idFactura), enabled: isEnabled });
export const useHistorialFactura = (operator: Operator, idFactura: number) =>
  useQuery(historialFacturaOptions(operator, idFactura));
export const useSociedadesFactura = (operator: Operator) => useQuery(sociedadesFacturaOptions(operator));
export const useProveedorFactura = (operator: Operator, isEnabled = true) =>
  useQuery({ ...proveedorFacturaOptions(operator), enabled: isEnabled });
export const useEntradasFactura = (operator: Operator, bd: string | null, tipo: "Nuevo" | number = "Nuevo") =>
  useQuery({ ...entradasFacturaOptions(operator, bd ?? "", tipo), enabled: bd !== null && bd !== "" });

/**
 * Issue 27: the receipts of an invoice by number (getEntradas once per receipt), for the update form's checks:
 * every one of them once all answered, otherwise null (loading, failed or a receipt that no longer answers). Issue
 * 37: each with its DocEntry when the row has it.
 */
export const useEntradasDeFactura = (
  operator: Operator,
  bd: string | null,
  refs: readonly { docNum: number; docEntry: number | null }[],
) =>
  useQueries({
    queries: refs.map((r) => ({
      ...entradasFacturaOptions(operator, bd ?? "", r.docNum, r.docEntry),
      enabled: bd !== null && bd !== "",
    })),
    combine: (results) => {
      const entradas = results.flatMap((r, i) => (r.data ?? []).filter((e) => e.DocNum === refs[i]?.docNum));
      return results.every((r) => r.isSuccess) && entradas.length === refs.length ? entradas : null;
    },
  });

/** POST /api/facturas/postFactura; resolves with the server's message. */
export async function postFactura(request: PostFacturaRequestInput): Promise<string> {
  return (await callApi(CALLS.postFactura, request)).message;
}

/** PATCH /api/facturas/patchfactura; resolves with the server's message. */
export async function patchFactura(request: PatchFacturaRequest): Promise<string> {
  return (await callApi(CALLS.patchFactura, request)).message;
}

/**
 * Saves invalidate every invoice query, so /MisFacturas, the review list and Home's counts show the change (and
 * receipts drop the invoiced one).
 */
function useFacturaMutation<T>(mutationFn: (request: T) => Promise<string>, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...facturasKeys.all, name],
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: facturasKeys.all });
    },
  });
}

export const usePostFactura = () => useFacturaMutation(postFactura, "post");
export const usePatchFactura = () => useFacturaMutation(patchFactura, "patch");
