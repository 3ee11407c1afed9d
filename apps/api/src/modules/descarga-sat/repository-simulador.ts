import { createHash } from "node:crypto";
import { type Database, schema } from "@portal/db";
import { and, asc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type {
  MetadatoSimulado,
  SolicitudesSimuladas,
  SolicitudSimulada,
  XmlSimulado,
} from "../../sat/descarga-masiva/simulador";
import { xmlSimulado } from "../../sat/descarga-masiva/xml-simulado";

const { archivos, facturas, proveedores, satSimuladorDescargas, satSimuladorEstados } = schema;

/** The SAT keeps a request's packages 72 hours; a repeated request within them is answered 5005. */
const VIGENCIA_SOLICITUD_MS = 72 * 3_600_000;

/** The Descarga Masiva simulator's data (demo, tests; issue 43 §3). */
export function simuladorDescargaQueries(db: Database) {
  const metadatos = (rfcReceptor: string, desde: string, hasta: string) =>
    metadatosSimulados(db, rfcReceptor, desde, hasta);
  const solicitudes: SolicitudesSimuladas = {
    create: async (s: SolicitudSimulada, ahora: Date) => {
      const clave = [s.rfc, s.tipo, s.desde, s.hasta].join("|");
      const fila = { ...s, clave, verificaciones: 0, createdAt: ahora };
      // One statement: a new request, or the renewal of one with these parameters older than 72 hours; when another
      // in force holds them, nothing (the SAT's 5005). Two processes asking at once: exactly one is accepted.
      const r = await db
        .insert(satSimuladorDescargas)
        .values(fila)
        .onConflictDoUpdate({
          target: satSimuladorDescargas.clave,
          set: { id: s.id, verificaciones: 0, createdAt: ahora },
          setWhere: lt(satSimuladorDescargas.createdAt, new Date(ahora.getTime() - VIGENCIA_SOLICITUD_MS)),
        })
        .returning({ id: satSimuladorDescargas.id });
      return r.length === 1;
    },
    read: async (id: string) => {
      const [r] = await db
        .select({
          id: satSimuladorDescargas.id,
          rfc: satSimuladorDescargas.rfc,
          tipo: satSimuladorDescargas.tipo,
          desde: satSimuladorDescargas.desde,
          hasta: satSimuladorDescargas.hasta,
        })
        .from(satSimuladorDescargas)
        .where(eq(satSimuladorDescargas.id, id));
      return r ? { ...r, tipo: r.tipo === "CFDI" ? "CFDI" : "Metadata" } : null;
    },
    verificar: async (id: string) => {
      const [r] = await db
        .update(satSimuladorDescargas)
        .set({ verificaciones: sql`${satSimuladorDescargas.verificaciones} + 1` })
        .where(eq(satSimuladorDescargas.id, id))
        .returning({ n: satSimuladorDescargas.verificaciones });
      return r?.n ?? 0;
    },
  };
  return {
    /** The simulator's requests, in the database (any process answers any step). */
    solicitudesSimuladas: solicitudes,
    /**
     * The XML of what the simulator holds for an RFC and window: the portal's own stored XML of its invoices (the
     * real CFDI the suppliers brought), and a generated, unsealed CFDI 4.0 flagged as simulator data for the rest.
     */
    xmlsSimulados: async (rfcReceptor: string, desde: string, hasta: string): Promise<XmlSimulado[]> => {
      const filas = (await metadatos(rfcReceptor, desde, hasta)).filter((f) => f.estatus === "1");
      const propias = new Map<string, string>();
      const uuids = filas.map((f) => f.uuid);
      if (uuids.length > 0) {
        const guardados = await db
          .select({ uuid: facturas.uuid, contenido: archivos.contenido })
          .from(facturas)
          .innerJoin(archivos, eq(archivos.id, facturas.xmlArchivoId))
          .where(and(eq(facturas.rfcReceptor, rfcReceptor), inArray(sql`upper(${facturas.uuid})`, uuids)));
        for (const g of guardados) propias.set(g.uuid.toUpperCase(), Buffer.from(g.contenido).toString("utf8"));
      }
      return filas.map((f) => ({ uuid: f.uuid, xml: propias.get(f.uuid) ?? xmlSimulado(f) }));
    },
    metadatosSimulados: metadatos,
  };
}

/**
 * What the simulator says the SAT holds as received by an RFC between two wall times: the portal's own invoices
 * to it (cancelled when the status simulator's row says so), plus, per month, one CFDI from each of those
 * issuers and of the portal's active national suppliers that never reached the portal, and one from an issuer that
 * is no supplier of the portal, so the demo has something to reconcile (decision 075, amendment 3). Deterministic: the same window gives the same rows.
 */
async function metadatosSimulados(
  db: Database,
  rfcReceptor: string,
  desde: string,
  hasta: string,
): Promise<MetadatoSimulado[]> {
  const [d, h] = [desde.replace(" ", "T"), hasta.replace(" ", "T")];
  const propias = await db
    .select({
      uuid: facturas.uuid,
      rfcEmisor: facturas.rfcEmisor,
      nombreEmisor: facturas.nombreEmisor,
      nombreReceptor: facturas.nombreReceptor,
      fecha: facturas.fechaCfdi,
      timbrado: facturas.fechaTimbrado,
      total: facturas.total,
      estado: satSimuladorEstados.estado,
    })
    .from(facturas)
    .leftJoin(satSimuladorEstados, eq(satSimuladorEstados.uuid, sql`upper(${facturas.uuid})`))
    .where(and(eq(facturas.rfcReceptor, rfcReceptor), gte(facturas.fechaCfdi, d), lte(facturas.fechaCfdi, h)))
    .orderBy(asc(facturas.fechaCfdi), asc(facturas.id));
  const filas: MetadatoSimulado[] = propias.map((p) => ({
    uuid: p.uuid.toUpperCase(),
    rfcEmisor: p.rfcEmisor,
    nombreEmisor: p.nombreEmisor,
    rfcReceptor,
    nombreReceptor: p.nombreReceptor,
    fechaEmision: p.fecha.replace("T", " ").slice(0, 19),
    fechaCertificacion: (p.timbrado || p.fecha).replace("T", " ").slice(0, 19),
    monto: Number(p.total).toFixed(2),
    efecto: "I",
    estatus: p.estado === "Cancelado" ? "0" : "1",
    fechaCancelacion: p.estado === "Cancelado" ? (p.timbrado || p.fecha).replace("T", " ").slice(0, 19) : "",
  }));
  const emisores = new Map(propias.map((p) => [p.rfcEmisor, p.nombreEmisor]));
  // The portal's active national suppliers issue to every sociedad too: a sociedad none of them invoiced through the
  // portal (the demo's SBO_EKU, whose RFC is the test FIEL's) still has CFDI of suppliers missing from the portal.
  const nacionales = await db
    .select({ rfc: proveedores.rfc, nombre: proveedores.cardName })
    .from(proveedores)
    .where(and(eq(proveedores.tipo, "nacional"), eq(proveedores.estatus, "A")))
    .orderBy(asc(proveedores.rfc));
  for (const n of nacionales) if (!emisores.has(n.rfc)) emisores.set(n.rfc, n.nombre);
  emisores.set("AAA010101AAA", "EMISOR AJENO AL PORTAL SA DE CV");
  for (const mes of monthsBetween(d, h)) {
    const fecha = inventedDate(mes, desde, hasta);
    if (fecha === null) continue;
    for (const [rfcEmisor, nombreEmisor] of emisores) {
      const huella = createHash("sha256").update(`${rfcReceptor}|${rfcEmisor}|${mes}`).digest("hex");
      filas.push({
        uuid: uuidFromHash(huella),
        rfcEmisor,
        nombreEmisor,
        rfcReceptor,
        nombreReceptor: "",
        fechaEmision: fecha,
        fechaCertificacion: fecha,
        monto: (1000 + (Number.parseInt(huella.slice(0, 6), 16) % 90_000) / 10).toFixed(2),
        efecto: "I",
        estatus: "1",
        fechaCancelacion: "",
      });
    }
  }
  return filas;
}

/**
 * The wall time of a month's invented CFDI: the 15th at noon, or the window's end when that is earlier (so the
 * current month has them on any day, not only after the 15th), or its start when later; null outside the window.
 */
export function inventedDate(mes: string, desde: string, hasta: string): string | null {
  const inicio = `${mes}-01 00:00:00` > desde ? `${mes}-01 00:00:00` : desde;
  const quince = `${mes}-15 12:00:00`;
  const fecha = quince > hasta ? hasta : quince < inicio ? inicio : quince;
  return fecha.slice(0, 7) === mes && fecha >= desde && fecha <= hasta ? fecha : null;
}

const uuidFromHash = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();

/** 'YYYY-MM' of every month from one wall time to another. */
function monthsBetween(desde: string, hasta: string): string[] {
  const meses: string[] = [];
  let [y, m] = [Number(desde.slice(0, 4)), Number(desde.slice(5, 7))];
  const fin = hasta.slice(0, 7);
  while (`${y}-${String(m).padStart(2, "0")}` <= fin && meses.length < 24) {
    meses.push(`${y}-${String(m).padStart(2, "0")}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return meses;
}
