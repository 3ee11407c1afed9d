// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type ServiceLayerClient, ServiceLayerError } from "./client";
import { serviceLayerDeadline } from "./deadline";

/** SAP's own refusal of a request (a business rule, a bad value): the same request would fail again. */
export function isRefusal(error: unknown): error is ServiceLayerError {
  return (
    error instanceof ServiceLayerError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 408 &&
    error.status !== 429 &&
    error.sapCode !== undefined
  );
}

/**
 * The Service Layer did not answer, or answered as a server that cannot (5xx, a balancer's page, a timeout, a
 * refused login's opposite: anything but SAP's own refusal of the request or a wrong password).
 */
export function isUnavailable(error: unknown): error is ServiceLayerError {
  return error instanceof ServiceLayerError && error.erpNoDisponible;
}

/**
 * The client, telling `seen` per company database whether each request got an answer (any answer of SAP's, a
 * refusal included) or none (isUnavailable): what onAvailable reports is the first answer after none.
 */
export function watchAvailability(
  client: ServiceLayerClient,
  seen: { failed(bd: string): void; answered(bd: string): void },
): ServiceLayerClient {
  const watch =
    <A extends unknown[], R>(call: (bd: string, ...args: A) => Promise<R>) =>
    async (bd: string, ...args: A): Promise<R> => {
      try {
        const result = await call(bd, ...args);
        seen.answered(bd);
        return result;
      } catch (error) {
        if (isUnavailable(error)) seen.failed(bd);
        else if (error instanceof ServiceLayerError && error.status !== undefined) seen.answered(bd);
        throw error;
      }
    };
  return {
    ...client,
    getAll: watch(client.getAll.bind(client)) as ServiceLayerClient["getAll"],
    get: watch(client.get.bind(client)) as ServiceLayerClient["get"],
    getText: watch(client.getText.bind(client)),
    getBytes: watch(client.getBytes.bind(client)),
    write: watch(client.write.bind(client)),
  };
}

/** The Service Layer answered -306: the company database does not exist there, so it holds nothing. */
export const isUnknownCompany = (error: unknown) =>
  error instanceof ServiceLayerError &&
  (Number(error.sapCode) === -306 || /company not exist in company object cache/i.test(error.detail ?? "")); // F10: 9.3

/**
 * Which company databases' Service Layer answers: the client that watches every request, the onAvailable listeners,
 * the outages (when to ask again) and the mirrors answering as last read meanwhile.
 */
export function createAvailability(rawClient: ServiceLayerClient) {
  /** Listeners of onAvailable: told when a company database's Service Layer answers again after failing. */
  const availableListeners = new Set<(bd: string) => void>();
  /** Company databases whose last Service Layer request got no answer (down, 5xx, an HTML page, a timeout). */
  const unanswered = new Set<string>();
  const client = watchAvailability(rawClient, {
    failed: (bd) => unanswered.add(bd),
    answered: (bd) => {
      if (!unanswered.delete(bd)) return;
      for (const listener of availableListeners) listener(bd);
    },
  });

  /** Company databases whose Service Layer failed to answer, and when to ask it again (clock ms). */
  const outages = new Map<string, { retryAt: number }>();
  /** Mirrors answering as last read (`${kind}|${bd}` → that read's time) while their Service Layer is down. */
  const staleReads = new Map<string, Date>();

  /** The request under way is answered from a mirror last read at `readAt` (the oldest such read wins). */
  function markStale(readAt: Date) {
    const store = serviceLayerDeadline.getStore();
    if (store && (!store.staleSince || readAt < store.staleSince)) store.staleSince = readAt;
  }

  return { client, availableListeners, outages, staleReads, markStale };
}

export type Availability = ReturnType<typeof createAvailability>;
