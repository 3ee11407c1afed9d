import { expect, test } from "@playwright/test";
import { mainMenu, SESSION_COOKIES, signIn, signInOk } from "./support";

const ALL_ENTRIES = [
  "Catálogo de empleados",
  "Catálogo de proveedores",
  "Catálogo de sociedades",
  "Pedidos",
  "Entradas de mercancía",
  "Facturas pendientes",
  "Mis facturas",
  // Issue 27: credit notes (their review for reviewers) and the overdue complements' report.
  "Notas de crédito pendientes",
  "Notas de crédito",
  "Complemento de pago pendientes",
  "Complemento de pago",
  "Complementos atrasados",
  // Issue 43 (decision 075): the SAT reconciliation, for administrators and employees with ConciliaSat.
  "Conciliación SAT",
  // The portal's addition (issue 15): administrators only.
  "Tareas programadas",
  // Issue 41 item 3 (decision 070): supplier invitations, administrators only.
  "Invitaciones de proveedores",
  // Issue 41 (decision 069): every employee sees the bank-account change requests (deciding needs ApruebaCuentas).
  "Solicitudes de cuenta bancaria",
];

const cases = [
  { who: "admin", operador: "Empleado" as const, entries: ALL_ENTRIES },
  {
    who: "consulta",
    operador: "Empleado" as const,
    entries: ALL_ENTRIES.filter(
      (e) =>
        !e.includes("pendientes") &&
        e !== "Tareas programadas" &&
        e !== "Complementos atrasados" &&
        e !== "Conciliación SAT" &&
        e !== "Invitaciones de proveedores",
    ),
  },
  {
    who: "EKU9003173C9",
    operador: "Proveedor" as const,
    entries: [
      "Pedidos",
      "Entradas de mercancía",
      "Mis facturas",
      "Notas de crédito",
      "Complemento de pago",
      "Cuentas bancarias",
    ],
  },
  {
    who: "XIQB891116QE4",
    operador: "Proveedor" as const,
    entries: [
      "Pedidos",
      "Entradas de mercancía",
      "Mis facturas",
      "Notas de crédito",
      "Complemento de pago",
      "Cuentas bancarias",
    ],
  },
];

for (const c of cases) {
  test(`${c.who} signs in and the drawer shows exactly the role's entries`, async ({ page, context }) => {
    await signInOk(page, c.operador, c.who);
    const cookies = await context.cookies();
    for (const name of SESSION_COOKIES) {
      expect(cookies.find((k) => k.name === name)?.value, `cookie ${name}`).toBeTruthy();
    }
    const links = mainMenu(page).getByRole("link");
    await expect(links).toHaveCount(c.entries.length);
    for (const entry of c.entries) {
      await expect(mainMenu(page).getByRole("link", { name: entry, exact: true })).toHaveCount(1);
    }
    // Issue 16: after a drawer link, the keyboard and the screen reader are on the new screen's heading.
    await mainMenu(page).getByRole("link", { name: "Pedidos", exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/Pedidos$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
}

test("the collapsed drawer's tooltip names the entry on hover and does not stay over the next screen's title", async ({
  page,
}) => {
  await signInOk(page, "Empleado", "admin");
  const pedidos = mainMenu(page).getByRole("link", { name: "Pedidos", exact: true });
  await pedidos.hover();
  await expect(page.getByRole("tooltip", { name: "Pedidos" })).toBeVisible();
  await pedidos.click();
  await expect(page).toHaveURL(/\/Pedidos$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The pointer is still on the entry: no tooltip over the page.
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await page.mouse.move(640, 400);
  await pedidos.hover();
  await expect(page.getByRole("tooltip", { name: "Pedidos" })).toBeVisible();
});

test("a guarded URL without a session goes to /", async ({ page }) => {
  for (const path of ["/Home", "/Pedidos", "/Catalogo-Empleados/Empleado/Nuevo", "/Perfil"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByRole("region", { name: "Proveedor" })).toBeVisible();
});

test("Cerrar sesión clears the six cookies and returns to /", async ({ page, context }) => {
  await signInOk(page, "Empleado", "consulta");
  const token = (await context.cookies()).find((c) => c.name === "access")!.value;
  await page.getByRole("button", { name: "Menú de usuario" }).click();
  // The browser sends the logout without waiting for it (sign-out.ts): the check below waits for its answer.
  const logout = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/logout");
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await logout).status()).toBe(200);
  const left = (await context.cookies()).map((c) => c.name);
  for (const name of SESSION_COOKIES) expect(left).not.toContain(name);
  // The server revoked the token too.
  const res = await page.request.post("/api/home/RowDocuments", {
    headers: { "x-access-token": token },
    data: { dato: "Pedidos" },
  });
  expect(res.status()).toBe(401);
  await page.goto("/Home");
  await expect(page).toHaveURL(/\/$/);
});

test("a bad password shows the spec's alert and stays on /Login", async ({ page }) => {
  await signIn(page, "Empleado", "admin", "NoEsLaClave1");
  await expect(page.getByRole("alert")).toContainText("Error al iniciar la sesión, Usuario o contraseña incorrectos.");
  await expect(page).toHaveURL(/\/Login$/);
});

test("an empty password marks the field and does not submit", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("region", { name: "Empleado" }).getByRole("button", { name: "Ingresar" }).click();
  await page.getByRole("textbox", { name: "Usuario" }).fill("admin");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page.getByLabel("Contraseña")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/Login$/);
});

test("an unknown path shows 'No page'", async ({ page }) => {
  await page.goto("/esto/no/existe");
  await expect(page.getByText("No page", { exact: true })).toBeVisible();
});

test("a supplier's Home lists its companies and opens a tax-status PDF", async ({ page }) => {
  await signInOk(page, "Proveedor", "EKU9003173C9");
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: /MUNICIPIO DE CUAUTITLAN IZCALLI/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /KIJ, S\.A DE C\.V\./ })).toBeVisible();
  await expect(table.getByRole("row", { name: /INDISTRIA/ })).toHaveCount(0);
  const popup = page.waitForEvent("popup");
  await table
    .getByRole("row", { name: /MUNICIPIO/ })
    .getByRole("button", { name: "Visualizar" })
    .click();
  // The PDF is fetched with the session header and shown from a blob: URL in the new window.
  const pdf = await popup;
  await pdf.waitForURL(/^blob:/);
  await expect(page.getByRole("region", { name: "Pedidos y entradas" })).toBeVisible();
});
