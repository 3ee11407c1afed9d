import { CALLS, MSG, TILES_CON_CONTEO, type TileConConteo } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, findSecrets, login, type TestApp, withToken } from "./helpers";

let t: TestApp;
let tokens: Record<"admin" | "consulta" | "kemper" | "berenice", string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = {
    admin: await login(t.app, "admin", "Empleado"),
    consulta: await login(t.app, "consulta", "Empleado"),
    kemper: await login(t.app, "EKU9003173C9", "Proveedor"),
    berenice: await login(t.app, "XIQB891116QE4", "Proveedor"),
  };
});
afterAll(async () => {
  await t?.close();
});

const getSociedades = (token: string, payload: object = { dato: "SN" }) =>
  t.app.inject(withToken(token, { method: "POST", url: "/api/home/getSociedades", payload }));
const rowDocuments = (token: string, dato: string) =>
  t.app.inject(withToken(token, { method: "POST", url: "/api/home/RowDocuments", payload: { dato } }));
const download = (token: string | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: token ? { "x-access-token": token } : {} });

describe("POST /api/home/getSociedades", () => {
  it("answers the supplier's own companies with the spec's columns and a download URL", async () => {
    const res = await getSociedades(tokens.kemper);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.map((r: { RFC: string }) => r.RFC)).toEqual(["MCI7306249Y1", "KIJ0906199R1"]);
    expect(rows[0]).toMatchObject({
      Fila: 1,
      NomSociedad: "MUNICIPIO DE CUAUTITLAN IZCALLI",
      Regimen: "603",
      CP: "54700",
      Estatus: "A",
    });
    expect(rows[0].Constancia).toMatch(/^\/api\/archivos\/[0-9a-f-]{36}$/);
    expect(Object.keys(rows[0]).sort()).toEqual(
      ["CP", "Constancia", "Estatus", "Fila", "IdSociedad", "NomSociedad", "RFC", "Regimen"].sort(),
    );
  });

  it("scopes by the session, whatever usuario/operador the body claims", async () => {
    const res = await getSociedades(tokens.berenice, { usuario: "P00001", operador: "Proveedor", dato: "SN" });
    const rfcs = res.json().data.map((r: { RFC: string }) => r.RFC);
    expect(rfcs).toEqual(["KIJ0906199R1", "IIA040805DZ4"]);
    expect(rfcs).not.toContain("MCI7306249Y1");
  });

  it("is for suppliers only", async () => {
    const res = await getSociedades(tokens.admin);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: "error", message: MSG.sinPermiso });
  });
});

describe("POST /api/home/RowDocuments", () => {
  it("counts the Pagos tile as the length of the same user's payment list", async () => {
    // Pedidos and Entradas de mercancia count their lists since issue 5 (test/erp-scope.test.ts), Facturas since
    // issue 12 (test/facturas.test.ts), Pagos since issue 14.
    for (const token of Object.values(tokens)) {
      const res = await rowDocuments(token, "Pagos");
      expect(res.statusCode).toBe(200);
      const lista = await t.app.inject(withToken(token, { method: "POST", url: "/api/pagos/getPagos", payload: {} }));
      expect(res.json().data).toEqual({ Registro: lista.json().data.length });
      expect(lista.json().data.length).toBeGreaterThan(0);
    }
  });

  it("answers the pending tiles only to employees with ViDocPen Y", async () => {
    for (const dato of ["Facturas pendientes", "Pagos pendientes", "Notas de crédito pendientes"]) {
      expect((await rowDocuments(tokens.admin, dato)).statusCode).toBe(200);
      expect((await rowDocuments(tokens.consulta, dato)).statusCode).toBe(403);
      expect((await rowDocuments(tokens.kemper, dato)).statusCode).toBe(403);
    }
  });

  it("counts every tile from the administrator's list, and rejects an unknown one in Spanish", async () => {
    type Fila = { EstatusFactura?: string; U_SYS_PMESPA?: string; U_SYS_PMUUID?: string; Estatus?: string };
    const todas = (filas: Fila[]) => filas.length;
    // The review tiles count the rows awaiting a decision; their lists also show rejected and recently accepted ones.
    const listas: Record<TileConConteo, [string, (filas: Fila[]) => number]> = {
      Pedidos: [CALLS.getPedidos.path, todas],
      "Entradas de mercancia": [CALLS.getEntradasMercancia.path, todas],
      "Facturas pendientes": [
        CALLS.facturasPendientesGetFacturas.path,
        (filas) => filas.filter((f) => f.EstatusFactura === "P").length,
      ],
      Facturas: [CALLS.getFacturas.path, todas],
      Pagos: [CALLS.getPagos.path, todas],
      "Pagos pendientes": [
        CALLS.pagosPendientesGetPagos.path,
        (filas) => filas.filter((f) => f.U_SYS_PMUUID && ["P", "V"].includes(f.U_SYS_PMESPA ?? "")).length,
      ],
      "Notas de crédito": [CALLS.getNotasCredito.path, todas],
      "Notas de crédito pendientes": [
        CALLS.notasCreditoPendientesGetNotasCredito.path,
        (filas) => filas.filter((f) => f.Estatus === "P").length,
      ],
    };
    expect(Object.keys(listas).sort()).toEqual([...TILES_CON_CONTEO].sort());
    for (const dato of TILES_CON_CONTEO) {
      const [url, countRows] = listas[dato];
      const res = await rowDocuments(tokens.admin, dato);
      expect(res.statusCode, dato).toBe(200);
      const lista = await t.app.inject(withToken(tokens.admin, { method: "POST", url, payload: {} }));
      expect(lista.statusCode, dato).toBe(200);
      // The demo data has rows to count in every list, so a count stuck at 0 fails too.
      const esperado = countRows(lista.json().data);
      expect(esperado, dato).toBeGreaterThan(0);
      expect(res.json().data, dato).toEqual({ Registro: esperado });
    }
    const res = await rowDocuments(tokens.admin, "Clientes");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: "El dato debe ser el nombre de un módulo." });
  });
});

describe("GET /api/archivos/:id", () => {
  it("streams a tax-status certificate to its supplier and to employees, not to other suppliers", async () => {
    const kemperRows = (await getSociedades(tokens.kemper)).json().data;
    const mciUrl = kemperRows.find((r: { RFC: string }) => r.RFC === "MCI7306249Y1").Constancia;
    const own = await download(tokens.kemper, mciUrl);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.headers["content-disposition"]).toContain("constancia-MCI7306249Y1.pdf");
    expect(own.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await download(tokens.consulta, mciUrl)).statusCode).toBe(200);
    // Another supplier's file answers exactly like a file that does not exist (no existence oracle).
    const foreign = await download(tokens.berenice, mciUrl);
    const unknown = await download(tokens.berenice, "/api/archivos/00000000-0000-4000-8000-000000000000");
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    expect((await download(null, mciUrl)).statusCode).toBe(401);
  });

  it("answers 404 for an unknown file and 400 for a malformed id", async () => {
    expect((await download(tokens.admin, "/api/archivos/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const bad = await download(tokens.admin, "/api/archivos/../../etc/passwd");
    expect([400, 404]).toContain(bad.statusCode);
    const malformed = await download(tokens.admin, "/api/archivos/abc");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("El identificador del archivo no es válido.");
  });
});

describe("secrets", () => {
  it("no answer of this file contains a password, a hash or an encrypted secret", () => {
    expect(findSecrets(t.answers)).toEqual([]);
  });
});
