import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CALL_NAMES, CALLS } from "./calls";

/** The spec §7 table, verbatim (method and path), create/update rows split in two. */
const SPEC_CALLS = [
  ["POST", "/api/login"],
  ["POST", "/api/home/getSociedades"],
  ["POST", "/api/home/RowDocuments"],
  ["GET", "/api/empleados/getAreas"],
  ["GET", "/api/proveedores/getSociedades"],
  ["POST", "/api/proveedores/rowProveedores"],
  ["POST", "/api/empleados/rowEmpleados"],
  ["POST", "/api/sociedades/rowSociedades"],
  ["POST", "/api/pedidos/getPedidos"],
  ["POST", "/api/entradasMercancia/getEntradasMercancia"],
  ["POST", "/api/proveedores/updateProveedor"],
  ["POST", "/api/proveedores/sentCorreo"],
  ["POST", "/api/proveedores/addSociedad"],
  ["POST", "/api/empleados/createEmpleado"],
  ["POST", "/api/empleados/updateEmpleado"],
  ["POST", "/api/sociedades/createSociedad"],
  ["POST", "/api/sociedades/updateSociedad"],
  ["POST", "/api/facturas/getFacturas"],
  ["POST", "/api/facturas/getSociedades"],
  ["POST", "/api/facturas/getProveedor"],
  ["POST", "/api/facturas/getEntradas"],
  ["POST", "/api/facturas/postFactura"],
  ["PATCH", "/api/facturas/patchfactura"],
  ["POST", "/api/facturasPendientes/getFacturas"],
  ["PATCH", "/api/facturasPendientes/patchfactura"],
  ["POST", "/api/pagos/getPagos"],
  ["POST", "/api/pagos/postPago"],
  ["POST", "/api/pagosPendientes/getPagos"],
  ["PATCH", "/api/pagosPendientes/patchPagos"],
] as const;

/** Calls the portal adds to the spec's table. */
const EXTRA_CALLS = [
  ["POST", "/api/logout"],
  // Keep the session before it expires with unsent decisions (issue 23).
  ["POST", "/api/sesion/renovar"],
  // Second factor (issue 41 item 5, decision 071).
  ["POST", "/api/segundoFactor/verificar"],
  ["GET", "/api/segundoFactor/estado"],
  ["POST", "/api/segundoFactor/inscripcion"],
  ["POST", "/api/segundoFactor/confirmar"],
  ["POST", "/api/segundoFactor/codigosRecuperacion"],
  ["POST", "/api/segundoFactor/desactivar"],
  ["POST", "/api/empleados/restablecerSegundoFactor"],
  ["GET", "/api/health"],
  ["GET", "/api/archivos/:id"],
  // An invoice's history (issue 13: decisions and corrections shown in its detail).
  ["POST", "/api/facturas/getHistorial"],
  // An invoice's ledger: its total, payments and credit notes in date order (issue 39, decision 058).
  ["POST", "/api/facturas/getSaldo"],
  // Services billed against the purchase order (issue 42 part 2, decision 076).
  ["POST", "/api/facturas/getPedidosPorFacturar"],
  ["POST", "/api/facturas/postFacturaPedido"],
  // A payment complement's history (issue 23: uploads, corrections and decisions shown in the payment detail).
  ["POST", "/api/pagos/getHistorial"],
  // Create an accepted invoice's A/P invoice in the ERP now (issue 13: employees can retry).
  ["POST", "/api/facturasPendientes/reintentarErp"],
  // Lift a payment block by hand, with its reason (issue 36, decision 038).
  ["POST", "/api/facturasPendientes/quitarBloqueoPago"],
  // The complement a supplier must issue for a payment (issue 14).
  ["POST", "/api/pagos/getComplementoEsperado"],
  // The scheduled jobs for administrators (issue 15).
  ["POST", "/api/tareas/getTareas"],
  // 'Complementos atrasados' and the per-supplier hold flag (issue 27).
  ["POST", "/api/complementosAtrasados/getComplementosAtrasados"],
  ["POST", "/api/complementosAtrasados/setRetenerPagos"],
  // Deactivate or reactivate an employee (issue 22).
  ["POST", "/api/empleados/updateEstatusEmpleado"],
  // What the supplier is expected to be paid in the next 30 days, by week (issue 27).
  ["POST", "/api/home/getPagosProximos"],
  // Credit notes (issue 27): the supplier's list and upload, the employees' review.
  ["POST", "/api/notasCredito/getNotasCredito"],
  // One credit note with its history, for its detail screen (issue 40, decision 065).
  ["POST", "/api/notasCredito/getNotaCredito"],
  ["POST", "/api/notasCredito/postNotaCredito"],
  ["POST", "/api/notasCreditoPendientes/getNotasCredito"],
  ["PATCH", "/api/notasCreditoPendientes/patchNotaCredito"],
  // Run a credit note's or a payment block's ERP job now, as the invoices' (issue 36: employees can retry them).
  ["POST", "/api/notasCreditoPendientes/reintentarErp"],
  ["POST", "/api/facturasPendientes/reintentarBloqueoErp"],
  // Test CFDIs for the demo (issue 40, decision 062): only with SAT_TEST_CERTS.
  ["POST", "/api/cfdiPrueba/getDisponible"],
  ["POST", "/api/cfdiPrueba/postCfdiPrueba"],
  // Password reset by e-mail (issue 41, decision 067).
  ["POST", "/api/password/solicitarRestablecimiento"],
  ["POST", "/api/password/restablecer"],
  // Supplier invitations (issue 41 item 3, decision 070).
  ["POST", "/api/registro/getInvitacion"],
  ["POST", "/api/registro/registrarProveedor"],
  ["POST", "/api/invitaciones/createInvitacion"],
  ["POST", "/api/invitaciones/getInvitaciones"],
  ["POST", "/api/invitaciones/approveRegistro"],
  ["POST", "/api/invitaciones/rejectRegistro"],
  // Bank accounts and their changes under four eyes (issue 41 items 1 and 2, decision 069).
  // A foreign supplier's invoice without CFDI (issue 42 part 1, decision 073).
  ["POST", "/api/facturas/postFacturaExtranjera"],
  ["POST", "/api/cuentasBancarias/getCuentasBancarias"],
  ["POST", "/api/cuentasBancarias/postSolicitud"],
  ["POST", "/api/cuentasBancarias/getSolicitudes"],
  ["POST", "/api/cuentasBancarias/getSolicitud"],
  ["POST", "/api/cuentasBancarias/aprobarSolicitud"],
  ["POST", "/api/cuentasBancarias/rechazarSolicitud"],
  // Issue 43: the sociedad's e.firma and the SAT's Descarga Masiva run now.
  ["POST", "/api/sociedades/uploadEfirma"],
  ["POST", "/api/descargaSat/ejecutar"],
  ["POST", "/api/descargaSat/descargarXml"],
  ["POST", "/api/conciliacionSat/getConciliacion"],
  ["POST", "/api/conciliacionSat/avisarProveedor"],
] as const;

const entries = Object.entries(CALLS);
const key = (method: string, path: string) => `${method} ${path}`;

describe("CALLS", () => {
  it("has a unique method + path per entry", () => {
    const keys = entries.map(([, call]) => key(call.method, call.path));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(SPEC_CALLS)("lists the spec §7 call %s %s", (method, path) => {
    const found = entries.filter(([, call]) => call.path === path);
    expect(found.map(([, call]) => call.method)).toEqual([method]);
  });

  it.each(EXTRA_CALLS)("lists %s %s", (method, path) => {
    expect(entries.some(([, call]) => call.method === method && call.path === path)).toBe(true);
  });

  it("lists nothing beyond the spec table and the portal's extra calls", () => {
    const allowed = new Set([...SPEC_CALLS, ...EXTRA_CALLS].map(([method, path]) => key(method, path)));
    expect(entries.map(([, call]) => key(call.method, call.path)).filter((k) => !allowed.has(k))).toEqual([]);
    expect(CALL_NAMES).toHaveLength(SPEC_CALLS.length + EXTRA_CALLS.length);
  });

  it("writes every path with the leading slash under /api/", () => {
    for (const [, call] of entries) expect(call.path).toMatch(/^\/api\/[A-Za-z]/);
  });

  it("needs a session for every call except login, health, the password reset's two and the invitation link's two", () => {
    const open = entries.filter(([, call]) => !call.auth).map(([name]) => name);
    expect(open.sort()).toEqual([
      "getInvitacion",
      "health",
      "login",
      "registrarProveedor",
      "restablecerPassword",
      "solicitarRestablecimiento",
    ]);
  });

  it("derives auth from access: only login, health, the password reset and the invitation link are public", () => {
    for (const [name, call] of entries) expect(call.auth, name).toBe(call.access !== "public");
    const publicas = entries.filter(([, call]) => call.access === "public").map(([name]) => name);
    expect(publicas.sort()).toEqual([
      "getInvitacion",
      "health",
      "login",
      "registrarProveedor",
      "restablecerPassword",
      "solicitarRestablecimiento",
    ]);
  });

  it("gives every call an OpenAPI tag and a summary, and the review (invoices, complements, credit notes) and overdue-complement calls the pendientes access", () => {
    for (const [name, call] of entries) {
      expect(call.tag, name).not.toBe("");
      expect(call.summary, name).not.toBe("");
    }
    const pendientes = entries.filter(([, call]) => call.access === "pendientes").map(([, call]) => call.path);
    expect(
      pendientes.every((path) =>
        /^\/api\/(facturasPendientes|pagosPendientes|complementosAtrasados|notasCreditoPendientes)\//.test(path),
      ),
    ).toBe(true);
    expect(pendientes).toHaveLength(12);
  });

  it("marks only the file download as binary, with an id param", () => {
    const binary = entries.filter(([, call]) => "binary" in call && call.binary).map(([name]) => name);
    expect(binary).toEqual(["getArchivo"]);
    expect(CALLS.getArchivo.params.safeParse({ id: "c0ffee42" }).success).toBe(true);
    expect(CALLS.getArchivo.params.safeParse({ id: "../etc/passwd" }).success).toBe(false);
  });

  it("sends a body with every POST and PATCH except those the token says all of, none with GET", () => {
    // Logout, renewal, and the second factor's new secret and new recovery codes (decision 071).
    const sinCuerpo = ["logout", "renovarSesion", "iniciarInscripcionSegundoFactor", "regenerarCodigosRecuperacion"];
    for (const [name, call] of entries) {
      const hasBody = "request" in call;
      if (call.method === "GET") expect(hasBody, name).toBe(false);
      else if (!sinCuerpo.includes(name)) expect(hasBody, name).toBe(true);
    }
  });

  it("converts every JSON request and answer to JSON Schema (route schemas and OpenAPI)", () => {
    for (const [name, call] of entries) {
      const schemas: z.ZodType[] = [];
      if ("request" in call) schemas.push(call.request);
      if (!("binary" in call)) schemas.push(call.answer);
      for (const schema of schemas) {
        for (const io of ["input", "output"] as const) {
          expect(() => z.toJSONSchema(schema, { io }), `${name} ${io}`).not.toThrow();
        }
      }
    }
  });
});
