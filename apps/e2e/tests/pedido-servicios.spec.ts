import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { issueTestFactura } from "@portal/cfdi/sello";
import { switchRole } from "./cambio-de-rol";
import { KEMPER, kemperToken, MCI, PNG_1X1 } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { tinyPdf } from "./support";

/**
 * Issue 42 part 2 (decision 076), in Chromium: a service billed against its purchase order, from upload to the A/P
 * invoice. The supplier opens 'Facturar servicios de un pedido', picks half of an open order's service line and a
 * sealed and stamped CFDI for that part, and registers it; /MisFacturas reads 'Pedido N (Parcial)'. A reviewer
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
/** The order's every line, as /api/pedidos/getPedidos answers (what the part's share is taken among). */
interface PedidoLista {
  DocNum: number;
  BD: string;
  DocTotal: string;
  DetallePedido: { LineTotal: string }[];
}

const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, texto: string) => table.locator("tbody tr").filter({ hasText: texto });
const centavos = (amount: string) => Math.round(Number(amount) * 100);
const importe = (cents: number) => (cents / 100).toFixed(2);

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
    const todos = await post<PedidoLista[]>(request, token, "/api/pedidos/getPedidos", {});
    // An MXN order with a service line still wholly open.
    const elegido = pedidos
      .filter((p) => p.DocCur === "MXN")
      .flatMap((p) => p.Lineas.filter((l) => l.PorFacturar === String(Number(l.Quantity))).map((l) => ({ p, l })))[0];
    if (!elegido) throw new Error("el proveedor de demostración no tiene pedidos con servicios por facturar");
    const { p: pedido, l: linea } = elegido;
    const completo = todos.find(
      (x) => x.BD === "SBO_MCI" && x.DocNum === pedido.DocNum && x.DocTotal === pedido.DocTotal,
    );
    if (!completo) throw new Error(`el pedido ${pedido.DocNum} no está en la lista de pedidos`);
    const cantidad = Number(linea.Quantity) / 2;
    // The part's total as the portal computes it: the order's total in proportion to the line's share.
    const net = Math.round((centavos(linea.LineTotal) * cantidad) / Number(linea.Quantity));
    const whole = completo.DetallePedido.reduce((s, l) => s + centavos(l.LineTotal), 0);
    const total = Math.round((centavos(pedido.DocTotal) * net) / whole);
    const subtotal = Math.round(total / 1.16);
    const folio = `SRV${Date.now().toString(36).toUpperCase()}`;
    const xml = issueTestFactura({
      emisor: KEMPER,
      receptor: { ...MCI, uso: pedido.U_B1SYS_MainUsage },
      lugarExpedicion: "86000",
      fecha: "2026-11-16T10:00:00",
      folio,
      formaPago: pedido.PeyMethod,
      metodoPago: pedido.GroupNum > 0 ? "PPD" : "PUE",
      subtotal: importe(subtotal),
      iva: importe(total - subtotal),
      uuid: randomUUID().toUpperCase(),
      fechaTimbrado: "2026-11-16T10:05:00",
    });

    await page.goto("/MisFacturas/Factura/Nuevo");
    await page.getByRole("link", { name: "Facturar servicios de un pedido (sin entrada de mercancía)" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Facturar servicios de un pedido" })).toBeVisible();
    await page.getByRole("combobox", { name: "Razón social" }).click();
    await page.getByRole("option", { name: MCI.nombre, exact: true }).click();
    await page
      .getByRole("textbox", { name: `Cantidad a facturar, pedido ${pedido.DocNum}, línea ${linea.LineNum}` })
      .first()
      .fill(String(cantidad));
    await page.locator('input[data-archivo="pdf"]').setInputFiles({
      name: `${folio}.pdf`,
      mimeType: "application/pdf",
      buffer: tinyPdf(folio),
    });
    await page.locator('input[data-archivo="xml"]').setInputFiles({
      name: `${folio}.xml`,
      mimeType: "text/xml",
      buffer: Buffer.from(xml, "utf8"),
    });
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
