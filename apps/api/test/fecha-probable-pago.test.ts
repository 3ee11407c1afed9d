import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { payFacturas, scheduleFacturaProveedor } from "@portal/erp-sim";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFacturaFixture, type ProveedorPrueba } from "./documentos-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 27, "The expected payment date": every accepted, unpaid invoice carries FechaProbablePago, its A/P
 * invoice's due date in the ERP (the earliest unpaid installment's) moved to the sociedad's next payment day, or
 * before the ERP has it, the invoice date plus its credit days; the supplier's Home panel sums the next 30 days by
 * week. The test clock starts on Saturday 2026-11-21.
 */
interface Fila {
  IdFactura: number;
  BD: string;
  Version: number;
  EstatusFactura: string;
  FolioSAP: number | null;
  FechaProbablePago?: string | null;
}
interface Importe {
  DocCur: string;
  Total: string;
  Facturas: number;
}
interface Panel {
  Desde: string;
  Hasta: string;
  Semanas: { Desde: string; Hasta: string; Importes: Importe[] }[];
  Atrasado: Importe[];
}

let t: TestApp;
let tokens: Awaited<ReturnType<typeof loginTodos>>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginTodos(t.app);
});
afterAll(async () => {
  await t?.close();
});

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject(withToken(token, { method: "POST", url, payload }));
const lista = async (token = tokens.kemper): Promise<Fila[]> =>
  (await post(token, "/api/facturas/getFacturas")).json().data;
const fechaDe = async (id: number, token = tokens.kemper) =>
  (await lista(token)).find((f) => f.IdFactura === id)?.FechaProbablePago;
const panel = async (token = tokens.kemper): Promise<Panel> => {
  const res = await post(token, "/api/home/getPagosProximos");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The administrator's company form for a sociedad, with other payment days. */
async function diasDePago(bd: string, DiasPago: number[]) {
  const sociedades = (await post(tokens.admin, "/api/sociedades/rowSociedades")).json().data;
  const s = sociedades.find((x: { BDSAP: string }) => x.BDSAP === bd);
  const res = await post(tokens.admin, "/api/sociedades/updateSociedad", {
    Numero: s.IdSociedad,
    RazonSocial: s.NomSociedad,
    RFC: s.RFC,
    RegimenFiscal: s.Regimen,
    CodigoPostal: s.CP,
    Estatus: s.Estatus,
    UsuarioSAP: s.UsuarioSAP,
    BDSAP: s.BDSAP,
    DiasPago,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** An invoice issued on Monday 2026-11-16 with `diasCredito` credit days, accepted by a reviewer. */
async function aceptada(proveedor: ProveedorPrueba, diasCredito: number): Promise<Fila> {
  const { id } = await createFacturaFixture(t.tdb.db, { proveedor });
  await t.tdb.db.update(schema.facturas).set({ diasCredito }).where(eq(schema.facturas.id, id));
  const pendientes: Fila[] = (await post(tokens.admin, "/api/facturasPendientes/getFacturas")).json().data;
  const f = pendientes.find((x) => x.IdFactura === id)!;
  const res = await t.app.inject(
    withToken(tokens.admin, {
      method: "PATCH",
      url: "/api/facturasPendientes/patchfactura",
      payload: [{ Factura: id, Estatus: "A", Comentarios: "Conforme", BD: f.BD, Version: f.Version }],
    }),
  );
  expect(res.json()).toEqual({ status: "success", message: MSG.revisionExito });
  return (await lista(proveedor === "kemper" ? tokens.kemper : tokens.berenice)).find((x) => x.IdFactura === id)!;
}

describe("FechaProbablePago (issue 27)", () => {
  it("follows the due date and the payment days", async () => {
    // Not accepted yet: no expected payment date.
    const { id: pendiente } = await createFacturaFixture(t.tdb.db);
    expect(await fechaDe(pendiente)).toBeNull();

    // Accepted, before the ERP has its A/P invoice: 2026-11-16 + 30 days = Wednesday 2026-12-16, any business day.
    const f = await aceptada("kemper", 30);
    expect(f.FolioSAP ?? null).toBeNull();
    expect(f.FechaProbablePago).toBe("2026-12-16");
    // Tuesdays and Thursdays: the next Thursday.
    await diasDePago("SBO_MCI", [2, 4]);
    expect(await fechaDe(f.IdFactura)).toBe("2026-12-17");

    // The ERP creates the A/P invoice; the accountants set it due on Friday 2026-12-04: the next Tuesday.
    await t.app.services.erpOutbox.flush();
    const folioSap = (await lista()).find((x) => x.IdFactura === f.IdFactura)!.FolioSAP!;
    expect(folioSap).toBeGreaterThan(0);
    await scheduleFacturaProveedor(t.tdb.db, "SBO_MCI", folioSap, { docDueDate: "2026-12-04" });
    expect(await fechaDe(f.IdFactura)).toBe("2026-12-08");
    // The employees' list says the same.
    expect(await fechaDe(f.IdFactura, tokens.admin)).toBe("2026-12-08");

    // The sociedad's days change: the date moves (no days: any business day, the Friday itself).
    await diasDePago("SBO_MCI", []);
    expect(await fechaDe(f.IdFactura)).toBe("2026-12-04");
    await diasDePago("SBO_MCI", [3]);
    expect(await fechaDe(f.IdFactura)).toBe("2026-12-09");
    await diasDePago("SBO_MCI", [2, 4]);
    expect(await fechaDe(f.IdFactura)).toBe("2026-12-08");

    // Two installments: the earliest unpaid one counts; once paid, the next; paid in full, none.
    await scheduleFacturaProveedor(t.tdb.db, "SBO_MCI", folioSap, {
      docDueDate: "2026-12-03",
      installments: [
        { dueDate: "2026-12-03", total: "580.00" },
        { dueDate: "2027-01-08", total: "580.00" },
      ],
    });
    expect(await fechaDe(f.IdFactura)).toBe("2026-12-03");
    await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-11-21",
      moneda: "MXN",
      facturas: [{ docNum: folioSap, monto: "580.00" }],
    });
    expect(await fechaDe(f.IdFactura)).toBe("2027-01-12");
    await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-11-21",
      moneda: "MXN",
      facturas: [{ docNum: folioSap }],
    });
    expect(await fechaDe(f.IdFactura)).toBeNull();
  });

  it("refuses payment days that are not business days, in Spanish", async () => {
    const sociedades = (await post(tokens.admin, "/api/sociedades/rowSociedades")).json().data;
    const s = sociedades.find((x: { BDSAP: string }) => x.BDSAP === "SBO_MCI");
    expect(s.DiasPago).toEqual([2, 4]);
    const res = await post(tokens.admin, "/api/sociedades/updateSociedad", {
      Numero: s.IdSociedad,
      RazonSocial: s.NomSociedad,
      RFC: s.RFC,
      RegimenFiscal: s.Regimen,
      CodigoPostal: s.CP,
      Estatus: s.Estatus,
      UsuarioSAP: s.UsuarioSAP,
      BDSAP: s.BDSAP,
      DiasPago: [2, 6],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("El campo DiasPago[1] debe ser un día hábil: 1 (lunes) a 5 (viernes).");
  });
});

describe("Home: what is due to be paid in the next 30 days, by week (issue 27)", () => {
  it("sums what remains of each accepted invoice by week and currency, the supplier's own only", async () => {
    await diasDePago("SBO_MCI", [2, 4]);
    const antes = await panel();
    expect(antes).toMatchObject({ Desde: "2026-11-21", Hasta: "2026-12-21" });
    const deBereniceAntes = await panel(tokens.berenice);
    const semana = (p: Panel, desde: string) =>
      p.Semanas.find((s) => s.Desde === desde)?.Importes.find((i) => i.DocCur === "MXN") ?? {
        DocCur: "MXN",
        Total: "0.00",
        Facturas: 0,
      };

    // Two invoices due on Wednesday 2026-11-25 and Thursday 2026-11-26 (paid Thursday), one on 2026-12-02 (Wed →
    // Thursday 2026-12-03), one beyond 30 days.
    for (const dias of [9, 10, 16, 45]) await aceptada("kemper", dias);
    const despues = await panel();
    const sumado = (desde: string) => {
      const [a, d] = [semana(antes, desde), semana(despues, desde)];
      return { Total: (Number(d.Total) - Number(a.Total)).toFixed(2), Facturas: d.Facturas - a.Facturas };
    };
    expect(sumado("2026-11-23")).toEqual({ Total: "2320.00", Facturas: 2 });
    expect(sumado("2026-11-30")).toEqual({ Total: "1160.00", Facturas: 1 });
    // Weeks are Monday to Sunday, the first clipped to today and the last to 30 days ahead.
    for (const s of despues.Semanas) {
      expect(s.Desde >= "2026-11-21" && s.Hasta <= "2026-12-21" && s.Desde <= s.Hasta).toBe(true);
    }
    expect(despues.Semanas.map((s) => s.Desde)).toEqual([...despues.Semanas.map((s) => s.Desde)].sort());

    // Another supplier's panel does not move; employees cannot ask for one.
    expect(await panel(tokens.berenice)).toEqual(deBereniceAntes);
    expect((await post(tokens.admin, "/api/home/getPagosProximos")).statusCode).toBe(403);
  });

  it("puts what was expected before today and is still unpaid under Atrasado", async () => {
    const antes = await panel();
    const atrasado = (p: Panel) => p.Atrasado.find((i) => i.DocCur === "MXN") ?? { Total: "0.00", Facturas: 0 };
    // Issued 2026-11-16 with 2 credit days: Wednesday 2026-11-18 → Thursday 2026-11-19, before Saturday the 21st.
    await aceptada("kemper", 2);
    const despues = await panel();
    expect(Number(atrasado(despues).Total) - Number(atrasado(antes).Total)).toBeCloseTo(1160, 2);
    expect(atrasado(despues).Facturas - atrasado(antes).Facturas).toBe(1);
  });
});
