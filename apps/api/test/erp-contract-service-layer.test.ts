import { payFacturas, scheduleFacturaProveedor } from "@portal/erp-sim";
import { startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient } from "../src/erp/service-layer/client";
import { describeErpAdapterContract } from "./erp-contract";
import { erpTotalOf } from "./erp-contract-totals";
import { createDemoTestDatabase, createTestClock } from "./helpers";

const BDS = ["SBO_IIA", "SBO_KIJ", "SBO_MCI"];
const USER = { userName: "manager", password: "clave-sap" };

interface SlLine {
  LineNum: number;
  ItemDescription: string;
}

// The Service Layer adapter against the simulator over the same demo data set as the mock's contract run (2
// suppliers x 2 sociedades each, scale 1): every read and write goes over HTTP to the simulator.
describeErpAdapterContract("service-layer", async () => {
  const time = createTestClock();
  const tdb = await createDemoTestDatabase(time);
  const sim = await startServiceLayerSimulator({
    db: tdb.db,
    credentials: BDS.map((companyDb) => ({ companyDb, ...USER })),
    clock: time.clock,
  });
  // Credentials for any company database: an unknown one is refused by the Service Layer itself (-306).
  const client = createServiceLayerClient({ url: sim.url, timeoutMs: 15_000 }, (companyDb) => ({
    companyDb,
    ...USER,
  }));
  const adapter = createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock });
  return {
    adapter,
    bds: BDS,
    bdSinDatos: "SBO_NO_EXISTE",
    // An ERP user edits line 0's description through the Service Layer (PATCH merges lines by LineNum); time
    // passes, as it does between two portal calls, beyond the adapter's freshness window.
    async changeLine(kind, key) {
      const entity = kind === "pedido" ? "PurchaseOrders" : "PurchaseDeliveryNotes";
      const doc = await client.get<{ DocumentLines: SlLine[] }>(
        key.bd,
        `${entity}(${key.docEntry})?$select=DocEntry,DocumentLines`,
      );
      const line = doc.DocumentLines.find((l) => l.LineNum === 0) ?? (doc.DocumentLines[0] as SlLine);
      time.advance(5_000);
      await client.write(key.bd, "PATCH", `${entity}(${key.docEntry})`, {
        DocumentLines: [{ LineNum: line.LineNum, ItemDescription: `${line.ItemDescription}.` }],
      });
      time.advance(5_000);
    },
    // The accountants change the A/P invoice in SAP (the rows the simulator serves); time passes, as above.
    async scheduleFactura(bd, docNum, plan) {
      time.advance(5_000);
      await scheduleFacturaProveedor(tdb.db, bd, docNum, plan);
    },
    erpTotal: (kind, bd, docEntry) => erpTotalOf(tdb.db, kind, bd, docEntry),
    // The accountants record a payment in SAP (the rows the simulator serves); time passes, as above.
    async pay(pago) {
      time.advance(5_000);
      await payFacturas(tdb.db, pago);
      time.advance(5_000);
    },
    async close() {
      await client.logoutAll();
      await sim.close();
      await tdb.drop();
    },
  };
});
