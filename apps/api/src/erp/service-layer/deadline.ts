// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { AsyncLocalStorage } from "node:async_hooks";
import type { ErpAdapter } from "../types";
import { ServiceLayerError, UNAVAILABLE } from "./client";

/**
 * How long the Service Layer may hold the portal request under way (performance.now() ms), set per request by
 * the app when ERP_ADAPTER=service-layer (services.ts): every read the request makes shares the one budget.
 */
/** Header of an answer built from the portal's last read because the Service Layer did not answer: its ISO time. */
export const ERP_STALE_HEADER = "x-erp-leido-en";

export const serviceLayerDeadline = new AsyncLocalStorage<{
  at: number;
  /** Set when some answer comes from a mirror the Service Layer could not refresh: when it was last read. */
  staleSince?: Date;
}>();

/** What waits for the ERP on behalf of someone: writes belong to the outbox worker, which has its own timing. */
const UNBOUNDED: ReadonlySet<string> = new Set([
  "name",
  "watchDocuments",
  "onAvailable",
  "createFacturaProveedor",
  "cancelFacturaProveedor",
  "setPaymentBlock",
  "createNotaCreditoProveedor",
  "findNotaCreditoProveedor",
  "repointFacturaProveedor",
  // Issue 41 item 3: an approval's write, bounded by each request's own timeout.
  "ensureSupplierBusinessPartner",
  "upsertBankAccount",
]);

/**
 * The adapter whose reads answer within the request's budget (serviceLayerDeadline), else within `deadlineMs` of
 * the call: past it the caller gets the Spanish ServiceLayerError (HTTP 503) while the read goes on — what it
 * brings lands in the mirror and the row cache, so the next call finds it. Each Service Layer request has its own
 * timeout, but one portal call may make several (a cold company database is dozens of pages).
 */
export function withDeadline(adapter: ErpAdapter, deadlineMs: number): ErpAdapter {
  const bounded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(adapter)) {
    if (typeof value !== "function" || UNBOUNDED.has(name)) {
      bounded[name] = value;
      continue;
    }
    const method = value as (...args: unknown[]) => Promise<unknown>;
    bounded[name] = (...args: unknown[]) => {
      const at = serviceLayerDeadline.getStore()?.at ?? performance.now() + deadlineMs;
      const work = method.apply(adapter, args);
      // After the deadline nobody waits for the work: its failure, if any, is the next call's to meet.
      work.catch(() => {});
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => {
            const error = new ServiceLayerError(UNAVAILABLE, undefined, undefined, "plazo de la solicitud agotado");
            error.timedOut = true;
            reject(error);
          },
          Math.max(0, at - performance.now()),
        );
      });
      return Promise.race([work, late]).finally(() => clearTimeout(timer));
    };
  }
  return bounded as unknown as ErpAdapter;
}
