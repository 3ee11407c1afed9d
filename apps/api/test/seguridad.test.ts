import { connect } from "node:net";
import { CFDI_MSG } from "@portal/cfdi";
import { caracteresBidiNoPermitidos, MSG } from "@portal/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HSTS_VALUE } from "../src/plugins/security";
import { createTestApp, login, pdfBase64, type TestApp, withToken } from "./helpers";

/** Issue 9: each defect a security probe found, reproduced; each now answers as it should. */

const post = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.app.inject(
    token
      ? withToken(token, { method: "POST", url, payload: payload as object })
      : { method: "POST", url, payload: payload as object },
  );

describe("entrada hostil: NUL y enteros de más de 32 bits answer a Spanish 400, never 500", () => {
  let t: TestApp;
  const tokens = { admin: "", kemper: "" };
  beforeAll(async () => {
    t = await createTestApp();
    tokens.admin = await login(t.app, "admin", "Empleado");
    tokens.kemper = await login(t.app, "EKU9003173C9", "Proveedor");
  });
  afterAll(async () => t?.close());

  it("login without a session: usuario with a NUL character", async () => {
    const res = await post(t, "/api/login", { usuario: "a\u0000b", password: "x", operador: "Empleado" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: expect.stringMatching(/^El campo usuario contiene/) });
  });

  it.each([
    [
      "the supplier's own Phone1",
      "/api/proveedores/updateProveedor",
      { CardCode: "P00001", Phone1: "55\u0000" },
      "Phone1",
    ],
    ["CntctPrsn", "/api/proveedores/updateProveedor", { CardCode: "P00001", CntctPrsn: "\u0000" }, "CntctPrsn"],
    [
      "a document's file name",
      "/api/proveedores/updateProveedor",
      { CardCode: "P00001", CedulaFiscal: { Archivo: "a\u0000.pdf", Archivo64: pdfBase64() } },
      "Archivo",
    ],
  ])("supplier: %s", async (_label, url, body, campo) => {
    const res = await post(t, url, body, tokens.kemper);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`El campo ${campo}`);
  });

  it.each([
    [
      "sentCorreo Usuario",
      "/api/proveedores/sentCorreo",
      { Correo: "a@b.mx", Tipo: "Proveedor", Usuario: "X\u0000", EstatusRegistro: "C", Estatus: "A" },
      "Usuario",
    ],
    ["addSociedad CardCode", "/api/proveedores/addSociedad", { CardCode: "P0\u00001", IdSociedad: 1 }, "CardCode"],
    [
      "addSociedad IdSociedad 2^31",
      "/api/proveedores/addSociedad",
      { CardCode: "P00001", IdSociedad: 2 ** 31 },
      "IdSociedad",
    ],
    [
      "addSociedad IdSociedad 2^53",
      "/api/proveedores/addSociedad",
      { CardCode: "P00001", IdSociedad: 2 ** 53 },
      "IdSociedad",
    ],
    [
      "createEmpleado Area 2^31",
      "/api/empleados/createEmpleado",
      {
        Usuario: "x",
        RolEmpleado: "G",
        Nombre: "X",
        Apellidos: "Y",
        Correo: "x@y.mx",
        Area: 2 ** 31,
        Estatus: "A",
        Contraseña: "Abcd1234",
      },
      "Area",
    ],
    [
      "createEmpleado Nombre with NUL",
      "/api/empleados/createEmpleado",
      {
        Usuario: "x",
        RolEmpleado: "G",
        Nombre: "X\u0000",
        Apellidos: "Y",
        Correo: "x@y.mx",
        Area: 1,
        Estatus: "A",
        Contraseña: "Abcd1234",
      },
      "Nombre",
    ],
    [
      "updateSociedad Numero 2^40",
      "/api/sociedades/updateSociedad",
      {
        Numero: 2 ** 40,
        RazonSocial: "X",
        RFC: "DPA100512MX3",
        RegimenFiscal: "601",
        CodigoPostal: "80000",
        Estatus: "A",
        UsuarioSAP: "m",
        BDSAP: "SBO_X",
      },
      "Numero",
    ],
  ])("administrator: %s", async (_label, url, body, campo) => {
    const res = await post(t, url, body, tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`El campo ${campo}`);
  });

  // Issue 22: bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) reorder what others read.
  const empleado = {
    Usuario: "bidi",
    RolEmpleado: "G",
    Nombre: "Luis",
    Apellidos: "Mora",
    Correo: "bidi@empresa.com.mx",
    Area: 1,
    Estatus: "A",
    Contraseña: "Abcd1234",
  };
  const sociedad = {
    RazonSocial: "COMERCIAL BIDI SA DE CV",
    RFC: "CBI100512MX3",
    RegimenFiscal: "601",
    CodigoPostal: "80000",
    Estatus: "A",
    UsuarioSAP: "manager",
    ContraseñaSAP: "Sap#2026",
    BDSAP: "SBO_BIDI",
    CartaSituacionFiscal: pdfBase64("Constancia"),
    CartaSituacionFiscalNombre: "constancia.pdf",
  };
  it.each([
    ["login usuario", "/api/login", { usuario: "adm\u202Enimda", password: "x", operador: "Empleado" }, "usuario"],
    ["createEmpleado Usuario", "/api/empleados/createEmpleado", { ...empleado, Usuario: "bi\u2067di" }, "Usuario"],
    ["createEmpleado Nombre", "/api/empleados/createEmpleado", { ...empleado, Nombre: "Luis\u200F" }, "Nombre"],
    [
      "updateEstatusEmpleado Usuario",
      "/api/empleados/updateEstatusEmpleado",
      { Usuario: "\u061Cconsulta", Estatus: "I" },
      "Usuario",
    ],
    [
      "createSociedad RazonSocial",
      "/api/sociedades/createSociedad",
      { ...sociedad, RazonSocial: "ACME \u202Dxe.fdp" },
      "RazonSocial",
    ],
    ["createSociedad BDSAP", "/api/sociedades/createSociedad", { ...sociedad, BDSAP: "SBO_\u2066X" }, "BDSAP"],
    [
      "createSociedad UsuarioSAP",
      "/api/sociedades/createSociedad",
      { ...sociedad, UsuarioSAP: "man\u200Eager" },
      "UsuarioSAP",
    ],
    [
      "updateProveedor CardName",
      "/api/proveedores/updateProveedor",
      { CardCode: "P00001", CardName: "ESCUELA \u202BKEMPER" },
      "CardName",
    ],
    [
      "updateProveedor MOTRECHAZO",
      "/api/proveedores/updateProveedor",
      { CardCode: "P00001", MOTRECHAZO: "No\u2069" },
      "MOTRECHAZO",
    ],
  ])("bidirectional controls refused: %s", async (_label, url, body, campo) => {
    const res = await post(t, url, body, tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: caracteresBidiNoPermitidos(campo) });
  });

  it("bidirectional controls refused in the supplier's own contact data; nothing refused was saved", async () => {
    const res = await post(
      t,
      "/api/proveedores/updateProveedor",
      { CardCode: "P00001", CntctPrsn: "Ana \u202ELuz" },
      tokens.kemper,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(caracteresBidiNoPermitidos("CntctPrsn"));
    const guardados = (await t.tdb.db.execute(sql`
      select (select count(*) from sociedades where rfc = 'CBI100512MX3')::int as sociedades,
             (select count(*) from empleados where usuario like 'bi%di')::int as empleados,
             (select count(*) from proveedores where contacto || card_name ~ '[\u202A-\u202E]')::int as proveedores
    `)) as unknown as { rows: Record<string, number>[] };
    expect(guardados.rows[0]).toEqual({ sociedades: 0, empleados: 0, proveedores: 0 });
  });

  it("deeply nested and oversized bodies answer 400/413 in Spanish", async () => {
    // 20,000 levels fit login's 64 KB body limit (issue 36) and are parsed; 200,000 are refused unread.
    for (const [levels, status] of [
      [20_000, 400],
      [200_000, 413],
    ] as const) {
      const deep = `{"usuario":${"[".repeat(levels)}${"]".repeat(levels)},"password":"x","operador":"Empleado"}`;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: deep,
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().status).toBe("error");
    }
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: `{"usuario":"${"a".repeat(26 * 1024 * 1024)}"}`,
      headers: { "content-type": "application/json" },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ status: "error", message: MSG.cuerpoDemasiadoGrande });
  });
});

describe("no secret reaches the log, even when a query fails with it", () => {
  let t: TestApp;
  const lines: string[] = [];
  let admin = "";
  beforeAll(async () => {
    t = await createTestApp({}, { logLines: lines });
    admin = await login(t.app, "admin", "Empleado");
    // Every insert and update of these tables now fails, with the secret among the query's parameters.
    for (const table of ["empleados", "sociedades", "proveedores"]) {
      await t.tdb.db.execute(sql.raw(`alter table ${table} add constraint prueba_falla check (false) not valid`));
    }
  });
  afterAll(async () => t?.close());

  it("failed writes of passwords, SAP passwords and sessions answer 500 and log only safe facts", async () => {
    const empleado = {
      Usuario: "secreto",
      RolEmpleado: "G",
      Nombre: "S",
      Apellidos: "T",
      Correo: "s@t.mx",
      Area: 1,
      Estatus: "A",
      Contraseña: "Secreta2026",
    };
    expect((await post(t, "/api/empleados/createEmpleado", empleado, admin)).statusCode).toBe(500);
    const cambio = { ...empleado, Usuario: "consulta", Contraseña: "Secreta2027" };
    expect((await post(t, "/api/empleados/updateEmpleado", cambio, admin)).statusCode).toBe(500);
    const sociedad = {
      RazonSocial: "SECRETOS SA",
      RFC: "DPA100512MX3",
      RegimenFiscal: "601",
      CodigoPostal: "80000",
      Estatus: "A",
      UsuarioSAP: "manager",
      ContraseñaSAP: "SapSecreto!9",
      BDSAP: "SBO_SEC",
      CartaSituacionFiscal: pdfBase64("Constancia"),
      CartaSituacionFiscalNombre: "constancia.pdf",
    };
    expect((await post(t, "/api/sociedades/createSociedad", sociedad, admin)).statusCode).toBe(500);
    const proveedor = { CardCode: "P00002", U_SYS_PMPASS: "ProvSecreta1" };
    expect((await post(t, "/api/proveedores/updateProveedor", proveedor, admin)).statusCode).toBe(500);
    // Last, sessions: a sign-in whose session cannot be written (the token's hash is a parameter).
    await t.tdb.db.execute(sql.raw("alter table sesiones add constraint prueba_falla check (false) not valid"));
    const signIn = await post(t, "/api/login", { usuario: "consulta", password: "Portal2026", operador: "Empleado" });
    expect(signIn.statusCode).toBe(500);
    expect(signIn.json()).toEqual({ status: "error", message: MSG.errorInterno });

    const log = lines.join("");
    // And nothing of what they carried.
    for (const secret of ["Secreta2026", "Secreta2027", "SapSecreto!9", "ProvSecreta1", "Portal2026", "$argon2"]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/v1\.[A-Za-z0-9+/=_-]+\.[A-Za-z0-9+/=._-]+/); // encrypted secrets
    expect(log).not.toMatch(/\b[0-9a-f]{64}\b/i); // token hashes
    expect(log).not.toMatch(/params: (?!\[omitidos\])/);
    expect(log).not.toContain("Failing row");
    expect(log).not.toContain(admin);
    // The failures were logged, with what an operator needs.
    expect(log).toContain("error no controlado");
    expect(log).toContain("23514");
    expect(log).toContain("prueba_falla");
  });
});

describe("sessions end with a password change and after 12 hours", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  const alive = async (token: string) =>
    (await t.app.inject(withToken(token, { method: "GET", url: "/api/empleados/getAreas" }))).statusCode;

  it("an administrator changing an employee's password ends that employee's sessions, not its own", async () => {
    const admin = await login(t.app, "admin", "Empleado");
    const [c1, c2] = [await login(t.app, "consulta", "Empleado"), await login(t.app, "consulta", "Empleado")];
    expect(await alive(c1)).toBe(200);
    const res = await post(
      t,
      "/api/empleados/updateEmpleado",
      {
        Usuario: "consulta",
        RolEmpleado: "G",
        Nombre: "Mariana",
        Apellidos: "López Torres",
        Correo: "consulta@empresa.com.mx",
        Area: 2,
        Estatus: "A",
        Contraseña: "Nueva2027",
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(await alive(c1)).toBe(401);
    expect(await alive(c2)).toBe(401);
    expect(await alive(admin)).toBe(200);
    const again = await post(t, "/api/login", { usuario: "consulta", password: "Nueva2027", operador: "Empleado" });
    expect(again.statusCode).toBe(200);
  });

  it("a supplier must give its current password; the change ends its other sessions and keeps this one", async () => {
    const actual = await login(t.app, "XIQB891116QE4", "Proveedor");
    const otra = await login(t.app, "XIQB891116QE4", "Proveedor");
    const perfil = (token: string) => post(t, "/api/proveedores/rowProveedores", { tipo: "Perfil" }, token);
    const cambio = { CardCode: "P00002", U_SYS_PMPASS: "Berenice2027" };
    const sinActual = await post(t, "/api/proveedores/updateProveedor", cambio, actual);
    expect(sinActual.statusCode).toBe(400);
    expect(sinActual.json().message).toBe(MSG.contraseñaActualRequerida);
    const mala = await post(t, "/api/proveedores/updateProveedor", { ...cambio, ContraseñaActual: "Otra2026" }, actual);
    expect(mala.statusCode).toBe(400);
    expect(mala.json().message).toBe(MSG.contraseñaActualIncorrecta);
    expect((await perfil(otra)).statusCode).toBe(200); // nothing changed yet
    // Berenice's profile lacks a required document: the update (and the password change) is refused as a whole.
    const opinion = { Archivo: "opinion.pdf", Archivo64: pdfBase64("Opinión") };
    const ok = await post(
      t,
      "/api/proveedores/updateProveedor",
      { ...cambio, ContraseñaActual: "Portal2026", OpinionCumplimiento: opinion },
      actual,
    );
    expect(ok.statusCode).toBe(200);
    expect((await perfil(otra)).statusCode).toBe(401);
    expect((await perfil(actual)).statusCode).toBe(200);
    const nueva = await post(t, "/api/login", {
      usuario: "XIQB891116QE4",
      password: "Berenice2027",
      operador: "Proveedor",
    });
    expect(nueva.statusCode).toBe(200);
  });

  it("a session ends 12 hours after sign-in however active it is", async () => {
    const token = await login(t.app, "admin", "Empleado");
    for (let minutes = 9; minutes < 12 * 60; minutes += 9) {
      t.time.advance(9 * 60_000);
      expect(await alive(token)).toBe(200);
    }
    t.time.advance(9 * 60_000); // 12 h 6 min after sign-in
    expect(await alive(token)).toBe(401);
  });
});

describe("password spraying: failures counted per IP across user names", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_IP: "15" });
  });
  afterAll(async () => t?.close());
  const attempt = (usuario: string, remoteAddress: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      remoteAddress,
      payload: { usuario, password: "Adivina2026", operador: "Empleado" },
    });

  it("15 user names from one IP are each refused, the 16th is throttled; another IP is not", async () => {
    for (let i = 0; i < 15; i++) expect((await attempt(`usuario${i}`, "10.9.9.9")).statusCode).toBe(401);
    const throttled = await attempt("otro", "10.9.9.9");
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ status: "error", message: MSG.demasiadosIntentos });
    // Even the right password is refused from that IP for the window…
    const right = await t.app.inject({
      method: "POST",
      url: "/api/login",
      remoteAddress: "10.9.9.9",
      payload: { usuario: "admin", password: "Portal2026", operador: "Empleado" },
    });
    expect(right.statusCode).toBe(429);
    // …but not from another IP, and the window passes.
    expect((await attempt("otro", "10.9.9.10")).statusCode).toBe(401);
    t.time.advance(16 * 60_000);
    expect((await attempt("otro", "10.9.9.9")).statusCode).toBe(401);
  });

  it("the default is 30 per IP (configurable)", async () => {
    const { loadConfig } = await import("../src/config");
    expect(loadConfig({ NODE_ENV: "test" }).LOGIN_MAX_FAILURES_IP).toBe(30);
  });
});

describe("uploaded PDFs are checked by content and their names cleaned", () => {
  let t: TestApp;
  let kemper = "";
  beforeAll(async () => {
    t = await createTestApp();
    kemper = await login(t.app, "EKU9003173C9", "Proveedor");
  });
  afterAll(async () => t?.close());
  const upload = (nombre: string, contenido: Buffer) =>
    post(
      t,
      "/api/proveedores/updateProveedor",
      { CardCode: "P00001", CedulaFiscal: { Archivo: nombre, Archivo64: contenido.toString("base64") } },
      kemper,
    );

  it("an HTML page carrying %PDF- is refused", async () => {
    const res = await upload(
      "cedula.pdf",
      Buffer.from("<html><body>%PDF-1.4 <script>alert(1)</script>\n%%EOF</body></html>"),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(MSG.archivoNoPdf);
  });

  it("a PDF with JavaScript or a launch action is refused, also inside a compressed stream", async () => {
    const js = Buffer.from(
      "%PDF-1.7\n1 0 obj\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\ntrailer\n<<>>\n%%EOF\n",
    );
    expect((await upload("cedula.pdf", js)).json().message).toContain(CFDI_MSG.pdfConContenidoActivo);
    const { deflateSync } = await import("node:zlib");
    const hidden = Buffer.concat([
      Buffer.from("%PDF-1.7\n2 0 obj\n<< /Type /ObjStm /Filter /FlateDecode >>\nstream\n"),
      deflateSync(Buffer.from("<< /S /Launch /F (calc.exe) >>")),
      Buffer.from("\nendstream\nendobj\ntrailer\n<<>>\n%%EOF\n"),
    ]);
    const res = await upload("cedula.pdf", hidden);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(CFDI_MSG.pdfConContenidoActivo);
  });

  it("a truncated PDF is refused; bidirectional and control characters never reach the stored name", async () => {
    const pdf = Buffer.from(pdfBase64("Cédula"), "base64");
    expect((await upload("cedula.pdf", pdf.subarray(0, pdf.length - 20))).json().message).toContain(
      CFDI_MSG.pdfIncompleto,
    );
    const ok = await upload("cedula\u202Efdp.exe\u2066.pdf", pdf);
    expect(ok.statusCode).toBe(200);
    const row = (await post(t, "/api/proveedores/rowProveedores", { tipo: "Perfil" }, kemper)).json().data[0];
    const file = await t.app.inject(withToken(kemper, { method: "GET", url: row.CedulaFiscal.Archivo }));
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(encodeURIComponent("cedulafdp.exe.pdf"));
    expect(decodeURIComponent(String(file.headers["content-disposition"]))).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

describe("every answer in the portal's shape, with its headers and no caching of personal data", () => {
  let t: TestApp;
  let base = "";
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
    // createTestApp already listens (the SAT simulator is reached over HTTP).
    if (!t.app.server.listening) await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    base = typeof address === "object" && address ? String(address.port) : "";
  });
  afterAll(async () => t?.close());

  /** A raw HTTP exchange: what Node's parser sees before Fastify does. */
  const raw = (request: string) =>
    new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
      const socket = connect(Number(base), "127.0.0.1", () => socket.write(request));
      let data = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk) => {
        data += chunk;
      });
      socket.on("error", reject);
      socket.on("close", () => {
        const [head = "", ...rest] = data.split("\r\n\r\n");
        const [statusLine = "", ...headerLines] = head.split("\r\n");
        const headers = Object.fromEntries(
          headerLines.map((line) => [
            line.slice(0, line.indexOf(":")).toLowerCase(),
            line.slice(line.indexOf(":") + 1).trim(),
          ]),
        );
        resolve({
          status: Number(statusLine.split(" ")[1]),
          headers,
          body: Buffer.from(rest.join("\r\n\r\n"), "latin1").toString("utf8"),
        });
      });
    });

  it("headers over 16 KB: 431 in Spanish with the security headers a normal answer has", async () => {
    const normal = await t.app.inject({ method: "GET", url: "/api/health" });
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Relleno: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      status: "error",
      message: "Los encabezados de la solicitud son demasiado grandes.",
    });
    const securityHeaders = Object.keys(normal.headers).filter((h) =>
      /^(x-|content-security|cross-origin|referrer|origin-agent)/.test(h),
    );
    expect(securityHeaders.length).toBeGreaterThan(6);
    for (const h of securityHeaders) expect(res.headers, h).toHaveProperty(h);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("a malformed header: 400 in Spanish; an undecodable URL: 400 in Spanish", async () => {
    const bad = await raw("GET /api/health HTTP/1.1\r\nHost: x\r\nMal Encabezado\r\n\r\n");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ status: "error", message: "La solicitud HTTP no es válida." });
    expect(bad.headers["x-content-type-options"]).toBe("nosniff");
    const url = await raw("GET /api/archivos/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(url.status).toBe(400);
    expect(JSON.parse(url.body)).toEqual({ status: "error", message: "La dirección solicitada no es válida." });
    expect(url.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("every /api answer says Cache-Control: no-store, errors and downloads included", async () => {
    const token = await login(t.app, "EKU9003173C9", "Proveedor");
    const answers = [
      await t.app.inject({ method: "GET", url: "/api/health" }),
      await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { usuario: "EKU9003173C9", password: "Portal2026", operador: "Proveedor" },
      }),
      await post(t, "/api/home/getSociedades", { dato: "SN" }, token),
      await t.app.inject({ method: "GET", url: "/api/no-existe" }),
      await t.app.inject({ method: "GET", url: "/api/pedidos/getPedidos" }),
    ];
    for (const res of answers) expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("HSTS only on answers that came over HTTPS", async () => {
    const http = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(http.headers).not.toHaveProperty("strict-transport-security");
    const https = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(https.headers["strict-transport-security"]).toBe(HSTS_VALUE);
  });
});
