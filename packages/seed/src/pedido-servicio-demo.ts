import type { Database } from "@portal/db";
import { createErpPedido } from "@portal/db/factories";
import { erpPedidos } from "@portal/db/schema";
import { and, eq } from "drizzle-orm";

/** The reference of the demo's open service order (issue 42 part 2, decision 076). */
export const PEDIDO_SERVICIO_DEMO = "DEMO-SERVICIO-1";

/**
 * Issue 42 part 2 (decision 076): an open purchase order of Kemper in MUNICIPIO DE CUAUTITLAN IZCALLI for two
 * preventive maintenance services (non-inventory items, InvntItem 'N', no goods receipt), so a newcomer can bill a
 * service against its order ('Facturar servicios de un pedido'), e.g. 1 of 2 (50 %). Created once, looked up by its
 * reference.
 */
export async function seedPedidoServicioDemo(db: Database): Promise<void> {
  const [ya] = await db
    .select({ n: erpPedidos.docEntry })
    .from(erpPedidos)
    .where(and(eq(erpPedidos.bd, "SBO_MCI"), eq(erpPedidos.numAtCard, PEDIDO_SERVICIO_DEMO)))
    .limit(1);
  if (ya) return;
  await createErpPedido(db, {
    bd: "SBO_MCI",
    cardCode: "P00001",
    cardName: "ESCUELA KEMPER URGATE",
    docDate: "2026-11-09",
    numAtCard: PEDIDO_SERVICIO_DEMO,
    peyMethod: "03",
    mainUsage: "G03",
    groupNum: 0,
    comments: "Servicios de mantenimiento: se facturan contra el pedido, sin entrada de mercancía.",
    lineas: [
      {
        itemCode: "SRV-0001",
        itemName: "Mantenimiento preventivo a equipo de aire acondicionado",
        uomCode: "SRV",
        quantity: "2",
        priceBefDi: "1500.00",
        servicio: true,
      },
    ],
  });
}
