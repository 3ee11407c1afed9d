import type { Database } from "@portal/db";
import {
  erpEntradaLineas,
  erpEntradas,
  erpFacturaCuotas,
  erpFacturaLineas,
  erpFacturas,
  erpPagoFacturas,
  erpPagos,
} from "@portal/db/schema";
import { type ErpFacturaProveedorNueva, type ErpInstallment, entradaRefsDeFacturaProveedor } from "@portal/erp";
import { and, asc, eq, inArray, isNotNull, max, ne, or, type SQL, sql } from "drizzle-orm";
import { insertCancellationDocument, refuseCancel } from "./cancelacion";
import {
  isEveryLineClosed,
  type LineaCopiada,
  linesToCopy,
  reduceOpenQuantities,
  refuseForeignLines,
} from "./facturas-proveedor-partes";
import { closeOrders, copiesOrders, ordersToCopy } from "./facturas-proveedor-pedidos";

/**
 * What the simulated ERP itself does with A/P invoices (issue 13; vendor payments in pagos-proveedor.ts): the logic of
 * SAP Business One that the `mock` adapter calls when the portal creates an A/P invoice, and that the
 * accountants' commands (`npm run erp`) and the demo seed use to pay and cancel. Every operation runs in one
 * transaction and refuses, with a Spanish message (ErpRechazo), what SAP would refuse.
 */

// Shared with cancelacion.ts, which this file imports (decision 054: no import circles).
import { centavos, dinero, isDate } from "./montos";
import { ErpRechazo, SERIE_FACTURAS, SERIE_PAGOS } from "./rechazo";

export { ErpRechazo, SERIE_FACTURAS, SERIE_PAGOS };

/** What the portal asks to create: the ERP port's request (one shape for the simulator and the real ERP). */
export type FacturaProveedorNueva = ErpFacturaProveedorNueva;

export interface FacturaProveedor {
  bd: string;
  docEntry: number;
  docNum: number;
  cardCode: string;
  portalId: number | null;
  numAtCard: string;
  uuid: string;
  docDate: string;
  docTotal: string;
  paidToDate: string;
  docCur: string;
  canceled: "Y" | "N";
  docStatus: "O" | "C";
  entradaDocNum: number | null;
  /** Date of the latest payment applied to it that is not cancelled, or null. */
  fechaPago: string | null;
  lineas: number;
  /** PayBlock: Y while the invoice may not be paid (issue 27). */
  payBlock: "Y" | "N";
  /** DocDueDate (the document date when none was set). */
  docDueDate: string;
  /** PCH6 rows by InstallmentId; empty when the invoice is due at once on DocDueDate. */
  installments: ErpInstallment[];
}

/**
 * A column of the outer OPCH row, qualified by hand inside the correlated subqueries below: in a one-table
 * select drizzle writes `${erpFacturas.bd}` as a bare "bd", which the subqueries' own tables make ambiguous.
 */
const deFactura = (columna: "bd" | "doc_entry") => sql`${erpFacturas}.${sql.identifier(columna)}`;

/** Columns a FacturaProveedor is read with (fechaPago and the line count computed). */
const columnas = {
  bd: erpFacturas.bd,
  docEntry: erpFacturas.docEntry,
  docNum: erpFacturas.docNum,
  cardCode: erpFacturas.cardCode,
  portalId: erpFacturas.portalId,
  numAtCard: erpFacturas.numAtCard,
  uuid: erpFacturas.uuid,
  docDate: erpFacturas.docDate,
  docTotal: erpFacturas.docTotal,
  paidToDate: erpFacturas.paidToDate,
  docCur: erpFacturas.docCur,
  canceled: sql<"Y" | "N">`${erpFacturas.canceled}`,
  docStatus: sql<"O" | "C">`${erpFacturas.docStatus}`,
  entradaDocNum: erpFacturas.entradaDocNum,
  payBlock: sql<"Y" | "N">`${erpFacturas.payBlock}`,
  fechaPago: sql<string | null>`(select max(p.doc_date)::text from ${erpPagoFacturas} pf
      join ${erpPagos} p on p.bd = pf.bd and p.doc_entry = pf.doc_entry
      where pf.bd = ${deFactura("bd")} and pf.factura_doc_entry = ${deFactura("doc_entry")} and p.canceled = 'N')`,
  lineas: sql<number>`(select count(*)::int from ${erpFacturaLineas} l
      where l.bd = ${deFactura("bd")} and l.doc_entry = ${deFactura("doc_entry")})`,
  docDueDate: sql<string>`coalesce(${erpFacturas.docDueDate}, ${erpFacturas.docDate})::text`,
  installments: sql<ErpInstallment[]>`(select coalesce(json_agg(json_build_object('installmentId', c.installment_id,
      'dueDate', c.due_date::text, 'percentage', trim_scale(c.percentage)::text, 'total', c.total::text)
      order by c.installment_id), '[]'::json) from ${erpFacturaCuotas} c
      where c.bd = ${deFactura("bd")} and c.doc_entry = ${deFactura("doc_entry")})`,
};

/** The A/P invoice created from portal invoice `portalId` in `bd`, or null. */
export async function selectFacturaProveedor(db: Database, bd: string, portalId: number) {
  const [row] = await db
    .select(columnas)
    .from(erpFacturas)
    // Not the cancellation document (CANCELED 'C', decision 048): it carries the same portal id.
    .where(and(eq(erpFacturas.bd, bd), eq(erpFacturas.portalId, portalId), ne(erpFacturas.canceled, "C")))
    .orderBy(asc(erpFacturas.docEntry));
  return (row as FacturaProveedor | undefined) ?? null;
}

/** A/P invoices of a company database (optionally one supplier's), newest first: what `npm run erp` lists. */
export async function selectFacturasProveedor(
  db: Database,
  filtro: { bds?: readonly string[]; cardCode?: string; soloPortal?: boolean; docNums?: readonly number[] } = {},
) {
  return (await db
    .select(columnas)
    .from(erpFacturas)
    .where(
      and(
        filtro.bds ? inArray(erpFacturas.bd, [...filtro.bds]) : undefined,
        filtro.cardCode ? eq(erpFacturas.cardCode, filtro.cardCode) : undefined,
        filtro.soloPortal ? and(isNotNull(erpFacturas.portalId), ne(erpFacturas.canceled, "C")) : undefined,
        filtro.docNums ? inArray(erpFacturas.docNum, [...filtro.docNums]) : undefined,
      ),
    )
    .orderBy(
      sql`${erpFacturas.docDate} desc`,
      asc(erpFacturas.bd),
      sql`${erpFacturas.docNum} desc`,
    )) as FacturaProveedor[];
}

/**
 * A receipt by number only (a request without DocEntry): the supplier's that is not cancelled — several of them are
 * refused (DocNum repeats across numbering series, decision 048; the A/P invoice must not copy the wrong one) —
 * else any of that number (for the refusal's words).
 */
function entradaPorNumero<T extends { docEntry: number; docNum: number; cardCode: string; canceled: string }>(
  entradas: readonly T[],
  docNum: number,
  cardCode: string,
  bd: string,
): T | undefined {
  const mias = entradas.filter((e) => e.docNum === docNum && e.cardCode === cardCode && e.canceled === "N");
  if (mias.length > 1) {
    throw new ErpRechazo(
      `El número de entrada ${docNum} corresponde a ${mias.length} entradas de mercancía del proveedor en ${bd} (DocEntry ${mias.map((e) => e.docEntry).join(", ")}, series de numeración distintas); el ERP no elige una por su cuenta.`,
    );
  }
  return mias[0] ?? entradas.find((e) => e.docNum === docNum);
}

/**
 * Creates the A/P invoice of an accepted portal invoice, based on its goods receipt, as SAP does: the receipt's
 * open lines are copied (BaseType 20, BaseEntry, BaseLine) and closed, and the receipt is closed. A CFDI billing
 * several receipts (issue 27) copies and closes every one of them into the one A/P invoice. Idempotent:
 * when an A/P invoice for this portal invoice already exists it is returned and nothing is written.
 */
export async function insertFacturaProveedor(
  db: Database,
  input: FacturaProveedorNueva,
): Promise<{ docEntry: number; docNum: number; creada: boolean }> {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    // One creator at a time per company database: the numbering and the portal id check stay exact.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_mock.facturas|${input.bd}`}))`);
    const [existente] = await tx
      .select({ docEntry: erpFacturas.docEntry, docNum: erpFacturas.docNum })
      .from(erpFacturas)
      .where(and(eq(erpFacturas.bd, input.bd), eq(erpFacturas.portalId, input.portalId), ne(erpFacturas.canceled, "C")))
      .orderBy(asc(erpFacturas.docEntry));
    if (existente) return { ...existente, creada: false };
    // Issue 42 part 2 (decision 076): service lines billed against their purchase orders (BaseType 22).
    if (copiesOrders(input)) {
      const pedidos = await ordersToCopy(tx, input);
      const creada = await insertFromReceipts(tx, input, pedidos);
      await closeOrders(tx, input.bd, pedidos);
      return { ...creada, creada: true };
    }
    const copias = await receiptsToCopy(tx, input);
    const { docEntry, docNum } = await insertFromReceipts(tx, input, copias);
    await closeReceipts(tx, input.bd, copias);
    return { docEntry, docNum, creada: true };
  });
}

/**
 * A receipt the A/P invoice is based on, locked, with the lines it copies: its open lines at their open quantity,
 * or (issue 42, decision 074) the lines and quantities a partial request names.
 */
type Copia = {
  entrada: typeof erpEntradas.$inferSelect;
  copiadas: LineaCopiada[];
};
/** The base document's columns an A/P invoice takes (a receipt, or a purchase order: issue 42 part 2). */
type CopiaBase = {
  entrada: Pick<Copia["entrada"], "docEntry" | "docNum" | "cardName" | "groupNum">;
  copiadas: LineaCopiada[];
  baseType?: 20 | 22;
};

/**
 * Issue 27: every receipt the CFDI bills, in the order asked (the first one gives the card name and terms), locked
 * with its open lines. Refused: a receipt listed twice, one that does not exist, is another supplier's or is closed.
 */
async function receiptsToCopy(tx: Database, input: FacturaProveedorNueva): Promise<Copia[]> {
  // Issue 37 (decision 051): by DocEntry when the request gives it (SAP's BaseEntry), else by number.
  const refs = entradaRefsDeFacturaProveedor(input);
  const docNums = refs.map((r) => r.docNum);
  const repetida = refs.some((r, i) =>
    refs.some((o, j) => j < i && (r.docEntry !== null ? o.docEntry === r.docEntry : o.docNum === r.docNum)),
  );
  if (repetida) {
    throw new ErpRechazo(`La lista de entradas de mercancía repite una entrada (${docNums.join(", ")}).`);
  }
  const docEntries = refs.flatMap((r) => (r.docEntry === null ? [] : [r.docEntry]));
  const entradas = await tx
    .select()
    .from(erpEntradas)
    .where(
      and(
        eq(erpEntradas.bd, input.bd),
        or(
          inArray(erpEntradas.docNum, docNums),
          docEntries.length > 0 ? inArray(erpEntradas.docEntry, docEntries) : undefined,
        ),
      ),
    )
    .orderBy(asc(erpEntradas.docEntry))
    .for("update");
  const copias: Copia[] = [];
  for (const { docNum: docNumEntrada, docEntry: docEntryEntrada } of refs) {
    const entrada =
      docEntryEntrada !== null
        ? entradas.find((e) => e.docEntry === docEntryEntrada)
        : entradaPorNumero(entradas, docNumEntrada, input.cardCode, input.bd);
    if (!entrada) throw new ErpRechazo(`La entrada de mercancía ${docNumEntrada} no existe en ${input.bd}.`);
    if (entrada.cardCode !== input.cardCode) {
      throw new ErpRechazo(
        `La entrada de mercancía ${docNumEntrada} es del proveedor ${entrada.cardCode}, no de ${input.cardCode}.`,
      );
    }
    const lineas = await tx
      .select()
      .from(erpEntradaLineas)
      .where(and(eq(erpEntradaLineas.bd, input.bd), eq(erpEntradaLineas.docEntry, entrada.docEntry)))
      .orderBy(asc(erpEntradaLineas.lineNum));
    const abiertas = lineas.filter((l) => l.lineStatus === "O" && Number(l.openQty) > 0);
    if (entrada.docStatus === "C" || abiertas.length === 0) {
      throw new ErpRechazo(
        `La entrada de mercancía ${docNumEntrada} ya está cerrada en el ERP (facturada o cancelada).`,
      );
    }
    copias.push({ entrada, copiadas: linesToCopy(entrada, lineas, input.lineas) });
  }
  refuseForeignLines(
    input.lineas,
    copias.map((c) => c.entrada.docEntry),
  );
  return copias;
}

/** The OPCH header, numbered after the last one, and its PCH1 lines copied from the receipts' open lines. */
async function insertFromReceipts(tx: Database, input: FacturaProveedorNueva, copias: CopiaBase[]) {
  const primera = copias[0]!.entrada;
  const [ultimo] = await tx
    .select({ n: max(erpFacturas.docEntry) })
    .from(erpFacturas)
    .where(eq(erpFacturas.bd, input.bd));
  const docEntry = (ultimo?.n ?? 0) + 1;
  const docNum = docEntry + SERIE_FACTURAS;
  await tx.insert(erpFacturas).values({
    bd: input.bd,
    docEntry,
    docNum,
    cardCode: input.cardCode,
    cardName: primera.cardName,
    docStatus: "O",
    numAtCard: input.numAtCard,
    uuid: input.uuid.toUpperCase(),
    docDate: input.docDate,
    docDueDate: sql`${input.docDate}::date + ${primera.groupNum}::int` as unknown as string,
    comments: input.comments,
    vatSum: input.vatSum,
    wtSum: input.wtSum,
    docTotal: input.docTotal,
    paidToDate: "0",
    docCur: input.docCur,
    docRate: input.docRate,
    canceled: "N",
    entradaDocNum: primera.docNum,
    portalId: input.portalId,
  });
  await tx.insert(erpFacturaLineas).values(copiedLines(input.bd, docEntry, copias));
  return { docEntry, docNum };
}

/**
 * The copied lines as A/P invoice lines (BaseType 20), a line copied in part at its share of the amounts. SAP
 * numbers the target lines in order across the base documents (LineNum 0…n−1).
 */
function copiedLines(bd: string, docEntry: number, copias: CopiaBase[]): (typeof erpFacturaLineas.$inferInsert)[] {
  const lineasNuevas = copias.flatMap(({ entrada, copiadas, baseType }) =>
    copiadas.map((c) => ({ entrada, baseType: baseType ?? 20, ...c })),
  );
  return lineasNuevas.map(({ entrada, baseType, linea: l, cantidad }, i) => {
    const parcial = Number(cantidad) < Number(l.quantity);
    return {
      bd,
      docEntry,
      lineNum: i,
      itemCode: l.itemCode,
      itemName: l.itemName,
      uomCode: l.uomCode,
      quantity: cantidad,
      priceBefDi: l.priceBefDi,
      discPrcnt: l.discPrcnt,
      lineTotal: parcial
        ? dinero(Math.round((centavos(l.lineTotal) * Number(cantidad)) / Number(l.quantity)))
        : l.lineTotal,
      vatSum: parcial ? dinero(Math.round((centavos(l.vatSum) * Number(cantidad)) / Number(l.quantity))) : l.vatSum,
      baseType,
      baseEntry: entrada.docEntry,
      baseLine: l.lineNum,
    };
  });
}

/**
 * The copied quantities leave their lines (a line with nothing open closes) and a receipt with every line closed
 * closes (issue 42: a receipt billed in part stays open for the rest).
 */
async function closeReceipts(tx: Database, bd: string, copias: Copia[]) {
  for (const { entrada, copiadas } of copias) {
    await reduceOpenQuantities(tx, bd, entrada.docEntry, copiadas);
    if (!(await isEveryLineClosed(tx, bd, entrada.docEntry))) continue;
    await tx
      .update(erpEntradas)
      .set({ docStatus: "C" })
      .where(and(eq(erpEntradas.bd, bd), eq(erpEntradas.docEntry, entrada.docEntry)));
  }
}

/**
 * Issue 27 (decision 032): the accountants set when an A/P invoice falls due (DocDueDate) and, for payment terms
 * that split it, its installments (PCH6: due date and amount; the percentages follow from the total). By DocNum;
 * an empty list leaves one installment due on DocDueDate. The A/P invoice gets a new version (trigger), so the
 * portal reads its due dates again.
 */
export async function scheduleFacturaProveedor(
  db: Database,
  bd: string,
  docNum: number,
  plan: { docDueDate: string; installments?: readonly { dueDate: string; total: string }[] },
) {
  const fechas = [plan.docDueDate, ...(plan.installments ?? []).map((c) => c.dueDate)];
  const mala = fechas.find((f) => !isDate(f));
  if (mala !== undefined) throw new ErpRechazo(`La fecha ${mala} no es válida (AAAA-MM-DD).`);
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const [factura] = await tx
      .select({ docEntry: erpFacturas.docEntry, docTotal: erpFacturas.docTotal })
      .from(erpFacturas)
      .where(and(eq(erpFacturas.bd, bd), eq(erpFacturas.docNum, docNum)))
      .for("update");
    if (!factura) throw new ErpRechazo(`No existe la factura de proveedor ${docNum} en ${bd}.`);
    const cuotas = plan.installments ?? [];
    const suma = cuotas.reduce((t, c) => t + centavos(c.total), 0);
    if (cuotas.length > 0 && suma !== centavos(factura.docTotal)) {
      throw new ErpRechazo(`Las cuotas suman ${dinero(suma)} y la factura ${dinero(centavos(factura.docTotal))}.`);
    }
    await tx
      .delete(erpFacturaCuotas)
      .where(and(eq(erpFacturaCuotas.bd, bd), eq(erpFacturaCuotas.docEntry, factura.docEntry)));
    if (cuotas.length > 0) {
      await tx.insert(erpFacturaCuotas).values(
        cuotas.map((c, i) => ({
          bd,
          docEntry: factura.docEntry,
          installmentId: i + 1,
          dueDate: c.dueDate,
          percentage: ((centavos(c.total) * 100) / centavos(factura.docTotal)).toFixed(4),
          total: c.total,
        })),
      );
    }
    await tx
      .update(erpFacturas)
      .set({ docDueDate: plan.docDueDate })
      .where(and(eq(erpFacturas.bd, bd), eq(erpFacturas.docEntry, factura.docEntry)));
    return { docEntry: factura.docEntry };
  });
}

/**
 * Cancels an A/P invoice as SAP does: refused while a payment that is not cancelled applies to it; the goods
 * receipt lines it was based on are reopened so the receipt can be invoiced again. By DocNum, the number the
 * accountants read (`npm run erp`); cancelling one already cancelled is refused.
 */
export async function cancelFacturaProveedor(db: Database, bd: string, docNum: number) {
  const r = await cancel(db, bd, eq(erpFacturas.docNum, docNum), String(docNum), false);
  return { docNum, entradasReabiertas: r.entradasReabiertas };
}

/**
 * What the portal's outbox asks for (SAP's `POST /PurchaseInvoices(DocEntry)/Cancel`): the same rules, by key,
 * and idempotent: an A/P invoice that is already cancelled answers `cancelada: false` and writes nothing, so a
 * retry after a lost answer is not an error.
 */
export async function cancelFacturaProveedorByKey(db: Database, bd: string, docEntry: number) {
  const r = await cancel(db, bd, eq(erpFacturas.docEntry, docEntry), `con DocEntry ${docEntry}`, true);
  return { docEntry, docNum: r.docNum, cancelada: r.cancelada, entradasReabiertas: r.entradasReabiertas };
}

async function cancel(
  db: Database,
  bd: string,
  cual: SQL,
  nombre: string,
  yaCanceladaEsExito: boolean,
): Promise<{ docNum: number; cancelada: boolean; entradasReabiertas: number }> {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const [factura] = await tx
      .select()
      .from(erpFacturas)
      .where(and(eq(erpFacturas.bd, bd), cual))
      .for("update");
    if (!factura) throw new ErpRechazo(`La factura de proveedor ${nombre} no existe en ${bd}.`);
    const docNum = factura.docNum;
    if (factura.canceled === "Y") {
      if (yaCanceladaEsExito) return { docNum, cancelada: false, entradasReabiertas: 0 };
      throw new ErpRechazo(`La factura de proveedor ${docNum} ya está cancelada.`);
    }
    // Paid, credited or a cancellation document: refused as SAP refuses (cancelacion.ts, decision 048).
    await refuseCancel(tx, factura);
    const lineas = await tx
      .select()
      .from(erpFacturaLineas)
      .where(and(eq(erpFacturaLineas.bd, bd), eq(erpFacturaLineas.docEntry, factura.docEntry)));
    for (const l of lineas) {
      await tx
        .update(erpEntradaLineas)
        .set({
          openQty: sql`least(${erpEntradaLineas.quantity}, ${erpEntradaLineas.openQty} + ${l.quantity}::numeric)`,
          lineStatus: "O",
        })
        .where(
          and(
            eq(erpEntradaLineas.bd, bd),
            eq(erpEntradaLineas.docEntry, l.baseEntry),
            eq(erpEntradaLineas.lineNum, l.baseLine),
          ),
        );
    }
    const entradas = [...new Set(lineas.map((l) => l.baseEntry))];
    if (lineas.length === 0 && factura.entradaDocNum !== null) {
      // The seeded history's A/P invoices have no lines: each invoiced its whole receipt, which reopens whole.
      const [entrada] = await tx
        .select({ docEntry: erpEntradas.docEntry })
        .from(erpEntradas)
        .where(and(eq(erpEntradas.bd, bd), eq(erpEntradas.docNum, factura.entradaDocNum)));
      if (entrada) {
        await tx
          .update(erpEntradaLineas)
          .set({ openQty: sql`${erpEntradaLineas.quantity}`, lineStatus: "O" })
          .where(and(eq(erpEntradaLineas.bd, bd), eq(erpEntradaLineas.docEntry, entrada.docEntry)));
        entradas.push(entrada.docEntry);
      }
    }
    if (entradas.length > 0) {
      await tx
        .update(erpEntradas)
        .set({ docStatus: "O" })
        .where(and(eq(erpEntradas.bd, bd), inArray(erpEntradas.docEntry, entradas)));
    }
    await tx
      .update(erpFacturas)
      .set({ canceled: "Y", docStatus: "C" })
      .where(and(eq(erpFacturas.bd, bd), eq(erpFacturas.docEntry, factura.docEntry)));
    await insertCancellationDocument(tx, factura);
    return { docNum, cancelada: true, entradasReabiertas: entradas.length };
  });
}

/**
 * Sets or lifts the payment block of an A/P invoice (SAP's PayBlock, `PATCH /PurchaseInvoices(DocEntry)
 * {"PaymentBlock": …}`; issue 27, decision 036): a blocked invoice is not paid (payFacturas refuses it). SAP refuses
 * the change on a cancelled or closed document; setting the value it already has writes nothing (no new version), so
 * a retry after a lost answer is not an error. `ref` is the payment block reason (PayBlckRef), kept while blocked.
 */
export async function setPaymentBlockByKey(
  db: Database,
  bd: string,
  docEntry: number,
  blocked: boolean,
  ref: number | null = null,
): Promise<{ changed: boolean }> {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const [factura] = await tx
      .select()
      .from(erpFacturas)
      .where(and(eq(erpFacturas.bd, bd), eq(erpFacturas.docEntry, docEntry)))
      .for("update");
    if (!factura) throw new ErpRechazo(`La factura de proveedor con DocEntry ${docEntry} no existe en ${bd}.`);
    const value = blocked ? "Y" : "N";
    const newRef = blocked ? ref : null;
    if (factura.payBlock === value && factura.payBlockRef === newRef) return { changed: false };
    if (factura.canceled !== "N") {
      throw new ErpRechazo(
        `La factura de proveedor ${factura.docNum} está cancelada: no se puede cambiar su bloqueo de pago.`,
      );
    }
    if (factura.docStatus === "C") {
      throw new ErpRechazo(
        `La factura de proveedor ${factura.docNum} está cerrada: no se puede cambiar su bloqueo de pago.`,
      );
    }
    await tx
      .update(erpFacturas)
      .set({ payBlock: value, payBlockRef: newRef })
      .where(and(eq(erpFacturas.bd, bd), eq(erpFacturas.docEntry, docEntry)));
    return { changed: true };
  });
}

/**
 * Re-points A/P invoice `docEntry` of `bd` to a replacement CFDI (issue 27, decision 036: the replacement takes over
 * the A/P invoice), as SAP's `PATCH /PurchaseInvoices(DocEntry)` with U_SYS_PORTALID, U_SYS_PMUUID and NumAtCard
 * does, lifting its payment block when `liftPaymentBlock` (refused, as setPaymentBlock is, on a closed document).
 * SAP refuses a document that does not exist (a portal id another A/P invoice carries is accepted: a user field has
 * no uniqueness, decision 048). Writing the values it already has changes nothing.
 */
export async function repointFacturaProveedorByKey(
  db: Database,
  bd: string,
  docEntry: number,
  to: { portalId: number; numAtCard: string; uuid: string; liftPaymentBlock: boolean },
): Promise<{ changed: boolean }> {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const [factura] = await tx
      .select()
      .from(erpFacturas)
      .where(and(eq(erpFacturas.bd, bd), eq(erpFacturas.docEntry, docEntry)))
      .for("update");
    if (!factura) throw new ErpRechazo(`La factura de proveedor con DocEntry ${docEntry} no existe en ${bd}.`);
    const uuid = to.uuid.toUpperCase();
    const payBlock = to.liftPaymentBlock ? "N" : factura.payBlock;
    if (
      factura.portalId === to.portalId &&
      factura.uuid === uuid &&
      factura.numAtCard === to.numAtCard &&
      factura.payBlock === payBlock
    ) {
      return { changed: false };
    }
    if (to.liftPaymentBlock && factura.payBlock === "Y" && factura.docStatus === "C") {
      throw new ErpRechazo(
        `La factura de proveedor ${factura.docNum} está cerrada: no se puede cambiar su bloqueo de pago.`,
      );
    }
    // No check that another A/P invoice carries the portal id: SAP has no uniqueness on a user field (F7,
    // decision 048); the portal reports two such invoices when it finds them.
    await tx
      .update(erpFacturas)
      .set({
        portalId: to.portalId,
        uuid,
        numAtCard: to.numAtCard,
        payBlock,
        ...(payBlock === "N" ? { payBlockRef: null } : {}),
      })
      .where(and(eq(erpFacturas.bd, bd), eq(erpFacturas.docEntry, docEntry)));
    return { changed: true };
  });
}
