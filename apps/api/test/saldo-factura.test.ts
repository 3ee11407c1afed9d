import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import {
  type ComplementoEsperado,
  estatusFacturaMostrado,
  estatusPagoFactura,
  type FacturaRow,
  MSG,
  NOTA_CREDITO_MSG,
  type SaldoFacturaDetalle,
  saldoDeFactura,
} from "@portal/contracts";
import { payFacturas } from "@portal/erp-sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErpAdapter } from "../src/erp/types";
import { PAGO_MSG } from "../src/modules/pagos/reglas";
import { complementoDesdeEsperado, notaCreditoPrueba } from "./documentos-prueba";
import { facturaPrueba, MCI, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, pdfBase64, type TestApp, withToken } from "./helpers";

/**
 * Issue 39 (decision 058): an invoice's ledger in its detail (facturas/getSaldo) — its total, the accepted credit
 * notes by their CFDI dates and the ERP's payments by theirs, in date order with the balance before and after each —
 * and the complement's NumParcialidad: this payment's place among the invoice's payments, the credit notes not
 * counted. Every figure computed by hand.
 */

/** The ERP behind a network that can stop answering the payments' read. */
const red = { caido: false };
const wrap = (real: ErpAdapter): ErpAdapter => ({
  ...real,
  async listAplicaciones(bd, docEntries) {
    if (red.caido) throw new Error("El ERP no responde; intente en unos minutos.");
    return real.listAplicaciones(bd, docEntries);
  },
});

interface FacturaFila {
  IdFactura: number;
  UUID: string;
  FolioFactura: string;
  Version: number;
  BD: string;
  FolioSAP: number | null;
}
interface NotaFila {
  IdNotaCredito: number;
  FolioNotaCredito: string;
  UUID: string;
  Version: number;
}
interface PagoFila {
  DocNum: number;
  DocTotal: string;
  U_SYS_PMSNBD: string;
  Detalle: unknown[];
}

let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  t = await createTestApp({}, { erp: wrap });
  Object.assign(tokens, await loginTodos(t.app));
});
afterAll(async () => {
  red.caido = false;
  await t?.close();
});

const call = (token: string, url: string, payload: unknown, method: "POST" | "PATCH" = "POST") =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const facturas = async (): Promise<FacturaFila[]> =>
  (await call(tokens.admin, "/api/facturas/getFacturas", {})).json().data;
const saldo = (idFactura: number, token = tokens.kemper) =>
  call(token, "/api/facturas/getSaldo", { IdFactura: idFactura });

/** Kemper's invoice of 1,160.00 MXN (PPD, dated 16 Nov), registered, accepted and created in the ERP. */
async function facturaAceptada(): Promise<FacturaFila> {
  const docNum = await nuevaEntradaKemper(t.tdb.db, { groupNum: 30, peyMethod: "99" });
  const uuid = randomUUID().toUpperCase();
  const xml = issueTestFactura(
    facturaPrueba({ uuid, folio: `L-${docNum}-${uuid.slice(0, 4)}`, metodoPago: "PPD", formaPago: "99" }),
  );
  const res = await call(tokens.kemper, "/api/facturas/postFactura", payloadFactura(xml, docNum));
  expect(res.statusCode, res.body).toBe(200);
  const f = (await facturas()).find((x) => x.UUID === uuid) as FacturaFila;
  const review = await call(
    tokens.admin,
    "/api/facturasPendientes/patchfactura",
    [{ Factura: f.IdFactura, Estatus: "A", Comentarios: "", BD: f.BD, Version: f.Version }],
    "PATCH",
  );
  expect(review.json()).toEqual({ status: "success", message: MSG.revisionExito });
  await t.app.services.erpOutbox.flush();
  const aceptada = (await facturas()).find((x) => x.IdFactura === f.IdFactura) as FacturaFila;
  expect(aceptada.FolioSAP).not.toBeNull();
  return aceptada;
}

/**
 * Kemper's credit note of 116.00 MXN (or 1,160.00 with `todo`) dated `fecha` on the invoice, registered, accepted and
 * applied by the ERP.
 */
async function notaAceptada(uuidFactura: string, fecha: string, todo = false): Promise<NotaFila> {
  const importes = todo ? { subtotal: "1000.00", iva: "160.00" } : { subtotal: "100.00", iva: "16.00" };
  const { uuid, body } = notaCreditoPrueba([uuidFactura], { ...importes, fecha });
  const res = await call(tokens.kemper, "/api/notasCredito/postNotaCredito", body);
  expect(res.json(), res.body).toEqual({ status: "success", message: NOTA_CREDITO_MSG.registrada });
  const notas: NotaFila[] = (await call(tokens.admin, "/api/notasCredito/getNotasCredito", {})).json().data;
  const n = notas.find((x) => x.UUID === uuid) as NotaFila;
  const review = await call(
    tokens.admin,
    "/api/notasCreditoPendientes/patchNotaCredito",
    [{ NotaCredito: n.IdNotaCredito, Estatus: "A", Comentarios: "", Version: n.Version }],
    "PATCH",
  );
  expect(review.json().message).toBe(MSG.revisionExito);
  await t.app.services.erpOutbox.flush();
  return n;
}

const pagar = (f: FacturaFila, fecha: string, monto: string) =>
  payFacturas(t.tdb.db, { bd: "SBO_MCI", fecha, moneda: "MXN", facturas: [{ docNum: f.FolioSAP!, monto }] });

describe("the invoice's ledger in its detail (issue 39)", () => {
  let f: FacturaFila;
  let notaAntes: NotaFila;
  let notaDespues: NotaFila;
  let primero: Awaited<ReturnType<typeof pagar>>;
  let segundo: Awaited<ReturnType<typeof pagar>>;

  beforeAll(async () => {
    f = await facturaAceptada();
    // 17 Nov a note, 18 Nov a payment, 19 Nov another note, 20 Nov another payment.
    notaAntes = await notaAceptada(f.UUID, "2026-11-17");
    primero = await pagar(f, "2026-11-18", "500.00");
    notaDespues = await notaAceptada(f.UUID, "2026-11-19");
    segundo = await pagar(f, "2026-11-20", "300.00");
  });

  it("lists the notes and payments in date order with the balance before and after each", async () => {
    const res = await saldo(f.IdFactura);
    expect(res.statusCode, res.body).toBe(200);
    const data: SaldoFacturaDetalle = res.json().data;
    const nota = (n: NotaFila, Fecha: string, SaldoAnterior: string, SaldoPosterior: string) => ({
      Tipo: "nota",
      Fecha,
      DocNum: null,
      Folio: n.FolioNotaCredito,
      UUID: n.UUID,
      Importe: "116.00",
      SaldoAnterior,
      SaldoPosterior,
    });
    const pago = (DocNum: number, Fecha: string, Importe: string, SaldoAnterior: string, SaldoPosterior: string) => ({
      Tipo: "pago",
      Fecha,
      DocNum,
      Folio: "",
      UUID: "",
      Importe,
      SaldoAnterior,
      SaldoPosterior,
    });
    // 1,160.00 − 116.00 = 1,044.00; − 500.00 = 544.00; − 116.00 = 428.00; − 300.00 = 128.00.
    expect(data).toEqual({
      IdFactura: f.IdFactura,
      Total: "1160.00",
      Moneda: "MXN",
      Saldo: "128.00",
      Movimientos: [
        nota(notaAntes, "2026-11-17", "1160.00", "1044.00"),
        pago(primero.docNum, "2026-11-18", "500.00", "1044.00", "544.00"),
        nota(notaDespues, "2026-11-19", "544.00", "428.00"),
        pago(segundo.docNum, "2026-11-20", "300.00", "428.00", "128.00"),
      ],
      PagosLeidos: true,
    });
    // Employees read it too; another supplier's invoice is as good as missing.
    expect((await saldo(f.IdFactura, tokens.admin)).json().data).toEqual(data);
    expect((await saldo(f.IdFactura, tokens.consulta)).json().data).toEqual(data);
    const ajena = await saldo(f.IdFactura, tokens.berenice);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toEqual({ status: "error", message: MSG.facturaNoExiste });
    expect((await saldo(999_999)).json()).toEqual({ status: "error", message: MSG.facturaNoExiste });
    expect((await t.app.inject({ method: "POST", url: "/api/facturas/getSaldo", payload: {} })).statusCode).toBe(401);
  });

  it("without the ERP's payments shows no ledger rather than a wrong one", async () => {
    red.caido = true;
    try {
      const res = await saldo(f.IdFactura);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        IdFactura: f.IdFactura,
        Total: "1160.00",
        Moneda: "MXN",
        Saldo: null,
        Movimientos: [],
        PagosLeidos: false,
      });
    } finally {
      red.caido = false;
    }
  });

  it("the complement's NumParcialidad counts the payments only: the second payment is parcialidad 2", async () => {
    const e: ComplementoEsperado = (
      await call(tokens.kemper, "/api/pagos/getComplementoEsperado", { BD: "SBO_MCI", PagoSAP: segundo.docNum })
    ).json().data;
    const doc = e.Documentos[0]!;
    // The ledger just before the second payment: 428.00 (both notes and the first payment taken off).
    expect(doc).toMatchObject({
      IdDocumento: f.UUID,
      NumParcialidad: 2,
      ImpSaldoAnt: "428.00",
      ImpPagado: "300.00",
      ImpSaldoInsoluto: "128.00",
    });
    const pagos: PagoFila[] = (await call(tokens.kemper, "/api/pagos/getPagos", {})).json().data;
    const p = pagos.find((x) => x.U_SYS_PMSNBD === "SBO_MCI" && x.DocNum === segundo.docNum) as PagoFila;
    const cuerpo = (c: { uuid: string; xml: string }) => ({
      usuario: "ESCUELA KEMPER URGATE",
      id: "P00001",
      operador: "Proveedor",
      PagoSAP: p.DocNum,
      BD: p.U_SYS_PMSNBD,
      PDF: "complemento.pdf",
      PDF64: pdfBase64(`Complemento ${p.DocNum}`),
      XML: "complemento.xml",
      XML64: Buffer.from(c.xml).toString("base64"),
      FechaPago: e.FechaPago,
      Folio: "S/F",
      Total: p.DocTotal,
      RFCEmisor: "EKU9003173C9",
      RFCReceptor: MCI.rfc,
      NombreEmisor: "ESCUELA KEMPER URGATE",
      NombreReceptor: MCI.nombre,
      UUID: c.uuid,
      Detalle: p.Detalle,
    });
    const post = (documento: typeof doc) =>
      call(
        tokens.kemper,
        "/api/pagos/postPago",
        cuerpo(complementoDesdeEsperado({ ...e, Documentos: [documento] }, { dia: "2026-11-21" })),
      );
    // Counting the two credit notes as parcialidades (4), or restarting at 1: refused, naming expected and found.
    for (const numero of [4, 1]) {
      const res = await post({ ...doc, NumParcialidad: numero });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(PAGO_MSG.numParcialidad(f.UUID, String(numero), 2));
    }
    const bueno = await post(doc);
    expect(bueno.json(), bueno.body).toEqual({ status: "success", message: MSG.documentosAgregados });
  });
});

describe("statuses from the ledger: the server's list rows and the detail's ledger agree (issue 39)", () => {
  it("fully credited, partly paid and paid: status, balance and the ledger's last balance", async () => {
    // Fully credited: a note of 1,160.00 (17 Nov). Partly paid: 400.00 (18 Nov). Paid: 1,160.00 (18 Nov).
    const acreditada = await facturaAceptada();
    await notaAceptada(acreditada.UUID, "2026-11-17", true);
    const parcial = await facturaAceptada();
    await pagar(parcial, "2026-11-18", "400.00");
    const pagada = await facturaAceptada();
    await pagar(pagada, "2026-11-18", "1160.00");
    // The list reads the ERP's payments again once its last reading is old enough.
    t.time.advance(120_000);
    Object.assign(tokens, await loginTodos(t.app));
    const filas: FacturaRow[] = (await call(tokens.kemper, "/api/facturas/getFacturas", {})).json().data;
    const casos = [
      [acreditada, "Saldada con nota de crédito", "0.00", { Pagos: "0.00", Notas: "1160.00" }],
      [parcial, "Pago parcial", "760.00", { Pagos: "400.00", Notas: "0.00" }],
      [pagada, "Pagada", "0.00", { Pagos: "1160.00", Notas: "0.00" }],
    ] as const;
    for (const [f, estatus, balance, abonos] of casos) {
      const fila = filas.find((x) => x.IdFactura === f.IdFactura) as FacturaRow;
      expect(fila.Abonos, f.FolioFactura).toEqual(abonos);
      // The list's status column (its search and export) and the detail's 'Estatus del pago'.
      expect(estatusFacturaMostrado(fila)).toBe(estatus);
      expect(estatusPagoFactura(fila)).toBe(estatus);
      expect(saldoDeFactura(fila)?.saldo).toBe(balance);
      const ledger: SaldoFacturaDetalle = (await saldo(f.IdFactura)).json().data;
      expect(ledger.Saldo).toBe(balance);
      expect(ledger.Movimientos.at(-1)?.SaldoPosterior).toBe(balance);
    }
  });
});
