import type { Database } from "@portal/db";
import { erpFacturas, erpPagoFacturas, erpPagos } from "@portal/db/schema";
import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import { centavos, dinero, isDate } from "./montos";
import { ErpRechazo, SERIE_PAGOS } from "./rechazo";

/**
 * Vendor payments (OVPM/VPM2) in the simulated ERP (issue 13): paying open A/P invoices, cancelling a payment, and
 * the list `npm run erp` shows. Split from facturas-proveedor.ts (the A/P invoices) along what it already named.
 */

export interface PagoNuevo {
  bd: string;
  /** Payment date (YYYY-MM-DD). */
  fecha: string;
  /** Currency of the payment: MXN or USD. */
  moneda: string;
  /** MXN per USD when the payment and an invoice differ in currency (or the payment is in USD). */
  tipoCambio?: string;
  /** Payment form (c_FormaPago), default 03 (transfer). */
  formaPago?: string;
  /** The A/P invoices (DocNum) it pays; `monto` in the payment's currency, default the invoice's open balance. */
  facturas: { docNum: number; monto?: string }[];
}

/**
 * A vendor payment (OVPM/VPM2) over one or more open A/P invoices of one supplier, full or partial, in MXN or
 * USD. Each invoice's PaidToDate grows by the amount applied (in the invoice's currency, converted with the
 * exchange rate when the currencies differ); an invoice paid in full is closed.
 */
export async function payFacturas(db: Database, pago: PagoNuevo) {
  const { moneda, tipoCambio } = checkPago(pago);
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_mock.pagos|${pago.bd}`}))`);
    const aplicaciones: Aplicacion[] = [];
    const proveedor: Proveedor = { cardCode: null, cardName: "" };
    for (const f of pago.facturas) {
      aplicaciones.push(await applyToFactura(tx, pago, f, { moneda, tipoCambio }, proveedor));
    }
    const { docEntry, docNum, total } = await insertPago(tx, pago, { moneda, tipoCambio }, proveedor, aplicaciones);
    return {
      docEntry,
      docNum,
      total: dinero(total),
      moneda,
      cardCode: proveedor.cardCode as string,
      cardName: proveedor.cardName,
      fecha: pago.fecha,
    };
  });
}

/** What a payment applies to one invoice: in the invoice's currency and in the payment's (cents). */
type Aplicacion = { docEntry: number; aplicado: number; enPago: number };
/** The supplier of the invoices paid so far (one payment, one supplier). */
type Proveedor = { cardCode: string | null; cardName: string };
type Moneda = { moneda: "MXN" | "USD"; tipoCambio: number | null };

/** The checks that need no database: date, currency, invoices listed once, exchange rate. */
function checkPago(pago: PagoNuevo): Moneda {
  if (!isDate(pago.fecha)) throw new ErpRechazo(`Fecha de pago inválida: ${pago.fecha} (use AAAA-MM-DD).`);
  const moneda = pago.moneda.toUpperCase();
  if (moneda !== "MXN" && moneda !== "USD") throw new ErpRechazo(`Moneda no soportada: ${pago.moneda} (MXN o USD).`);
  if (pago.facturas.length === 0) throw new ErpRechazo("Indique al menos una factura a pagar.");
  const repetida = pago.facturas.find((f, i) => pago.facturas.findIndex((g) => g.docNum === f.docNum) !== i);
  if (repetida) throw new ErpRechazo(`La factura de proveedor ${repetida.docNum} aparece más de una vez en el pago.`);
  const tipoCambio = pago.tipoCambio === undefined ? null : Number(pago.tipoCambio);
  if (tipoCambio !== null && !(tipoCambio > 0)) throw new ErpRechazo(`Tipo de cambio inválido: ${pago.tipoCambio}.`);
  if (moneda === "USD" && tipoCambio === null) throw new ErpRechazo("Un pago en USD necesita el tipo de cambio.");
  return { moneda, tipoCambio };
}

/**
 * One invoice of the payment, locked and checked (exists, not cancelled nor blocked, the same supplier, an open
 * balance, an amount that fits it); its PaidToDate grows by what is applied and it closes when paid in full.
 */
async function applyToFactura(
  tx: Database,
  pago: PagoNuevo,
  f: PagoNuevo["facturas"][number],
  { moneda, tipoCambio }: Moneda,
  proveedor: Proveedor,
): Promise<Aplicacion> {
  const [factura] = await tx
    .select()
    .from(erpFacturas)
    .where(and(eq(erpFacturas.bd, pago.bd), eq(erpFacturas.docNum, f.docNum)))
    .for("update");
  if (!factura) throw new ErpRechazo(`La factura de proveedor ${f.docNum} no existe en ${pago.bd}.`);
  if (factura.canceled !== "N") throw new ErpRechazo(`La factura de proveedor ${f.docNum} está cancelada.`);
  if (factura.payBlock === "Y") {
    throw new ErpRechazo(
      `La factura de proveedor ${f.docNum} tiene bloqueo de pago: quite el bloqueo antes de pagarla.`,
    );
  }
  if (proveedor.cardCode !== null && factura.cardCode !== proveedor.cardCode) {
    throw new ErpRechazo("Un pago solo puede liquidar facturas de un mismo proveedor.");
  }
  proveedor.cardCode = factura.cardCode;
  proveedor.cardName = factura.cardName || proveedor.cardName;
  const saldo = centavos(factura.docTotal) - centavos(factura.paidToDate);
  if (saldo <= 0) throw new ErpRechazo(`La factura de proveedor ${f.docNum} ya está pagada.`);
  // Invoice currency <-> payment currency.
  const mismaMoneda = factura.docCur === moneda;
  if (!mismaMoneda && tipoCambio === null) {
    throw new ErpRechazo(`La factura ${f.docNum} está en ${factura.docCur}: indique el tipo de cambio.`);
  }
  const aPago = (c: number) =>
    mismaMoneda ? c : Math.round(moneda === "MXN" ? c * (tipoCambio as number) : c / (tipoCambio as number));
  const aFactura = (c: number) =>
    mismaMoneda ? c : Math.round(moneda === "MXN" ? c / (tipoCambio as number) : c * (tipoCambio as number));
  let enPago: number;
  let aplicado: number;
  if (f.monto === undefined) {
    aplicado = saldo;
    enPago = aPago(saldo);
  } else {
    if (!/^\d+(\.\d{1,2})?$/.test(f.monto) || centavos(f.monto) <= 0) {
      throw new ErpRechazo(`Monto inválido para la factura ${f.docNum}: ${f.monto}.`);
    }
    enPago = centavos(f.monto);
    aplicado = Math.min(aFactura(enPago), saldo);
    if (aplicado <= 0) {
      throw new ErpRechazo(
        `El monto ${f.monto} ${moneda} es demasiado pequeño para la factura ${f.docNum} en ${factura.docCur}.`,
      );
    }
    if (aFactura(enPago) > saldo + (mismaMoneda ? 0 : 1)) {
      throw new ErpRechazo(
        `El monto ${f.monto} ${moneda} excede el saldo de la factura ${f.docNum} (${dinero(saldo)} ${factura.docCur}).`,
      );
    }
  }
  await tx
    .update(erpFacturas)
    .set({
      paidToDate: dinero(centavos(factura.paidToDate) + aplicado),
      docStatus: centavos(factura.paidToDate) + aplicado >= centavos(factura.docTotal) ? "C" : "O",
    })
    .where(and(eq(erpFacturas.bd, pago.bd), eq(erpFacturas.docEntry, factura.docEntry)));
  return { docEntry: factura.docEntry, aplicado, enPago };
}

/**
 * The OVPM row, numbered after the last payment, and its VPM2 rows (AppliedPago, the amount in the payment's
 * currency, only where the invoice's currency differs).
 */
async function insertPago(
  tx: Database,
  pago: PagoNuevo,
  { moneda, tipoCambio }: Moneda,
  proveedor: Proveedor,
  aplicaciones: Aplicacion[],
) {
  const [ultimo] = await tx
    .select({ n: max(erpPagos.docEntry) })
    .from(erpPagos)
    .where(eq(erpPagos.bd, pago.bd));
  const docEntry = (ultimo?.n ?? 0) + 1;
  const docNum = docEntry + SERIE_PAGOS;
  const total = aplicaciones.reduce((s, a) => s + a.enPago, 0);
  await tx.insert(erpPagos).values({
    bd: pago.bd,
    docEntry,
    docNum,
    cardCode: proveedor.cardCode as string,
    cardName: proveedor.cardName,
    docDate: pago.fecha,
    pymntGroup: pago.formaPago ?? "03",
    docTotal: dinero(total),
    docCur: moneda,
    docRate: moneda === "MXN" ? "1" : String(tipoCambio),
    canceled: "N",
  });
  const monedaDe = new Map(
    (
      await tx
        .select({ docEntry: erpFacturas.docEntry, docCur: erpFacturas.docCur })
        .from(erpFacturas)
        .where(
          and(
            eq(erpFacturas.bd, pago.bd),
            inArray(
              erpFacturas.docEntry,
              aplicaciones.map((a) => a.docEntry),
            ),
          ),
        )
    ).map((r) => [r.docEntry, r.docCur]),
  );
  await tx.insert(erpPagoFacturas).values(
    aplicaciones.map((a, lineNum) => ({
      bd: pago.bd,
      docEntry,
      lineNum,
      facturaDocEntry: a.docEntry,
      sumApplied: dinero(a.aplicado),
      appliedPago: monedaDe.get(a.docEntry) === moneda ? null : dinero(a.enPago),
    })),
  );
  return { docEntry, docNum, total };
}

/**
 * Cancels a vendor payment: what it applied comes off each invoice's PaidToDate and the invoices reopen.
 * Returns the DocNums of the invoices it had applied to.
 */
export async function cancelPago(db: Database, bd: string, docNum: number) {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const [pago] = await tx
      .select()
      .from(erpPagos)
      .where(and(eq(erpPagos.bd, bd), eq(erpPagos.docNum, docNum)))
      .for("update");
    if (!pago) throw new ErpRechazo(`El pago ${docNum} no existe en ${bd}.`);
    if (pago.canceled === "Y") throw new ErpRechazo(`El pago ${docNum} ya está cancelado.`);
    const lineas = await tx
      .select({
        facturaDocEntry: erpPagoFacturas.facturaDocEntry,
        sumApplied: erpPagoFacturas.sumApplied,
        facturaDocNum: erpFacturas.docNum,
      })
      .from(erpPagoFacturas)
      .innerJoin(
        erpFacturas,
        and(eq(erpFacturas.bd, erpPagoFacturas.bd), eq(erpFacturas.docEntry, erpPagoFacturas.facturaDocEntry)),
      )
      .where(and(eq(erpPagoFacturas.bd, bd), eq(erpPagoFacturas.docEntry, pago.docEntry)))
      .orderBy(asc(erpPagoFacturas.lineNum));
    for (const l of lineas) {
      await tx
        .update(erpFacturas)
        .set({ paidToDate: sql`greatest(${erpFacturas.paidToDate} - ${l.sumApplied}::numeric, 0)`, docStatus: "O" })
        .where(and(eq(erpFacturas.bd, bd), eq(erpFacturas.docEntry, l.facturaDocEntry), eq(erpFacturas.canceled, "N")));
    }
    await tx
      .update(erpPagos)
      .set({ canceled: "Y" })
      .where(and(eq(erpPagos.bd, bd), eq(erpPagos.docEntry, pago.docEntry)));
    return { docNum, facturas: lineas.length, facturasDocNum: lineas.map((l) => l.facturaDocNum) };
  });
}

export interface PagoProveedor {
  bd: string;
  docEntry: number;
  docNum: number;
  cardCode: string;
  cardName: string;
  docDate: string;
  /** Payment form (c_FormaPago). */
  formaPago: string;
  docTotal: string;
  docCur: string;
  docRate: string;
  canceled: "Y" | "N";
  /** What it applied to each A/P invoice: in the invoice's currency, and in the payment's when they differ. */
  facturas: { docNum: number; docCur: string; sumApplied: string; appliedPago: string | null }[];
}

/** Vendor payments (OVPM) with the A/P invoices each settles (VPM2), newest first: what `npm run erp` lists. */
export async function listPagos(
  db: Database,
  filtro: { bds?: readonly string[]; cardCode?: string } = {},
): Promise<PagoProveedor[]> {
  const pagos = await db
    .select({
      bd: erpPagos.bd,
      docEntry: erpPagos.docEntry,
      docNum: erpPagos.docNum,
      cardCode: erpPagos.cardCode,
      cardName: erpPagos.cardName,
      docDate: erpPagos.docDate,
      formaPago: erpPagos.pymntGroup,
      docTotal: erpPagos.docTotal,
      docCur: erpPagos.docCur,
      docRate: erpPagos.docRate,
      canceled: erpPagos.canceled,
    })
    .from(erpPagos)
    .where(
      and(
        filtro.bds ? inArray(erpPagos.bd, [...filtro.bds]) : undefined,
        filtro.cardCode ? eq(erpPagos.cardCode, filtro.cardCode) : undefined,
      ),
    )
    .orderBy(sql`${erpPagos.docDate} desc`, asc(erpPagos.bd), sql`${erpPagos.docNum} desc`);
  if (pagos.length === 0) return [];
  const lineas = await db
    .select({
      bd: erpPagoFacturas.bd,
      docEntry: erpPagoFacturas.docEntry,
      docNum: erpFacturas.docNum,
      docCur: erpFacturas.docCur,
      sumApplied: erpPagoFacturas.sumApplied,
      appliedPago: erpPagoFacturas.appliedPago,
    })
    .from(erpPagoFacturas)
    .innerJoin(
      erpFacturas,
      and(eq(erpFacturas.bd, erpPagoFacturas.bd), eq(erpFacturas.docEntry, erpPagoFacturas.facturaDocEntry)),
    )
    .where(
      and(
        filtro.bds ? inArray(erpPagoFacturas.bd, [...filtro.bds]) : undefined,
        filtro.cardCode ? eq(erpFacturas.cardCode, filtro.cardCode) : undefined,
      ),
    )
    .orderBy(asc(erpPagoFacturas.bd), asc(erpPagoFacturas.docEntry), asc(erpPagoFacturas.lineNum));
  const porPago = new Map<string, PagoProveedor["facturas"]>();
  for (const { bd, docEntry, ...l } of lineas) {
    const clave = `${bd}|${docEntry}`;
    porPago.set(clave, [...(porPago.get(clave) ?? []), l]);
  }
  return pagos.map((p) => ({
    ...p,
    canceled: p.canceled === "Y" ? "Y" : "N",
    facturas: porPago.get(`${p.bd}|${p.docEntry}`) ?? [],
  }));
}
