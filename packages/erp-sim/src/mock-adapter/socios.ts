import * as schema from "@portal/db/schema";
import { ErpRechazoError, type ErpSocioProveedorNuevo } from "@portal/erp";
import { and, asc, eq } from "drizzle-orm";
import type { MockAdapterDeps } from "./shared";

const { erpSocios } = schema;

/** SAP's answer to a CardCode already taken (Service Layer manual, error -10 "Business partner code … already assigned"). */
export const cardCodeTaken = (cardCode: string) =>
  `1320000140 - Business partner code '${cardCode}' already assigned to a business partner`;

/**
 * Issue 41 item 3 (decision 070): the supplier of `socio.rfc` in company database `bd` (erp_mock.socios holds only
 * suppliers), else a new one with `socio.cardCode`. Two calls at once insert once (the primary key (bd, card_code));
 * the one that loses reads the partner the other created.
 */
export async function ensureSupplierBusinessPartner(
  { db }: MockAdapterDeps,
  bd: string,
  socio: ErpSocioProveedorNuevo,
): Promise<{ cardCode: string; created: boolean }> {
  const porRfc = async () =>
    (
      await db
        .select({ cardCode: erpSocios.cardCode })
        .from(erpSocios)
        .where(and(eq(erpSocios.bd, bd), eq(erpSocios.licTradNum, socio.rfc)))
        .orderBy(asc(erpSocios.cardCode))
        .limit(1)
    )[0];
  const existente = await porRfc();
  if (existente) return { cardCode: existente.cardCode, created: false };
  const insertado = await db
    .insert(erpSocios)
    .values({ bd, cardCode: socio.cardCode, cardName: socio.cardName, licTradNum: socio.rfc, email: socio.email })
    .onConflictDoNothing()
    .returning({ cardCode: erpSocios.cardCode });
  if (insertado.length === 1) return { cardCode: socio.cardCode, created: true };
  const ahora = await porRfc();
  if (ahora) return { cardCode: ahora.cardCode, created: false };
  throw new ErpRechazoError(cardCodeTaken(socio.cardCode));
}
