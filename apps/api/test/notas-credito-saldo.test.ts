import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { estatusFacturaMostrado, type FacturaRow, MSG, NOTA_CREDITO_MSG, saldoDeFactura } from "@portal/contracts";
import { schema } from "@portal/db";
import { cancelFacturaProveedor, payFacturas } from "@portal/erp-sim";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErpAdapter } from "../src/erp/types";
import { notaCreditoPrueba } from "./documentos-prueba";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 36 (decision 039): a credit note must fit the invoice's open balance as the ERP reports it (DocTotal less
 * PaidToDate, which counts payments and the memos the ERP applied) less the portal's notes the ERP has not applied,
 * at registration and again at the review, inside its transaction. Cancelled (ERP or SAT), taken-over and paid
 * invoices refuse credit notes in words; the expected complement counts only memos the ERP applied.
 */

/** The ERP behind a network that can stop answering the reads the balance needs. */
const red = { caido: false };
const caido = () => new Error("El ERP no responde; intente en unos minutos.");
const wrap = (real: ErpAdapter): ErpAdapter => ({
  ...real,
  async findFacturaProveedor(bd, portalId) {
    if (red.caido) throw caido();
    return real.findFacturaProveedor(bd, portalId);
  },
  async findNotaCreditoProveedor(bd, portalId) {
    if (red.caido) throw caido();
    return real.findNotaCreditoProveedor(bd, portalId);
  },
});

interface NotaFila {
  IdNotaCredito: number;
  FolioNotaCredito: string;
  UUID: string;
  Estatus: string;
  Version: number;
  DocNumERP: number | null;
  EstadoERP?: string;
  ErrorERP?: string;
}
interface FacturaFila {
  IdFactura: number;
  UUID: string;
  FolioFactura: string;
  Version: number;
  BD: string;
  Entrada: number;
  FolioSAP: number | null;
}

let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };

const call = (token: string, url: string, payload: unknown, method: "POST" | "PATCH" = "POST") =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const notas = async (token: string): Promise<NotaFila[]> =>
  (await call(token, "/api/notasCredito/getNotasCredito", {})).json().data;
const nota = async (uuid: string, token = tokens.admin) =>
  (await notas(token)).find((n) => n.UUID === uuid) as NotaFila;
const facturas = async (token: string): Promise<FacturaFila[]> =>
  (await call(token, "/api/facturas/getFacturas", {})).json().data;
/** Kemper posts an invoice of 1,160.00 MXN (PPD) on receipt `docNum` (a new one), optionally replacing `sustituye`. */
async function postFactura(o: { docNum?: number; sustituye?: string } = {}) {
  const docNum = o.docNum ?? (await nuevaEntradaKemper(t.tdb.db, { groupNum: 30, peyMethod: "99" }));
  const uuid = randomUUID().toUpperCase();
  const xml = issueTestFactura(
    facturaPrueba({
      uuid,
      folio: `S-${docNum}-${uuid.slice(0, 4)}`,
      metodoPago: "PPD",
      formaPago: "99",
      ...(o.sustituye ? { cfdiRelacionados: [{ TipoRelacion: "04", UUIDs: [o.sustituye] }] } : {}),
    }),
  );
  const res = await call(tokens.kemper, "/api/facturas/postFactura", payloadFactura(xml, docNum));
  expect(res.statusCode, res.body).toBe(200);
  return (await facturas(tokens.admin)).find((x) => x.UUID === uuid) as FacturaFila;
}

async function acceptFactura(f: FacturaFila) {
  const review = await call(
    tokens.admin,
    "/api/facturasPendientes/patchfactura",
    [{ Factura: f.IdFactura, Estatus: "A", Comentarios: "", BD: f.BD, Version: f.Version }],
    "PATCH",
  );
  expect(review.json()).toEqual({ status: "success", message: MSG.revisionExito });
}

/** Kemper's invoice of 1,160.00 MXN (PPD, 30 days), registered, accepted and created in the ERP. */
async function facturaAceptada(): Promise<FacturaFila> {
  const f = await postFactura();
  await acceptFactura(f);
  await t.app.services.erpOutbox.flush();
  const aceptada = (await facturas(tokens.admin)).find((x) => x.IdFactura === f.IdFactura) as FacturaFila;
  expect(aceptada.FolioSAP).not.toBeNull();
  return aceptada;
}

/** Subtotal and VAT (16 %) of a credit note's total. */
const IMPORTES: Record<string, { subtotal: string; iva: string }> = {
  "116.00": { subtotal: "100.00", iva: "16.00" },
  "560.00": { subtotal: "482.76", iva: "77.24" },
  "500.00": { subtotal: "431.03", iva: "68.97" },
  "600.00": { subtotal: "517.24", iva: "82.76" },
  "700.00": { subtotal: "603.45", iva: "96.55" },
  "1000.00": { subtotal: "862.07", iva: "137.93" },
};

/** Kemper registers a credit note of `total` relating `uuid` (CFDI dated `fecha`, else 2026-11-17). */
async function post(uuidFactura: string, total: keyof typeof IMPORTES, fecha?: string) {
  const { uuid, body } = notaCreditoPrueba([uuidFactura], { ...IMPORTES[total]!, ...(fecha ? { fecha } : {}) });
  const res = await call(tokens.kemper, "/api/notasCredito/postNotaCredito", body);
  return { uuid, res };
}
async function register(uuidFactura: string, total: keyof typeof IMPORTES, fecha?: string) {
  const { uuid, res } = await post(uuidFactura, total, fecha);
  expect(res.json(), res.body).toEqual({ status: "success", message: NOTA_CREDITO_MSG.registrada });
  return nota(uuid);
}

/** The reviewer decides these credit notes in one call. */
const review = (filas: { n: NotaFila; estatus: "A" | "R" }[]) =>
  call(
    tokens.admin,
    "/api/notasCreditoPendientes/patchNotaCredito",
    filas.map(({ n, estatus }) => ({
      NotaCredito: n.IdNotaCredito,
      Estatus: estatus,
      Comentarios: estatus === "R" ? "Falta el acuerdo de descuento" : "",
      Version: n.Version,
    })),
    "PATCH",
  );
async function reject(n: NotaFila) {
  expect((await review([{ n, estatus: "R" }])).json()).toEqual({ status: "success", message: MSG.revisionExito });
  return nota(n.UUID);
}

const esperado = async (docNum: number) =>
  (await call(tokens.kemper, "/api/pagos/getComplementoEsperado", { BD: "SBO_MCI", PagoSAP: docNum })).json().data;

// Both ERP adapters: the mock, and the Service Layer adapter over its bundled simulator (same erp_mock tables).
describe.each(["mock", "service-layer"] as const)("notas de crédito contra el saldo del ERP (ERP %s)", (adapter) => {
  beforeAll(async () => {
    t = await createTestApp(adapter === "service-layer" ? { ERP_ADAPTER: "service-layer" } : {}, { erp: wrap });
    Object.assign(tokens, await loginTodos(t.app));
  });
  afterAll(async () => {
    red.caido = false;
    await t?.close();
  });

  it("refuses a credit note on an invoice the ERP paid in full, naming the payments (issue 39)", async () => {
    const f = await facturaAceptada();
    const primero = await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: f.FolioSAP!, monto: "1000.00" }],
    });
    const segundo = await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-12-01",
      moneda: "MXN",
      facturas: [{ docNum: f.FolioSAP! }],
    });
    expect(segundo.total).toBe("160.00");
    // Dated before both payments (17 Nov), the note found the whole 1,160.00 at its date; today nothing is left.
    const { uuid, res } = await post(f.UUID, "116.00");
    expect(res.statusCode).toBe(400);
    const pagos = [
      { docNum: primero.docNum, fecha: "2026-11-20", importe: "1000.00" },
      { docNum: segundo.docNum, fecha: "2026-12-01", importe: "160.00" },
    ];
    expect(res.json()).toEqual({
      status: "error",
      message: NOTA_CREDITO_MSG.facturaPagadaConPagos(f.FolioFactura, "1160.00 MXN", pagos, "MXN"),
    });
    expect(res.json().message).toBe(
      `La factura con folio ${f.FolioFactura} ya está pagada en su totalidad (1160.00 MXN) con los pagos ${primero.docNum} del 2026-11-20 (1000.00 MXN), ${segundo.docNum} del 2026-12-01 (160.00 MXN); no tiene saldo para una nota de crédito.`,
    );
    expect((await notas(tokens.admin)).some((n) => n.UUID === uuid)).toBe(false);
  });

  it("accepts a note on a partly paid invoice up to its balance; the ERP memo job takes it (issue 39)", async () => {
    const f = await facturaAceptada();
    const pago = await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: f.FolioSAP!, monto: "600.00" }],
    });
    // 1,160.00 − 600.00 (20 Nov) = 560.00: a note of 560.00 dated 27 Nov closes it exactly.
    const n = await register(f.UUID, "560.00", "2026-11-27");
    expect((await review([{ n, estatus: "A" }])).json().message).toBe(MSG.revisionExito);
    await t.app.services.erpOutbox.flush();
    expect(await nota(n.UUID)).toMatchObject({ Estatus: "A", EstadoERP: "creada", DocNumERP: expect.any(Number) });
    const [ap] = await t.tdb.db.select().from(schema.erpFacturas).where(eq(schema.erpFacturas.portalId, f.IdFactura));
    expect(ap?.paidToDate).toBe("1160.00");
    // The supplier's list, once it read the ERP again: 600.00 paid and 560.00 credited close it (decision 058).
    t.time.advance(120_000);
    const fila = (await facturas(tokens.kemper)).find((x) => x.IdFactura === f.IdFactura) as unknown as FacturaRow;
    expect(fila.Abonos).toEqual({ Pagos: "600.00", Notas: "560.00" });
    expect(saldoDeFactura(fila)?.saldo).toBe("0.00");
    expect(estatusFacturaMostrado(fila)).toBe("Pagada y acreditada");
    // The payment of 20 Nov came before the note: its complement starts from the whole 1,160.00.
    expect((await esperado(pago.docNum)).Documentos).toEqual([
      expect.objectContaining({
        IdDocumento: f.UUID,
        NumParcialidad: 1,
        ImpSaldoAnt: "1160.00",
        ImpPagado: "600.00",
        ImpSaldoInsoluto: "560.00",
      }),
    ]);
  });

  it("a note dated before a payment lowers its ImpSaldoAnt; one dated after it does not (issue 39)", async () => {
    const f = await facturaAceptada();
    // 17 Nov: a note of 116.00, accepted and applied by the ERP.
    const antes = await register(f.UUID, "116.00");
    expect((await review([{ n: antes, estatus: "A" }])).json().message).toBe(MSG.revisionExito);
    await t.app.services.erpOutbox.flush();
    // 20 Nov: a payment of 500.00; 27 Nov: another note of 116.00, applied too.
    const pago = await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: f.FolioSAP!, monto: "500.00" }],
    });
    const documento = {
      IdDocumento: f.UUID,
      NumParcialidad: 1,
      // 1,160.00 − 116.00 (17 Nov) = 1,044.00; − 500.00 = 544.00.
      ImpSaldoAnt: "1044.00",
      ImpPagado: "500.00",
      ImpSaldoInsoluto: "544.00",
    };
    expect((await esperado(pago.docNum)).Documentos).toEqual([expect.objectContaining(documento)]);
    const despues = await register(f.UUID, "116.00", "2026-11-27");
    expect((await review([{ n: despues, estatus: "A" }])).json().message).toBe(MSG.revisionExito);
    await t.app.services.erpOutbox.flush();
    expect(await nota(despues.UUID)).toMatchObject({ EstadoERP: "creada" });
    expect((await esperado(pago.docNum)).Documentos).toEqual([expect.objectContaining(documento)]);
  });

  it("takes what the ERP paid off the balance: a partial payment leaves the rest for credit notes", async () => {
    const f = await facturaAceptada();
    await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-12-01",
      moneda: "MXN",
      facturas: [{ docNum: f.FolioSAP!, monto: "600.00" }],
    });
    // 1,160.00 − 600.00 paid leaves 560.00.
    const { res } = await post(f.UUID, "600.00");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTA_CREDITO_MSG.excedeSaldo("600.00 MXN", "560.00 MXN"));
    await register(f.UUID, "500.00");
  });

  it("refuses a credit note on an invoice cancelled in the ERP", async () => {
    const f = await facturaAceptada();
    await cancelFacturaProveedor(t.tdb.db, "SBO_MCI", f.FolioSAP!);
    const { res } = await post(f.UUID, "116.00");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTA_CREDITO_MSG.facturaCanceladaErp(f.FolioFactura, f.FolioSAP!));
  });

  it("refuses a credit note on an invoice cancelled at the SAT", async () => {
    const f = await facturaAceptada();
    await t.app.services.satSimulador.simulate(f.UUID, {
      estado: "Cancelado",
      estatusCancelacion: "Cancelado sin aceptación",
      cancelability: "",
    });
    t.time.advance(60_000);
    await t.app.services.satEstado.checkAceptados(t.time.clock());
    const { res } = await post(f.UUID, "116.00");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTA_CREDITO_MSG.facturaCanceladaSat(f.FolioFactura));
  });

  it("refuses a credit note on an invoice its replacement took over, naming the replacement", async () => {
    const vieja = await facturaAceptada();
    const sustituta = await postFactura({ docNum: vieja.Entrada, sustituye: vieja.UUID });
    await acceptFactura(sustituta);
    const { res } = await post(vieja.UUID, "116.00");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      NOTA_CREDITO_MSG.facturaSustituida(vieja.FolioFactura, sustituta.FolioFactura, sustituta.UUID),
    );
    // The replacement takes credit notes (its A/P invoice is the replaced one's until the takeover job runs).
    await register(sustituta.UUID, "116.00");
  });

  it("refuses at the review a rejected credit note re-accepted after another note took the balance; all or nothing", async () => {
    const f = await facturaAceptada();
    const a = await reject(await register(f.UUID, "1000.00"));
    // Rejected, A frees its 1,000.00: B takes 500.00 of the 1,160.00.
    const b = await register(f.UUID, "500.00");
    const res = await review([
      { n: b, estatus: "A" },
      { n: a, estatus: "A" },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      [
        MSG.revisionError,
        NOTA_CREDITO_MSG.noSePuedeAceptar(
          a.FolioNotaCredito,
          NOTA_CREDITO_MSG.excedeSaldoFactura(f.FolioFactura, "1000.00 MXN", "660.00 MXN"),
        ),
      ].join("\n"),
    );
    // Nothing was decided: B is still pending, A still rejected.
    expect((await nota(b.UUID)).Estatus).toBe("P");
    expect((await nota(a.UUID)).Estatus).toBe("R");
    expect((await review([{ n: b, estatus: "A" }])).json().message).toBe(MSG.revisionExito);
  });

  it("refuses, inside the review's transaction, the second of two rejected notes that do not both fit", async () => {
    const f = await facturaAceptada();
    const x = await reject(await register(f.UUID, "700.00"));
    const y = await reject(await register(f.UUID, "700.00"));
    // Each alone fits the 1,160.00; once the first is accepted in the transaction 460.00 are left for the second.
    const res = await review([
      { n: x, estatus: "A" },
      { n: y, estatus: "A" },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      [
        MSG.revisionError,
        NOTA_CREDITO_MSG.noSePuedeAceptar(
          y.FolioNotaCredito,
          NOTA_CREDITO_MSG.excedeSaldoFactura(f.FolioFactura, "700.00 MXN", "460.00 MXN"),
        ),
      ].join("\n"),
    );
    expect([(await nota(x.UUID)).Estatus, (await nota(y.UUID)).Estatus]).toEqual(["R", "R"]);
    // No memo job was queued by the rolled-back acceptance.
    const trabajos = await t.tdb.db
      .select()
      .from(schema.erpTrabajos)
      .where(eq(schema.erpTrabajos.notaCreditoId, x.IdNotaCredito));
    expect(trabajos).toEqual([]);
  });

  it("refuses at the review a pending note the ERP's payment no longer leaves room for", async () => {
    const f = await facturaAceptada();
    const n = await register(f.UUID, "1000.00");
    await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-12-01",
      moneda: "MXN",
      facturas: [{ docNum: f.FolioSAP!, monto: "600.00" }],
    });
    expect((await review([{ n, estatus: "A" }])).json().message).toBe(
      [
        MSG.revisionError,
        NOTA_CREDITO_MSG.noSePuedeAceptar(
          n.FolioNotaCredito,
          NOTA_CREDITO_MSG.excedeSaldoFactura(f.FolioFactura, "1000.00 MXN", "560.00 MXN"),
        ),
      ].join("\n"),
    );
    // Rejecting it needs no room.
    expect((await reject(n)).Estatus).toBe("R");
  });

  /** The accepted credit note of the next two tests, whose memo the ERP refuses. */
  let aceptada: NotaFila;

  it("the expected complement ignores an accepted credit note whose memo the ERP has not applied", async () => {
    const f = await facturaAceptada();
    aceptada = await register(f.UUID, "116.00");
    expect((await review([{ n: aceptada, estatus: "A" }])).json().message).toBe(MSG.revisionExito);
    // Before the memo job runs, the ERP's accountants pay the whole invoice (the memo is not in the ERP).
    const pago = await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-12-02",
      moneda: "MXN",
      facturas: [{ docNum: f.FolioSAP! }],
    });
    expect(pago.total).toBe("1160.00");
    const documento = {
      IdDocumento: f.UUID,
      NumParcialidad: 1,
      ImpSaldoAnt: "1160.00",
      ImpPagado: "1160.00",
      ImpSaldoInsoluto: "0.00",
    };
    expect((await esperado(pago.docNum)).Documentos).toEqual([expect.objectContaining(documento)]);
    // The memo job then meets an invoice with nothing open: the ERP refuses it; the complement is unchanged.
    await t.app.services.erpOutbox.flush();
    expect((await esperado(pago.docNum)).Documentos).toEqual([expect.objectContaining(documento)]);
  });

  it("mails 'aceptada por el revisor' with the ERP memo pending, and the note shows the ERP's refusal", async () => {
    const [correo] = await t.tdb.db
      .select()
      .from(schema.correoOutbox)
      .where(like(schema.correoOutbox.asunto, `%${aceptada.FolioNotaCredito}%`));
    expect(correo?.asunto).toBe(
      `Portal de Proveedores: su nota de crédito ${aceptada.FolioNotaCredito} fue aceptada por el revisor`,
    );
    expect(correo?.texto).toContain(
      "fue aceptada por el revisor. Su registro en el ERP (la nota de crédito de proveedor que reduce el saldo de la factura) está pendiente",
    );
    // The memo job failed (the ERP refused it): the supplier sees the state, employees the ERP's words too.
    const paraProveedor = await nota(aceptada.UUID, tokens.kemper);
    expect(paraProveedor).toMatchObject({ Estatus: "A", DocNumERP: null, EstadoERP: "fallido" });
    expect(paraProveedor).not.toHaveProperty("ErrorERP");
    const paraEmpleado = await nota(aceptada.UUID, tokens.admin);
    expect(paraEmpleado.EstadoERP).toBe("fallido");
    // Issue 39: the job reads the A/P invoice's open balance first and sends nothing larger than it.
    expect(paraEmpleado.ErrorERP).toContain("No se envió la nota de crédito al ERP");
    expect(paraEmpleado.ErrorERP).toContain("es mayor que su saldo abierto en el ERP (0.00 MXN)");
  });

  it("the memo job never posts more than SAP's open balance: a later partial payment stops it in words, once", async () => {
    const f = await facturaAceptada();
    // 17 Nov: a note of 600.00 fits the whole 1,160.00; accepted, its memo job queued.
    const n = await register(f.UUID, "600.00");
    expect((await review([{ n, estatus: "A" }])).json().message).toBe(MSG.revisionExito);
    // Before the job runs the ERP pays 1,000.00: SAP's open balance is 160.00, below the note's 600.00.
    await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: f.FolioSAP!, monto: "1000.00" }],
    });
    await t.app.services.erpOutbox.flush();
    const mensaje = NOTA_CREDITO_MSG.erpExcedeSaldo(f.FolioFactura, "600.00 MXN", "160.00 MXN");
    const trabajo = async () =>
      (
        await t.tdb.db.select().from(schema.erpTrabajos).where(eq(schema.erpTrabajos.notaCreditoId, n.IdNotaCredito))
      )[0];
    // Stopped ('fallido', one attempt) with the portal's Spanish sentence; nothing sent: the ERP has no memo and the
    // A/P invoice still owes its 160.00.
    expect(await trabajo()).toMatchObject({ estado: "fallido", intentos: 1, ultimoError: mensaje });
    expect(await nota(n.UUID)).toMatchObject({
      Estatus: "A",
      EstadoERP: "fallido",
      DocNumERP: null,
      ErrorERP: mensaje,
    });
    expect(await t.tdb.db.select().from(schema.erpNotasCredito).where(eq(schema.erpNotasCredito.uuid, n.UUID))).toEqual(
      [],
    );
    const [ap] = await t.tdb.db.select().from(schema.erpFacturas).where(eq(schema.erpFacturas.portalId, f.IdFactura));
    expect(ap?.paidToDate).toBe("1000.00");
    // Not retried forever: later passes of the outbox, well past any backoff, leave it as it is.
    t.time.advance(2 * 3_600_000);
    Object.assign(tokens, await loginTodos(t.app));
    await t.app.services.erpOutbox.flush();
    await t.app.services.erpOutbox.flush();
    expect(await trabajo()).toMatchObject({ estado: "fallido", intentos: 1, ultimoError: mensaje });
  });

  it("shows an accepted credit note as pending in the ERP until its memo is made", async () => {
    const f = await facturaAceptada();
    const n = await register(f.UUID, "116.00");
    expect(await nota(n.UUID, tokens.kemper)).toMatchObject({ EstadoERP: "" });
    expect((await review([{ n, estatus: "A" }])).json().message).toBe(MSG.revisionExito);
    expect(await nota(n.UUID, tokens.kemper)).toMatchObject({ EstadoERP: "pendiente", DocNumERP: null });
    await t.app.services.erpOutbox.flush();
    expect(await nota(n.UUID, tokens.kemper)).toMatchObject({ EstadoERP: "creada", DocNumERP: expect.any(Number) });
  });

  it("registers on the portal's figures while the ERP does not answer; the review waits for the ERP", async () => {
    const f = await facturaAceptada();
    red.caido = true;
    try {
      const n = await register(f.UUID, "116.00");
      const res = await review([{ n, estatus: "A" }]);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe([MSG.revisionError, NOTA_CREDITO_MSG.erpSinRespuesta(f.FolioFactura)].join("\n"));
      expect((await nota(n.UUID)).Estatus).toBe("P");
      red.caido = false;
      expect((await review([{ n, estatus: "A" }])).json().message).toBe(MSG.revisionExito);
    } finally {
      red.caido = false;
    }
  });
});
