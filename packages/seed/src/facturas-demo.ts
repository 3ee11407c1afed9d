import { readInvoice } from "@portal/cfdi";
import { type FacturaPrueba, issueTestFactura } from "@portal/cfdi/sello";
import type { Clock, Database } from "@portal/db";
import { columnasDelCfdi, facturaProveedorDe, storeArchivo } from "@portal/db";
import { createErpEntrada, createErpPedido, createSimplePdf, type ErpEntradaInput } from "@portal/db/factories";
import { erpEntradas, erpTrabajos, facturas, sociedades } from "@portal/db/schema";
import { cancelFacturaProveedor, insertFacturaProveedor, payFacturas, selectFacturaProveedor } from "@portal/erp-sim";
import { and, eq } from "drizzle-orm";

/** A real 1×1 PNG: the goods-receipt image (Recepción) of the demo invoices. */
const RECEPCION_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The receipt that the SAT's published test CFDI of ESCUELA KEMPER URGATE matches (issue 12 demo). */
export const ENTRADA_CFDI_SAT = "SAT-PRUEBA-2025";
/** Open receipts left for a new user (and the e2e suite) to invoice with CFDIs they issue. */
export const ENTRADAS_LIBRES = [
  "DEMO-FACTURA-1",
  "DEMO-FACTURA-2",
  "DEMO-FACTURA-3",
  "DEMO-FACTURA-4",
  // Issue 42: two more, since a receipt billed in parts (decision 074) and the e2e suite's new flows take receipts too.
  "DEMO-FACTURA-5",
  "DEMO-FACTURA-6",
] as const;

export const KEMPER = { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" } as const;
const BERENICE = { rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA", regimen: "612" } as const;
export const MCI = {
  rfc: "MCI7306249Y1",
  nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI",
  cp: "54700",
  regimen: "603",
  uso: "G03",
};
const KIJ = { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601", uso: "G01" };

/**
 * What the buying company's accountants did in the ERP with an accepted invoice's A/P invoice (issue 13): its
 * vendor payments (fixed dates, so every seed is the same; no amount pays the balance) and whether they
 * cancelled it. Nothing: created and still unpaid.
 */
export interface ErpDemo {
  /** Payment form: c_FormaPago, 03 (transfer) when not given. */
  pagos?: { fecha: string; monto?: string; formaPago?: string }[];
  cancelada?: boolean;
}

export interface FacturaDemo {
  estatus: "P" | "A" | "R";
  comentarios?: string;
  cardCode: string;
  cardName: string;
  bd: string;
  entrada: Omit<ErpEntradaInput, "bd" | "cardCode" | "cardName">;
  cfdi: Omit<FacturaPrueba, "subtotal" | "iva">;
  /** Accepted invoices only: their A/P invoice in the ERP. */
  erp?: ErpDemo;
}

/**
 * Invoices in every state the portal knows, with real sealed and stamped XMLs (issue 12). The accepted ones are
 * A/P invoices in the ERP in every payment state (issue 13): unpaid, paid in full, partly paid (PPD) and
 * cancelled by the accountants.
 */
const FACTURAS_DEMO: FacturaDemo[] = [
  {
    estatus: "P",
    cardCode: "P00001",
    cardName: KEMPER.nombre,
    bd: "SBO_MCI",
    entrada: {
      docDate: "2026-11-03",
      cp: "86000",
      peyMethod: "03",
      mainUsage: "G03",
      lineas: [{ priceBefDi: "1250.00", quantity: "4" }],
    },
    cfdi: {
      emisor: KEMPER,
      receptor: MCI,
      lugarExpedicion: "86000",
      fecha: "2026-11-04T09:30:00",
      serie: "A",
      folio: "1201",
      formaPago: "03",
      metodoPago: "PUE",
      uuid: "6C1F2A40-3B7E-4D58-9A61-0E7B2C3D4F51",
      fechaTimbrado: "2026-11-04T09:31:12",
    },
  },
  {
    estatus: "A",
    comentarios: "Factura revisada contra la entrada de almacén.",
    cardCode: "P00001",
    cardName: KEMPER.nombre,
    bd: "SBO_MCI",
    entrada: {
      docDate: "2026-10-20",
      cp: "86000",
      peyMethod: "03",
      mainUsage: "G03",
      lineas: [{ priceBefDi: "890.00", quantity: "6" }],
    },
    cfdi: {
      emisor: KEMPER,
      receptor: MCI,
      lugarExpedicion: "86000",
      fecha: "2026-10-21T12:00:00",
      serie: "A",
      folio: "1187",
      formaPago: "03",
      metodoPago: "PUE",
      uuid: "8E2D4B61-7C3A-4F90-B1D2-3A4B5C6D7E82",
      fechaTimbrado: "2026-10-21T12:02:40",
    },
    // Created in the ERP, not paid yet.
    erp: {},
  },
  {
    estatus: "A",
    comentarios: "Servicio a crédito conforme a la orden de compra.",
    cardCode: "P00001",
    cardName: KEMPER.nombre,
    bd: "SBO_MCI",
    entrada: {
      docDate: "2026-10-26",
      cp: "86000",
      groupNum: 30,
      peyMethod: "99",
      mainUsage: "G03",
      lineas: [{ priceBefDi: "4750.00", quantity: "2" }],
    },
    cfdi: {
      emisor: KEMPER,
      receptor: MCI,
      lugarExpedicion: "86000",
      fecha: "2026-10-27T10:20:00",
      serie: "A",
      folio: "1192",
      formaPago: "99",
      metodoPago: "PPD",
      uuid: "9D3C5E72-8A4B-4C01-A2E3-4B5C6D7E8F93",
      fechaTimbrado: "2026-10-27T10:21:45",
    },
    // Paid on credit, in part so far: the supplier owes a payment complement for it.
    erp: { pagos: [{ fecha: "2026-11-10", monto: "5000.00" }] },
  },
  {
    estatus: "A",
    comentarios: "Factura revisada; cuentas por pagar la canceló en el ERP.",
    cardCode: "P00001",
    cardName: KEMPER.nombre,
    bd: "SBO_KIJ",
    entrada: {
      docDate: "2026-09-14",
      cp: "86000",
      peyMethod: "03",
      mainUsage: "G01",
      lineas: [{ priceBefDi: "1875.00", quantity: "3" }],
    },
    cfdi: {
      emisor: KEMPER,
      receptor: KIJ,
      lugarExpedicion: "86000",
      fecha: "2026-09-15T13:10:00",
      serie: "A",
      folio: "1163",
      formaPago: "03",
      metodoPago: "PUE",
      uuid: "2B7A9C14-5D6E-4F70-8193-A4B5C6D7E8A1",
      fechaTimbrado: "2026-09-15T13:11:20",
    },
    erp: { cancelada: true },
  },
  {
    estatus: "R",
    comentarios: "La referencia no corresponde a la orden de compra; emita de nuevo con la referencia correcta.",
    cardCode: "P00001",
    cardName: KEMPER.nombre,
    bd: "SBO_KIJ",
    entrada: {
      docDate: "2026-11-06",
      cp: "86000",
      peyMethod: "03",
      mainUsage: "G01",
      lineas: [{ priceBefDi: "2150.00" }],
    },
    cfdi: {
      emisor: KEMPER,
      receptor: KIJ,
      lugarExpedicion: "86000",
      fecha: "2026-11-07T16:45:00",
      serie: "A",
      folio: "1209",
      formaPago: "03",
      metodoPago: "PUE",
      uuid: "1A9B8C7D-6E5F-4A3B-8C2D-1E0F9A8B7C63",
      fechaTimbrado: "2026-11-07T16:46:05",
    },
  },
  // Berenice's public test CSD was valid until 2023-05-29: her invoices are from before then.
  {
    estatus: "A",
    comentarios: "Servicio recibido a satisfacción.",
    cardCode: "P00002",
    cardName: BERENICE.nombre,
    bd: "SBO_KIJ",
    entrada: {
      docDate: "2023-05-08",
      cp: "44160",
      peyMethod: "03",
      mainUsage: "G01",
      lineas: [{ priceBefDi: "3200.00" }],
    },
    cfdi: {
      emisor: BERENICE,
      receptor: KIJ,
      lugarExpedicion: "44160",
      fecha: "2023-05-10T11:00:00",
      folio: "88",
      formaPago: "03",
      metodoPago: "PUE",
      uuid: "3F4E5D6C-7B8A-4901-9C2B-3D4E5F6A7B94",
      fechaTimbrado: "2023-05-10T11:01:30",
    },
    // Paid in full by transfer.
    erp: { pagos: [{ fecha: "2023-05-26" }] },
  },
  {
    estatus: "P",
    cardCode: "P00002",
    cardName: BERENICE.nombre,
    bd: "SBO_KIJ",
    entrada: {
      docDate: "2023-05-22",
      cp: "44160",
      peyMethod: "03",
      mainUsage: "G01",
      lineas: [{ priceBefDi: "1500.00", quantity: "2" }],
    },
    cfdi: {
      emisor: BERENICE,
      receptor: KIJ,
      lugarExpedicion: "44160",
      fecha: "2023-05-25T10:15:00",
      folio: "91",
      formaPago: "03",
      metodoPago: "PUE",
      uuid: "5B6C7D8E-9F0A-4B1C-8D2E-4F5A6B7C8DA5",
      fechaTimbrado: "2023-05-25T10:16:00",
    },
  },
];

const dos = (centavos: number) => `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;
const centavos = (v: string) => Math.round(Number(v) * 100);

/**
 * Demo receipts and invoices (issue 12), idempotent: the receipt the SAT's test CFDI matches, open receipts to
 * invoice, and invoices in every state for both demo suppliers, each with its sealed and stamped XML, a PDF
 * rendering of it and a receipt image. Accepted ones also get their A/P invoice in the ERP, paid or cancelled as
 * the demo says, and the finished job that created it (issue 13). Runs after the ERP mock seed. Each invoice is
 * looked up by its UUID, so a database seeded before a demo invoice was added gets just that one.
 */
export async function seedFacturasDemo(db: Database, clock: Clock): Promise<void> {
  const [ya] = await db
    .select({ n: erpEntradas.docEntry })
    .from(erpEntradas)
    .where(and(eq(erpEntradas.bd, "SBO_MCI"), eq(erpEntradas.numAtCard, ENTRADA_CFDI_SAT)))
    .limit(1);
  if (!ya) await seedEntradasLibres(db);

  await insertFacturasDemo(db, FACTURAS_DEMO, clock());
}

/**
 * These demo invoices, each looked up by its UUID and created when missing (receipt, sealed XML, PDF, image and
 * row), and for the accepted ones their A/P invoice in the ERP, paid or cancelled as the demo says. Also used by
 * the demo payments (pagos-demo.ts) for the invoices their complements relate to.
 */
export async function insertFacturasDemo(db: Database, lista: readonly FacturaDemo[], now: Date): Promise<void> {
  const ids = new Map(
    (await db.select({ id: sociedades.id, bd: sociedades.bdSap }).from(sociedades)).map((s) => [s.bd, s.id]),
  );
  for (const f of lista) {
    const [existente] = await db.select().from(facturas).where(eq(facturas.uuid, f.cfdi.uuid.toUpperCase()));
    const factura = existente ?? (await createFacturaDemo(db, f, ids, now));
    if (factura && factura.estatus === "A" && f.erp) await mirrorInErp(db, factura, f.erp, now);
  }
}

/** The receipt of the SAT's test CFDI and the open receipts left to invoice (Kemper in SBO_MCI). */
async function seedEntradasLibres(db: Database) {
  /** An open receipt (with the order it receives) of Kemper in MUNICIPIO DE CUAUTITLAN IZCALLI. */
  const entradaLibre = async (input: Omit<ErpEntradaInput, "bd" | "cardCode" | "cardName">) => {
    const documento = {
      ...input,
      bd: "SBO_MCI",
      cardCode: "P00001",
      cardName: KEMPER.nombre,
      groupNum: input.groupNum ?? 0,
    };
    const pedido = await createErpPedido(db, { ...documento, docStatus: "C", numAtCard: "" });
    await createErpEntrada(db, { ...documento, pedidoDocNum: pedido.docNum });
  };
  // SubTotal 3,824.15 − Descuento 956.04 + IVA 458.90 = 3,327.01 MXN, payment form 01, use G03, PUE, CP 86000.
  await entradaLibre({
    docDate: "2025-02-18",
    numAtCard: ENTRADA_CFDI_SAT,
    cp: "86000",
    peyMethod: "01",
    mainUsage: "G03",
    lineas: [{ priceBefDi: "3824.15", itemName: "Material didáctico (según CFDI de prueba del SAT)" }],
    descuento: "956.04",
  });
  for (const [i, ref] of ENTRADAS_LIBRES.entries()) {
    await entradaLibre({
      docDate: `2026-11-1${i + 1}`,
      numAtCard: ref,
      cp: "86000",
      // Issue 40: the fourth has 30 credit days (PPD, payment form 99), so the README's cycle reaches the complement.
      peyMethod: i === 3 ? "99" : "03",
      groupNum: i === 3 ? 30 : 0,
      mainUsage: "G03",
      lineas: [{ priceBefDi: "2500.00", quantity: String(i + 1) }],
    });
  }
}

/** One demo invoice: its order and receipt in the ERP, its sealed XML, PDF and receipt image, and its row. */
async function createFacturaDemo(db: Database, f: FacturaDemo, ids: Map<string, number>, now: Date) {
  const documento = {
    ...f.entrada,
    bd: f.bd,
    cardCode: f.cardCode,
    cardName: f.cardName,
    groupNum: f.entrada.groupNum ?? 0,
  };
  // Like every receipt in SAP, each one receives a purchase order.
  const pedido = await createErpPedido(db, { ...documento, docStatus: "C" });
  const entrada = await createErpEntrada(db, {
    ...documento,
    pedidoDocNum: pedido.docNum,
    numAtCard: `${f.cfdi.serie ?? ""}${f.cfdi.folio}`,
  });
  // The receipt's 16 % VAT total, split back into the CFDI's SubTotal and IVA.
  const total = centavos(entrada.docTotal);
  const iva = centavos(entrada.vatSum);
  const xml = issueTestFactura({ ...f.cfdi, subtotal: dos(total - iva), iva: dos(iva) });
  const leida = readInvoice(xml);
  if (!leida.ok) throw new Error(`Factura de demostración inválida: ${leida.errors.join(" ")}`);
  const d = leida.data;
  const nombre = `${d.Folio}-${d.RFCEmisor}`;
  const pdf = createSimplePdf(`Factura ${f.cfdi.serie ?? ""}${d.Folio}`, [
    `Emisor: ${d.NombreEmisor} (${d.RFCEmisor})`,
    `Receptor: ${d.NombreReceptor} (${d.RFCReceptor})`,
    `Fecha: ${d.FechaFactura}`,
    `UUID: ${d.UUID}`,
    `Subtotal: ${d.SubTotal}  IVA: ${d.TotalImpuestosTrasladados}  Total: ${d.Total} ${d.Moneda}`,
    `Forma de pago: ${d.FormaPago}  Método de pago: ${d.MetodoPago}  Uso: ${d.UsoPrincipal}`,
    "Representación impresa de un CFDI de prueba (sin validez fiscal).",
  ]);
  const [row] = await db
    .insert(facturas)
    .values({
      cardCode: f.cardCode,
      sociedadId: ids.get(f.bd)!,
      bd: f.bd,
      entradaDocNum: entrada.docNum,
      entradaDocEntry: entrada.docEntry,
      ...columnasDelCfdi(d, entrada.groupNum),
      pdfArchivoId: await storeArchivo(db, pdf, "application/pdf"),
      pdfNombre: `${nombre}.pdf`,
      xmlArchivoId: await storeArchivo(db, new TextEncoder().encode(xml), "text/xml"),
      xmlNombre: `${nombre}.xml`,
      recepcionArchivoId: await storeArchivo(db, new Uint8Array(RECEPCION_PNG), "image/png"),
      recepcionNombre: `recepcion-${entrada.docNum}.png`,
      estatus: f.estatus,
      comentarios: f.comentarios ?? "",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * An accepted invoice's A/P invoice, created the way the portal's worker does (the ERP's own logic, with the
 * portal id), paid or cancelled as the demo says, its state copied to the row's mirror columns and the job
 * recorded as done. Skipped once the job exists; one transaction, so an interrupted seed redoes it whole.
 */
async function mirrorInErp(db: Database, factura: typeof facturas.$inferSelect, erp: ErpDemo, now: Date) {
  const [hecho] = await db
    .select({ id: erpTrabajos.id })
    .from(erpTrabajos)
    .where(and(eq(erpTrabajos.tipo, "crear_factura"), eq(erpTrabajos.facturaId, factura.id)));
  if (hecho) return;
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const { docNum } = await insertFacturaProveedor(tx, facturaProveedorDe(factura));
    for (const pago of erp.pagos ?? []) {
      await payFacturas(tx, {
        bd: factura.bd,
        fecha: pago.fecha,
        ...(pago.formaPago ? { formaPago: pago.formaPago } : {}),
        moneda: factura.moneda,
        ...(factura.moneda === "MXN" ? {} : { tipoCambio: factura.tipoCambio }),
        facturas: [{ docNum, ...(pago.monto ? { monto: pago.monto } : {}) }],
      });
    }
    if (erp.cancelada) await cancelFacturaProveedor(tx, factura.bd, docNum);
    const enErp = await selectFacturaProveedor(tx, factura.bd, factura.id);
    if (!enErp) throw new Error(`La factura de proveedor del portal ${factura.id} no quedó en el ERP.`);
    await tx
      .update(facturas)
      .set({
        erpDocEntry: enErp.docEntry,
        erpDocNum: enErp.docNum,
        erpPagado: enErp.paidToDate,
        erpFechaPago: enErp.fechaPago,
        erpCancelada: enErp.canceled === "Y",
      })
      .where(eq(facturas.id, factura.id));
    await tx
      .insert(erpTrabajos)
      .values({
        tipo: "crear_factura",
        facturaId: factura.id,
        estado: "hecho",
        intentos: 1,
        siguienteIntento: now,
        createdAt: now,
        terminadoAt: now,
      })
      .onConflictDoNothing();
  });
}
