import { schema } from "@portal/db";
import { createMockErpAdapter, payFacturas, scheduleFacturaProveedor } from "@portal/erp-sim";
import { and, eq, sql } from "drizzle-orm";
import { describeErpAdapterContract } from "./erp-contract";
import { erpTotalOf } from "./erp-contract-totals";
import { createDemoTestDatabase } from "./helpers";

// The mock on its own database with the demo data set (2 suppliers x 2 sociedades each, scale 1).
describeErpAdapterContract("mock", async () => {
  const tdb = await createDemoTestDatabase();
  return {
    adapter: createMockErpAdapter(tdb.db),
    bds: ["SBO_IIA", "SBO_KIJ", "SBO_MCI"],
    bdSinDatos: "SBO_NO_EXISTE",
    // An ERP user edits a line's free text: the document's version must change (triggers, migration 0003).
    async changeLine(kind, key) {
      const lineas = kind === "pedido" ? schema.erpPedidoLineas : schema.erpEntradaLineas;
      await tdb.db
        .update(lineas)
        .set({ frgnName: sql`${lineas.frgnName} || '.'` })
        .where(and(eq(lineas.bd, key.bd), eq(lineas.docEntry, key.docEntry), eq(lineas.lineNum, 0)));
    },
    async scheduleFactura(bd, docNum, plan) {
      await scheduleFacturaProveedor(tdb.db, bd, docNum, plan);
    },
    erpTotal: (kind, bd, docEntry) => erpTotalOf(tdb.db, kind, bd, docEntry),
    async pay(pago) {
      await payFacturas(tdb.db, pago);
    },
    close: () => tdb.drop(),
  };
});
