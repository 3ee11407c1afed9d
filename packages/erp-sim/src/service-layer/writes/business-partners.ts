import * as schema from "@portal/db/schema";
import type { EntitySet } from "../entities";
import { type Ctx, SapFailure } from "../http";
import { checkProperties, created, jsonBody, NOT_SUPPORTED, type WriteContext } from "./shared";

/** OCRD's lengths: SDK Help `SAPbobsCOM~BusinessPartners~CardCode` (15), `~CardName` (100), `~FederalTaxID` (32). */
const LENGTHS: ReadonlyMap<string, number> = new Map([
  ["CardCode", 15],
  ["CardName", 100],
  ["FederalTaxID", 32],
  ["EmailAddress", 100],
]);

export type BusinessPartnerDeps = Pick<
  WriteContext,
  "db" | "propertiesOf" | "findByKey" | "headersOf" | "entityAnswer"
>;

/**
 * `POST BusinessPartners` (issue 41 item 3, decision 070), as SAP Business One's Service Layer adds a business
 * partner (SAP Service Layer API reference, entity set BusinessPartners, type BusinessPartner; DI API/SDK help
 * `SAPbobsCOM.BusinessPartners.Add`): `CardCode` is required unless the company numbers partners with a `Series`
 * (the simulator keeps no series: it refuses one); `CardType` cSupplier (erp_mock.socios holds suppliers only);
 * `CardName`, `FederalTaxID`, `EmailAddress` stored. A CardCode already taken answers SAP's 400 `-10`
 * "1320000140 - Business partner code '…' already assigned to a business partner" (Service Layer manual p23,
 * docs/erp-service-layer.md §1.5); a string longer than OCRD's column -1000 (wording the simulator's, as in
 * field-lengths.ts). Answers 201 with the entity (Location, ETag).
 */
export async function createBusinessPartner(c: BusinessPartnerDeps, ctx: Ctx, set: EntitySet, bd: string) {
  const body = await jsonBody(ctx);
  checkProperties(body, c.propertiesOf(set), set.type);
  for (const [property, max] of LENGTHS) {
    const value = body[property];
    if (value !== undefined && typeof value !== "string") {
      throw new SapFailure(400, -1000, `Value of property '${property}' of 'BusinessPartner' is invalid`);
    }
    if (typeof value === "string" && [...value].length > max) {
      throw new SapFailure(
        400,
        -1000,
        `Value too long in property '${property}' of 'BusinessPartner' (maximum ${max})`,
      );
    }
  }
  if (body.Series !== undefined || (body.CardType ?? "cCustomer") !== "cSupplier") {
    // SAP's default CardType is cCustomer (SDK BusinessPartners~CardType); erp_mock keeps suppliers only.
    throw new SapFailure(400, -5006, NOT_SUPPORTED);
  }
  const cardCode = typeof body.CardCode === "string" ? body.CardCode.trim() : "";
  if (cardCode === "") throw new SapFailure(400, -10, "Enter BP code [OCRD.CardCode]");
  const taken = (await c.headersOf(set, bd)).byKey.has(cardCode);
  if (taken) throw takenFailure(cardCode);
  const socio = {
    cardCode,
    cardName: typeof body.CardName === "string" ? body.CardName : "",
    rfc: typeof body.FederalTaxID === "string" ? body.FederalTaxID : "",
    email: typeof body.EmailAddress === "string" ? body.EmailAddress : "",
  };
  // The mock ERP's insert (one row of erp_mock.socios): a CardCode another request took meanwhile is refused too.
  const inserted = await insertExactly(c, bd, socio);
  if (!inserted) throw takenFailure(cardCode);
  await created(c, ctx, set, bd, `'${cardCode.replaceAll("'", "''")}'`);
}

const takenFailure = (cardCode: string) =>
  new SapFailure(400, -10, `1320000140 - Business partner code '${cardCode}' already assigned to a business partner`);

/** Inserts the partner unless its CardCode exists; whether it did. */
async function insertExactly(
  c: BusinessPartnerDeps,
  bd: string,
  socio: { cardCode: string; cardName: string; rfc: string; email: string },
): Promise<boolean> {
  // No look-up by RFC here: SAP does not refuse a second partner with the same FederalTaxID, only a taken CardCode.
  const rows = await c.db
    .insert(schema.erpSocios)
    .values({ bd, cardCode: socio.cardCode, cardName: socio.cardName, licTradNum: socio.rfc, email: socio.email })
    .onConflictDoNothing()
    .returning({ cardCode: schema.erpSocios.cardCode });
  return rows.length === 1;
}
