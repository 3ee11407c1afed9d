import type { Browser, Page } from "@playwright/test";
import { decodeQuotedPrintable, type SentMail, type SmtpSink, startSmtpSink } from "./correo-sink";
import { expect, test } from "./fixtures";
import { mainMenu, signIn, signInOk, tinyPdf } from "./support";

/**
 * Catalogues (issue 4): employees, companies, suppliers, the link-company form and /Perfil, through the real
 * screens. The suite shares one server and database with the other specs (demo seed), so every test creates
 * what it changes under a unique name, and the demo suppliers are left as the other specs expect them:
 * ESCUELA KEMPER URGATE stays complete and untouched; BERENICE XIMO QUEZADA is the
 * one rejected here, and her record status is set back to Completo afterwards.
 */

const BERENICE = { rfc: "XIQB891116QE4", cardCode: "P00002", nombre: "BERENICE XIMO QUEZADA" };
const BERENICE_CORREO = "berenice.ximo@correo.com.mx";

/** Unique, uppercase-safe suffix for the names this run creates. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();

const pdfFile = (name: string) => ({ name, mimeType: "application/pdf", buffer: tinyPdf(name) });
const notPdfFile = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from("no soy un pdf") });

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

/** Clicks a button that opens the file chooser and answers it with `file`. */
async function chooseFile(page: Page, button: ReturnType<Page["getByRole"]>, file: ReturnType<typeof pdfFile>) {
  const chooser = page.waitForEvent("filechooser");
  await button.click();
  await (await chooser).setFiles(file);
}

async function openCatalogue(page: Page, entry: string, path: RegExp) {
  await mainMenu(page).getByRole("link", { name: entry }).click();
  await expect(page).toHaveURL(path);
}

async function openPerfil(page: Page) {
  await page.getByRole("button", { name: "Menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Perfil" }).click();
  await expect(page).toHaveURL(/\/Perfil$/);
}

/** Opens a supplier's detail from the catalogue (double-click on its row). */
async function openProveedor(page: Page, name: string) {
  await openCatalogue(page, "Catálogo de proveedores", /\/Catalogo-Proveedores$/);
  const row = page.getByRole("table", { name: "Catálogo de proveedores" }).getByRole("row", { name: new RegExp(name) });
  await row.dblclick();
  await expect(page).toHaveURL(/\/Catalogo-Proveedores\/Proveedor\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

/**
 * A context of its own, signed out: `browser.newContext()` inside a test takes the test's options, and with
 * `test.use({ role })` those include the role's saved sign-in (fixtures.ts).
 */
const signedOut = (browser: Browser) => browser.newContext({ storageState: { cookies: [], origins: [] } });

async function newSignedInPage(browser: Browser, operador: "Empleado" | "Proveedor", usuario: string) {
  const context = await signedOut(browser);
  const page = await context.newPage();
  await signInOk(page, operador, usuario);
  return page;
}

/**
 * Optional mail sink: when the run provides E2E_SMTP_PORT (and starts the API with SMTP_HOST=127.0.0.1 and
 * that SMTP_PORT), the rejection test also checks that the notification reaches the supplier's mailbox.
 */
let mails: SentMail[] | null = null;
let sink: SmtpSink | null = null;

test.beforeAll(async () => {
  const port = Number(process.env.E2E_SMTP_PORT ?? 0);
  if (!port) return;
  sink = await startSmtpSink(port);
  mails = sink.mails;
});

test.afterAll(async () => {
  await sink?.close();
});

/** Opens /Home as the signed-in role (fixtures.ts: its sign-in through the screens happens once per worker). */
async function openHome(page: Page) {
  await page.goto("/Home");
  await expect(page).toHaveURL(/\/Home$/);
}

test.describe(() => {
  test.use({ role: "administrador" });

  test("the administrator creates an employee, who can then sign in", async ({ page, browser }) => {
    const usuario = `e2e${unique()}`.toLowerCase();
    await openHome(page);
    await openCatalogue(page, "Catálogo de empleados", /\/Catalogo-Empleados$/);
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(page).toHaveURL(/\/Catalogo-Empleados\/Empleado\/Nuevo$/);

    const create = page.getByRole("button", { name: "Crear" });
    await create.click();
    await expect(page.getByText("El campo Usuario es obligatorio.")).toBeVisible();
    await expect(page.getByText("El campo Área es obligatorio.")).toBeVisible();

    await page.getByRole("textbox", { name: "Usuario" }).fill(usuario);
    await pickOption(page, "Rol", "General");
    await page.getByRole("textbox", { name: "Nombre" }).fill("Prueba");
    await page.getByRole("textbox", { name: "Apellidos" }).fill("De Extremo a Extremo");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill(`${usuario}@empresa.com.mx`);
    await pickOption(page, "Área", "Compras");
    const password = page.getByLabel("Contraseña");
    await password.fill("ab!");
    await expect(page.getByText("La contraseña debe tener entre 4 y 30 caracteres alfanumericos.")).toBeVisible();
    await expect(create).toBeDisabled();
    await password.fill("Clave2026");
    await expect(create).toBeEnabled();
    await create.click();

    await expect(page.getByText("Se creó con éxito el empleado!")).toBeVisible();
    await expect(create).toBeDisabled();
    await expect(page).toHaveURL(/\/Catalogo-Empleados$/);
    await page.getByRole("searchbox", { name: "Buscar" }).fill(usuario);
    const row = page
      .getByRole("table", { name: "Catálogo de empleados" })
      .getByRole("row", { name: new RegExp(usuario) });
    await expect(row).toContainText("General");
    await expect(row).toContainText("Compras");
    await expect(row).toContainText("Activo");

    // The new employee signs in with the password the administrator gave.
    const other = await (await signedOut(browser)).newPage();
    await signIn(other, "Empleado", usuario, "Clave2026");
    await expect(other).toHaveURL(/\/Home$/);

    // Issue 22: the administrator deactivates it (after confirming); its open session ends at once and it can no
    // longer sign in.
    await row.dblclick();
    await expect(page).toHaveURL(/\/Catalogo-Empleados\/Empleado\/\d+$/);
    await page.getByRole("button", { name: "Desactivar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Desactivar empleado" });
    await expect(dialog).toContainText(`¿Desactivar al empleado ${usuario}?`);
    await dialog.getByRole("button", { name: "Desactivar", exact: true }).click();
    await expect(page.getByText("Se desactivó con éxito el empleado.")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Estatus" })).toHaveValue("Inactivo");
    await expect(page.getByRole("button", { name: "Activar", exact: true })).toBeVisible();

    await other.reload();
    await expect(other).toHaveURL(/\/$/);
    await expect(other.getByRole("status").filter({ hasText: "Su sesión expiró." })).toBeVisible();
    await signIn(other, "Empleado", usuario, "Clave2026");
    await expect(other.getByRole("alert")).toContainText("Error al iniciar la sesión,");
    await other.context().close();

    // Back in the catalogue (its search kept in the URL), the row reads Inactivo.
    await page.getByRole("button", { name: "Regresar" }).click();
    await expect(page).toHaveURL(/\/Catalogo-Empleados\?q=/);
    await expect(row).toContainText("Inactivo");
  });

  test("the administrator creates a company with its tax-status PDF and links it to a supplier", async ({ page }) => {
    const id = unique();
    const razonSocial = `SOCIEDAD E2E ${id}`;
    await openHome(page);
    await openCatalogue(page, "Catálogo de sociedades", /\/Catalogo-Sociedades$/);
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(page).toHaveURL(/\/Catalogo-Sociedades\/Sociedad\/Nuevo$/);

    const create = page.getByRole("button", { name: "Crear" });
    await create.click();
    await expect(page.getByText("Debe cargar la carta de situación fiscal")).toBeVisible();

    await page.getByRole("textbox", { name: "Razón social" }).fill(razonSocial);
    await page.getByRole("textbox", { name: "RFC" }).fill(`eee010101${id.slice(-3)}`);
    await pickOption(page, "Régimen fiscal", "601 — General de Ley Personas Morales");
    await page.getByRole("textbox", { name: "Código postal" }).fill("06600");
    await page.getByRole("textbox", { name: "Usuario SAP" }).fill("manager");
    await page.getByLabel("Contraseña SAP").fill("B1Admin!");
    const bd = page.getByRole("textbox", { name: "Base de datos SAP" });
    await expect(bd).toBeDisabled();
    await page.getByRole("checkbox", { name: "Editar la base de datos SAP" }).check();
    await bd.fill(`SBO_E2E_${id}`);

    const carta = page.getByRole("button", { name: "Carta de situación fiscal" });
    await chooseFile(page, carta, notPdfFile("constancia.pdf"));
    await expect(page.getByText("El archivo seleccionado no es un pdf")).toBeVisible();
    await chooseFile(page, carta, pdfFile("constancia.pdf"));
    await expect(page.getByText("El archivo seleccionado no es un pdf")).toBeHidden();
    await create.click();

    await expect(page.getByText("Se creó con éxito la sociedad!")).toBeVisible();
    await expect(page).toHaveURL(/\/Catalogo-Sociedades$/);
    await page.getByRole("searchbox", { name: "Buscar" }).fill(id);
    const row = page.getByRole("table", { name: "Catálogo de sociedades" }).getByRole("row", { name: new RegExp(id) });
    await expect(row).toContainText(`EEE010101${id.slice(-3)}`);
    await expect(row).toContainText("06600");
    const popup = page.waitForEvent("popup");
    await row.getByRole("button", { name: "Visualizar" }).click();
    const constancia = await popup;
    await constancia.waitForURL(/^blob:/);
    await constancia.close();

    // Link the new company to a supplier.
    await openProveedor(page, BERENICE.nombre);
    await page.getByRole("button", { name: "Agregar sociedad" }).click();
    await expect(page).toHaveURL(/\/Catalogo-Proveedores\/Proveedor\/\d+\/Sociedad\/Nuevo$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sociedad del proveedor" })).toBeVisible();
    const add = page.getByRole("button", { name: "Agregar", exact: true });
    await add.click();
    await expect(page.getByText("El campo Sociedad es obligatorio.")).toBeVisible();
    await pickOption(page, "Sociedad", razonSocial);
    await add.click();
    await expect(page.getByText("Se creo con exito el empleado!")).toBeVisible();
    await expect(page).toHaveURL(/\/Catalogo-Proveedores$/);

    await openProveedor(page, BERENICE.nombre);
    await expect(
      page.getByRole("table", { name: "Sociedades del proveedor" }).getByRole("row", { name: new RegExp(id) }),
    ).toBeVisible();
  });

  test("the administrator rejects a supplier with a reason and the supplier is notified", async ({
    page,
    browser,
    context,
  }) => {
    const motivo = `Falta la opinion de cumplimiento (e2e ${unique()})`;
    await openHome(page);
    await openProveedor(page, BERENICE.nombre);

    await pickOption(page, "Estatus del registro", "Rechazado");
    await page.getByRole("button", { name: "Actualizar" }).click();
    await expect(page.getByText("El campo Motivo de rechazo es obligatorio.")).toBeVisible();
    await page.getByRole("textbox", { name: "Motivo de rechazo" }).fill(motivo);

    const sentCorreo = page.waitForResponse((response) => response.url().endsWith("/api/proveedores/sentCorreo"));
    await page.getByRole("button", { name: "Actualizar" }).click();
    await expect(page.getByText("Se actualizó con éxito el proveedor")).toBeVisible();

    // After the update the supplier is notified (spec §7 sentCorreo) with its record status and the reason.
    const correo = await sentCorreo;
    expect(correo.request().postDataJSON()).toEqual({
      Correo: BERENICE_CORREO,
      Tipo: "Proveedor",
      Usuario: BERENICE.nombre,
      EstatusRegistro: "R",
      Estatus: "A",
      Observaciones: motivo,
    });
    expect(correo.status()).toBe(200);
    expect(await correo.json()).toMatchObject({ status: "success" });
    // The SMTP sink runs whenever the suite runs (playwright.config.ts sets E2E_SMTP_PORT).
    expect(mails, "no corre el receptor SMTP de esta prueba (E2E_SMTP_PORT)").not.toBeNull();
    const received = () =>
      mails
        ?.filter((mail) => mail.to.includes(BERENICE_CORREO))
        .map((mail) => decodeQuotedPrintable(mail.raw))
        .find((text) => text.includes(`Observaciones: ${motivo}`));
    await expect.poll(received, { timeout: 20_000 }).toContain("Estatus del registro: Rechazado");

    // Back in the catalogue the supplier shows as rejected, with its reason in the detail.
    await expect(page).toHaveURL(/\/Catalogo-Proveedores$/);
    const row = page.getByRole("table", { name: "Catálogo de proveedores" }).getByRole("row", { name: /BERENICE/ });
    await expect(row).toContainText("Rechazado");
    await row.dblclick();
    await expect(page.getByRole("textbox", { name: "Motivo de rechazo" })).toHaveValue(motivo);

    // The supplier reads the reason in its profile.
    const supplier = await newSignedInPage(browser, "Proveedor", BERENICE.rfc);
    await openPerfil(supplier);
    await expect(supplier.getByRole("alert").filter({ hasText: "Su registro fue rechazado" })).toContainText(motivo);
    await supplier.context().close();

    // Leave her record status as the demo seed has it, for the specs that run after this one.
    const token = (await context.cookies()).find((cookie) => cookie.name === "access")?.value ?? "";
    const restored = await page.request.post("/api/proveedores/updateProveedor", {
      headers: { "x-access-token": token },
      data: { CardCode: BERENICE.cardCode, U_SYS_PMESPR: "C", MOTRECHAZO: "" },
    });
    expect(restored.status()).toBe(200);
  });
});

test("the supplier replaces its compliance PDF in /Perfil and sees 'Cargado'", async ({ page }) => {
  await signInOk(page, "Proveedor", BERENICE.rfc);
  await openPerfil(page);
  const documentos = page.getByRole("table", { name: "Documentos del proveedor" });
  const opinion = documentos.getByRole("row", { name: /Opinión de cumplimiento/ });
  // Issue 40: the demo seed gives both demo suppliers every required document (their record status says Completo).
  await expect(opinion).toContainText("Cargado");
  const modify = page.getByRole("button", { name: "Actualizar" });

  const upload = opinion.getByRole("button", { name: /Cargar/ });
  await chooseFile(page, upload, notPdfFile("opinion.pdf"));
  await expect(opinion).toContainText("El archivo seleccionado no es un pdf");
  await chooseFile(page, upload, pdfFile("opinion.pdf"));
  await expect(opinion).toContainText("Cargado");
  await expect(opinion).toContainText("Por guardar: opinion.pdf");
  await modify.click();
  await expect(page.getByText("Se actualizó con éxito el proveedor")).toBeVisible();
  await expect(page).toHaveURL(/\/Home$/);

  // Stored: the profile shows it loaded today, with the 30 days the compliance opinion is valid.
  await openPerfil(page);
  await expect(opinion).toContainText("Cargado");
  await expect(opinion).not.toContainText("Por guardar");
  await expect(opinion).toContainText("30 días");
  const popup = page.waitForEvent("popup");
  await opinion.getByRole("button", { name: /^Ver/ }).click();
  const documento = await popup;
  await documento.waitForURL(/^blob:/);
  await documento.close();
});

test.describe(() => {
  test.use({ role: "consulta" });

  test("a general employee sees the catalogue forms read-only", async ({ page }) => {
    await openHome(page);

    await openCatalogue(page, "Catálogo de empleados", /\/Catalogo-Empleados$/);
    await expect(page.getByRole("table", { name: "Catálogo de empleados" }).getByRole("row")).not.toHaveCount(1);
    await expect(page.getByRole("button", { name: "Agregar" })).toHaveCount(0);
    await page
      .getByRole("table", { name: "Catálogo de empleados" })
      .getByRole("row", { name: /^admin / })
      .dblclick();
    await expect(page).toHaveURL(/\/Catalogo-Empleados\/Empleado\/\d+$/);
    await expect(page.getByRole("button", { name: "Actualizar" })).toBeDisabled();
    await expect(page.getByRole("textbox", { name: "Nombre" })).not.toBeEditable();
    await expect(page.getByRole("checkbox", { name: "Ver el módulo de documentos pendientes" })).toHaveCount(0);

    await openCatalogue(page, "Catálogo de sociedades", /\/Catalogo-Sociedades$/);
    await expect(page.getByRole("button", { name: "Agregar" })).toHaveCount(0);
    await page
      .getByRole("table", { name: "Catálogo de sociedades" })
      .getByRole("row", { name: /KIJ, S\.A DE C\.V\./ })
      .getByRole("cell", { name: "KIJ0906199R1" })
      .dblclick();
    await expect(page).toHaveURL(/\/Catalogo-Sociedades\/Sociedad\/\d+$/);
    await expect(page.getByRole("button", { name: "Actualizar" })).toBeDisabled();
    await expect(page.getByRole("textbox", { name: "Razón social" })).not.toBeEditable();

    await openProveedor(page, "ESCUELA KEMPER URGATE");
    await expect(page.getByRole("button", { name: "Actualizar" })).toBeDisabled();
    await expect(page.getByRole("textbox", { name: "Teléfono" })).not.toBeEditable();
    const documentos = page.getByRole("table", { name: "Documentos del proveedor" });
    await expect(documentos.getByRole("button", { name: /^Ver/ })).toHaveCount(7);
    await expect(documentos.getByRole("button", { name: /Cargar/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Agregar sociedad" })).toHaveCount(0);

    await openPerfil(page);
    await expect(page.getByRole("textbox", { name: "Usuario" })).toHaveValue("consulta");
    await expect(page.getByRole("button", { name: "Actualizar" })).toBeDisabled();
  });
});
