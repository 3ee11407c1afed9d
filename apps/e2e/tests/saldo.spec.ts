import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { issueTestFactura } from "@portal/cfdi/sello";
import { EN_KIJ, entradasAbiertas, KEMPER, KIJ, kemperToken, register } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { apiSignIn, tinyPdf } from "./support";

/**
 * Issue 39 in Chromium (decision 058): an invoice's balance is its ledger in date order. The ERP pays half of a PPD
 * invoice on 20 November; the supplier then registers a credit note dated 27 November, the reviewer accepts it and
 * the ERP applies its memo — and the payment's 'Complemento esperado' does not change: a note dated after a payment
 * does not touch that payment's ImpSaldoAnt. The invoice's detail lists the payment and the note with their dates and
 * the balance before and after each.
 */

const REPO = fileURLToPath(new URL("../../..", import.meta.url));
const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, texto: string) => table.locator("tbody tr").filter({ hasText: texto });

interface FacturaFila {
  IdFactura: number;
  UUID: string;
  FolioFactura: string;
  Version: number;
  BD: string;
  FolioSAP: number | null;
}
interface NotaFila {
  IdNotaCredito: number;
  FolioNotaCredito: string;
  Version: number;
  DocNumERP: number | null;
}
interface Documento {
  Folio: string;
  NumParcialidad: number;
  ImpSaldoAnt: string;
  ImpPagado: string;
  ImpSaldoInsoluto: string;
}

/** `npm run erp -- …` against the e2e server's database, as the buying company's accountants would. */
function erp(...args: string[]): string {
  const url = process.env.E2E_DATABASE_URL;
  expect(url, "El pago se registra con npm run erp: necesita E2E_DATABASE_URL (npm test la define).").toBeTruthy();
  return execFileSync(
    process.execPath,
    ["scripts/pnpm.mjs", "--silent", "--dir", "packages/erp-sim", "run", "erp", ...args],
    { cwd: REPO, env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" },
  );
}

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const answer = await request.post(url, { headers: { "x-access-token": token }, data: data as object });
  return ((await answer.json()) as { data: T }).data;
}
async function patch(request: APIRequestContext, token: string, url: string, data: unknown) {
  const answer = await request.patch(url, { headers: { "x-access-token": token }, data: data as object });
  return (await answer.json()) as { status: string; message: string };
}

/** Kemper's credit note of 116.00 MXN dated 27 November 2026 on the invoice `uuid`. */
function notaCredito(folio: string, uuid: string) {
  return issueTestFactura({
    emisor: KEMPER,
    receptor: { ...KIJ, uso: "G02" },
    lugarExpedicion: "86000",
    fecha: "2026-11-27T10:00:00",
    folio,
    formaPago: "15",
    metodoPago: "PUE",
    subtotal: "100.00",
    iva: "16.00",
    uuid: randomUUID(),
    fechaTimbrado: "2026-11-27T10:05:00",
    tipo: "E",
    cfdiRelacionados: [{ TipoRelacion: "01", UUIDs: [uuid] }],
  });
}

/** The supplier's 'Complemento esperado' of payment `pagoSap`, as the payment's screen shows it. */
async function panelEsperado(page: Page, pagoSap: string): Promise<string> {
  await page.goto("/Pagos");
  const pagos = page.getByRole("table", { name: "Complemento de pagos" });
  await page.getByRole("searchbox", { name: "Buscar" }).fill(pagoSap);
  const fila = pagos
    .locator("tbody tr")
    .filter({ has: page.getByRole("cell", { name: pagoSap, exact: true }) })
    .filter({ hasText: KIJ.nombre });
  await expect(fila).toHaveCount(1);
  await fila.dblclick();
  await expect(page.getByRole("heading", { level: 1, name: `Registar documentos del pago #${pagoSap}` })).toBeVisible();
  const panel = page.getByRole("region", { name: "Complemento esperado" });
  await expect(panel).toContainText("ImpSaldoAnt");
  return (await panel.textContent()) ?? "";
}

test.describe(() => {
  test.use({ role: "proveedor" });

  test("a credit note registered after a payment leaves the payment's 'Complemento esperado' as it was", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const kemper = await kemperToken(request);
    const admin = await apiSignIn(request, "Empleado", "admin");
    // KIJ's receipts: the other specs spend MUNICIPIO's (five open PPD ones in the demo).
    const entrada = (await entradasAbiertas(request, kemper, { sociedad: EN_KIJ }))
      .filter((e) => e.GroupNum > 0)
      .at(-1);
    expect(entrada, "Kemper necesita una entrada abierta con días de crédito (PPD)").toBeDefined();
    const folio = `SAL${Date.now().toString(36).toUpperCase()}`;
    await register(request, kemper, entrada!, folio, EN_KIJ);

    // The reviewer accepts the invoice; the ERP gets its A/P invoice.
    const facturaDe = async () =>
      (await post<FacturaFila[]>(request, admin, "/api/facturas/getFacturas", {})).find(
        (f) => f.FolioFactura === folio,
      ) as FacturaFila;
    const registrada = await facturaDe();
    expect(
      await patch(request, admin, "/api/facturasPendientes/patchfactura", [
        {
          Factura: registrada.IdFactura,
          Estatus: "A",
          Comentarios: "",
          BD: registrada.BD,
          Version: registrada.Version,
        },
      ]),
    ).toMatchObject({ status: "success" });
    let factura = registrada;
    await expect(async () => {
      factura = await facturaDe();
      expect(factura.FolioSAP).not.toBeNull();
    }).toPass({ timeout: 20_000 });

    // 20 November: the accountants pay half of it in the ERP.
    const total = Number(entrada!.DocTotal).toFixed(2);
    const mitad = (Math.round(Number(entrada!.DocTotal) * 50) / 100).toFixed(2);
    const salida = erp(
      "pagar",
      "--bd",
      "SBO_KIJ",
      "--factura",
      `${factura.FolioSAP}:${mitad}`,
      "--fecha",
      "2026-11-20",
    );
    const pagoSap = /Pago (\d+) registrado/.exec(salida)?.[1] as string;
    expect(pagoSap, salida).toBeDefined();
    const esperado = async () =>
      (
        await post<{ Documentos: Documento[] }>(request, kemper, "/api/pagos/getComplementoEsperado", {
          BD: "SBO_KIJ",
          PagoSAP: Number(pagoSap),
        })
      ).Documentos;
    const documento = {
      Folio: folio,
      NumParcialidad: 1,
      ImpSaldoAnt: total,
      ImpPagado: mitad,
      ImpSaldoInsoluto: (Math.round(Number(total) * 100 - Number(mitad) * 100) / 100).toFixed(2),
    };
    expect(await esperado()).toEqual([expect.objectContaining(documento)]);

    // The supplier (the page is signed in as Kemper) reads what the complement must say.
    const antes = await panelEsperado(page, pagoSap);

    // It registers a credit note dated 27 November (after the payment) in /Notas-Credito.
    const folioNota = `NC${Date.now().toString(36).toUpperCase()}`;
    await page.goto("/Notas-Credito");
    await page.getByRole("button", { name: "Nueva nota de crédito" }).click();
    await page.getByRole("combobox", { name: "Razón social" }).click();
    await page.getByRole("option", { name: KIJ.nombre, exact: true }).click();
    await page.locator('input[data-archivo="pdf"]').setInputFiles({
      name: `${folioNota}.pdf`,
      mimeType: "application/pdf",
      buffer: tinyPdf(folioNota),
    });
    await page.locator('input[data-archivo="xml"]').setInputFiles({
      name: `${folioNota}.xml`,
      mimeType: "text/xml",
      buffer: Buffer.from(notaCredito(folioNota, factura.UUID), "utf8"),
    });
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(toast(page).filter({ hasText: "Se registró con éxito la nota de crédito." })).toBeVisible();
    const lista = page.getByRole("table", { name: "Notas de crédito" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(folioNota);
    await expect(filaCon(lista, folioNota)).toContainText(`${folio} (116.00 MXN)`);

    // The reviewer accepts it and the ERP applies its memo.
    const notaDe = async () =>
      (await post<NotaFila[]>(request, admin, "/api/notasCredito/getNotasCredito", {})).find(
        (n) => n.FolioNotaCredito === folioNota,
      ) as NotaFila;
    const nota = await notaDe();
    expect(
      await patch(request, admin, "/api/notasCreditoPendientes/patchNotaCredito", [
        { NotaCredito: nota.IdNotaCredito, Estatus: "A", Comentarios: "", Version: nota.Version },
      ]),
    ).toMatchObject({ status: "success" });
    await expect(async () => expect((await notaDe()).DocNumERP).not.toBeNull()).toPass({ timeout: 20_000 });

    // The payment's expected complement is the same, figure for figure, in the API and on the screen.
    expect(await esperado()).toEqual([expect.objectContaining(documento)]);
    expect(await panelEsperado(page, pagoSap)).toBe(antes);

    // The supplier's list at 1366 px: 'Pago parcial' and the 'Saldo' column beside the total, in view without
    // scrolling: total − half paid (20 Nov) − 116.00 (27 Nov).
    const centavos = (importe: string) => Math.round(Number(importe) * 100);
    const texto = (c: number) =>
      `${Math.trunc(c / 100).toLocaleString("en-US")}.${String(c % 100).padStart(2, "0")} MXN`;
    const saldo = centavos(total) - centavos(mitad) - 11_600;
    const saldoTexto = texto(saldo);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto("/MisFacturas");
    const facturas = page.getByRole("table", { name: "Facturas" });
    await expect(async () => {
      await page.getByRole("button", { name: "Recargar" }).click();
      await page.getByRole("searchbox", { name: "Buscar" }).fill(folio);
      await expect(filaCon(facturas, folio)).toContainText("Pago parcial", { timeout: 1000 });
      await expect(filaCon(facturas, folio)).toContainText(saldoTexto, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(facturas.getByRole("columnheader", { name: "Saldo" })).toBeInViewport();

    // Its detail lists what made that balance, line by line in date order: the total, the payment of 20 Nov and the
    // note of 27 Nov, each with the balance before and after.
    await filaCon(facturas, folio).dblclick();
    await expect(page.getByRole("heading", { level: 1, name: "Datos generales" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Saldo" })).toHaveValue(saldoTexto);
    const movimientos = page.getByRole("table", { name: "Movimientos del saldo" }).locator("tbody tr");
    await expect(movimientos).toHaveCount(3);
    const lineas = await movimientos.evaluateAll((filas) =>
      filas.map((fila) => [...fila.querySelectorAll("td")].map((celda) => celda.textContent ?? "")),
    );
    const despuesDelPago = centavos(total) - centavos(mitad);
    expect(lineas[0]?.slice(1)).toEqual(["Total de la factura", texto(centavos(total)), "", texto(centavos(total))]);
    expect(lineas[1]).toEqual([
      "2026-11-20",
      `Pago ${pagoSap}`,
      `− ${texto(centavos(mitad))}`,
      texto(centavos(total)),
      texto(despuesDelPago),
    ]);
    expect(lineas[2]?.[0]).toBe("2026-11-27");
    expect(lineas[2]?.[1]).toContain(`Nota de crédito ${folioNota} (`);
    expect(lineas[2]?.slice(2)).toEqual(["− 116.00 MXN", texto(despuesDelPago), saldoTexto]);
  });
});
