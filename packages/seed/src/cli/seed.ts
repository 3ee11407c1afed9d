import { join } from "node:path";
import { parseArgs } from "node:util";
import { createDatabase, encryptionKeyText, parseEncryptionKey, runMigrations, systemClock } from "@portal/db";
import { seedDemo } from "../index";

// Operations entry point: `npm run seed` applies migrations and the idempotent demo seed.
// `npm run seed -- --scale N` multiplies the ERP mock volume (benchmarks; use a scratch database).
const { values: args } = parseArgs({ options: { scale: { type: "string", default: "1" } }, strict: true });
const escala = Number(args.scale);
if (!Number.isInteger(escala) || escala < 1) {
  console.error(`--scale debe ser un entero positivo (recibido: ${args.scale}).`);
  process.exit(1);
}
const dataDir = process.env.DATA_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), ".data", "pglite");
const rawKey = encryptionKeyText({ envKey: process.env.APP_ENCRYPTION_KEY, dataDir, create: false });
if (!rawKey) {
  console.error("Defina APP_ENCRYPTION_KEY (32 bytes en base64) o ejecute `npm start` una vez para generarla.");
  process.exit(1);
}
const handle = await createDatabase({ url: process.env.DATABASE_URL, dataDir });
await runMigrations(handle);
const { erp } = await seedDemo(handle.db, parseEncryptionKey(rawKey), { clock: systemClock, erpEscala: escala });
await handle.close();
console.log(
  `ERP simulado (escala ${escala}): ${erp.socios} pares proveedor-sociedad nuevos, ${erp.pedidos} pedidos ` +
    `(${erp.pedidoLineas} partidas), ${erp.entradas} entradas (${erp.entradaLineas} partidas), ${erp.facturas} ` +
    `facturas, ${erp.pagos} pagos, ${erp.pdfs} PDF en ${(erp.ms / 1000).toFixed(1)} s.`,
);
if (escala > 1 && erp.omitidos > 0) {
  console.warn(
    `${erp.omitidos} pares ya tenían datos y se dejaron como estaban: para medir a escala use una base de datos nueva.`,
  );
}
console.log("Datos de demostración listos.");
