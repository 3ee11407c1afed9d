import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG, NOTA_CREDITO_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFacturaFixture, createNotaCreditoFixture, notaCreditoPrueba } from "./documentos-prueba";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 39 (decision 060), credit notes' relations, with CFDI sealed here with the SAT's test certificates: an E
 * whose only group is TipoRelacion 07 (CFDI por aplicación de anticipo) credits the supplier's invoices it relates;
 * a note with 01 and 03 groups keeps each group with its type, in the supplier's list and the review's.
 */
interface Relacion {
  TipoRelacion: string;
  UUIDs: string[];
}
interface NotaFila {
  IdNotaCredito: number;
  UUID: string;
  TipoRelacion: string;
  Relaciones?: Relacion[];
  Total: string;
  Facturas: { IdFactura: number; FolioFactura: string; UUID: string; Importe: string }[];
}
interface FacturaFila {
  IdFactura: number;
  UUID: string;
  FolioFactura: string;
  Version: number;
  BD: string;
  Entrada: number;
}

let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
}, 60_000);
afterAll(async () => t?.close());

const call = (token: string, url: string, payload: unknown, method: "POST" | "PATCH" = "POST") =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const notas = async (token: string): Promise<NotaFila[]> =>
  (await call(token, "/api/notasCredito/getNotasCredito", {})).json().data;
const enRevision = async (): Promise<NotaFila[]> =>
  (await call(tokens.admin, "/api/notasCreditoPendientes/getNotasCredito", {})).json().data;
const register = (body: unknown) => call(tokens.kemper, "/api/notasCredito/postNotaCredito", body);

/** Kemper's invoice of 1,160.00 MXN (PPD, 30 days), registered, accepted and created in the ERP. */
async function facturaAceptada(): Promise<FacturaFila> {
  const docNum = await nuevaEntradaKemper(t.tdb.db, { groupNum: 30, peyMethod: "99" });
  const xml = issueTestFactura(facturaPrueba({ folio: `R-${docNum}`, metodoPago: "PPD", formaPago: "99" }));
  const res = await call(tokens.kemper, "/api/facturas/postFactura", payloadFactura(xml, docNum));
  expect(res.statusCode, res.body).toBe(200);
  const lista = (await call(tokens.admin, "/api/facturas/getFacturas", {})).json().data as FacturaFila[];
  const f = lista.find((x) => x.Entrada === docNum) as FacturaFila;
  const review = await call(
    tokens.admin,
    "/api/facturasPendientes/patchfactura",
    [{ Factura: f.IdFactura, Estatus: "A", Comentarios: "", BD: f.BD, Version: f.Version }],
    "PATCH",
  );
  expect(review.json()).toEqual({ status: "success", message: MSG.revisionExito });
  expect(await t.app.services.erpOutbox.flush()).toBe(1);
  return f;
}

const stored = async (uuid: string) =>
  (await t.tdb.db.select().from(schema.notasCredito).where(eq(schema.notasCredito.uuid, uuid)))[0];

describe("TipoRelacion 07: an advance applied (issue 39)", () => {
  it("registers an E whose only group is 07 relating the supplier's invoice, which it credits", async () => {
    const factura = await facturaAceptada();
    // The E that applies a 116.00 advance to the invoice of the whole operation: FormaPago 30, TipoRelacion 07.
    const { uuid, body } = notaCreditoPrueba([], {
      subtotal: "100.00",
      iva: "16.00",
      formaPago: "30",
      grupos: [{ TipoRelacion: "07", UUIDs: [factura.UUID] }],
    });
    const res = await register(body);
    expect(res.json()).toEqual({ status: "success", message: NOTA_CREDITO_MSG.registrada });
    const fila = (await notas(tokens.kemper)).find((n) => n.UUID === uuid);
    expect(fila).toMatchObject({
      TipoRelacion: "07",
      Relaciones: [{ TipoRelacion: "07", UUIDs: [factura.UUID.toUpperCase()] }],
      Total: "116.00",
      Facturas: [{ IdFactura: factura.IdFactura, FolioFactura: factura.FolioFactura, Importe: "116.00" }],
    });
    expect(await stored(uuid)).toMatchObject({
      tipoRelacion: "07",
      relaciones: [{ TipoRelacion: "07", UUIDs: [factura.UUID.toUpperCase()] }],
    });
  });

  it("refuses a 07 group relating another supplier's invoice or a CFDI the portal does not have, as for 01", async () => {
    const ajena = await createFacturaFixture(t.tdb.db, { proveedor: "berenice", estatus: "A" });
    const uuidAjena = ajena.uuid.toUpperCase();
    const anticipo = randomUUID().toUpperCase();
    for (const uuids of [[uuidAjena], [anticipo]]) {
      const { uuid, body } = notaCreditoPrueba([], {
        subtotal: "10.00",
        iva: "1.60",
        formaPago: "30",
        grupos: [{ TipoRelacion: "07", UUIDs: uuids }],
      });
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOTA_CREDITO_MSG.facturaNoExiste(uuids[0] as string));
      expect(await stored(uuid)).toBeUndefined();
    }
  });

  it("still refuses a note that relates no invoice by 01, 03 or 07, naming the three", async () => {
    const factura = await facturaAceptada();
    const { body } = notaCreditoPrueba([], {
      subtotal: "10.00",
      iva: "1.60",
      grupos: [{ TipoRelacion: "02", UUIDs: [factura.UUID] }],
    });
    const res = await register(body);
    expect(res.json()).toEqual({ status: "error", message: NOTA_CREDITO_MSG.sinRelacion });
    expect(NOTA_CREDITO_MSG.sinRelacion).toContain("07 (aplicación de anticipo)");
  });
});

describe("several relation groups (issue 39)", () => {
  it("keeps a 01 group and a 03 group each with its type, in both lists; a 04 group is kept and credits nothing", async () => {
    const [b, c] = [await facturaAceptada(), await facturaAceptada()];
    const sustituida = randomUUID().toUpperCase();
    // 1,100.00 + 176.00 = 1,276.00: all of B (1,160.00) and 116.00 of C, in the CFDI's order.
    const { uuid, body } = notaCreditoPrueba([], {
      subtotal: "1100.00",
      iva: "176.00",
      grupos: [
        { TipoRelacion: "01", UUIDs: [b.UUID] },
        { TipoRelacion: "03", UUIDs: [c.UUID] },
        { TipoRelacion: "04", UUIDs: [sustituida] },
      ],
    });
    expect((await register(body)).json()).toEqual({ status: "success", message: NOTA_CREDITO_MSG.registrada });
    const grupos = [
      { TipoRelacion: "01", UUIDs: [b.UUID.toUpperCase()] },
      { TipoRelacion: "03", UUIDs: [c.UUID.toUpperCase()] },
      { TipoRelacion: "04", UUIDs: [sustituida] },
    ];
    for (const fila of [
      (await notas(tokens.kemper)).find((n) => n.UUID === uuid),
      (await enRevision()).find((n) => n.UUID === uuid),
    ]) {
      expect(fila?.TipoRelacion).toBe("01");
      expect(fila?.Relaciones).toEqual(grupos);
      expect(fila?.Facturas.map((f) => [f.IdFactura, f.Importe])).toEqual([
        [b.IdFactura, "1160.00"],
        [c.IdFactura, "116.00"],
      ]);
    }
    expect((await stored(uuid))?.relaciones).toEqual(grupos);
  });

  it("reads a note stored without its groups as one group: its type with the invoices it credits", async () => {
    const nota = await createNotaCreditoFixture(t.tdb.db);
    const fila = (await notas(tokens.admin)).find((n) => n.IdNotaCredito === nota.id);
    expect(fila?.Relaciones).toEqual([{ TipoRelacion: "01", UUIDs: [nota.factura.uuid.toUpperCase()] }]);
  });
});
