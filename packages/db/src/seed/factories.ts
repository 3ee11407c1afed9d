import { randomBytes } from "node:crypto";
import { storeArchivo } from "../archivos";
import type { Database } from "../client";
import { encryptSecret } from "../crypto";
import { hashPassword } from "../password";
import { areas, empleados, proveedorDocumentos, proveedores, proveedorSociedades, sociedades } from "../schema/index";
import { createSimplePdf } from "./pdf";

/**
 * Factories shared by the demo seed and the tests: each builds a realistic row, applies overrides and
 * inserts it. Unique fields get a random suffix unless given, so every test works in its own data.
 */
const suffix = () => randomBytes(3).toString("hex").toUpperCase();

export interface EmpleadoInput {
  usuario?: string;
  perfil?: "A" | "G";
  nombre?: string;
  apellidos?: string;
  email?: string;
  area?: string;
  estatus?: "A" | "I";
  password?: string;
  viDocPen?: "Y" | "N";
  /** Issue 41 (decision 069): may approve bank-account changes. */
  apruebaCuentas?: "Y" | "N";
  conciliaSat?: "Y" | "N";
}

export async function ensureArea(db: Database, nombre: string): Promise<number> {
  await db.insert(areas).values({ nombre }).onConflictDoNothing({ target: areas.nombre });
  const rows = await db.select({ id: areas.id, nombre: areas.nombre }).from(areas);
  const found = rows.find((r) => r.nombre === nombre);
  if (!found) throw new Error(`Área no encontrada: ${nombre}`);
  return found.id;
}

export async function createEmpleado(db: Database, input: EmpleadoInput = {}) {
  const usuario = input.usuario ?? `emp${suffix().toLowerCase()}`;
  const areaId = await ensureArea(db, input.area ?? "Compras");
  const [row] = await db
    .insert(empleados)
    .values({
      usuario,
      perfil: input.perfil ?? "G",
      nombre: input.nombre ?? "Laura",
      apellidos: input.apellidos ?? "Martínez Ruiz",
      email: input.email ?? `${usuario}@empresa.com.mx`,
      areaId,
      estatus: input.estatus ?? "A",
      passwordHash: await hashPassword(input.password ?? "Portal2026"),
      viDocPen: input.viDocPen ?? "N",
      apruebaCuentas: input.apruebaCuentas ?? "N",
      conciliaSat: input.conciliaSat ?? "N",
    })
    .onConflictDoNothing({ target: empleados.usuario })
    .returning();
  return row;
}

export interface SociedadInput {
  nombre?: string;
  rfc?: string;
  regimen?: string;
  cp?: string;
  estatus?: "A" | "I";
  usuarioSap?: string;
  passSap?: string;
  bdSap?: string;
  conConstancia?: boolean;
  /** Issue 39: withholds no IVA (Ley del IVA, art. 3: a state or municipality); false by default. */
  noRetieneIva?: boolean;
}

export async function createSociedad(db: Database, encryptionKey: Buffer, input: SociedadInput = {}) {
  const s = suffix();
  const nombre = input.nombre ?? `COMERCIALIZADORA DEL BAJIO ${s}, S.A. DE C.V.`;
  const rfc = input.rfc ?? "CBA120315KJ4";
  const regimen = input.regimen ?? "601";
  const cp = input.cp ?? "37000";
  let constanciaArchivoId: string | null = null;
  let constanciaNombre = "";
  if (input.conConstancia ?? true) {
    const pdf = createSimplePdf("Constancia de Situación Fiscal", [
      "Servicio de Administración Tributaria (documento de demostración)",
      `Denominación o razón social: ${nombre}`,
      `RFC: ${rfc}`,
      `Régimen fiscal: ${regimen}`,
      `Código postal del domicilio fiscal: ${cp}`,
      "Estatus en el padrón: ACTIVO",
    ]);
    constanciaArchivoId = await storeArchivo(db, pdf, "application/pdf");
    constanciaNombre = `constancia-${rfc}.pdf`;
  }
  const [row] = await db
    .insert(sociedades)
    .values({
      nombre,
      rfc,
      regimen,
      cp,
      estatus: input.estatus ?? "A",
      usuarioSap: input.usuarioSap ?? "manager",
      passSapCifrada: encryptSecret(input.passSap ?? `Sap-${s}`, encryptionKey),
      bdSap: input.bdSap ?? `SBO_${s}`,
      constanciaArchivoId,
      constanciaNombre,
      noRetieneIva: input.noRetieneIva ?? false,
    })
    .onConflictDoNothing({ target: sociedades.bdSap })
    .returning();
  return row;
}

export interface ProveedorInput {
  cardCode?: string;
  tipoPersona?: "F" | "M";
  cardName?: string;
  rfc?: string;
  telefono?: string;
  email?: string;
  contacto?: string;
  password?: string;
  estatusRegistro?: "C" | "P" | "R";
  estatus?: "A" | "I";
  sociedadIds?: number[];
  /** Its compliance documents (all seven rows, as the profile shows them); none when absent. */
  documentos?: DocumentosInput;
  /** Issue 42 (decision 073): a foreign supplier has the generic RFC, its country and its foreign tax id. */
  extranjero?: { pais: string; numRegIdTrib: string };
}

export interface DocumentosInput {
  /** The documents loaded (a demo PDF each), by key (ActaConstitutiva …). */
  cargados: readonly string[];
  /** Their load date (YYYY-MM-DD), from the caller's clock: expiry counts from it. */
  fecha: string;
  /** Required flags that differ from the default (required when it applies to the tipo de persona). */
  val?: Partial<Record<string, "Y" | "N">>;
}

/**
 * The supplier documents (spec §3 Supplier): whether each applies only to personas morales, and whether it is
 * required by default. Mirrors DOCUMENTOS_PROVEEDOR in @portal/contracts, which this package does not import.
 */
export const DOCUMENTOS_PROVEEDOR_SEMILLA: Record<string, { titulo: string; moral: boolean; requerido: boolean }> = {
  ActaConstitutiva: { titulo: "Acta constitutiva", moral: true, requerido: true },
  IdentificacionOficial: { titulo: "Identificación oficial del representante", moral: false, requerido: true },
  ComprobanteDomicilio: { titulo: "Comprobante de domicilio", moral: false, requerido: true },
  CedulaFiscal: { titulo: "Cédula de identificación fiscal", moral: false, requerido: true },
  EstadoCuenta: { titulo: "Estado de cuenta", moral: true, requerido: true },
  OpinionCumplimiento: { titulo: "Opinión de cumplimiento de obligaciones fiscales", moral: false, requerido: true },
  CaratulaBancaria: { titulo: "Carátula bancaria", moral: false, requerido: false },
};

/** A syntactically valid RFC for a persona moral, unique per call. */
export const randomRfcMoral = () => {
  const letters = "ABCDEFGHJKLMNPRSTUVWXYZ";
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, "0");
  return `${pick()}${pick()}${pick()}${digits}${pick()}${pick()}${Math.floor(Math.random() * 10)}`;
};

export async function createProveedor(db: Database, input: ProveedorInput = {}) {
  const cardCode = input.cardCode ?? `P${suffix()}`;
  const [row] = await db
    .insert(proveedores)
    .values({
      cardCode,
      tipoPersona: input.tipoPersona ?? "M",
      cardName: input.cardName ?? `SUMINISTROS INDUSTRIALES ${cardCode}, S.A. DE C.V.`,
      rfc: input.rfc ?? randomRfcMoral(),
      telefono: input.telefono ?? "55 5123 4567",
      email: input.email ?? `facturacion.${cardCode.toLowerCase()}@proveedor.com.mx`,
      contacto: input.contacto ?? "Jorge Hernández",
      passwordHash: await hashPassword(input.password ?? "Portal2026"),
      estatusRegistro: input.estatusRegistro ?? "C",
      estatus: input.estatus ?? "A",
      ...(input.extranjero
        ? {
            tipo: "extranjero",
            rfc: "XEXX010101000",
            pais: input.extranjero.pais,
            numRegIdTrib: input.extranjero.numRegIdTrib,
          }
        : {}),
    })
    .onConflictDoNothing({ target: proveedores.cardCode })
    .returning();
  for (const sociedadId of input.sociedadIds ?? []) {
    await db.insert(proveedorSociedades).values({ cardCode, sociedadId }).onConflictDoNothing();
  }
  if (row && input.documentos) await createDocumentosProveedor(db, row, input.documentos);
  return row;
}

/** Writes a supplier's seven document rows: demo PDFs for the loaded ones, dated `fecha`. */
async function createDocumentosProveedor(
  db: Database,
  p: { cardCode: string; cardName: string; rfc: string; tipoPersona: string },
  documentos: DocumentosInput,
) {
  for (const [clave, info] of Object.entries(DOCUMENTOS_PROVEEDOR_SEMILLA)) {
    const aplica = !info.moral || p.tipoPersona === "M";
    const cargado = documentos.cargados.includes(clave);
    let archivoId: string | null = null;
    if (cargado) {
      const pdf = createSimplePdf(info.titulo, [
        `Proveedor: ${p.cardName}`,
        `RFC: ${p.rfc}`,
        "Documento de demostración",
      ]);
      archivoId = await storeArchivo(db, pdf, "application/pdf");
    }
    await db
      .insert(proveedorDocumentos)
      .values({
        cardCode: p.cardCode,
        clave,
        val: documentos.val?.[clave] ?? (aplica && info.requerido ? "Y" : "N"),
        archivoId,
        nombre: cargado ? `${clave}-${p.rfc}.pdf` : "",
        fecha: cargado ? documentos.fecha : null,
      })
      .onConflictDoNothing();
  }
}
