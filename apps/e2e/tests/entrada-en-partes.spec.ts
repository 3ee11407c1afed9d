import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { switchRole } from "./cambio-de-rol";
import { ENTRADA_README, type Entrada, KEMPER, kemperToken, MCI, PNG_1X1 } from "./facturas-datos";
import { expect, test } from "./fixtures";

/**
 * Issue 42 part 3 (decision 074), in Chromium: a goods receipt billed in parts. The supplier picks an open receipt,
 * types half of one of its lines and has the demo seal the CFDI for that part ('Generar CFDI de prueba', the
 * newcomer's path; its concept names the item and the quantity): the form proposes that line and quantity, keeps the
 * files, and registers the invoice; /MisFacturas marks its receipt
 * 'Parcial'. A reviewer accepts it, the ERP's A/P invoice copies that quantity, and the receipt stays open for the
 * rest, offered again with what is left to bill.
 */

/** A receipt line as getEntradas ('Nuevo') answers it since issue 42. */
interface LineaPorFacturar {
  LineNum: number;
  ItemCode: string;
  ItemName: string;
  Quantity: string;
  PorFacturar: string;
  LineTotal: string;
}
/** The form's words (FACTURA_PARTES_MSG in @portal/contracts). */
const FACTURA_PARTES_MSG = {
  facturarParte: "Facturar solo una parte de esta entrada",
  propuestaDelXml: "Las cantidades se propusieron a partir de los conceptos del XML; revíselas.",
  columnaCantidad: "Cantidad a facturar",
  facturaParcial: "Parcial",
  cantidadesTitulo: "Líneas y cantidades que factura",
};

type EntradaConLineas = Entrada & { DocEntry: number; Lineas?: LineaPorFacturar[]; EnPartes?: boolean };

const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, texto: string) => table.locator("tbody tr").filter({ hasText: texto });

async function entradasNuevas(request: APIRequestContext, token: string): Promise<EntradaConLineas[]> {
  const answer = await request.post("/api/facturas/getEntradas", {
    headers: { "x-access-token": token },
    data: { BD: "SBO_MCI", tipo: "Nuevo" },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: EntradaConLineas[] }).data;
}

/**
 * An open MXN receipt no invoice bills yet with a whole line of 2 units or more (not the README's receipt): the
 * oldest such receipt without credit days, so that the specs taking the first open receipts (with credit days first)
 * running at the same time take others.
 */
function entradaConLinea(entradas: readonly EntradaConLineas[]): {
  entrada: EntradaConLineas;
  linea: LineaPorFacturar;
} {
  const orden = [...entradas].reverse().sort((a, b) => Number(a.GroupNum > 0) - Number(b.GroupNum > 0));
  for (const entrada of orden) {
    // Not the receipts other specs take by their reference (the README's cycle, the SAT's test CFDI).
    if (entrada.DocCur !== "MXN" || [ENTRADA_README, "SAT-PRUEBA-2025"].includes(entrada.NumAtCard ?? "")) continue;
    if (entrada.EnPartes) continue;
    const linea = (entrada.Lineas ?? []).find(
      (l) =>
        Number.isInteger(Number(l.Quantity)) && Number(l.Quantity) >= 2 && l.PorFacturar === String(Number(l.Quantity)),
    );
    if (linea) return { entrada, linea };
  }
  throw new Error("el proveedor de demostración no tiene una entrada abierta con una línea de 2 unidades o más");
}

test.describe(() => {
  test.use({ role: "proveedor" });

  test("issue 42: a CFDI for half of a receipt's line is proposed, registered, accepted and copied; the rest stays open", async ({
    page,
    request,
    roleStates,
  }) => {
    const token = await kemperToken(request);
    const { entrada, linea } = entradaConLinea(await entradasNuevas(request, token));
    const cantidad = Math.floor(Number(linea.Quantity) / 2);

    await page.goto("/MisFacturas/Factura/Nuevo");
    await expect(page.getByRole("heading", { level: 1, name: "Registro de la facturación" })).toBeVisible();
    await page.getByRole("combobox", { name: "Razón social" }).click();
    await page.getByRole("option", { name: MCI.nombre, exact: true }).click();
    await page.getByRole("combobox", { name: "Entrada de mercancia" }).click();
    await page.getByRole("option", { name: new RegExp(`^${entrada.DocNum} · `) }).click();
    // The newcomer's path: switch to a part, type half of the line (none of the others) and have the demo seal the
    // CFDI for that part ('Generar CFDI de prueba', issue 42).
    const interruptor = page.getByRole("switch", { name: FACTURA_PARTES_MSG.facturarParte });
    await interruptor.check();
    const cantidadDe = (lineNum: number) =>
      page.getByRole("textbox", {
        name: `${FACTURA_PARTES_MSG.columnaCantidad}, entrada ${entrada.DocNum}, línea ${lineNum}`,
      });
    for (const l of entrada.Lineas ?? []) {
      if (l.LineNum === linea.LineNum) await cantidadDe(l.LineNum).fill(String(cantidad));
      else if (Number(l.PorFacturar) > 0) await cantidadDe(l.LineNum).fill("0");
    }
    const partes = page.getByRole("region", { name: FACTURA_PARTES_MSG.cantidadesTitulo });
    await partes.getByRole("button", { name: "Generar CFDI de prueba" }).click();
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

    // The generated XML's concept names the line and the quantity: proposed, still on, the files kept.
    await expect(interruptor).toBeChecked();
    await expect(page.getByText(FACTURA_PARTES_MSG.propuestaDelXml)).toBeVisible();
    await expect(cantidadDe(linea.LineNum)).toHaveValue(String(cantidad));
    await expect(page.getByText(new RegExp(`${folio}-${KEMPER.rfc}\\.xml$`))).toHaveCount(1);
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(toast(page).filter({ hasText: "Se registro con exito la factura!" })).toBeVisible();
    await expect(page).toHaveURL(/\/MisFacturas$/, { timeout: 10_000 });
    const lista = page.getByRole("table", { name: "Facturas" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(folio);
    await expect(filaCon(lista, folio)).toContainText(`${entrada.DocNum} (${FACTURA_PARTES_MSG.facturaParcial})`);

    // The reviewer accepts it; the worker creates the A/P invoice with that quantity.
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

    // The receipt stays open for the rest: offered again, with what is left of the line.
    const despues = (await entradasNuevas(request, token)).find((e) => e.DocEntry === entrada.DocEntry);
    expect(despues?.DocStatus).toBe("O");
    expect(despues?.EnPartes).toBe(true);
    expect(despues?.Lineas?.find((l) => l.LineNum === linea.LineNum)?.PorFacturar).toBe(
      String(Number(linea.Quantity) - cantidad),
    );
  });
});
