import { REGLAS_TIPO_PROVEEDOR, TIPOS_PROVEEDOR } from "@portal/contracts";
import { type Database, schema } from "@portal/db";
import { and, eq, inArray, sql } from "drizzle-orm";

const { complementosPago, facturas, proveedores, satEstadosCfdi, sociedades } = schema;

/** Decision 073: the payment method of every invoice of a supplier whose kind owes no payment complement. */
export const SIN_CFDI = "Sin CFDI";
/** The key of such a supplier in `metodosDePago` (no UUID has a colon). */
export const sinCfdiKey = (cardCode: string) => `proveedor:${cardCode}`;
const tiposSinComplemento = TIPOS_PROVEEDOR.filter((t) => !REGLAS_TIPO_PROVEEDOR[t].complementoPago);

/**
 * What the payments read from the portal besides their complement records (part of `repos.pagos`): the sociedades,
 * suppliers and invoices a payment row is joined with, and the list's fingerprint.
 */
export function pagoLookups(db: Database) {
  return {
    /** Sociedades by company database, with what a payment row and the complement checks need. */
    sociedadesPorBd: async (bds: readonly string[]) =>
      bds.length === 0
        ? []
        : db
            .select({
              id: sociedades.id,
              bd: sociedades.bdSap,
              nombre: sociedades.nombre,
              rfc: sociedades.rfc,
              cp: sociedades.cp,
              regimen: sociedades.regimen,
            })
            .from(sociedades)
            .where(inArray(sociedades.bdSap, [...bds])),
    proveedoresPorCardCode: async (cardCodes: readonly string[]) =>
      cardCodes.length === 0
        ? []
        : db
            .select({
              cardCode: proveedores.cardCode,
              cardName: proveedores.cardName,
              rfc: proveedores.rfc,
              email: proveedores.email,
            })
            .from(proveedores)
            .where(inArray(proveedores.cardCode, [...cardCodes])),
    /** The portal invoices with these UUIDs (payment method, serie-folio): the complement rules and deadline. */
    facturasPorUuid: async (uuids: readonly string[]) =>
      uuids.length === 0
        ? []
        : db
            .select({
              uuid: facturas.uuid,
              folio: facturas.folio,
              metodoPago: facturas.metodoPago,
              subtotal: facturas.subtotal,
              descuento: facturas.descuento,
              retenciones: facturas.retenciones,
              total: facturas.total,
            })
            .from(facturas)
            .where(inArray(facturas.uuid, [...uuids])),
    /**
     * What a payment list shows besides the ERP: the scope's complement records (count, newest, sum of versions),
     * the portal's invoices (their payment method decides which payments owe a complement) and the names of
     * sociedades and suppliers.
     */
    fingerprint: async (cardCode: string | null): Promise<string> => {
      const result = (await db.execute(sql`
        select concat_ws(':',
          (select concat_ws('-', count(*), max(id), sum(version)) from ${complementosPago}
            ${cardCode === null ? sql`` : sql`where card_code = ${cardCode}`}),
          (select concat_ws('-', count(*), max(id), sum(version)) from ${facturas}
            ${cardCode === null ? sql`` : sql`where card_code = ${cardCode}`}),
          (select max(updated_at) from ${sociedades}), (select max(updated_at) from ${proveedores}),
          (select concat_ws('-', count(*), sum(version)) from ${satEstadosCfdi} where tipo = 'pago')) as h`)) as unknown as {
        rows: { h: string }[];
      };
      return result.rows[0]?.h ?? "";
    },
    /**
     * Payment method of the portal's invoices (of one supplier, or all) by UUID: which payments owe a complement.
     * Decision 073: a supplier whose kind owes no complement (a foreign one) is in it too, as `sinCfdiKey(cardCode)`.
     */
    metodosDePago: async (cardCode: string | null) => {
      const [cfdis, sinComplemento] = await Promise.all([
        db
          .select({ uuid: facturas.uuid, metodoPago: facturas.metodoPago })
          .from(facturas)
          .where(and(sql`${facturas.uuid} <> ''`, cardCode === null ? undefined : eq(facturas.cardCode, cardCode))),
        db
          .select({ cardCode: proveedores.cardCode })
          .from(proveedores)
          .where(
            and(
              inArray(proveedores.tipo, tiposSinComplemento),
              cardCode === null ? undefined : eq(proveedores.cardCode, cardCode),
            ),
          ),
      ]);
      return new Map<string, string>([
        ...cfdis.map((f): [string, string] => [f.uuid.toUpperCase(), f.metodoPago]),
        ...sinComplemento.map((p): [string, string] => [sinCfdiKey(p.cardCode), SIN_CFDI]),
      ]);
    },
  };
}
