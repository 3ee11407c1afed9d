import { complementoEsperado, normalizeUuid, type PaymentData, readPaymentComplement } from "@portal/cfdi";
import { issueTestComplemento, pagoDelEsperado } from "@portal/cfdi/sello";
import type { ComplementoEsperado } from "@portal/contracts";
import type { Clock, Database } from "@portal/db";
import { columnasDelComplemento, storeArchivo } from "@portal/db";
import { createSimplePdf } from "@portal/db/factories";
import {
  auditoria,
  complementosPago,
  empleados,
  erpFacturas,
  erpPagoFacturas,
  erpPagos,
  facturas,
  notasCredito,
  notasCreditoFacturas,
  sociedades,
} from "@portal/db/schema";
import { createMockErpAdapter } from "@portal/erp-sim";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { type FacturaDemo, insertFacturasDemo, KEMPER, MCI } from "./facturas-demo";

/**
 * The supplier's complement (REP) of one demo payment and what the reviewer did with it. Times are Mexico City's
 * (UTC−6), fixed like every demo date: when the supplier uploaded it and when the employee decided.
 */
interface ComplementoDemo {
  estatus: "P" | "A" | "R" | "V";
  /** The reviewer's comment (R needs one). */
  comentarios?: string;
  serie: string;
  folio: string;
  /** Comprobante@Fecha of the REP. */
  fecha: string;
  uuid: string;
  fechaTimbrado: string;
  cargadoAt: string;
  /** A, R and V: when the employee decided. */
  revisadoAt?: string;
  /** The employee's payment proof (the bank's transfer receipt), uploaded at `revisadoAt`. */
  comprobante?: boolean;
}

interface PagoDemo {
  /** An accepted PPD invoice of Kemper in SBO_MCI, with its ERP payments (erp.pagos). */
  factura: FacturaDemo;
  /** One entry per ERP payment, in the same order: its complement, or null when none was uploaded yet. */
  complementos: (ComplementoDemo | null)[];
}

/** A receipt on credit (30 days, payment form 99) and its PPD invoice: what the four demo payments settle. */
function facturaPpd(d: {
  folio: string;
  uuid: string;
  entrada: string;
  fecha: string;
  fechaTimbrado: string;
  precio: string;
  cantidad: string;
  comentarios: string;
  pagos: { fecha: string; monto?: string; formaPago?: string }[];
}): FacturaDemo {
  return {
    estatus: "A",
    comentarios: d.comentarios,
    cardCode: "P00001",
    cardName: KEMPER.nombre,
    bd: "SBO_MCI",
    entrada: {
      docDate: d.entrada,
      cp: "86000",
      groupNum: 30,
      peyMethod: "99",
      mainUsage: "G03",
      lineas: [{ priceBefDi: d.precio, quantity: d.cantidad }],
    },
    cfdi: {
      emisor: KEMPER,
      receptor: MCI,
      lugarExpedicion: "86000",
      fecha: d.fecha,
      serie: "A",
      folio: d.folio,
      formaPago: "99",
      metodoPago: "PPD",
      uuid: d.uuid,
      fechaTimbrado: d.fechaTimbrado,
    },
    erp: { pagos: d.pagos },
  };
}

/**
 * Payments with complements in every state (issue 14), over four accepted PPD invoices of Kemper in SBO_MCI, each
 * paid by its own ERP payment, plus a second payment (no complement yet) of one of them. The payment of invoice
 * 1192 (facturas-demo.ts) stays without a complement: the API tests and the e2e suite upload theirs to it.
 * UUIDs avoid the digits "20", so searching a list for a payment's DocNum (2xxx) finds only that payment.
 */
const PAGOS_DEMO: PagoDemo[] = [
  {
    // 11,832.00 MXN, 6,000.00 paid: the complement waits for review.
    factura: facturaPpd({
      folio: "1194",
      uuid: "4A5B6C7D-8E9F-4A1B-9C3D-5E6F7A8B9C14",
      entrada: "2026-10-05",
      fecha: "2026-10-06T11:15:00",
      fechaTimbrado: "2026-10-06T11:16:40",
      precio: "3400.00",
      cantidad: "3",
      comentarios: "Servicio a crédito conforme a la orden de compra.",
      pagos: [{ fecha: "2026-10-28", monto: "6000.00" }],
    }),
    complementos: [
      {
        estatus: "P",
        serie: "CP",
        folio: "301",
        fecha: "2026-11-03T10:40:00",
        uuid: "C1D2E3F4-A5B6-4C7D-8E9F-1A2B3C4D5E61",
        fechaTimbrado: "2026-11-03T10:41:30",
        cargadoAt: "2026-11-03T10:55:00-06:00",
      },
    ],
  },
  {
    // 9,976.00 MXN in two parcialidades: the first's complement accepted, the second still owed.
    factura: facturaPpd({
      folio: "1196",
      uuid: "7C8D9E1F-3A4B-4C5D-8E6F-7A8B9C1D2E36",
      entrada: "2026-10-08",
      fecha: "2026-10-09T09:05:00",
      fechaTimbrado: "2026-10-09T09:06:15",
      precio: "2150.00",
      cantidad: "4",
      comentarios: "Factura revisada contra la entrada de almacén.",
      pagos: [
        { fecha: "2026-10-16", monto: "4000.00" },
        { fecha: "2026-11-16", formaPago: "02" },
      ],
    }),
    complementos: [
      {
        estatus: "A",
        comentarios: "Complemento conforme con el pago.",
        serie: "CP",
        folio: "302",
        fecha: "2026-10-22T12:10:00",
        uuid: "D2E3F4A5-B6C7-4D8E-9F1A-2B3C4D5E6F72",
        fechaTimbrado: "2026-10-22T12:11:05",
        cargadoAt: "2026-10-22T12:30:00-06:00",
        revisadoAt: "2026-10-26T09:15:00-06:00",
        comprobante: true,
      },
      null,
    ],
  },
  {
    // 11,484.00 MXN paid in full: the complement was rejected; the supplier must issue it again.
    factura: facturaPpd({
      folio: "1198",
      uuid: "B3C4D5E6-F7A8-4B9C-9D1E-2F3A4B5C6D78",
      entrada: "2026-10-12",
      fecha: "2026-10-13T16:30:00",
      fechaTimbrado: "2026-10-13T16:31:50",
      precio: "1980.00",
      cantidad: "5",
      comentarios: "Servicio a crédito conforme a la orden de compra.",
      pagos: [{ fecha: "2026-10-30" }],
    }),
    complementos: [
      {
        estatus: "R",
        comentarios:
          "Falta el número de operación de la transferencia (NumOperacion); emita de nuevo el complemento con la referencia bancaria.",
        serie: "CP",
        folio: "303",
        fecha: "2026-11-04T09:20:00",
        uuid: "E3F4A5B6-C7D8-4E9F-A1B2-C3D4E5F6A783",
        fechaTimbrado: "2026-11-04T09:21:10",
        cargadoAt: "2026-11-04T09:40:00-06:00",
        revisadoAt: "2026-11-06T13:00:00-06:00",
      },
    ],
  },
  {
    // 6,496.00 MXN, 3,000.00 paid: the complement is in validation with the treasury.
    factura: facturaPpd({
      folio: "1203",
      uuid: "E5F6A7B8-C9D1-4E2F-A3B4-C5D6E7F8A9B1",
      entrada: "2026-10-22",
      fecha: "2026-10-23T10:00:00",
      fechaTimbrado: "2026-10-23T10:01:25",
      precio: "5600.00",
      cantidad: "1",
      comentarios: "Factura revisada contra la entrada de almacén.",
      pagos: [{ fecha: "2026-11-12", monto: "3000.00" }],
    }),
    complementos: [
      {
        estatus: "V",
        comentarios: "En validación con tesorería: confirmar la fecha del depósito.",
        serie: "CP",
        folio: "304",
        fecha: "2026-11-13T11:00:00",
        uuid: "F4A5B6C7-D8E9-4F1A-B2C3-D4E5F6A7B894",
        fechaTimbrado: "2026-11-13T11:01:40",
        cargadoAt: "2026-11-13T11:20:00-06:00",
        revisadoAt: "2026-11-17T10:00:00-06:00",
      },
    ],
  },
];

/** The UUIDs of the demo complements, in PAGOS_DEMO order (the tests read them). */
export const COMPLEMENTOS_DEMO = PAGOS_DEMO.flatMap((p) => p.complementos.filter((c) => c !== null)).map((c) => ({
  uuid: c.uuid,
  estatus: c.estatus,
  comentarios: c.comentarios ?? "",
}));

/**
 * Demo payments and complements (issue 14), idempotent: the invoices and their A/P invoices and payments are
 * seeded like the other demo invoices (each looked up by its UUID), then each payment's record is created only when
 * the payment has none (a record the users changed since, even with another complement, is left alone). Runs after
 * seedFacturasDemo.
 */
export async function seedPagosDemo(db: Database, clock: Clock): Promise<void> {
  // Second boot: every demo complement is there, so each invoice's A/P invoice and payments are too (one
  // transaction per invoice, before its complements). One query.
  const uuids = COMPLEMENTOS_DEMO.map((c) => c.uuid);
  const hechos = await db
    .select({ uuid: complementosPago.uuid })
    .from(complementosPago)
    .where(inArray(complementosPago.uuid, uuids));
  if (hechos.length === uuids.length) return;

  await insertFacturasDemo(
    db,
    PAGOS_DEMO.map((p) => p.factura),
    clock(),
  );
  const [admin] = await db.select({ id: empleados.id }).from(empleados).where(eq(empleados.usuario, "admin"));
  const [sociedad] = await db.select({ id: sociedades.id }).from(sociedades).where(eq(sociedades.bdSap, "SBO_MCI"));
  if (!admin || !sociedad) throw new Error("Los pagos de demostración necesitan al administrador y SBO_MCI.");
  for (const p of PAGOS_DEMO) {
    const [factura] = await db.select().from(facturas).where(eq(facturas.uuid, p.factura.cfdi.uuid));
    if (!factura?.erpDocEntry) continue; // a user changed the demo invoice: nothing to relate to
    const pagos = await pagosDeFactura(db, factura.bd, factura.erpDocEntry);
    for (const [i, c] of p.complementos.entries()) {
      const pago = pagos[i];
      if (!c || !pago) continue;
      await registerComplemento(db, pago, c, { sociedadId: sociedad.id, adminId: admin.id });
    }
  }
}

/** The ERP payments applied to one A/P invoice, oldest first (the order the demo paid them in). */
function pagosDeFactura(db: Database, bd: string, facturaDocEntry: number) {
  return db
    .select({
      bd: erpPagos.bd,
      docEntry: erpPagos.docEntry,
      docNum: erpPagos.docNum,
      cardCode: erpPagos.cardCode,
      docDate: erpPagos.docDate,
    })
    .from(erpPagoFacturas)
    .innerJoin(erpPagos, and(eq(erpPagos.bd, erpPagoFacturas.bd), eq(erpPagos.docEntry, erpPagoFacturas.docEntry)))
    .where(and(eq(erpPagoFacturas.bd, bd), eq(erpPagoFacturas.facturaDocEntry, facturaDocEntry)))
    .orderBy(asc(erpPagos.docDate), asc(erpPagos.docNum));
}

/**
 * Issue 39: the accepted credit notes on these invoices (by UUID) whose A/P credit memo the portal recorded, with
 * their CFDI dates: each lowers the invoice's balance from its date on (as the API's expected complement counts them).
 */
async function notasAplicadas(db: Database, uuids: readonly string[]) {
  const rows =
    uuids.length === 0
      ? []
      : await db
          .select({ uuid: facturas.uuid, fecha: notasCredito.fechaCfdi, importe: notasCreditoFacturas.importe })
          .from(notasCreditoFacturas)
          .innerJoin(notasCredito, eq(notasCredito.id, notasCreditoFacturas.notaCreditoId))
          .innerJoin(facturas, eq(facturas.id, notasCreditoFacturas.facturaId))
          .where(
            and(inArray(facturas.uuid, [...uuids]), eq(notasCredito.estatus, "A"), isNotNull(notasCredito.erpDocEntry)),
          )
          .orderBy(asc(notasCredito.id));
  const out = new Map<string, { fecha: string; importe: string }[]>();
  for (const r of rows) {
    const uuid = normalizeUuid(r.uuid);
    out.set(uuid, [...(out.get(uuid) ?? []), { fecha: r.fecha, importe: r.importe }]);
  }
  return out;
}

/**
 * What the complement of an ERP payment must say, computed from the ERP as the API's getComplementoEsperado does
 * (every invoice of the demo payments is PPD): the payment's date, form, currency and total, and for each invoice
 * its total, what this payment applied and what the earlier non-cancelled payments did.
 */
export async function complementoEsperadoDelPago(
  db: Database,
  bd: string,
  docEntry: number,
): Promise<ComplementoEsperado | null> {
  const [pago] = await db
    .select()
    .from(erpPagos)
    .where(and(eq(erpPagos.bd, bd), eq(erpPagos.docEntry, docEntry)));
  if (!pago) return null;
  const lineas = await db
    .select({
      facturaDocEntry: erpPagoFacturas.facturaDocEntry,
      sumApplied: erpPagoFacturas.sumApplied,
      appliedPago: erpPagoFacturas.appliedPago,
      uuid: erpFacturas.uuid,
      folio: erpFacturas.numAtCard,
      docCur: erpFacturas.docCur,
      docTotal: erpFacturas.docTotal,
    })
    .from(erpPagoFacturas)
    .innerJoin(
      erpFacturas,
      and(eq(erpFacturas.bd, erpPagoFacturas.bd), eq(erpFacturas.docEntry, erpPagoFacturas.facturaDocEntry)),
    )
    .where(and(eq(erpPagoFacturas.bd, bd), eq(erpPagoFacturas.docEntry, docEntry)))
    .orderBy(asc(erpPagoFacturas.lineNum));
  // What the ERP applied to these invoices, read as the API reads it (the mock adapter's listAplicaciones).
  const historial = await createMockErpAdapter(db).listAplicaciones(
    bd,
    lineas.map((l) => l.facturaDocEntry),
  );
  // The portal's record of each invoice: the amounts its IVA is computed from (as the API reads them).
  const registered = new Map(
    (lineas.length === 0
      ? []
      : await db
          .select({
            uuid: facturas.uuid,
            subtotal: facturas.subtotal,
            descuento: facturas.descuento,
            retenciones: facturas.retenciones,
            total: facturas.total,
          })
          .from(facturas)
          .where(
            inArray(
              facturas.uuid,
              lineas.map((l) => normalizeUuid(l.uuid)),
            ),
          )
    ).map(({ uuid, ...importes }) => [normalizeUuid(uuid), importes]),
  );
  // Earlier payments: before this one by date, then DocNum; cancelled ones do not count.
  const antes = (facturaDocEntry: number) =>
    historial
      .filter(
        (a) =>
          a.facturaDocEntry === facturaDocEntry &&
          a.canceled === "N" &&
          a.pagoDocEntry !== pago.docEntry &&
          (a.docDate < pago.docDate || (a.docDate === pago.docDate && a.pagoDocNum < pago.docNum)),
      )
      .map((a) => a.sumApplied);
  const notas = await notasAplicadas(
    db,
    lineas.map((l) => normalizeUuid(l.uuid)),
  );
  return complementoEsperado({
    pago: {
      fecha: pago.docDate,
      formaPago: pago.pymntGroup,
      moneda: pago.docCur,
      tipoCambio: pago.docRate,
      total: pago.docTotal,
      cancelado: pago.canceled === "Y",
    },
    facturas: lineas.map((l) => ({
      uuid: l.uuid,
      folio: l.folio,
      moneda: l.docCur,
      total: l.docTotal,
      aplicado: l.sumApplied,
      ...(l.docCur !== pago.docCur && l.appliedPago !== null ? { aplicadoMonedaPago: l.appliedPago } : {}),
      aplicadoAntes: antes(l.facturaDocEntry),
      notas: notas.get(normalizeUuid(l.uuid)) ?? [],
      ...(registered.has(normalizeUuid(l.uuid)) ? { importes: registered.get(normalizeUuid(l.uuid)) } : {}),
    })),
  });
}

type PagoErpDemo = { bd: string; docEntry: number; docNum: number; cardCode: string };

/**
 * One payment's record: the REP issued for real (sealed with Kemper's test CSD, stamped by the test authority)
 * from what the complement must say, its PDF rendering, the columns read from the XML as postPago stores them,
 * the reviewer's decision and proof, and the audit trail (the supplier's upload, the employee's proof and
 * decision). One transaction; skipped when the payment already has a record.
 */
async function registerComplemento(
  db: Database,
  pago: PagoErpDemo,
  c: ComplementoDemo,
  ids: { sociedadId: number; adminId: number },
) {
  const [existente] = await db
    .select({ id: complementosPago.id })
    .from(complementosPago)
    .where(and(eq(complementosPago.bd, pago.bd), eq(complementosPago.pagoDocEntry, pago.docEntry)));
  if (existente) return;
  const esperado = await complementoEsperadoDelPago(db, pago.bd, pago.docEntry);
  // Cancelled in the ERP since (npm run erp): no complement is owed; the seed never stops a boot for it.
  if (!esperado) return;
  const xml = issueComplementoDemo(esperado, c);
  const leido = readPaymentComplement(xml);
  if (!leido.ok) throw new Error(`Complemento de demostración inválido: ${leido.errors.join(" ")}`);
  const d = leido.data;
  const pdf = complementoPdf(d, esperado);
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const comprobante = c.comprobante ? await storeComprobanteDemo(tx, pago, d, esperado) : {};
    const registro = await insertComplementoDemo(tx, { pago, c, ids, d, xml, pdf, comprobante });
    if (!registro) return;
    await tx.insert(auditoria).values(auditoriaDelComplemento(pago, c, ids, registro.id, d, comprobante));
  });
}

/** The REP for what the complement must say, sealed with Kemper's test CSD and stamped by the test authority. */
function issueComplementoDemo(esperado: ComplementoEsperado, c: ComplementoDemo): string {
  return issueTestComplemento({
    emisor: KEMPER,
    receptor: { rfc: MCI.rfc, nombre: MCI.nombre, cp: MCI.cp, regimen: MCI.regimen },
    lugarExpedicion: "86000",
    fecha: c.fecha,
    serie: c.serie,
    folio: c.folio,
    // The sealed complement carries the IVA the portal computes (TrasladosDR of the expected complement).
    pagos: [pagoDelEsperado(esperado)],
    uuid: c.uuid,
    fechaTimbrado: c.fechaTimbrado,
  });
}

/** The complement's printed form. */
function complementoPdf(d: PaymentData, esperado: ComplementoEsperado): Uint8Array {
  return createSimplePdf(`Complemento de pago ${d.Serie ?? ""}${d.Folio}`, [
    `Emisor: ${d.NombreEmisor} (${d.RFCEmisor})`,
    `Receptor: ${d.NombreReceptor} (${d.RFCReceptor})  Uso: CP01`,
    `Fecha: ${d.Fecha}  UUID: ${d.UUID}`,
    `Pago: ${esperado.FechaPago.slice(0, 10)}  Forma de pago: ${esperado.FormaDePagoP}  Monto: ${d.Total} ${esperado.MonedaP}`,
    ...esperado.Documentos.map(
      (doc) =>
        `Factura ${doc.Folio} (${doc.IdDocumento}) parcialidad ${doc.NumParcialidad}: saldo anterior ${doc.ImpSaldoAnt}, pagado ${doc.ImpPagado}, saldo insoluto ${doc.ImpSaldoInsoluto}`,
    ),
    "Representación impresa de un CFDI de prueba (sin validez fiscal).",
  ]);
}

type ComprobanteDemo = { comprobanteArchivoId?: string; comprobanteNombre?: string };

/** The employee's payment proof (the bank's transfer receipt), stored as a file. */
async function storeComprobanteDemo(
  tx: Database,
  pago: PagoErpDemo,
  d: PaymentData,
  esperado: ComplementoEsperado,
): Promise<ComprobanteDemo> {
  return {
    comprobanteArchivoId: await storeArchivo(
      tx,
      createSimplePdf(`Comprobante del pago ${pago.docNum}`, [
        `Transferencia a ${KEMPER.nombre} (${KEMPER.rfc}) por ${d.Total} ${esperado.MonedaP}`,
        `Fecha de pago: ${esperado.FechaPago.slice(0, 10)}`,
        "Comprobante de demostración (sin validez).",
      ]),
      "application/pdf",
    ),
    comprobanteNombre: `comprobante-${pago.docNum}.pdf`,
  };
}

/** The complement's row with its PDF and XML files; undefined when another process inserted it first. */
async function insertComplementoDemo(
  tx: Database,
  r: {
    pago: PagoErpDemo;
    c: ComplementoDemo;
    ids: { sociedadId: number };
    d: PaymentData;
    xml: string;
    pdf: Uint8Array;
    comprobante: ComprobanteDemo;
  },
): Promise<{ id: number } | undefined> {
  const { pago, c, d } = r;
  const nombre = `${d.Serie ?? ""}${d.Folio}-${d.RFCEmisor}`;
  const cargado = new Date(c.cargadoAt);
  const [registro] = await tx
    .insert(complementosPago)
    .values({
      bd: pago.bd,
      pagoDocEntry: pago.docEntry,
      pagoDocNum: pago.docNum,
      cardCode: pago.cardCode,
      sociedadId: r.ids.sociedadId,
      ...columnasDelComplemento(d),
      pdfArchivoId: await storeArchivo(tx, r.pdf, "application/pdf"),
      pdfNombre: `${nombre}.pdf`,
      xmlArchivoId: await storeArchivo(tx, new TextEncoder().encode(r.xml), "text/xml"),
      xmlNombre: `${nombre}.xml`,
      complementoAt: cargado,
      ...r.comprobante,
      estatus: c.estatus,
      comentarios: c.comentarios ?? "",
      createdAt: cargado,
      updatedAt: c.revisadoAt ? new Date(c.revisadoAt) : cargado,
    })
    .onConflictDoNothing()
    .returning({ id: complementosPago.id });
  return registro;
}

/** The audit trail of a demo complement: the supplier's upload, the employee's proof and decision. */
function auditoriaDelComplemento(
  pago: PagoErpDemo,
  c: ComplementoDemo,
  ids: { adminId: number },
  registroId: number,
  d: PaymentData,
  comprobante: ComprobanteDemo,
) {
  const cargado = new Date(c.cargadoAt);
  const revisado = c.revisadoAt ? new Date(c.revisadoAt) : cargado;
  const entidadId = String(registroId);
  const empleado = { operador: "Empleado", usuarioRef: String(ids.adminId), at: revisado };
  return [
    {
      entidad: "pago",
      entidadId,
      campo: "registro",
      valorAnterior: "",
      valorNuevo: `P · UUID ${normalizeUuid(d.UUID)} · pago ${pago.docNum}`,
      comentario: "",
      operador: "Proveedor",
      usuarioRef: pago.cardCode,
      at: cargado,
    },
    ...(comprobante.comprobanteNombre
      ? [{ ...empleado, entidad: "pago", entidadId, campo: "comprobante", valorNuevo: comprobante.comprobanteNombre }]
      : []),
    ...(c.estatus !== "P"
      ? [
          {
            ...empleado,
            entidad: "pago",
            entidadId,
            campo: "estatus",
            valorAnterior: "P",
            valorNuevo: c.estatus,
            comentario: c.comentarios ?? "",
          },
        ]
      : []),
  ];
}
