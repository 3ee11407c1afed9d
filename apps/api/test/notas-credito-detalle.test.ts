import { CALLS, getNotaCreditoAnswerSchema, MSG, NOTA_CREDITO_MSG } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFacturaFixture, notaCreditoPrueba } from "./documentos-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 40 (decision 065): getNotaCredito, one credit note for its detail screen with its Historial — the audit
 * entries its registration and its review wrote (entidad 'nota_credito', the review kit's auditEntity). A supplier
 * reads only its own notes; employees read every one, as their list shows every one.
 */
let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
}, 60_000);
afterAll(async () => t?.close());

const call = (token: string, url: string, payload: unknown, method: "POST" | "PATCH" = "POST") =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const detalle = (token: string, id: unknown) =>
  call(token, CALLS.getNotaCredito.path, { IdNotaCredito: id } as Record<string, unknown>);

describe("getNotaCredito (issue 40)", () => {
  let idNota = 0;
  let uuidNota = "";
  let folioFactura = "";

  beforeAll(async () => {
    // Kemper's accepted invoice (no A/P invoice yet: its open balance is its total), credited 116.00 by a CFDI
    // registered through the API, then rejected by a reviewer with a reason.
    const factura = await createFacturaFixture(t.tdb.db, { estatus: "A" });
    folioFactura = factura.folio;
    const { uuid, body } = notaCreditoPrueba([factura.uuid], { subtotal: "100.00", iva: "16.00" });
    uuidNota = uuid;
    const res = await call(tokens.kemper, CALLS.postNotaCredito.path, body);
    expect(res.json()).toEqual({ status: "success", message: NOTA_CREDITO_MSG.registrada });
    const lista = (await call(tokens.kemper, CALLS.getNotasCredito.path, {})).json().data as {
      IdNotaCredito: number;
      UUID: string;
      Version: number;
    }[];
    const nota = lista.find((n) => n.UUID === uuid);
    if (!nota) throw new Error("la nota de crédito registrada no está en la lista de su proveedor");
    idNota = nota.IdNotaCredito;
    const review = await call(
      tokens.admin,
      CALLS.notasCreditoPendientesPatchNotaCredito.path,
      [{ NotaCredito: idNota, Estatus: "R", Comentarios: "El importe no corresponde.", Version: nota.Version }],
      "PATCH",
    );
    expect(review.json()).toEqual({ status: "success", message: MSG.revisionExito });
  }, 60_000);

  it("answers its supplier the note as its list row with its Historial, oldest first, in the contract's shape", async () => {
    const res = await detalle(tokens.kemper, idNota);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = getNotaCreditoAnswerSchema.parse(res.json());
    expect(data.NotaCredito).toMatchObject({
      IdNotaCredito: idNota,
      UUID: uuidNota,
      Estatus: "R",
      Total: "116.00",
      Moneda: "MXN",
      Comentarios: "El importe no corresponde.",
      Relaciones: [{ TipoRelacion: "01", UUIDs: [expect.any(String)] }],
      Facturas: [expect.objectContaining({ FolioFactura: folioFactura, Importe: "116.00" })],
    });
    // A supplier's row never carries the ERP's messages (as in its list).
    expect(data.NotaCredito).not.toHaveProperty("ErrorERP");
    expect(data.Historial.map((h) => [h.Operador, h.Campo, h.A.split(" · ")[0], h.Comentario])).toEqual([
      ["Proveedor", "registro", "P", ""],
      ["Empleado", "estatus", "R", "El importe no corresponde."],
    ]);
    expect(data.Historial[0]?.A).toContain(`UUID ${uuidNota}`);
    expect(data.Historial[0]?.Quien).toBe("ESCUELA KEMPER URGATE");
  });

  it("answers every employee (the list shows them every note), with the ERP's fields", async () => {
    for (const token of [tokens.admin, tokens.consulta]) {
      const res = await detalle(token, idNota);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = getNotaCreditoAnswerSchema.parse(res.json());
      expect(data.NotaCredito.UUID).toBe(uuidNota);
      expect(data.NotaCredito).toHaveProperty("ErrorERP", "");
      expect(data.Historial).toHaveLength(2);
    }
  });

  it("refuses another supplier's note in Spanish, as one that does not exist (404, never a 500)", async () => {
    const res = await detalle(tokens.berenice, idNota);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: "error", message: NOTA_CREDITO_MSG.noExiste });
    expect(res.body).not.toContain(uuidNota);
  });

  it("answers an unknown id 404 and a malformed one 400, in Spanish", async () => {
    const unknown = await detalle(tokens.admin, 987_654_321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: "error", message: NOTA_CREDITO_MSG.noExiste });
    const malformed = await detalle(tokens.admin, "uno");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().status).toBe("error");
    expect(malformed.json().message).toMatch(/IdNotaCredito/);
  });

  it("refuses without a session", async () => {
    const res = await t.app.inject({ method: "POST", url: CALLS.getNotaCredito.path, payload: { IdNotaCredito: 1 } });
    expect(res.statusCode).toBe(401);
  });
});

describe("getNotasCredito narrowed to one invoice (IdFactura, the invoice detail's section)", () => {
  const ids = { una: 0, otra: 0 };
  const uuids = { una: "", otra: "" };
  const lista = async (token: string, body: Record<string, unknown>) => {
    const res = await call(token, CALLS.getNotasCredito.path, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { UUID: string; Facturas: { IdFactura: number }[] }[];
  };

  beforeAll(async () => {
    // Two accepted invoices of Kemper, each credited by a note of its own.
    for (const key of ["una", "otra"] as const) {
      const factura = await createFacturaFixture(t.tdb.db, { estatus: "A" });
      ids[key] = factura.id;
      const { uuid, body } = notaCreditoPrueba([factura.uuid], { subtotal: "10.00", iva: "1.60" });
      uuids[key] = uuid;
      const res = await call(tokens.kemper, CALLS.postNotaCredito.path, body);
      expect(res.json()).toEqual({ status: "success", message: NOTA_CREDITO_MSG.registrada });
    }
  }, 60_000);

  it("answers only the notes that credit that invoice, to its supplier and to employees", async () => {
    for (const token of [tokens.kemper, tokens.admin]) {
      const rows = await lista(token, { IdFactura: ids.una });
      expect(rows.map((r) => r.UUID)).toEqual([uuids.una]);
      expect(rows[0]?.Facturas.map((f) => f.IdFactura)).toEqual([ids.una]);
    }
    const todas = (await lista(tokens.kemper, {})).map((r) => r.UUID);
    expect(todas).toEqual(expect.arrayContaining([uuids.una, uuids.otra]));
  });

  it("keeps a supplier's scope: another supplier asking for Kemper's invoice gets none", async () => {
    expect(await lista(tokens.berenice, { IdFactura: ids.una })).toEqual([]);
  });

  it("refuses a malformed IdFactura with a Spanish 400 naming the field", async () => {
    const res = await call(tokens.kemper, CALLS.getNotasCredito.path, { IdFactura: "uno" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("IdFactura");
  });
});
