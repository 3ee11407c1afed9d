import { createErpEntrada, createErpSocio } from "@portal/db/factories";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ErpRechazo, insertFacturaProveedor } from "../facturas-proveedor";
import { ErrorDeUso, execute, importe, principal, readArguments } from "./erp";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const hoy = () => new Date("2026-11-25T18:00:00");

/** Runs a command line against the test database and returns what it printed. */
async function erp(...argv: string[]) {
  const lineas: string[] = [];
  const { comando, valores } = readArguments(argv);
  await execute(tdb.db, comando, valores, { log: (l) => lineas.push(l) }, hoy);
  return lineas.join("\n");
}

const fails = async (promesa: Promise<unknown>) =>
  promesa.then(
    () => {
      throw new Error("se esperaba un error");
    },
    (e: unknown) => e as Error,
  );

/** An A/P invoice created by the portal over a new receipt of P00001 in SBO_CLI (1,160.00 MXN). */
let portalId = 500;
async function facturaDelPortal(over: { docCur?: "MXN" | "USD"; docTotal?: string } = {}) {
  const e = await createErpEntrada(tdb.db, { bd: "SBO_CLI", cardCode: "P00001", cardName: "ESCUELA KEMPER URGATE" });
  portalId++;
  const r = await insertFacturaProveedor(tdb.db, {
    bd: "SBO_CLI",
    portalId,
    cardCode: "P00001",
    entradaDocNum: e.docNum,
    numAtCard: `A${portalId}`,
    uuid: `8e2d4b61-7c3a-4f90-b1d2-${String(portalId).padStart(12, "0")}`,
    docDate: "2026-11-04",
    docTotal: over.docTotal ?? e.docTotal,
    vatSum: e.vatSum,
    wtSum: "0",
    docCur: over.docCur ?? "MXN",
    docRate: over.docCur === "USD" ? "17.25" : "1",
    comments: "",
  });
  return { ...r, portalId };
}

describe("the command line", () => {
  it("reads commands and options, and refuses mistakes in Spanish", () => {
    expect(readArguments([])).toMatchObject({ comando: "ayuda" });
    expect(readArguments(["pagar", "-h"])).toMatchObject({ comando: "ayuda" });
    expect(
      readArguments(["pagar", "--bd", "SBO_KIJ", "--factura", "8123", "--factura", "8124:100", "--moneda", "USD"]),
    ).toEqual({
      comando: "pagar",
      valores: { bd: "SBO_KIJ", factura: ["8123", "8124:100"], moneda: "USD" },
    });
    const errores: [string[], string][] = [
      [["facturas", "--foo"], "Opción desconocida: --foo."],
      [["pagar", "--bd"], "Falta el valor de --bd."],
      [["pagar", "--portal=si"], "La opción --portal no lleva valor."],
      [["borrar"], "Comando desconocido: borrar."],
      [["constructor", "--bd", "SBO_KIJ"], "Comando desconocido: constructor."],
      [["facturas", "SBO_KIJ"], "Argumento de más: SBO_KIJ."],
      [["facturas", "--pago", "2001"], "La opción --pago no aplica al comando facturas."],
    ];
    for (const [argv, mensaje] of errores) {
      expect(() => readArguments(argv)).toThrow(new ErrorDeUso(mensaje));
    }
  });

  it("writes amounts the Mexican way", () => {
    expect(importe("1160.00")).toBe("1,160.00");
    expect(importe("1234567.5")).toBe("1,234,567.50");
    expect(importe("0.00")).toBe("0.00");
    expect(importe("-1000.00")).toBe("-1,000.00");
  });
});

describe("npm run erp on a database", () => {
  beforeAll(async () => {
    await createErpSocio(tdb.db, { bd: "SBO_CLI", cardCode: "P00001", cardName: "ESCUELA KEMPER URGATE" });
  });

  it("lists the A/P invoices with their folio, UUID, payment and portal id", async () => {
    const f = await facturaDelPortal();
    const salida = await erp("facturas", "--bd", "SBO_CLI", "--proveedor", "P00001");
    const [encabezado, , ...filas] = salida.split("\n");
    expect(encabezado).toMatch(/^BD\s+DocNum\s+Proveedor\s+Folio\s+UUID\s+Fecha\s+Total\s+Pagado\s+Moneda/);
    const fila = filas.find((l) => l.includes(`A${f.portalId}`));
    expect(fila).toMatch(
      new RegExp(
        `^SBO_CLI\\s+${f.docNum}\\s+P00001\\s+A${f.portalId}\\s+8E2D4B61-\\S+\\s+2026-11-04\\s+1,160\\.00\\s+0\\.00\\s+MXN\\s+-\\s+No\\s+${f.portalId}$`,
      ),
    );
    expect(salida).toMatch(/\d+ factura\(s\)\.$/);
    expect(await erp("facturas", "--bd", "SBO_CLI", "--proveedor", "P99999")).toBe(
      "No hay facturas de proveedor con esos filtros.",
    );
    expect((await fails(erp("facturas", "--bd", "SBO_NADA"))).message).toBe(
      "La base de datos SBO_NADA no existe en el ERP simulado (hay: SBO_CLI).",
    );
  });

  it("pays in part and in full, in MXN and USD, lists the payments and cancels them", async () => {
    const f = await facturaDelPortal();
    expect(await erp("pagar", "--bd", "SBO_CLI", "--factura", `${f.docNum}:160`, "--fecha", "2026-11-20")).toBe(
      [
        `Pago ${2001} registrado en SBO_CLI: 160.00 MXN a P00001 (ESCUELA KEMPER URGATE), fecha 2026-11-20, forma de pago 03.`,
        `  Factura ${f.docNum} (P00001, folio A${f.portalId}): pagado 160.00 de 1,160.00 MXN, pago parcial, último pago 2026-11-20.`,
      ].join("\n"),
    );
    // The rest, today by default (the clock's local date), by cheque.
    expect(await erp("pagar", "--bd", "SBO_CLI", "--factura", String(f.docNum), "--forma", "02")).toContain(
      `pagado 1,160.00 de 1,160.00 MXN, pagada, último pago 2026-11-25.`,
    );
    const usd = await facturaDelPortal({ docCur: "USD", docTotal: "100.00" });
    expect(
      await erp(
        "pagar",
        "--bd",
        "SBO_CLI",
        "--factura",
        `${usd.docNum}:860`,
        "--tipo-cambio",
        "17.20",
        "--fecha",
        "2026-11-26",
      ),
    ).toContain(`pagado 50.00 de 100.00 USD, pago parcial`);

    const pagos = await erp("pagos", "--bd", "SBO_CLI");
    expect(pagos).toMatch(
      new RegExp(
        `^SBO_CLI\\s+2003\\s+2026-11-26\\s+P00001\\s+860\\.00\\s+MXN.*${usd.docNum}: 50\\.00 USD \\(860\\.00 MXN\\)$`,
        "m",
      ),
    );
    expect(pagos).toMatch(/^SBO_CLI\s+2002\s+2026-11-25\s+P00001\s+1,000\.00\s+MXN\s+-\s+02\s+No/m);

    expect(await erp("cancelar-pago", "--bd", "SBO_CLI", "--pago", "2002")).toBe(
      [
        "Pago 2002 cancelado en SBO_CLI.",
        `  Factura ${f.docNum} (P00001, folio A${f.portalId}): pagado 160.00 de 1,160.00 MXN, pago parcial, último pago 2026-11-20.`,
      ].join("\n"),
    );
    expect(await erp("pagos", "--bd", "SBO_CLI")).toMatch(/^SBO_CLI\s+2002\s.*\sSí\s/m);

    const rechazo = await fails(erp("cancelar-factura", "--bd", "SBO_CLI", "--factura", String(f.docNum)));
    expect(rechazo).toBeInstanceOf(ErpRechazo);
    expect(rechazo.message).toBe(`La factura de proveedor ${f.docNum} tiene pagos (2001): cancele primero el pago.`);
    await erp("cancelar-pago", "--bd", "SBO_CLI", "--pago", "2001");
    expect(await erp("cancelar-factura", "--bd", "SBO_CLI", "--factura", String(f.docNum))).toBe(
      `Factura de proveedor ${f.docNum} cancelada en SBO_CLI; su entrada de mercancía quedó abierta de nuevo.`,
    );
    expect(await erp("facturas", "--bd", "SBO_CLI", "--portal")).toMatch(
      new RegExp(`^SBO_CLI\\s+${f.docNum}\\s.*\\sSí\\s+${f.portalId}$`, "m"),
    );
  });

  it("refuses bad arguments before touching the ERP", async () => {
    const casos: [string[], string][] = [
      [["pagar", "--factura", "1"], "Falta --bd: la base de datos de la sociedad (por ejemplo SBO_KIJ)."],
      [["pagar", "--bd", "SBO_CLI"], "Falta --factura DOCNUM[:MONTO] (una o varias)."],
      [
        ["pagar", "--bd", "SBO_CLI", "--factura", "8001/5"],
        "--factura inválida: 8001/5 (use DOCNUM o DOCNUM:MONTO, p. ej. 8123:1500.00).",
      ],
      [
        ["pagar", "--bd", "SBO_CLI", "--factura", "8001", "--forma", "3"],
        "Forma de pago inválida: 3 (c_FormaPago, p. ej. 03).",
      ],
      [["cancelar-pago", "--bd", "SBO_CLI"], "Falta --pago (por ejemplo --pago 2301)."],
      [
        ["cancelar-pago", "--bd", "SBO_CLI", "--pago", "x1"],
        "Número de pago inválido: x1 (debe ser un número entero).",
      ],
      [
        ["cancelar-factura", "--bd", "SBO_CLI", "--factura", "8001", "--factura", "8002"],
        "cancelar-factura cancela una sola factura: indique un --factura.",
      ],
    ];
    for (const [argv, mensaje] of casos) {
      const error = await fails(erp(...argv));
      expect(error).toBeInstanceOf(ErrorDeUso);
      expect(error.message).toBe(mensaje);
    }
  });

  it("exits with 1 and a message (no stack trace) on a refusal or a bad argument", async () => {
    const errores: string[] = [];
    vi.spyOn(console, "error").mockImplementation((m: string) => void errores.push(m));
    const log: string[] = [];
    const salida = { log: (l: string) => void log.push(l) };
    const antes = process.env.DATABASE_URL;
    process.env.DATABASE_URL = tdb.url;
    try {
      expect(await principal(["pagar", "--bd", "SBO_CLI", "--factura", "8999"], salida)).toBe(1);
      expect(await principal(["pagar", "--moneda"], salida)).toBe(1);
      expect(await principal(["pagos", "--bd", "SBO_CLI"], salida)).toBe(0);
      expect(await principal(["ayuda"], salida)).toBe(0);
    } finally {
      if (antes === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = antes;
    }
    expect(errores).toEqual([
      "El ERP rechazó la operación: La factura de proveedor 8999 no existe en SBO_CLI.",
      "Falta el valor de --moneda.\nVea `npm run erp -- ayuda`.",
    ]);
    expect(errores.join("\n")).not.toMatch(/\bat\s/);
    expect(log.join("\n")).toContain("pago(s).");
    expect(log.at(-1)).toMatch(/^Uso: npm run erp -- COMANDO/);
  });
});
