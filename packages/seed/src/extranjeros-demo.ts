import { type Clock, type Database, isoDateOf } from "@portal/db";
import { createErpEntrada, createErpPedido, createErpSocio, createProveedor } from "@portal/db/factories";
import { erpEntradas, erpPedidos, proveedores, sociedades } from "@portal/db/schema";
import { and, eq } from "drizzle-orm";

/**
 * Issue 42 part 1 (decision 073): the demo's foreign supplier, who invoices without CFDI. It signs in with its
 * CardCode (every foreign supplier shares the generic RFC) and the demo password; it sells in USD to KIJ and has one
 * open receipt and one open service order ready to bill. Not part of the ERP generator's history: its rows are these few.
 */
export const PROVEEDOR_EXTRANJERO_DEMO = {
  cardCode: "P00003",
  cardName: "ACME INDUSTRIAL SUPPLY INC",
  pais: "USA",
  numRegIdTrib: "98-7654321",
  bd: "SBO_KIJ",
  /** Its receipt ready to bill: 2 × 500.00 USD + 16 % VAT = 1,160.00 USD. */
  entradaDocNum: 9300001,
  /**
   * Amendment of 2026-11-29 to decision 073: its open service order (reference in NumAtCard), one engineering
   * service of 2,500.00 USD + 16 % VAT = 2,900.00 USD, billed against the order without a receipt (decision 076).
   */
  pedidoServicio: "DEMO-SERVICIO-ACME-1",
} as const;

export async function seedExtranjerosDemo(db: Database, clock: Clock, password: string): Promise<void> {
  const p = PROVEEDOR_EXTRANJERO_DEMO;
  const [sociedad] = await db.select({ id: sociedades.id }).from(sociedades).where(eq(sociedades.bdSap, p.bd));
  if (!sociedad) return;
  const [found] = await db.select().from(proveedores).where(eq(proveedores.cardCode, p.cardCode));
  if (!found) {
    await createProveedor(db, {
      cardCode: p.cardCode,
      tipoPersona: "M",
      cardName: p.cardName,
      telefono: "1 312 555 0199",
      email: "billing@acme-industrial.example",
      contacto: "John Carter",
      password,
      estatusRegistro: "C",
      sociedadIds: [sociedad.id],
      extranjero: { pais: p.pais, numRegIdTrib: p.numRegIdTrib },
      // Its kind's documents (REGLAS_TIPO_PROVEEDOR.extranjero): no Mexican fiscal document.
      documentos: {
        cargados: ["IdentificacionOficial", "ComprobanteDomicilio", "EstadoCuenta"],
        fecha: isoDateOf(clock),
        val: { ActaConstitutiva: "N", CedulaFiscal: "N", OpinionCumplimiento: "N" },
      },
    });
  }
  await createErpSocio(db, {
    bd: p.bd,
    cardCode: p.cardCode,
    cardName: p.cardName,
    licTradNum: "XEXX010101000",
    groupNum: 30,
  });
  const [entrada] = await db
    .select({ docEntry: erpEntradas.docEntry })
    .from(erpEntradas)
    .where(and(eq(erpEntradas.bd, p.bd), eq(erpEntradas.docNum, p.entradaDocNum)));
  if (!entrada) {
    await createErpEntrada(db, {
      bd: p.bd,
      cardCode: p.cardCode,
      cardName: p.cardName,
      docNum: p.entradaDocNum,
      docDate: "2026-11-12",
      groupNum: 30,
      docCur: "USD",
      docRate: "17.25",
      lineas: [{ itemName: "Industrial bearing 6204-2RS", quantity: "2", priceBefDi: "500.00", uomCode: "PZA" }],
    });
  }
  const [pedido] = await db
    .select({ docEntry: erpPedidos.docEntry })
    .from(erpPedidos)
    .where(and(eq(erpPedidos.bd, p.bd), eq(erpPedidos.numAtCard, p.pedidoServicio)))
    .limit(1);
  if (!pedido) {
    await createErpPedido(db, {
      bd: p.bd,
      cardCode: p.cardCode,
      cardName: p.cardName,
      docDate: "2026-11-10",
      numAtCard: p.pedidoServicio,
      groupNum: 30,
      docCur: "USD",
      docRate: "17.25",
      comments: "Field engineering: billed against the order, without a goods receipt.",
      lineas: [
        {
          itemCode: "SRV-ENG-01",
          itemName: "Field engineering service (commissioning)",
          uomCode: "SRV",
          quantity: "1",
          priceBefDi: "2500.00",
          servicio: true,
        },
      ],
    });
  }
}
