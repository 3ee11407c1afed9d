/**
 * The month end's data, written straight into the cluster's database (as the benches do), on top of the demo seed:
 * - more suppliers (portal users with the project's password hash, their purchasing history in the ERP mock), who
 *   only browse: the SAT's test certificates exist for two RFCs only, so invoices and complements are issued by
 *   the demo supplier ESCUELA KEMPER URGATE (P00001) to MUNICIPIO DE CUAUTITLAN IZCALLI (SBO_MCI);
 * - receipts of P00001 to invoice (one per invoice a user registers), with their sealed and stamped CFDI issued now,
 *   before the timed phase;
 * - ERP payments of P00001, each over one PPD invoice paid in full, and their complements issued now;
 * - reviewers (employees with the pending-documents view), who decide what the suppliers upload.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { postFacturaFields, readInvoice } from "@portal/cfdi";
import { png, pngChunk } from "@portal/cfdi/image-muestras";
import { issueTestComplemento, issueTestFactura } from "@portal/cfdi/sello";
import { createDatabase, schema } from "@portal/db";
import { seedErpMock } from "@portal/erp-sim";
import { createEmpleado, createErpEntrada, createProveedor, randomRfcMoral } from "@portal/seed";
import { eq } from "drizzle-orm";
import { conCliente, KEMPER, MCI, pdfRellenoBase64 } from "../comun";

/**
 * A receipt image as the web app posts it (a PNG), padded to a photo's size with a private ancillary chunk: the
 * server reads a PNG to its IEND and refuses bytes after it.
 */
const imagenRellena = (bytes: number) =>
  Buffer.from(png({ width: 1, height: 1, extra: [pngChunk("prVt", new Uint8Array(randomBytes(bytes)))] }));

export interface FacturaLista {
  entrada: number;
  uuid: string;
  /** postFactura's body without the files (added when sent: they are shared, the CFDI is not). */
  campos: Record<string, unknown>;
  xml64: string;
}

export interface ComplementoListo {
  pagoDocNum: number;
  uuid: string;
  xml: string;
}

export interface DatosCarga {
  /** Browse-only suppliers' RFCs (their user names). */
  proveedoresLectura: string[];
  /** Reviewers' user names. */
  revisores: string[];
  facturas: FacturaLista[];
  complementos: ComplementoListo[];
  /** The shared files of an upload, base64 (a ~200 KB PDF, a ~60 KB image; the complement's ~100 KB PDF). */
  pdf64: string;
  imagen64: string;
  pdfComplemento64: string;
}

const dinero = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, "0")}`;
/** YYYY-MM-DD, `dias` days before `now`. */
const diaAntes = (now: Date, dias: number) => new Date(now.getTime() - dias * 86_400_000).toISOString().slice(0, 10);

export async function prepareData(
  databaseUrl: string,
  opciones: {
    proveedoresLectura: number;
    revisores: number;
    facturas: number;
    complementos: number;
    password: string;
    log: (l: string) => void;
  },
): Promise<DatosCarga> {
  const now = new Date();
  const t0 = performance.now();
  const handle = await createDatabase({ url: databaseUrl, maxConnections: 4 });
  const db = handle.db;
  try {
    const sociedades = await db.select().from(schema.sociedades);
    const id = (bd: string) => sociedades.find((s) => s.bdSap === bd)?.id;
    const mci = id("SBO_MCI");
    const kij = id("SBO_KIJ");
    if (mci === undefined || kij === undefined) throw new Error("La semilla demo no creó SBO_MCI y SBO_KIJ.");

    // Browse-only suppliers with their purchasing history in both company databases.
    const lectura: string[] = [];
    const socios = [];
    for (let i = 1; i <= opciones.proveedoresLectura; i++) {
      const cardCode = `P1${String(i).padStart(4, "0")}`;
      const rfc = randomRfcMoral();
      const cardName = `SUMINISTROS DE CIERRE ${i}, S.A. DE C.V.`;
      await createProveedor(db, { cardCode, rfc, cardName, password: opciones.password, sociedadIds: [mci, kij] });
      const [p] = await db.select().from(schema.proveedores).where(eq(schema.proveedores.cardCode, cardCode));
      lectura.push(p!.rfc);
      for (const bd of ["SBO_MCI", "SBO_KIJ"]) {
        socios.push({
          bd,
          sociedadNombre: bd,
          cardCode,
          cardName,
          rfc: p!.rfc,
          tipoPersona: "M" as const,
          zipCode: "64000",
        });
      }
    }
    const erp = await seedErpMock(db, { socios, escala: 1 });

    const revisores: string[] = [];
    for (let i = 1; i <= opciones.revisores; i++) {
      const usuario = `revisor${String(i).padStart(2, "0")}`;
      await createEmpleado(db, {
        usuario,
        perfil: "A",
        nombre: "Revisor",
        apellidos: `de Cierre ${i}`,
        area: "Cuentas por pagar",
        viDocPen: "Y",
        password: opciones.password,
      });
      revisores.push(usuario);
    }

    // Receipts of P00001 in SBO_MCI to invoice, and their CFDI (PUE, 1,000 + 16 % IVA: the receipt's total).
    const fechaCfdi = `${diaAntes(now, 1)}T10:00:00`;
    const fechaTimbrado = `${diaAntes(now, 1)}T10:05:00`;
    const facturas: FacturaLista[] = [];
    for (let i = 0; i < opciones.facturas; i++) {
      const e = await createErpEntrada(db, {
        bd: "SBO_MCI",
        cardCode: "P00001",
        cardName: KEMPER.nombre,
        cp: "86000",
        peyMethod: "03",
        mainUsage: "G03",
        groupNum: 0,
      });
      const uuid = randomUUID().toUpperCase();
      const xml = issueTestFactura({
        emisor: KEMPER,
        receptor: MCI,
        lugarExpedicion: "86000",
        fecha: fechaCfdi,
        folio: String(e.docNum),
        formaPago: "03",
        metodoPago: "PUE",
        subtotal: "1000.00",
        iva: "160.00",
        uuid,
        fechaTimbrado,
      });
      const leido = readInvoice(xml);
      if (!leido.ok) throw new Error(`La factura de prueba no se lee: ${leido.errors.join("; ")}`);
      facturas.push({
        entrada: e.docNum,
        uuid,
        xml64: Buffer.from(xml).toString("base64"),
        // The browser's own mapping (@portal/cfdi), the files left for the upload.
        campos: postFacturaFields(leido.data, { RazonSocial: "SBO_MCI", EntradaMercancia: e.docNum }),
      });
    }

    // ERP payments of P00001 in SBO_MCI, each over one PPD invoice (issued 40 days ago) paid in full 5 days ago.
    const fechaPago = diaAntes(now, 5);
    const fechaFacturas = diaAntes(now, 40);
    const complementos: ComplementoListo[] = [];
    await conCliente(databaseUrl, async (c) => {
      for (let i = 0; i < opciones.complementos; i++) {
        const total = 116_000 + (i % 50) * 1_160;
        const uuidFactura = randomUUID().toUpperCase();
        const pagoDocEntry = 7_000_000 + i;
        const pagoDocNum = 7_100_000 + i;
        await c.query(
          `insert into erp_mock.facturas (bd, doc_entry, doc_num, card_code, card_name, doc_status, num_at_card, uuid,
            doc_date, doc_due_date, vat_sum, doc_total, paid_to_date, doc_cur, doc_rate, canceled)
          values ('SBO_MCI', $1, $2, 'P00001', $3, 'C', $4, $5, $6, $7, $8, $9, $9, 'MXN', 1, 'N')`,
          [
            7_200_000 + i,
            7_300_000 + i,
            KEMPER.nombre,
            `PPD-${i + 1}`,
            uuidFactura,
            fechaFacturas,
            diaAntes(now, 10),
            dinero(Math.round((total * 0.16) / 1.16)),
            dinero(total),
          ],
        );
        await c.query(
          `insert into erp_mock.pagos (bd, doc_entry, doc_num, card_code, card_name, doc_date, pymnt_group, doc_total,
            doc_cur, doc_rate, canceled)
          values ('SBO_MCI', $1, $2, 'P00001', $3, $4, '03', $5, 'MXN', 1, 'N')`,
          [pagoDocEntry, pagoDocNum, KEMPER.nombre, fechaPago, dinero(total)],
        );
        await c.query(
          `insert into erp_mock.pago_facturas (bd, doc_entry, line_num, factura_doc_entry, sum_applied)
          values ('SBO_MCI', $1, 0, $2, $3)`,
          [pagoDocEntry, 7_200_000 + i, dinero(total)],
        );
        const uuid = randomUUID().toUpperCase();
        const xml = issueTestComplemento({
          emisor: KEMPER,
          receptor: { rfc: MCI.rfc, nombre: MCI.nombre, cp: MCI.cp, regimen: MCI.regimen },
          lugarExpedicion: "86000",
          fecha: `${diaAntes(now, 3)}T10:00:00`,
          pagos: [
            {
              FechaPago: `${fechaPago}T12:00:00`,
              FormaDePagoP: "03",
              MonedaP: "MXN",
              Monto: dinero(total),
              Documentos: [
                {
                  IdDocumento: uuidFactura,
                  MonedaDR: "MXN",
                  NumParcialidad: 1,
                  ImpSaldoAnt: dinero(total),
                  ImpPagado: dinero(total),
                  ImpSaldoInsoluto: "0.00",
                },
              ],
            },
          ],
          uuid,
          fechaTimbrado: `${diaAntes(now, 3)}T10:01:00`,
        });
        complementos.push({ pagoDocNum, uuid, xml });
      }
      await c.query("vacuum (analyze)");
    });
    opciones.log(
      `[load] datos: ${lectura.length} proveedores más (${erp.pedidos} pedidos, ${erp.entradas} entradas en el ERP), ` +
        `${revisores.length} revisores, ${facturas.length} entradas por facturar con su CFDI, ` +
        `${complementos.length} pagos PPD con su complemento, en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return {
      proveedoresLectura: lectura,
      revisores,
      facturas,
      complementos,
      pdf64: pdfRellenoBase64("Factura", 200_000),
      imagen64: imagenRellena(60_000).toString("base64"),
      pdfComplemento64: pdfRellenoBase64("Complemento de pago", 100_000),
    };
  } finally {
    await handle.close();
  }
}
