import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { switchRole } from "./cambio-de-rol";
import { KEMPER, kemperToken, MCI, PNG_1X1 } from "./facturas-datos";
import { expect, test } from "./fixtures";

/**
 * Issue 42 part 2 (decision 076), in Chromium: a service billed against its purchase order, from upload to the A/P
 * invoice. The supplier opens 'Facturar servicios de un pedido', types half of an open order's service line, has the
 * demo seal the CFDI for that part ('Generar CFDI de prueba', the newcomer's path), and registers it; /MisFacturas reads 'Pedido N (Parcial)'. A reviewer
 * accepts it, the ERP's A/P invoice copies the order line (BaseType 22) with that quantity, and the order stays open
 * for the rest, offered again with what is left.
 */

interface LineaPedido {
  LineNum: number;
  ItemCode: string;
  ItemName: string;
  Quantity: string;
  PorFacturar: string;
  LineTotal: string;
}
interface PedidoPorFacturar {
  DocEntry: number;
  DocNum: number;
  DocTotal: string;
  DocCur: string;
  GroupNum: number;
  PeyMethod: string;
  U_B1SYS_MainUsage: string;
  Lineas: LineaPedido[];
}
const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, texto: string) => table.locator("tbody tr").filter({ hasText: texto });

async function post<T>(request: APIRequestContext, token: string, url: string, data: object): Promise<T> {
  const answer = await request.post(url, { headers: { "x-access-token": token }, data });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

test.describe(() => {
  test.use({ role: "proveedor" });

  test("issue 42 part 2: half of an order's service is billed, accepted and copied (BaseType 22); the rest stays open", async ({
    page,
    request,
    roleStates,
  }) => {
    const token = await kemperToken(request);
    const pedidos = await post<PedidoPorFacturar[]>(request, token, "/api/facturas/getPedidosPorFacturar", {
      BD: "SBO_MCI",
    });
    // An MXN order with a service line still wholly open.
    const elegido = pedidos
      .filter((p) => p.DocCur === "MXN")
      .flatMap((p) => p.Lineas.filter((l) => l.PorFacturar === String(Number(l.Quantity))).map((l) => ({ p, l })))[0];
    if (!elegido) throw new Error("el proveedor de demostración no tiene pedidos con servicios por facturar");
    const { p: pedido, l: linea } = elegido;
    const cantidad = Number(linea.Quantity) / 2;

    await page.goto("/MisFacturas/Factura/Nuevo");
    await page.getByRole("link", { name: "Facturar servicios de un pedido (sin entrada de mercancía)" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Facturar servicios de un pedido" })).toBeVisible();
    await page.getByRole("combobox", { name: "Razón social" }).click();
    await page.getByRole("option", { name: MCI.nombre, exact: true }).click();
    await page
      .getByRole("textbox", { name: `Cantidad a facturar, pedido ${pedido.DocNum}, línea ${linea.LineNum}` })
      .first()
      .fill(String(cantidad));
    // The newcomer's path: the demo seals the CFDI for that part ('Generar CFDI de prueba', issue 42).
    await page.getByRole("button", { name: "Generar CFDI de prueba" }).click();
    const generado = toast(page).filter({ hasText: "Se generó el CFDI de prueba" });
    await expect(generado).toBeVisible();
    const uuid = /CFDI de prueba ([0-9A-F-]{36})/.exec((await generado.textContent()) ?? "")?.[1] ?? "";
    expect(uuid).not.toBe("");
    // Its folio is the stamp's first 8 characters (the XML's file name carries it).
    const folio = uuid.slice(0, 8);
    await expect(page.getByText(new RegExp(`${folio}-${KEMPER.rfc}\\.xml$`))).toHaveCount(1);
    await page.locator('input[data-archivo="recepcion"]').setInputFiles({
      name: "recepcion.png",
      mimeType: "image/png",
      buffer: PNG_1X1,
    });
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(toast(page).filter({ hasText: "Se registro con exito la factura!" })).toBeVisible();
    await expect(page).toHaveURL(/\/MisFacturas$/, { timeout: 10_000 });
    const lista = page.getByRole("table", { name: "Facturas" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(folio);
    await expect(filaCon(lista, folio)).toContainText(`Pedido ${pedido.DocNum} (Parcial)`);

    // The reviewer accepts it; the worker creates the A/P invoice copying the order line.
    await switchRole(page.context(), roleStates, "administrador");
    await page.goto("/Facturas-Pendientes");
    const pendientes = page.getByRole("table", { name: "Facturas pendientes" });
    const search = page.getByRole("searchbox", { name: "Buscar" });
    await search.fill(folio);
    const fila = filaCon(pendientes, folio);
    await expect(fila).toContainText(`${linea.ItemCode}: ${cantidad} de ${Number(linea.Quantity)}`);
    await fila.getByRole("combobox").click();
    await page.getByRole("option", { name: "Aceptada", exact: true }).click();
    await fila.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Agregar" }).click();
    await page
      .getByRole("dialog", { name: "Se cambiara el estado de las facturas seleccionadas, estas seguro?" })
      .getByRole("button", { name: "Aceptar" })
      .click();
    await expect(toast(page).filter({ hasText: "Se proceso con exito el ó los registro(s)" })).toBeVisible();
    await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
    await search.fill(folio);
    await expect(async () => {
      await page.getByRole("button", { name: "Recargar" }).click();
      await expect(filaCon(pendientes, folio)).toContainText(/Factura SAP \d+/, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // The order stays open for the rest: offered again, with what is left of the line.
    const despues = (
      await post<PedidoPorFacturar[]>(request, token, "/api/facturas/getPedidosPorFacturar", { BD: "SBO_MCI" })
    ).find((p) => p.DocEntry === pedido.DocEntry);
    expect(despues?.Lineas.find((l) => l.LineNum === linea.LineNum)?.PorFacturar).toBe(
      String(Number(linea.Quantity) - cantidad),
    );
  });
});
