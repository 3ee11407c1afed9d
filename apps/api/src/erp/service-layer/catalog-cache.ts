// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { CATALOG_TTL_MS, PARALLEL } from "./limits";
import { mapLimit, q, stringKeyFilters } from "./odata";
import { type SlBase, text } from "./wire";

/** Item foreign names and payment terms (credit days) per company database, cached per process. */
export function createCatalogCache(deps: Pick<SlBase, "client" | "clock">) {
  const { client, clock } = deps;

  // Per-process caches: foreign item names and credit days change rarely and are not part of a version; they are
  // dropped every CATALOG_TTL_MS (injected clock) so an edit in SAP shows within that time.
  const foreignNames = new Map<string, { at: number; names: Map<string, string>; services: Set<string> }>();
  const creditDays = new Map<string, { at: number; days: Map<number, number> }>();
  const expired = (entry: { at: number } | undefined) => {
    const age = entry ? clock().getTime() - entry.at : Number.POSITIVE_INFINITY;
    return !(age >= 0 && age < CATALOG_TTL_MS);
  };

  /** Item codes being asked for, per company database: concurrent pages of a cold read ask each code once. */
  const namesInFlight = new Map<string, Map<string, Promise<void>>>();

  async function itemForeignNames(bd: string, codes: Iterable<string>): Promise<Map<string, string>> {
    let cache = foreignNames.get(bd);
    if (!cache || expired(cache)) {
      cache = { at: clock().getTime(), names: new Map(), services: new Set() };
      foreignNames.set(bd, cache);
    }
    const known = cache.names;
    const services = cache.services;
    let inFlight = namesInFlight.get(bd);
    if (!inFlight) {
      inFlight = new Map();
      namesInFlight.set(bd, inFlight);
    }
    const flights = inFlight;
    const wanted = [...new Set(codes)].filter((c) => c !== "" && !known.has(c));
    const waits = new Set(wanted.flatMap((c) => flights.get(c) ?? []));
    const missing = wanted.filter((c) => !flights.has(c));
    if (missing.length > 0) {
      const read = mapLimit(stringKeyFilters("ItemCode", missing), PARALLEL, (filter) =>
        client.getAll<{ ItemCode: string; ForeignName?: string | null; InventoryItem?: string | null }>(
          bd,
          `Items?$select=ItemCode,ForeignName,InventoryItem&$filter=${q(filter)}`,
          { maxPageSize: 0 },
        ),
      ).then((pages) => {
        for (const item of pages.flat()) {
          known.set(item.ItemCode, text(item.ForeignName));
          // Issue 42 part 2 (decision 076): a non-inventory item (a service) may be billed against its order.
          if (item.InventoryItem === "tNO") services.add(item.ItemCode);
        }
        for (const code of missing) if (!known.has(code)) known.set(code, "");
      });
      const flight = read.finally(() => {
        for (const code of missing) if (flights.get(code) === flight) flights.delete(code);
      });
      for (const code of missing) flights.set(code, flight);
      waits.add(flight);
    }
    await Promise.all(waits);
    return known;
  }

  /**
   * Issue 42 part 2 (decision 076): whether an item is a non-inventory item (Items.InventoryItem tNO), as the last
   * itemForeignNames of its company database read it (false for an item not read yet).
   */
  const isServiceItem = (bd: string, code: string): boolean => foreignNames.get(bd)?.services.has(code) ?? false;

  /** The payment terms being read, per company database (concurrent first reads share one request). */
  const termsInFlight = new Map<string, Promise<Map<number, number>>>();

  async function paymentTerms(bd: string, codes: Iterable<number>): Promise<Map<number, number>> {
    const wanted = [...new Set(codes)];
    const cached = creditDays.get(bd);
    if (cached && !expired(cached) && wanted.every((c) => cached.days.has(c))) return cached.days;
    let flight = termsInFlight.get(bd);
    if (!flight) {
      flight = client
        .getAll<{ GroupNumber: number; NumberOfAdditionalDays?: number | null }>(
          bd,
          "PaymentTermsTypes?$select=GroupNumber,NumberOfAdditionalDays",
          { maxPageSize: 0 },
        )
        .then((terms) => {
          const days = new Map(
            terms.map((p) => [p.GroupNumber, Math.max(0, Math.trunc(p.NumberOfAdditionalDays ?? 0))]),
          );
          creditDays.set(bd, { at: clock().getTime(), days });
          return days;
        })
        .finally(() => termsInFlight.delete(bd));
      termsInFlight.set(bd, flight);
    }
    const days = await flight;
    // A code SAP does not list (-1, "no terms") counts as cash and is not asked for again.
    for (const code of wanted) if (!days.has(code)) days.set(code, 0);
    return days;
  }

  return { expired, itemForeignNames, paymentTerms, isServiceItem };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
