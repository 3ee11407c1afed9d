import { createHash } from "node:crypto";
import { type Database, schema } from "@portal/db";
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { MetadatoSimulado } from "../../sat/descarga-masiva/simulador";

const { facturas, satSimuladorEstados } = schema;

/** The Descarga Masiva simulator's data (demo, tests; issue 43 §3). */
export function simuladorDescargaQueries(db: Database) {
  return {
    /**
     * What the simulator says the SAT holds as received by an RFC between two wall times: the portal's own invoices
     * to it (cancelled when the status simulator's row says so), plus, per month, one CFDI from each of those
     * issuers that never reached the portal and one from an issuer that is no supplier of the portal, so the demo
     * has something to reconcile. Deterministic: the same window gives the same rows.
     */
    metadatosSimulados: async (rfcReceptor: string, desde: string, hasta: string): Promise<MetadatoSimulado[]> => {
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
      emisores.set("AAA010101AAA", "EMISOR AJENO AL PORTAL SA DE CV");
      for (const mes of monthsBetween(d, h)) {
        const fecha = `${mes}-15 12:00:00`;
        if (fecha < desde || fecha > hasta) continue;
        for (const [rfcEmisor, nombreEmisor] of emisores) {
          const huella = createHash("sha256").update(`${rfcReceptor}|${rfcEmisor}|${mes}`).digest("hex");
          filas.push({
            uuid: uuidFromHash(huella),
            rfcEmisor,
            nombreEmisor,
            rfcReceptor,
            nombreReceptor: "",
            fechaEmision: fecha,
            fechaCertificacion: `${mes}-15 12:01:00`,
            monto: (1000 + (Number.parseInt(huella.slice(0, 6), 16) % 90_000) / 10).toFixed(2),
            efecto: "I",
            estatus: "1",
            fechaCancelacion: "",
          });
        }
      }
      return filas;
    },
  };
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
