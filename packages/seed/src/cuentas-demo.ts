import { validateClabe } from "@portal/contracts";
import { type Clock, type Database, storeArchivo } from "@portal/db";
import { createSimplePdf } from "@portal/db/factories";
import { cuentasBancarias, erpSocioCuentas, solicitudesCuentaBancaria } from "@portal/db/schema";
import { eq } from "drizzle-orm";

/** ESCUELA KEMPER URGATE's approved account (Banxico's own example CLABE, IXE) and the change it asked for (BANAMEX). */
export const CLABE_DEMO_APROBADA = "032180000118359719";
export const CLABE_DEMO_SOLICITADA = "002180701234567895";
const KEMPER = "P00001";
const TITULAR = "ESCUELA KEMPER URGATE";

/**
 * Issue 41 (decision 069): something to try on the demo. ESCUELA KEMPER URGATE has an approved account (also in
 * SAP's BPBankAccounts of its company databases) and a pending 'Solicitud de cambio de cuenta bancaria' it entered
 * itself, which `tesoreria` (ApruebaCuentas) may approve or reject. Idempotent: nothing is written when the supplier
 * already has requests.
 */
export async function seedCuentasDemo(db: Database, clock: Clock, bds: readonly string[]): Promise<void> {
  const existing = await db
    .select({ id: solicitudesCuentaBancaria.id })
    .from(solicitudesCuentaBancaria)
    .where(eq(solicitudesCuentaBancaria.cardCode, KEMPER));
  if (existing.length > 0) return;
  const now = clock();
  const datos = async (clabe: string, archivo: string) => {
    const valid = validateClabe(clabe);
    if (!valid.ok) throw new Error(valid.mensaje);
    const pdf = createSimplePdf(`Carátula bancaria ${valid.banco.nombre}`, [TITULAR, `CLABE ${clabe}`]);
    return {
      cardCode: KEMPER,
      tipo: "clabe",
      clabe,
      pais: "MX",
      bancoCodigo: valid.banco.codigo,
      bancoNombre: valid.banco.nombre,
      titular: TITULAR,
      moneda: "MXN",
      archivoId: await storeArchivo(db, pdf, "application/pdf"),
      archivoNombre: archivo,
    };
  };
  const aprobada = await datos(CLABE_DEMO_APROBADA, "caratula-ixe.pdf");
  const hace = new Date(now.getTime() - 60 * 86_400_000);
  const [primera] = await db
    .insert(solicitudesCuentaBancaria)
    .values({
      ...aprobada,
      correosAntes: "facturacion@kemper.edu.mx, cobranza@kemper.edu.mx",
      operador: "Proveedor",
      usuarioRef: KEMPER,
      estatus: "aprobada",
      revisorRef: null,
      motivo: "Alta de la cuenta con el registro del proveedor.",
      version: 2,
      createdAt: hace,
      decididaAt: hace,
    })
    .returning({ id: solicitudesCuentaBancaria.id });
  if (!primera) return;
  await db
    .insert(cuentasBancarias)
    .values({ ...aprobada, solicitudId: primera.id, aprobadaAt: hace, aprobadaPor: "Sistema" });
  for (const [i, bd] of bds.entries()) {
    await db
      .insert(erpSocioCuentas)
      .values({
        bd,
        internalKey: i + 1,
        cardCode: KEMPER,
        country: "MX",
        bankCode: CLABE_DEMO_APROBADA.slice(0, 3),
        accountNo: CLABE_DEMO_APROBADA,
        accountName: TITULAR,
        branch: CLABE_DEMO_APROBADA.slice(3, 6),
        controlKey: CLABE_DEMO_APROBADA.slice(17),
      })
      .onConflictDoNothing();
  }
  await db.insert(solicitudesCuentaBancaria).values({
    ...(await datos(CLABE_DEMO_SOLICITADA, "carta-banamex.pdf")),
    correosAntes: "facturacion@kemper.edu.mx, cobranza@kemper.edu.mx",
    operador: "Proveedor",
    usuarioRef: KEMPER,
    createdAt: new Date(now.getTime() - 3_600_000),
  });
}
