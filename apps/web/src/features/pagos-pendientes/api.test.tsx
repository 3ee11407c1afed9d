import { MSG } from "@portal/contracts";
import { MUESTRAS } from "@portal/contracts/muestras";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { DOMAIN_KEYS } from "../../lib/query-keys";
import { fakeCalls, ROLES, signInAs } from "../../test/fake-api";
import { homeKeys } from "../home/api";
import { pagosList, usePostPago } from "../pagos/api";
import { makePago, makePagoPendiente } from "../pagos/pagos.fixtures";
import { pagosPendientesList, usePatchPagos } from "./api";

const operator = { id: ROLES.administrador.login.id, operador: ROLES.administrador.operador };

/** A client holding, freshly loaded, everything a payment decision or upload changes, plus an order list. */
function loadedClient() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(pagosList.keys.list(operator), [makePago()]);
  queryClient.setQueryData(pagosPendientesList.keys.list(operator), [makePagoPendiente()]);
  queryClient.setQueryData(homeKeys.rowDocuments(operator, "Pagos"), 1);
  queryClient.setQueryData(homeKeys.rowDocuments(operator, "Pagos pendientes"), 1);
  queryClient.setQueryData(homeKeys.rowDocuments(operator, "Pedidos"), 7);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const isInvalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, wrapper, isInvalidated };
}

describe("payment mutations invalidate the payments' whole domain", () => {
  it("a review: /Pagos, /Pagos-Pendientes and both Home counts, and nothing of another domain", async () => {
    signInAs("administrador");
    fakeCalls({ patchPagos: { body: { status: "success", message: MSG.revisionExito } } });
    const { wrapper, isInvalidated } = loadedClient();
    const { result } = renderHook(() => usePatchPagos(), { wrapper });
    expect(isInvalidated(pagosList.keys.list(operator))).toBe(false);

    await result.current.mutateAsync(MUESTRAS.patchPagos.request);

    expect(isInvalidated(pagosList.keys.list(operator))).toBe(true);
    expect(isInvalidated(pagosPendientesList.keys.list(operator))).toBe(true);
    expect(isInvalidated(homeKeys.rowDocuments(operator, "Pagos"))).toBe(true);
    expect(isInvalidated(homeKeys.rowDocuments(operator, "Pagos pendientes"))).toBe(true);
    expect(isInvalidated(homeKeys.rowDocuments(operator, "Pedidos"))).toBe(false);
  });

  it("a supplier's upload: the review list and the counts too", async () => {
    signInAs("proveedor");
    fakeCalls({ postPago: { body: { status: "success", message: MSG.documentosAgregados } } });
    const { wrapper, isInvalidated } = loadedClient();
    const { result } = renderHook(() => usePostPago(), { wrapper });

    await result.current.mutateAsync(MUESTRAS.postPago.request);

    expect(isInvalidated(pagosPendientesList.keys.list(operator))).toBe(true);
    expect(isInvalidated(homeKeys.rowDocuments(operator, "Pagos pendientes"))).toBe(true);
    expect(isInvalidated(homeKeys.rowDocuments(operator, "Pedidos"))).toBe(false);
  });

  it("every payment query shares the domain's root", () => {
    for (const key of [
      pagosList.keys.all,
      pagosPendientesList.keys.all,
      homeKeys.rowDocuments(operator, "Pagos"),
      homeKeys.rowDocuments(operator, "Pagos pendientes"),
    ]) {
      expect(key.slice(0, DOMAIN_KEYS.pagos.length)).toEqual([...DOMAIN_KEYS.pagos]);
    }
  });
});
