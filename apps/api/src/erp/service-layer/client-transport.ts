// Part of the Service Layer client (client.ts): one HTTP exchange, bounded by a timeout.
import type { Agent } from "undici";
import { networkDetail, ServiceLayerError, UNAVAILABLE } from "./client-errors";

/** How the client reaches the Service Layer: its fetch, its TLS dispatcher (with `ca`) and every request's bound. */
export interface Transport {
  timeoutMs: number;
  dispatcher: Agent | undefined;
  doFetch: typeof fetch;
}

export async function send(
  transport: Transport,
  url: string,
  init: RequestInit,
  binary = false,
  budgetMs = transport.timeoutMs,
): Promise<{ response: Response; text: string; bytes: Buffer }> {
  const { dispatcher, doFetch } = transport;
  let response: Response;
  let text = "";
  let bytes = Buffer.alloc(0);
  try {
    const withSignal = { ...init, signal: AbortSignal.timeout(Math.max(1, Math.ceil(budgetMs))) };
    if (dispatcher) (withSignal as { dispatcher?: Agent }).dispatcher = dispatcher;
    response = await doFetch(url, withSignal);
    if (binary && response.ok) bytes = Buffer.from(await response.arrayBuffer());
    else text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const failure = new ServiceLayerError(
      timedOut ? UNAVAILABLE : `No fue posible comunicarse con el ERP: ${UNAVAILABLE}`,
      undefined,
      undefined,
      networkDetail(error),
    );
    failure.timedOut = timedOut;
    failure.noAnswer = true;
    throw failure;
  }
  return { response, text, bytes };
}
