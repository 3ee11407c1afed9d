import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, findSecrets, login, pdfBase64, type TestApp } from "./helpers";

/**
 * The permission matrix of issue 4, walked for every catalogue call: no token, administrator, general
 * employee, supplier (Kemper, whose data the calls target) and another supplier (Berenice).
 */
type Role = "none" | "admin" | "consulta" | "kemper" | "berenice";
interface Call {
  name: string;
  method: "GET" | "POST";
  url: string;
  body?: object;
  expect: Record<Role, number>;
}

const read = { none: 401, admin: 200, consulta: 200, kemper: 403, berenice: 403 };
const adminOnly = { none: 401, admin: 200, consulta: 403, kemper: 403, berenice: 403 };

const calls: Call[] = [
  { name: "getAreas", method: "GET", url: "/api/empleados/getAreas", expect: read },
  {
    name: "rowEmpleados Lista",
    method: "POST",
    url: "/api/empleados/rowEmpleados",
    body: { tipo: "Lista" },
    expect: read,
  },
  {
    name: "createEmpleado",
    method: "POST",
    url: "/api/empleados/createEmpleado",
    body: {
      Usuario: "jperez",
      RolEmpleado: "G",
      Nombre: "Juan",
      Apellidos: "Pérez",
      Correo: "jperez@empresa.com.mx",
      Area: 1,
      Estatus: "A",
      Contraseña: "Clave2026",
    },
    expect: adminOnly,
  },
  {
    name: "updateEmpleado",
    method: "POST",
    url: "/api/empleados/updateEmpleado",
    body: {
      Usuario: "consulta",
      RolEmpleado: "G",
      Nombre: "Mariana",
      Apellidos: "López",
      Correo: "c@empresa.com.mx",
      Area: 2,
    },
    expect: adminOnly,
  },
  {
    // Deactivates the employee createEmpleado made just before (issue 22).
    name: "updateEstatusEmpleado",
    method: "POST",
    url: "/api/empleados/updateEstatusEmpleado",
    body: { Usuario: "jperez", Estatus: "I" },
    expect: adminOnly,
  },
  { name: "rowSociedades", method: "POST", url: "/api/sociedades/rowSociedades", body: {}, expect: read },
  {
    name: "createSociedad",
    method: "POST",
    url: "/api/sociedades/createSociedad",
    body: {
      RazonSocial: "SERVICIOS DEL NORTE, S.A. DE C.V.",
      RFC: "SNO1501016A1",
      RegimenFiscal: "601",
      CodigoPostal: "64000",
      Estatus: "A",
      UsuarioSAP: "manager",
      ContraseñaSAP: "Sap2026!",
      BDSAP: "SBO_SNO",
      CartaSituacionFiscal: pdfBase64("Constancia SNO"),
      CartaSituacionFiscalNombre: "constancia.pdf",
    },
    expect: adminOnly,
  },
  {
    name: "updateSociedad",
    method: "POST",
    url: "/api/sociedades/updateSociedad",
    body: {
      Numero: 2,
      RazonSocial: "KIJ, S.A DE C.V.",
      RFC: "KIJ0906199R1",
      RegimenFiscal: "601",
      CodigoPostal: "59820",
      Estatus: "A",
      UsuarioSAP: "manager",
      BDSAP: "SBO_KIJ",
    },
    expect: adminOnly,
  },
  { name: "proveedores/getSociedades", method: "GET", url: "/api/proveedores/getSociedades", expect: read },
  {
    name: "rowProveedores Lista",
    method: "POST",
    url: "/api/proveedores/rowProveedores",
    body: { tipo: "Lista" },
    expect: read,
  },
  {
    name: "rowProveedores Perfil",
    method: "POST",
    url: "/api/proveedores/rowProveedores",
    body: { tipo: "Perfil", usuario: "P00001" },
    expect: { none: 401, admin: 403, consulta: 403, kemper: 200, berenice: 200 },
  },
  {
    name: "updateProveedor (Kemper)",
    method: "POST",
    url: "/api/proveedores/updateProveedor",
    body: { CardCode: "P00001", Phone1: "55 5550 9999" },
    expect: { none: 401, admin: 200, consulta: 403, kemper: 200, berenice: 403 },
  },
  {
    name: "sentCorreo",
    method: "POST",
    url: "/api/proveedores/sentCorreo",
    body: {
      Correo: "facturacion@kemper.edu.mx",
      Tipo: "Proveedor",
      Usuario: "ESCUELA KEMPER URGATE",
      EstatusRegistro: "C",
      Estatus: "A",
      Observaciones: "",
    },
    expect: adminOnly,
  },
  {
    name: "addSociedad",
    method: "POST",
    url: "/api/proveedores/addSociedad",
    body: { CardCode: "P00001", IdSociedad: 3 },
    expect: adminOnly,
  },
];

let t: TestApp;
const tokens: Partial<Record<Role, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t.app, "admin", "Empleado");
  tokens.consulta = await login(t.app, "consulta", "Empleado");
  tokens.kemper = await login(t.app, "EKU9003173C9", "Proveedor");
  tokens.berenice = await login(t.app, "XIQB891116QE4", "Proveedor");
});
afterAll(async () => {
  await t?.close();
});

const send = (call: Call, role: Role, body = call.body) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    headers: role === "none" ? {} : { "x-access-token": tokens[role]! },
    ...(call.method === "POST" ? { payload: body ?? {} } : {}),
  });

describe("catalogue permission matrix", () => {
  // Roles in an order where the administrator's writes come last (a second create would conflict).
  const roles: Role[] = ["none", "consulta", "kemper", "berenice", "admin"];
  for (const call of calls) {
    it(`${call.name}: ${roles.map((r) => `${r} ${call.expect[r]}`).join(", ")}`, async () => {
      for (const role of roles) {
        const res = await send(call, role);
        expect(res.statusCode, `${call.name} como ${role}: ${res.body}`).toBe(call.expect[role]);
        const body = res.json();
        expect(body.status).toBe(res.statusCode === 200 ? "success" : "error");
        if (role === "kemper" || role === "berenice") {
          const other = role === "kemper" ? "P00002" : "P00001";
          expect(res.body).not.toContain(other);
        }
        if (call.expect[role] !== 200 && call.method === "POST") {
          // Whatever else a caller without the right sends, the answer is the same and says nothing of the
          // body. (Only the fields that say what is asked — tipo, CardCode — are kept.)
          const b = (call.body ?? {}) as Record<string, unknown>;
          const keep = Object.fromEntries(Object.entries(b).filter(([k]) => k === "tipo" || k === "CardCode"));
          const garbage = await send(call, role, { ...keep, basura: true, Phone1: 42, Nombre: [] });
          expect(garbage.statusCode).toBe(call.expect[role]);
          expect(garbage.body).toBe(res.body);
        }
      }
    });
  }

  it("a supplier's Perfil answers its own row only, whatever usuario it sends", async () => {
    const res = await send(calls.find((c) => c.name === "rowProveedores Perfil")!, "berenice");
    const rows = res.json().data;
    expect(rows).toHaveLength(1);
    expect(rows[0].CardCode).toBe("P00002");
  });

  it("no answer carries a password, a hash or an encrypted secret", () => {
    expect(findSecrets(t.answers)).toEqual([]);
    for (const answer of t.answers) {
      expect(answer).not.toMatch(/"(Pass|U_SYS_PMPASS|PassSAP)":"[^"]/);
      expect(answer).not.toContain("Sap2026!");
      expect(answer).not.toContain("Clave2026");
    }
  });
});
