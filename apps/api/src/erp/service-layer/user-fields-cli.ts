import { pathToFileURL } from "node:url";
import {
  BaseDeDatosEnUso,
  createDatabase,
  type DatabaseHandle,
  decryptSecret,
  encryptionKeyText,
  parseEncryptionKey,
  runMigrations,
} from "@portal/db";
import { loadConfig } from "../../config";
import { createSociedadesRepository } from "../../modules/sociedades/repository";
import { createServiceLayerClient } from "./client";
import { PORTAL_USER_FIELDS, reportUserFields } from "./user-fields";

/**
 * `npm run sap -- campos [BD …]`: creates in the company databases' SAP (through the Service Layer at SAP_SL_URL, with
 * each sociedad's SAP user) the user fields the portal needs, leaving the existing ones alone. Every failure is a
 * Spanish message and exit code 1.
 */
export const AYUDA = `Uso: npm run sap -- COMANDO [opciones]

Prepara SAP Business One (a través del Service Layer) para el portal.

Comandos:
  campos [BD …]
      Revisa en cada base de datos de SAP (las de las sociedades, o solo las indicadas) los campos de usuario
      que el portal lee y escribe, y crea los que falten (UserFieldsMD). Se puede ejecutar las veces que sea
      necesario: no crea nada que ya exista. Después de crear campos hay que reiniciar el Service Layer.
  ayuda
      Muestra esta ayuda.

Campos:
${PORTAL_USER_FIELDS.map((f) => `  ${f.table}.U_${f.name} (${f.type}, ${f.editSize}): ${f.use}.`).join("\n")}

Configuración (la del portal): SAP_SL_URL (obligatoria), SAP_SL_CA_FILE, SAP_SL_TIMEOUT_MS, DATABASE_URL o la base
embebida de .data/pglite (detenga antes el portal) y APP_ENCRYPTION_KEY (descifra las contraseñas de SAP).`;

export async function principal(
  args: readonly string[],
  env: Record<string, string | undefined> = process.env,
  out: { log(line: string): void; error(line: string): void } = console,
): Promise<number> {
  const [comando = "ayuda", ...bds] = args;
  if (comando === "ayuda" || comando === "--help" || comando === "-h") {
    out.log(AYUDA);
    return 0;
  }
  if (comando !== "campos") {
    out.error(`Comando desconocido: ${comando}. Vea \`npm run sap -- ayuda\`.`);
    return 1;
  }
  let handle: DatabaseHandle | undefined;
  let logout: (() => Promise<void>) | undefined;
  try {
    const config = loadConfig(env);
    if (!config.SAP_SL_URL) {
      out.error("Defina SAP_SL_URL (la dirección del Service Layer, p. ej. https://sap:50000/b1s/v2/).");
      return 1;
    }
    const keyText = encryptionKeyText({ envKey: config.APP_ENCRYPTION_KEY, dataDir: config.DATA_DIR, create: false });
    if (!keyText) {
      out.error("Defina APP_ENCRYPTION_KEY: sin ella no se pueden leer las contraseñas de SAP de las sociedades.");
      return 1;
    }
    const key = parseEncryptionKey(keyText);
    handle = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await runMigrations(handle);
    const sociedades = await createSociedadesRepository(handle.db).list();
    const unknown = bds.filter((bd) => !sociedades.some((s) => s.bdSap === bd));
    if (unknown.length > 0) {
      out.error(`Ninguna sociedad usa la base de datos ${unknown.join(", ")}.`);
      return 1;
    }
    const companyDbs = bds.length > 0 ? bds : sociedades.map((s) => s.bdSap);
    if (companyDbs.length === 0) {
      out.error("No hay sociedades dadas de alta: no hay bases de datos de SAP que revisar.");
      return 1;
    }
    // Its own session (in memory), not the portal's shared ones: a one-off command, logged out at the end.
    const client = createServiceLayerClient(
      {
        url: config.SAP_SL_URL,
        timeoutMs: config.SAP_SL_TIMEOUT_MS,
        ...(config.serviceLayerCa ? { ca: config.serviceLayerCa } : {}),
      },
      (companyDb) => {
        const s = sociedades.find((x) => x.bdSap === companyDb);
        return s && { companyDb, userName: s.usuarioSap, password: decryptSecret(s.passSapCifrada, key) };
      },
    );
    logout = () => client.close();
    return (await reportUserFields(client, companyDbs, out)) ? 0 : 1;
  } catch (error) {
    if (error instanceof BaseDeDatosEnUso) out.error(error.message);
    else out.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await logout?.().catch(() => {});
    await handle?.close().catch(() => {});
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) process.exitCode = await principal(process.argv.slice(2));
