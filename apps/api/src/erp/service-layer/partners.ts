// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type ErpProveedor, ErpRechazoError, type ErpScope, type ErpSocioProveedorNuevo } from "../types";
import { isRefusal, isUnavailable } from "./availability";
import type { CatalogCache } from "./catalog-cache";
import { RECENT_PARTNER_LISTS, STAMP_PAGE } from "./limits";
import type { MirrorQueries } from "./mirror-queries";
import { literal, q } from "./odata";
import { keepRecent, type SlBase, text } from "./wire";

/** Suppliers (BusinessPartners of type cSupplier), kept per company database and supplier. */
export function createPartners(
  deps: Pick<SlBase, "client" | "clock"> & { catalog: CatalogCache; queries: Pick<MirrorQueries, "perBd"> },
) {
  const { client, clock } = deps;
  const { expired, paymentTerms } = deps.catalog;
  const { perBd } = deps.queries;

  /**
   * Business partners as last read, by `${bd}|${cardCode}` (empty cardCode: every supplier of `bd`), at most
   * RECENT_PARTNER_LISTS lists: reused without a request while younger than CATALOG_TTL_MS (a ZIP code edited in SAP
   * shows within that time, like item names), and for an outage of the Service Layer whatever their age.
   */
  const lastPartners = new Map<string, { at: number; rows: ErpProveedor[] }>();

  async function listProveedores(scope: ErpScope): Promise<ErpProveedor[]> {
    if (scope.bds.length === 0) return [];
    const cardCode = scope.cardCode;
    // Per company database and supplier (or all): the last answer while fresh, and for an outage.
    const rows = await perBd(new Set(scope.bds), async (bd) => {
      const key = `${bd}|${cardCode ?? ""}`;
      const kept = lastPartners.get(key);
      if (kept && !expired(kept)) return kept.rows;
      try {
        const read = await readPartners(bd);
        keepRecent(lastPartners, key, { at: clock().getTime(), rows: read }, RECENT_PARTNER_LISTS);
        return read;
      } catch (error) {
        const known = isUnavailable(error) ? kept : undefined;
        if (!known) throw error;
        return known.rows;
      }
    });
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return rows.sort((a, b) => cmp(a.bd, b.bd) || cmp(a.cardCode, b.cardCode));

    async function readPartners(bd: string): Promise<ErpProveedor[]> {
      const filter = `CardType eq 'cSupplier'${cardCode === null ? "" : ` and CardCode eq ${literal(cardCode)}`}`;
      const partners = await client.getAll<{
        CardCode: string;
        CardName?: string | null;
        FederalTaxID?: string | null;
        PayTermsGrpCode?: number | null;
        ZipCode?: string | null;
      }>(bd, `BusinessPartners?$select=CardCode,CardName,FederalTaxID,PayTermsGrpCode,ZipCode&$filter=${q(filter)}`, {
        maxPageSize: STAMP_PAGE,
      });
      const terms = await paymentTerms(
        bd,
        partners.map((p) => p.PayTermsGrpCode ?? 0),
      );
      return partners.map((p) => ({
        bd,
        cardCode: p.CardCode,
        cardName: text(p.CardName),
        rfc: text(p.FederalTaxID),
        groupNum: terms.get(p.PayTermsGrpCode ?? 0) ?? 0,
        zipCode: text(p.ZipCode),
      }));
    }
  }

  /** The first supplier of FederalTaxID `rfc` in `bd` by CardCode, or undefined. */
  async function supplierOfRfc(bd: string, rfc: string): Promise<string | undefined> {
    const filter = `CardType eq 'cSupplier' and FederalTaxID eq ${literal(rfc)}`;
    const found = await client.getAll<{ CardCode: string }>(
      bd,
      `BusinessPartners?$select=CardCode&$filter=${q(filter)}&$orderby=CardCode`,
    );
    return found[0]?.CardCode;
  }

  /**
   * Issue 41 item 3 (decision 070): `GET BusinessPartners?$filter=CardType eq 'cSupplier' and FederalTaxID eq '…'`;
   * none → `POST BusinessPartners {CardCode, CardName, CardType: cSupplier, FederalTaxID, EmailAddress}`. A POST
   * refused (SAP's -10 for a CardCode already assigned, e.g. the partner this POST created before its answer was
   * lost) looks the RFC up again: found, it is that partner; not found, SAP's refusal stands.
   */
  async function ensureSupplierBusinessPartner(
    bd: string,
    socio: ErpSocioProveedorNuevo,
  ): Promise<{ cardCode: string; created: boolean }> {
    const existente = await supplierOfRfc(bd, socio.rfc);
    if (existente) return { cardCode: existente, created: false };
    try {
      await client.write(
        bd,
        "POST",
        "BusinessPartners",
        {
          CardCode: socio.cardCode,
          CardName: socio.cardName,
          CardType: "cSupplier",
          FederalTaxID: socio.rfc,
          EmailAddress: socio.email,
        },
        { returnNoContent: true },
      );
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const ahora = await supplierOfRfc(bd, socio.rfc);
      if (ahora) return { cardCode: ahora, created: false };
      throw new ErpRechazoError(
        `El ERP no creó el socio de negocio ${socio.cardCode} en la base de datos ${bd}: ${error.detail ?? error.message}`,
      );
    } finally {
      // The next supplier list of this company database asks SAP again.
      for (const key of [...lastPartners.keys()]) if (key.startsWith(`${bd}|`)) lastPartners.delete(key);
    }
    return { cardCode: socio.cardCode, created: true };
  }

  return { listProveedores, ensureSupplierBusinessPartner };
}
