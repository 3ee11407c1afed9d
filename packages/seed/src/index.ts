import type { Database, DatabaseHandle } from "@portal/db";
import { type Clock, isoDateOf } from "@portal/db";
import { createEmpleado, createProveedor, createSociedad, ensureArea } from "@portal/db/factories";
import { empleados, proveedores, proveedorSociedades, sociedades } from "@portal/db/schema";
import { PERFIL_ERP_DEMO, type SeedErpMockResumen, type SocioSemilla, seedErpMock } from "@portal/erp-sim";
import { eq } from "drizzle-orm";

export * from "@portal/db/factories";
export { ENTRADA_CFDI_SAT, ENTRADAS_LIBRES, seedFacturasDemo } from "./facturas-demo";

import { seedCuentasDemo } from "./cuentas-demo";
import { SOCIEDAD_EFIRMA_DEMO, seedEfirmaDemo } from "./efirma-demo";
import { seedExtranjerosDemo } from "./extranjeros-demo";

export { CLABE_DEMO_APROBADA, CLABE_DEMO_SOLICITADA } from "./cuentas-demo";
export { PROVEEDOR_EXTRANJERO_DEMO } from "./extranjeros-demo";

import { seedFacturasDemo } from "./facturas-demo";
import { seedNotasCreditoDemo } from "./notas-credito-demo";
import { seedPagosDemo } from "./pagos-demo";
import { seedPedidoServicioDemo } from "./pedido-servicio-demo";
import { enrolDemoSecondFactors } from "./segundo-factor-demo";

export { NOTA_CREDITO_DEMO_UUID } from "./notas-credito-demo";
export { COMPLEMENTOS_DEMO, complementoEsperadoDelPago, seedPagosDemo } from "./pagos-demo";
export { DEMO_TOTP_SECRET, enrolDemoSecondFactors } from "./segundo-factor-demo";

import { createSimplePdf } from "@portal/db/factories";

export { createSimplePdf };

/** The demo sign-ins the seed creates; `npm start` prints them (scripts/start.mjs via cli/arranque.ts). */
export const DEMO_PASSWORD = "Portal2026";
export const DEMO_USERS = [
  { operador: "Empleado", usuario: "admin", descripcion: "administrador (ve pendientes)" },
  { operador: "Empleado", usuario: "consulta", descripcion: "general (solo lectura)" },
  { operador: "Empleado", usuario: "tesoreria", descripcion: "aprueba cambios de cuenta bancaria" },
  { operador: "Proveedor", usuario: "EKU9003173C9", descripcion: "ESCUELA KEMPER URGATE (moral)" },
  { operador: "Proveedor", usuario: "XIQB891116QE4", descripcion: "BERENICE XIMO QUEZADA (física)" },
  // Issue 42 (decision 073): a foreign supplier signs in with its CardCode.
  { operador: "Proveedor", usuario: "P00003", descripcion: "ACME INDUSTRIAL SUPPLY INC (extranjero, USD)" },
] as const;

const AREAS = ["Compras", "Cuentas por pagar", "Almacén", "Contabilidad", "Sistemas"];

export interface SeedDemoOptions {
  /** "Now" for the demo data (compliance documents are dated today): the app's injected clock. */
  clock: Clock;
  /** Multiplies the ERP mock volume (`npm run seed -- --scale N`); 1 by default. */
  erpEscala?: number;
}

/** The advisory lock's name for the demo seed (`DatabaseHandle.exclusive`). */
export const SEED_LOCK = "semilla-demo";

/**
 * The demo seed as a process starts (SEED_DEMO=true): under an advisory lock, so N processes starting at once on one
 * PostgreSQL seed one after the other: the first writes the demo data and the others find every row there and write
 * nothing (each insert looks its row up by its natural key first; without the lock two of them could both miss a row
 * and the second would fail on a unique key).
 */
export function seedDemoExclusive(
  handle: DatabaseHandle,
  encryptionKey: Buffer,
  options: SeedDemoOptions,
): Promise<{ erp: SeedErpMockResumen }> {
  return handle.exclusive(SEED_LOCK, () => seedDemo(handle.db, encryptionKey, options));
}

const EMPLEADOS_DEMO = [
  {
    usuario: "admin",
    perfil: "A",
    nombre: "Administrador",
    apellidos: "del Portal",
    email: "admin@empresa.com.mx",
    area: "Sistemas",
    viDocPen: "Y",
  },
  {
    usuario: "consulta",
    perfil: "G",
    nombre: "Mariana",
    apellidos: "López Torres",
    email: "consulta@empresa.com.mx",
    area: "Cuentas por pagar",
    viDocPen: "N",
  },
  // Issue 41 (decision 069): approves (or rejects) suppliers' bank-account changes.
  {
    usuario: "tesoreria",
    perfil: "G",
    nombre: "Tomás",
    apellidos: "Reyes Salgado",
    email: "tesoreria@empresa.com.mx",
    area: "Cuentas por pagar",
    viDocPen: "N",
    apruebaCuentas: "Y",
    // Issue 43 (decision 075): reads the SAT reconciliation ('Conciliación SAT').
    conciliaSat: "Y",
  },
] as const;

const SOCIEDADES_DEMO = [
  // Issue 39 (decision 059): a municipality withholds no IVA (Ley del IVA, art. 3).
  {
    nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI",
    rfc: "MCI7306249Y1",
    regimen: "603",
    cp: "54700",
    bdSap: "SBO_MCI",
    noRetieneIva: true,
  },
  { nombre: "KIJ, S.A DE C.V.", rfc: "KIJ0906199R1", regimen: "601", cp: "59820", bdSap: "SBO_KIJ" },
  {
    nombre: "INDISTRIA ILUMINADORA DE ALMACENES",
    rfc: "IIA040805DZ4",
    regimen: "626",
    cp: "62661",
    bdSap: "SBO_IIA",
  },
  // Issue 43 (decision 075): the RFC of the SAT's test FIEL in force; the seed stores that FIEL on it (efirma-demo.ts).
  SOCIEDAD_EFIRMA_DEMO,
];

const PROVEEDORES_DEMO = [
  {
    cardCode: "P00001",
    tipoPersona: "M" as const,
    cardName: "ESCUELA KEMPER URGATE",
    rfc: "EKU9003173C9",
    telefono: "55 5550 1234",
    email: "facturacion@kemper.edu.mx,cobranza@kemper.edu.mx",
    contacto: "Rosa María Kemper",
    sociedades: ["SBO_MCI", "SBO_KIJ"],
    documentos: [
      "ActaConstitutiva",
      "IdentificacionOficial",
      "ComprobanteDomicilio",
      "CedulaFiscal",
      "EstadoCuenta",
      "OpinionCumplimiento",
      "CaratulaBancaria",
    ],
  },
  {
    cardCode: "P00002",
    tipoPersona: "F" as const,
    cardName: "BERENICE XIMO QUEZADA",
    rfc: "XIQB891116QE4",
    telefono: "33 3615 9876",
    email: "berenice.ximo@correo.com.mx",
    contacto: "Berenice Ximo Quezada",
    sociedades: ["SBO_KIJ", "SBO_IIA"],
    // Issue 40: every document a persona física must have, as her record status 'Completo' says, so she can invoice.
    documentos: ["IdentificacionOficial", "ComprobanteDomicilio", "CedulaFiscal", "OpinionCumplimiento"],
  },
];

/**
 * Idempotent demo data: every insert skips rows that already exist (by their natural key), so running it
 * again never duplicates nor overwrites what users changed. The ERP mock gets each demo supplier's purchasing
 * history in each of its sociedades (erp-mock/).
 */
export async function seedDemo(
  db: Database,
  encryptionKey: Buffer,
  options: SeedDemoOptions,
): Promise<{ erp: SeedErpMockResumen }> {
  for (const area of AREAS) await ensureArea(db, area);
  await seedEmpleadosDemo(db);
  await enrolDemoSecondFactors(
    db,
    encryptionKey,
    EMPLEADOS_DEMO.map((e) => e.usuario),
    options.clock,
  );
  const ids = await seedSociedadesDemo(db, encryptionKey);
  const eku = ids[SOCIEDAD_EFIRMA_DEMO.bdSap];
  if (eku !== undefined) await seedEfirmaDemo(db, encryptionKey, options.clock, eku);
  await seedProveedoresDemo(db, ids, options.clock);
  const erp = await seedErpMock(db, { socios: sociosErpDemo(), escala: options.erpEscala ?? 1 });
  await seedFacturasDemo(db, options.clock);
  // Issue 42 part 2 (decision 076): an open service order to bill against.
  await seedPedidoServicioDemo(db);
  await seedPagosDemo(db, options.clock);
  await seedNotasCreditoDemo(db, options.clock);
  await seedCuentasDemo(db, options.clock, PROVEEDORES_DEMO[0]?.sociedades ?? []);
  await seedExtranjerosDemo(db, options.clock, DEMO_PASSWORD);
  return { erp };
}

async function seedEmpleadosDemo(db: Database): Promise<void> {
  for (const empleado of EMPLEADOS_DEMO) {
    const [existing] = await db
      .select({ id: empleados.id })
      .from(empleados)
      .where(eq(empleados.usuario, empleado.usuario));
    if (!existing) await createEmpleado(db, { ...empleado, password: DEMO_PASSWORD });
  }
}

/** The demo sociedades' ids by their SAP database. */
async function seedSociedadesDemo(db: Database, encryptionKey: Buffer): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const s of SOCIEDADES_DEMO) {
    const found = (await db.select({ id: sociedades.id }).from(sociedades).where(eq(sociedades.bdSap, s.bdSap)))[0];
    const row =
      found ?? (await createSociedad(db, encryptionKey, { ...s, usuarioSap: "manager", passSap: "B1Admin!" }));
    if (!row) throw new Error(`No se pudo sembrar la sociedad ${s.nombre}`);
    ids[s.bdSap] = row.id;
  }
  return ids;
}

/** A new demo supplier is created with its documents; an existing one only gets its missing sociedades. */
async function seedProveedoresDemo(db: Database, ids: Record<string, number>, clock: Clock): Promise<void> {
  for (const p of PROVEEDORES_DEMO) {
    const sociedadIds = p.sociedades.map((bd) => ids[bd]).filter((id): id is number => id !== undefined);
    const found = (await db.select().from(proveedores).where(eq(proveedores.cardCode, p.cardCode)))[0];
    if (!found) {
      const { sociedades: _ignored, documentos, ...data } = p;
      await createProveedor(db, {
        ...data,
        password: DEMO_PASSWORD,
        estatusRegistro: "C",
        sociedadIds,
        documentos: { cargados: documentos, fecha: isoDateOf(clock) },
      });
    } else {
      for (const sociedadId of sociedadIds) {
        await db.insert(proveedorSociedades).values({ cardCode: p.cardCode, sociedadId }).onConflictDoNothing();
      }
    }
  }
}

/** Each demo supplier in each of its sociedades, as the ERP mock's business partners. */
function sociosErpDemo(): SocioSemilla[] {
  // The supplier's CardCode is the same in every company database (see apps/api/src/erp/types.ts).
  return PROVEEDORES_DEMO.flatMap((p) =>
    p.sociedades.map((bd) => ({
      bd,
      sociedadNombre: SOCIEDADES_DEMO.find((s) => s.bdSap === bd)?.nombre ?? bd,
      cardCode: p.cardCode,
      cardName: p.cardName,
      rfc: p.rfc,
      tipoPersona: p.tipoPersona,
      zipCode: PERFIL_ERP_DEMO[p.cardCode]?.zipCode ?? "",
      categorias: PERFIL_ERP_DEMO[p.cardCode]?.categorias,
      groupNum: PERFIL_ERP_DEMO[p.cardCode]?.groupNum,
    })),
  );
}
