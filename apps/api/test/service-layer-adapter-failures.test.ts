import { ERP_AUTORIZACION_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { PORTAL_USER_FIELDS, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { erpPdfPolicy } from "../src/erp/pdf-policy";
import { createErpScopeResolver } from "../src/erp/scope";
import { ServiceLayerError } from "../src/erp/service-layer/client";
import type { ErpEntrada } from "../src/erp/types";
import { ErpApprovalPendingError, ErpRechazoError } from "../src/erp/types";
import { DomainError, NotFound } from "../src/lib/errors";
import type { SessionUser } from "../src/lib/session-user";
import { createArchivosRepository } from "../src/modules/archivos/repository";
import { createArchivosService } from "../src/modules/archivos/service";
import { createSociedadesRepository } from "../src/modules/sociedades/repository";
import { BD, USER, useServiceLayerBench } from "./service-layer-harness";

/* The Service Layer adapter over its simulator: timeouts, dropped answers, approval drafts, missing user fields, and the PDFs copied on first download. */

const h = useServiceLayerBench({ bigCompany: false });

describe("Service Layer adapter: failures", () => {
  it("a Service Layer slower than the client's timeout: the Spanish ServiceLayerError within the timeout", async () => {
    await h.sim.close();
    h.sim = await startServiceLayerSimulator({
      db: h.tdb.db,
      credentials: [{ companyDb: BD, ...USER }],
      clock: h.time.clock,
    });
    // 1.5 s: room for the warm read below on a loaded machine, far below the simulator's 6 s.
    h.timeoutMs = 1_500;
    h.makeAdapter();
    h.sim.faults.latencyMs = 6_000;
    const started = performance.now();
    const error = await h.adapter.listPedidoVersions(h.everyone(BD)).catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect(error).toBeInstanceOf(ServiceLayerError);
    expect((error as Error).message).toContain("El ERP no responde; intente en unos minutos.");
    // Cut by the 1.5 s timeout, not by the 6 s answer (room for a loaded machine).
    expect(ms).toBeLessThan(4_500);
    expect(JSON.stringify(error)).not.toContain("clave-sap");
    // A warm mirror past its window, the Service Layer timing out: it answers as last read. The failed read is not
    // taken for a fresh one: this process asks again after OUTAGE_RETRY_MS, and another process at once.
    h.sim.faults.latencyMs = 0;
    const warm = await h.adapter.listPedidoVersions(h.everyone(BD));
    h.time.advance(60_000);
    h.sim.faults.latencyMs = 6_000;
    h.sent = [];
    expect(await h.adapter.listPedidoVersions(h.everyone(BD))).toEqual(warm);
    expect(h.sent.filter((u) => u.includes("/PurchaseOrders"))).toHaveLength(1);
    h.sent = [];
    expect(await h.adapter.listPedidoVersions(h.everyone(BD))).toEqual(warm);
    expect(h.sent.filter((u) => u.includes("/PurchaseOrders"))).toHaveLength(0);
    const otro = h.adapter;
    h.makeAdapter();
    expect(h.adapter).not.toBe(otro);
    expect(await h.adapter.countPedidos(h.everyone(BD))).toBe(warm.length);
    // It asked (its own login first, which times out just the same).
    expect(h.sent.length).toBeGreaterThan(0);
    console.info(`slow Service Layer: the error after ${ms.toFixed(0)} ms (client timeout 1,500 ms)`);
  });

  it("creates the A/P invoice exactly once when the Service Layer commits and then drops the answer", async () => {
    const entradas = await h.adapter.listEntradas(h.everyone(BD));
    const e = entradas.find(
      (x) => x.docStatus === "O" && x.lineas.some((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
    ) as ErpEntrada;
    expect(e).toBeDefined();
    const portalId = 920_000_000 + e.docEntry;
    const nueva = {
      bd: BD,
      portalId,
      cardCode: e.cardCode,
      entradaDocNum: e.docNum,
      numAtCard: "F-DROP",
      uuid: "5A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
      docDate: e.docDate,
      docTotal: e.docTotal,
      vatSum: e.vatSum,
      wtSum: e.wtSum,
      docCur: e.docCur,
      docRate: e.docRate,
      comments: "Respuesta perdida",
    };
    h.sim.faults.commitThenDrop = 1;
    h.sent = [];
    const creada = await h.adapter.createFacturaProveedor(nueva);
    // The POST was sent once; after it failed the adapter looked the portal id up instead of posting again.
    expect(h.sent.filter((s) => s.startsWith("POST") && s.endsWith("/PurchaseInvoices"))).toHaveLength(1);
    const lookups = h.sent.filter(
      (s) => s.includes("PurchaseInvoices?") && s.includes(`U_SYS_PORTALID eq ${portalId}`),
    );
    expect(lookups.length).toBeGreaterThanOrEqual(2); // before the POST and after its failure
    // A second acceptance (the outbox's retry) finds it and posts nothing.
    h.sent = [];
    expect(await h.adapter.createFacturaProveedor(nueva)).toEqual(creada);
    expect(h.sent.filter((s) => s.startsWith("POST") && s.endsWith("/PurchaseInvoices"))).toHaveLength(0);
    const rows = await h.tdb.db
      .select({ docEntry: schema.erpFacturas.docEntry })
      .from(schema.erpFacturas)
      .where(and(eq(schema.erpFacturas.bd, BD), eq(schema.erpFacturas.portalId, portalId)));
    expect(rows).toEqual([{ docEntry: creada.docEntry }]);
    expect(await h.adapter.findFacturaProveedor(BD, portalId)).toMatchObject({
      docEntry: creada.docEntry,
      docNum: creada.docNum,
      numAtCard: "F-DROP",
      uuid: "5A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
      docTotal: e.docTotal,
      entradaDocNum: e.docNum,
    });
    // Put the receipt back for other tests: cancel it (the receipt reopens).
    await h.adapter.cancelFacturaProveedor(BD, creada.docEntry);
  });

  it("an A/P invoice created while a read of the mirror is under way is seen by the reads that follow", async () => {
    const e = (await h.adapter.listEntradas(h.everyone(BD))).find(
      (x) => x.docStatus === "O" && x.lineas.some((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
    ) as ErpEntrada;
    const portalId = 940_000_000 + e.docEntry;
    await h.adapter.listFacturasProveedor(h.everyone(BD)); // warm
    h.time.advance(60_000);
    // The next incremental read of the A/P invoices is answered BEFORE the write and reaches the adapter after it.
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let held = false;
    h.afterReceive = async (url) => {
      if (!held && url.includes("PurchaseInvoices?$select=DocEntry,DocNum,CardCode,DocDate,UpdateDate")) {
        held = true;
        await gate;
      }
    };
    const inFlight = h.adapter.facturasProveedorFingerprint(h.everyone(BD));
    await vi.waitFor(() => expect(held).toBe(true));
    const creada = await h.adapter.createFacturaProveedor({
      bd: BD,
      portalId,
      cardCode: e.cardCode,
      entradaDocNum: e.docNum,
      numAtCard: "F-CARRERA",
      uuid: "7A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
      docDate: e.docDate,
      docTotal: e.docTotal,
      vatSum: e.vatSum,
      wtSum: e.wtSum,
      docCur: e.docCur,
      docRate: e.docRate,
      comments: "",
    });
    release();
    await inFlight;
    // Same instant on the clock, within the freshness window: still the write is visible.
    expect(await h.adapter.findFacturaProveedor(BD, portalId)).toMatchObject({ docEntry: creada.docEntry });
    expect((await h.adapter.listFacturasProveedor(h.everyone(BD))).map((f) => f.portalId)).toContain(portalId);
    await h.adapter.cancelFacturaProveedor(BD, creada.docEntry);
  });

  it("an A/P invoice waiting as an approval draft makes the job wait, naming the draft; nothing is posted", async () => {
    const e = (await h.adapter.listEntradas(h.everyone(BD))).find((x) => x.docStatus === "O") as ErpEntrada;
    const portalId = 930_000_000 + e.docEntry;
    const draft = h.sim.addDraft(BD, {
      DocObjectCode: "oPurchaseInvoices",
      CardCode: e.cardCode,
      DocDate: e.docDate,
      U_SYS_PORTALID: portalId,
    });
    h.sent = [];
    const error = await h.adapter
      .createFacturaProveedor({
        bd: BD,
        portalId,
        cardCode: e.cardCode,
        entradaDocNum: e.docNum,
        numAtCard: "F-BORRADOR",
        uuid: "6A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
        docDate: e.docDate,
        docTotal: e.docTotal,
        vatSum: e.vatSum,
        wtSum: e.wtSum,
        docCur: e.docCur,
        docRate: e.docRate,
        comments: "",
      })
      .catch((x: unknown) => x);
    // Issue 37 (F2): a pending approval draft is no refusal: the outbox waits for SAP's approvers.
    expect(error).toBeInstanceOf(ErpApprovalPendingError);
    expect((error as Error).message).toBe(
      ERP_AUTORIZACION_MSG.esperando(`la factura de proveedor de la factura ${portalId} del portal`, draft),
    );
    expect(h.sent.filter((s) => s.startsWith("POST") && s.endsWith("/PurchaseInvoices"))).toHaveLength(0);
  });

  it("without the U_SYS_PORTALID user field an A/P invoice is the ERP's refusal naming the field; nothing is posted", async () => {
    const e = (await h.adapter.listEntradas(h.everyone(BD))).find((x) => x.docStatus === "O") as ErpEntrada;
    await h.sim.close();
    h.sim = await startServiceLayerSimulator({
      db: h.tdb.db,
      credentials: [{ companyDb: BD, ...USER }],
      clock: h.time.clock,
      userFields: PORTAL_USER_FIELDS.filter((f) => f.Name !== "SYS_PORTALID"),
    });
    h.makeAdapter();
    h.sent = [];
    const error = await h.adapter
      .createFacturaProveedor({
        bd: BD,
        portalId: 950_000_001,
        cardCode: e.cardCode,
        entradaDocNum: e.docNum,
        numAtCard: "F-SINCAMPO",
        uuid: "8A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
        docDate: e.docDate,
        docTotal: e.docTotal,
        vatSum: e.vatSum,
        wtSum: e.wtSum,
        docCur: e.docCur,
        docRate: e.docRate,
        comments: "",
      })
      .catch((x: unknown) => x);
    expect(error).toBeInstanceOf(ErpRechazoError);
    expect((error as Error).message).toContain("U_SYS_PORTALID");
    expect(h.sent.filter((s) => s.startsWith("POST") && s.endsWith("/PurchaseInvoices"))).toHaveLength(0);
  });

  it("an unknown company database reads as empty (SAP's -306), other failures are not swallowed", async () => {
    expect(await h.adapter.listPedidos(h.everyone("SBO_NO_EXISTE"))).toEqual([]);
    expect(await h.adapter.countEntradas(h.everyone("SBO_NO_EXISTE"))).toBe(0);
    h.sim.faults.html502 = 10;
    // A supplier whose business partner was never read: nothing to answer from.
    await expect(h.adapter.listProveedores({ bds: [BD], cardCode: "P-NUNCA-LEIDO" })).rejects.toBeInstanceOf(
      ServiceLayerError,
    );
  });
});

describe("Service Layer adapter: PDFs copied on first download", () => {
  const empleado: SessionUser = {
    sessionId: 1,
    operador: "Empleado",
    id: "1",
    nombre: "Empleada",
    perfil: "A",
    viDocPen: "Y",
    apruebaCuentas: "N",
    conciliaSat: "N",
    secondFactor: "done",
  };
  const proveedor = (cardCode: string): SessionUser => ({
    sessionId: 2,
    operador: "Proveedor",
    id: cardCode,
    nombre: cardCode,
    perfil: "P",
    viDocPen: "N",
    apruebaCuentas: "N",
    conciliaSat: "N",
    secondFactor: "none",
  });
  const archivos = () =>
    createArchivosService({
      repo: createArchivosRepository(h.tdb.db),
      policies: [erpPdfPolicy(h.adapter, createErpScopeResolver(createSociedadesRepository(h.tdb.db)))],
    });
  /** The bytes and archivos id the simulator serves for a document's PDF (erp_mock keeps them in archivos). */
  async function simulatorPdf(docEntry: number) {
    const [row] = await h.tdb.db
      .select({ id: schema.archivos.id, contenido: schema.archivos.contenido })
      .from(schema.erpPedidos)
      .innerJoin(schema.archivos, eq(schema.archivos.id, schema.erpPedidos.pdfArchivoId))
      .where(and(eq(schema.erpPedidos.bd, BD), eq(schema.erpPedidos.docEntry, docEntry)));
    return row as { id: string; contenido: Uint8Array };
  }
  async function adjunto(archivoId: string) {
    const [row] = await h.tdb.db
      .select()
      .from(schema.erpSlAdjuntos)
      .where(eq(schema.erpSlAdjuntos.archivoId, archivoId));
    return row;
  }
  const listWithPdfs = async () => {
    const pedidos = (await h.adapter.listPedidos(h.everyone(BD))).filter((p) => p.pdfArchivoId);
    expect(pedidos.length).toBeGreaterThan(1);
    return pedidos;
  };

  it("listing documents with PDFs asks the Service Layer for no attachment: new ids, nothing copied, owners from the mirror", async () => {
    h.sim.resetCounts();
    const pedidos = await listWithPdfs();
    const entradas = (await h.adapter.listEntradas(h.everyone(BD))).filter((e) => e.pdfArchivoId);
    expect(entradas.length).toBeGreaterThan(0);
    expect(h.sim.requestCount("Attachments2")).toBe(0);
    expect(h.sent.filter((u) => u.includes("Attachments2"))).toEqual([]);
    for (const doc of [...pedidos, ...entradas]) {
      const row = await adjunto(doc.pdfArchivoId as string);
      expect(row).toMatchObject({ bd: BD, contenidoId: null, copiadoEn: null });
      // The id is the attachment's own, not an archivos row: nothing is stored until someone downloads it.
      const [archivo] = await h.tdb.db
        .select({ id: schema.archivos.id })
        .from(schema.archivos)
        .where(eq(schema.archivos.id, doc.pdfArchivoId as string));
      expect(archivo).toBeUndefined();
    }
    // The same ids on the next read (and for a key read), still without a Service Layer request for a PDF.
    h.time.advance(60_000);
    const again = (await h.adapter.listPedidos(h.everyone(BD))).filter((p) => p.pdfArchivoId);
    expect(again.map((p) => p.pdfArchivoId)).toEqual(pedidos.map((p) => p.pdfArchivoId));
    const [leido] = await h.adapter.readPedidos([{ bd: BD, docEntry: pedidos[0]?.docEntry as number }]);
    expect(leido?.pdfArchivoId).toBe(pedidos[0]?.pdfArchivoId);
    h.sent = [];
    expect(await h.adapter.findPdfOwners(pedidos[0]?.pdfArchivoId as string)).toContainEqual({
      kind: "pedido",
      bd: BD,
      cardCode: pedidos[0]?.cardCode,
      docNum: pedidos[0]?.docNum,
    });
    expect(h.sent).toEqual([]);
    expect(h.sim.requestCount("Attachments2")).toBe(0);
  });

  it("the first download copies the PDF with one request, into the archivos row of the same bytes; the second asks nothing", async () => {
    const [pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    const expected = await simulatorPdf(pedido?.docEntry as number);
    h.sim.resetCounts();
    h.time.advance(5_000);
    const file = await archivos().download(empleado, id);
    expect(h.sim.requestCount("Attachments2")).toBe(1);
    expect(h.sent.filter((u) => u.includes("Attachments2"))).toEqual([
      `GET ${h.sim.url}Attachments2(${(await adjunto(id))?.atcEntry})/$value`,
    ]);
    expect(Buffer.from(file.contenido).equals(Buffer.from(expected.contenido))).toBe(true);
    expect(file.mime).toBe("application/pdf");
    expect(file.size).toBe(expected.contenido.byteLength);
    expect(file.nombre).toBe(`Pedido-${BD}-${pedido?.docNum}.pdf`);
    // Content-addressed: the bytes the mock ERP already keeps in archivos are that row, not a copy.
    expect(await adjunto(id)).toMatchObject({ contenidoId: expected.id, copiadoEn: h.time.clock() });

    h.time.advance(60_000);
    const second = await archivos().download(proveedor(pedido?.cardCode as string), id);
    expect(Buffer.from(second.contenido).equals(Buffer.from(expected.contenido))).toBe(true);
    expect(h.sim.requestCount("Attachments2")).toBe(1);
    // A later list keeps offering the attachment's id, not the content's.
    h.time.advance(60_000);
    const again = await h.adapter.readPedidos([{ bd: BD, docEntry: pedido?.docEntry as number }]);
    expect(again[0]?.pdfArchivoId).toBe(id);
  });

  it("two downloads at once share one Service Layer request", async () => {
    const [, pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    h.sim.resetCounts();
    const service = archivos();
    const [a, b, c] = await Promise.all([
      service.download(empleado, id),
      service.download(empleado, id),
      h.adapter.copyPdf?.(id),
    ]);
    expect(h.sim.requestCount("Attachments2")).toBe(1);
    expect(Buffer.from(a.contenido).equals(Buffer.from(b.contenido))).toBe(true);
    expect(c).toBe((await simulatorPdf(pedido?.docEntry as number)).id);
  });

  it("a supplier who may not see the document, or an unknown id, gets the same 404 and causes no Service Layer request", async () => {
    const [pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    // Another registered supplier: its scope never includes this supplier's documents.
    const [otro] = await h.tdb.db
      .selectDistinct({ cardCode: schema.proveedorSociedades.cardCode })
      .from(schema.proveedorSociedades)
      .where(sql`${schema.proveedorSociedades.cardCode} <> ${pedido?.cardCode}`)
      .limit(1);
    expect(otro).toBeDefined();
    h.sim.resetCounts();
    h.sent = [];
    const refused = await archivos()
      .download(proveedor(otro?.cardCode as string), id)
      .catch((e: unknown) => e);
    const unknown = await archivos()
      .download(empleado, "00000000-0000-4000-8000-000000000000")
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NotFound);
    expect(unknown).toBeInstanceOf(NotFound);
    expect((refused as NotFound).message).toBe((unknown as NotFound).message);
    expect(h.sim.requestCount()).toBe(0);
    expect(h.sent).toEqual([]);
    expect(await adjunto(id)).toMatchObject({ contenidoId: null, copiadoEn: null });
    // The document's own supplier downloads it.
    const own = await archivos().download(proveedor(pedido?.cardCode as string), id);
    expect(own.mime).toBe("application/pdf");
    expect(h.sim.requestCount("Attachments2")).toBe(1);
  });

  it("a Service Layer failure during the copy is its Spanish ServiceLayerError; nothing is recorded, the next download copies", async () => {
    const [pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    h.sim.faults.html502 = 10;
    const error = await archivos()
      .download(empleado, id)
      .catch((e: unknown) => e);
    h.sim.faults.html502 = 0;
    expect(error).toBeInstanceOf(ServiceLayerError);
    expect((error as Error).message).toMatch(/El ERP no responde/);
    expect(await adjunto(id)).toMatchObject({ contenidoId: null, copiadoEn: null });
    const file = await archivos().download(empleado, id);
    expect(file.mime).toBe("application/pdf");
    expect((await adjunto(id))?.contenidoId).not.toBeNull();
  });

  it("an attachment that is not a PDF is refused in Spanish and not stored", async () => {
    const [pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    const html = "<html><script>alert(1)</script></html>";
    h.answerInstead = (url) =>
      url.includes("Attachments2(") ? new Response(html, { headers: { "content-type": "text/html" } }) : undefined;
    const archivosAntes = await h.tdb.db.select({ n: sql<number>`count(*)::int` }).from(schema.archivos);
    const error = await archivos()
      .download(empleado, id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).statusCode).toBe(502);
    expect((error as Error).message).toMatch(/no es un PDF/);
    expect(await adjunto(id)).toMatchObject({ contenidoId: null, copiadoEn: null });
    expect(await h.tdb.db.select({ n: sql<number>`count(*)::int` }).from(schema.archivos)).toEqual(archivosAntes);
  });
});
