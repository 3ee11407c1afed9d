import { seedDemo } from "@portal/db/seed";
import { createTestDatabase } from "@portal/db/testing";
import { createMockErpAdapter } from "../src/erp/mock/adapter";
import { describeErpAdapterContract } from "./erp-contract";
import { testKey } from "./helpers";

// The mock on its own database with the demo data set (2 suppliers x 2 sociedades each, scale 1).
describeErpAdapterContract("mock", async () => {
  const tdb = await createTestDatabase();
  await seedDemo(tdb.db, testKey);
  return {
    adapter: createMockErpAdapter(tdb.db),
    bds: ["SBO_IIA", "SBO_KIJ", "SBO_MCI"],
    bdSinDatos: "SBO_NO_EXISTE",
    close: () => tdb.drop(),
  };
});
