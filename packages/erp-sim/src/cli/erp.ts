import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Database } from "@portal/db";
import { BaseDeDatosEnUso, type Clock, createDatabase, runMigrations, systemClock } from "@portal/db";
import { erpSocios } from "@portal/db/schema";
import { cancelFacturaProveedor, ErpRechazo, selectFacturasProveedor } from "../facturas-proveedor";
import { cancelPago, listPagos, payFacturas } from "../pagos-proveedor";

/**
 * `npm run erp -- COMANDO …`: what the buying company's accountants do in SAP Business One with the A/P
 * invoices the portal creates, done on the simulated ERP (schema erp_mock): list them, pay them (in full or
 * in part, in MXN or USD), list and cancel payments, cancel an A/P invoice. The portal then shows the payment
 * state to the supplier. Every refusal is a Spanish message and exit code 1, never a stack trace.
 */
export const AYUDA = `Uso: npm run erp -- COMANDO [opciones]

Opera el ERP simulado (SAP Business One) como lo harían las cuentas por pagar de la empresa.

Comandos:
  facturas [--bd BD] [--proveedor CARDCODE] [--portal]
      Lista las facturas de proveedor (OPCH): DocNum, proveedor, folio, UUID, fecha, total, pagado,
      moneda, si está cancelada y el id de la factura del portal (--portal: solo las creadas por el portal).
  pagar --bd BD --factura DOCNUM[:MONTO] [--factura …] [--moneda MXN|USD] [--tipo-cambio N]
        [--fecha AAAA-MM-DD] [--forma 03]
      Registra un pago efectuado (OVPM) a facturas de un mismo proveedor. Sin :MONTO se paga el saldo
      de la factura; MONTO va en la moneda del pago (MXN por omisión). El tipo de cambio (pesos por
      dólar) es necesario si el pago es en USD o si la moneda del pago y la de la factura difieren.
      Fecha: hoy por omisión. Forma de pago (c_FormaPago): 03 transferencia por omisión.
  pagos [--bd BD] [--proveedor CARDCODE]
      Lista los pagos efectuados y las facturas que liquida cada uno.
  cancelar-pago --bd BD --pago DOCNUM
      Cancela un pago: lo aplicado se resta de lo pagado de cada factura.
  cancelar-factura --bd BD --factura DOCNUM
      Cancela una factura de proveedor sin pagos vigentes; la entrada de mercancía vuelve a quedar abierta.
  ayuda
      Muestra esta ayuda.

Base de datos: DATABASE_URL si está definida; si no, la base embebida de .data/pglite (detenga antes
el portal: una base embebida solo la puede abrir un proceso a la vez).

Ejemplos (números de una base recién sembrada):
  npm run erp -- facturas --portal
  npm run erp -- pagar --bd SBO_MCI --factura 8114
  npm run erp -- pagar --bd SBO_MCI --factura 8115:3000 --fecha 2026-11-30
  npm run erp -- pagar --bd SBO_MCI --factura 8114 --moneda USD --tipo-cambio 17.25
  npm run erp -- cancelar-pago --bd SBO_MCI --pago 2064
  npm run erp -- cancelar-factura --bd SBO_MCI --factura 8115`;

/** A mistake in the command line: the message and the hint to read the help. */
export class ErrorDeUso extends Error {
  override readonly name = "ErrorDeUso";
}

const OPCIONES = {
  bd: { type: "string" },
  proveedor: { type: "string" },
  portal: { type: "boolean" },
  factura: { type: "string", multiple: true },
  moneda: { type: "string" },
  "tipo-cambio": { type: "string" },
  fecha: { type: "string" },
  forma: { type: "string" },
  pago: { type: "string" },
  ayuda: { type: "boolean", short: "h" },
} as const;
type Opcion = keyof typeof OPCIONES;

const COMANDOS: Record<string, readonly Opcion[]> = {
  facturas: ["bd", "proveedor", "portal"],
  pagar: ["bd", "factura", "moneda", "tipo-cambio", "fecha", "forma"],
  pagos: ["bd", "proveedor"],
  "cancelar-pago": ["bd", "pago"],
  "cancelar-factura": ["bd", "factura"],
  ayuda: [],
};

export interface Salida {
  log(linea: string): void;
}

/** Parses the command line; throws ErrorDeUso with a Spanish message. */
export function readArguments(argv: readonly string[]) {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPCIONES; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPCIONES, allowPositionals: true, strict: true });
  } catch (error) {
    const texto = (error as Error).message;
    const opcion = texto.match(/'(-[^' ]+)/)?.[1];
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new ErrorDeUso(`Opción desconocida: ${opcion ?? texto}.`);
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      throw new ErrorDeUso(
        texto.includes("argument missing")
          ? `Falta el valor de ${opcion ?? "una opción"}.`
          : `La opción ${opcion ?? ""} no lleva valor.`,
      );
    }
    throw new ErrorDeUso(`Argumentos inválidos: ${texto}`);
  }
  const { values, positionals } = parsed;
  if (values.ayuda) return { comando: "ayuda", valores: values };
  const [comando = "ayuda", ...sobrantes] = positionals;
  // Own keys only: "constructor" or "toString" are not commands (an object's inherited names).
  const permitidas = Object.hasOwn(COMANDOS, comando) ? COMANDOS[comando] : undefined;
  if (!permitidas) throw new ErrorDeUso(`Comando desconocido: ${comando}.`);
  if (sobrantes.length > 0) throw new ErrorDeUso(`Argumento de más: ${sobrantes.join(" ")}.`);
  for (const opcion of Object.keys(values) as Opcion[]) {
    if (!permitidas.includes(opcion)) throw new ErrorDeUso(`La opción --${opcion} no aplica al comando ${comando}.`);
  }
  return { comando, valores: values };
}

type Valores = ReturnType<typeof readArguments>["valores"];

const entero = (texto: string, que: string) => {
  if (!/^\d+$/.test(texto)) throw new ErrorDeUso(`${que} inválido: ${texto} (debe ser un número entero).`);
  return Number(texto);
};

/** The local calendar date of the clock (the accountants' "today"), YYYY-MM-DD. */
const fechaLocal = (clock: Clock) => {
  const d = clock();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** "1160.00" → "1,160.00" (the way amounts read in Mexico). */
export const importe = (decimal: string) => {
  const [entero = "0", fraccion = "00"] = decimal.split(".");
  const signo = entero.startsWith("-") ? "-" : "";
  return `${signo}${entero.replace("-", "").replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraccion.padEnd(2, "0").slice(0, 2)}`;
};

/** Columns padded to their widest cell; numbers aligned right. */
function tabla(encabezados: string[], filas: string[][], derecha: ReadonlySet<number>): string[] {
  const anchos = encabezados.map((e, i) => Math.max(e.length, ...filas.map((f) => (f[i] ?? "").length)));
  const linea = (celdas: string[]) =>
    celdas
      .map((c, i) => (derecha.has(i) ? c.padStart(anchos[i] ?? 0) : c.padEnd(anchos[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [linea(encabezados), anchos.map((a) => "-".repeat(a)).join("  "), ...filas.map(linea)];
}

/** The company databases of the simulated ERP; a --bd that is not one of them is refused. */
async function bdsDelErp(db: Database) {
  const filas = await db.selectDistinct({ bd: erpSocios.bd }).from(erpSocios).orderBy(erpSocios.bd);
  return filas.map((f) => f.bd);
}

async function bdValida(db: Database, bd: string | undefined, requerida: boolean): Promise<string | undefined> {
  if (bd === undefined) {
    if (requerida) throw new ErrorDeUso("Falta --bd: la base de datos de la sociedad (por ejemplo SBO_KIJ).");
    return undefined;
  }
  const bds = await bdsDelErp(db);
  if (!bds.includes(bd)) {
    throw new ErrorDeUso(
      `La base de datos ${bd} no existe en el ERP simulado${bds.length > 0 ? ` (hay: ${bds.join(", ")})` : ""}.`,
    );
  }
  return bd;
}

const requerido = (valor: string | undefined, opcion: string, ejemplo: string) => {
  if (valor === undefined) throw new ErrorDeUso(`Falta ${opcion} (por ejemplo ${opcion} ${ejemplo}).`);
  return valor;
};

/** What a command runs with: the open database, its options, where it prints and the accountants' clock. */
interface Contexto {
  db: Database;
  valores: Valores;
  salida: Salida;
  clock: Clock;
}

/** The commands and what runs each (the options each takes are in COMANDOS). */
const HANDLERS: Record<string, (ctx: Contexto) => Promise<void>> = {
  ayuda: async ({ salida }) => salida.log(AYUDA),
  facturas: showFacturas,
  pagar: payFacturasCommand,
  pagos: showPagos,
  "cancelar-pago": cancelPagoCommand,
  "cancelar-factura": cancelFacturaCommand,
};

/**
 * Runs one command against an open database. Exported for the tests; the entry point below opens the
 * database and maps errors to exit codes.
 */
export async function execute(
  db: Database,
  comando: string,
  valores: Valores,
  salida: Salida,
  clock: Clock,
): Promise<void> {
  const handler = Object.hasOwn(HANDLERS, comando) ? HANDLERS[comando] : undefined;
  if (!handler) throw new ErrorDeUso(`Comando desconocido: ${comando}.`);
  await handler({ db, valores, salida, clock });
}

/** `facturas`: the A/P invoices (OPCH), newest first. */
async function showFacturas({ db, valores, salida }: Contexto) {
  const bd = await bdValida(db, valores.bd, false);
  const filas = await selectFacturasProveedor(db, {
    ...(bd ? { bds: [bd] } : {}),
    ...(valores.proveedor ? { cardCode: valores.proveedor } : {}),
    soloPortal: valores.portal === true,
  });
  if (filas.length === 0) {
    salida.log("No hay facturas de proveedor con esos filtros.");
    return;
  }
  for (const l of tabla(
    [
      "BD",
      "DocNum",
      "Proveedor",
      "Folio",
      "UUID",
      "Fecha",
      "Total",
      "Pagado",
      "Moneda",
      "Últ. pago",
      "Cancelada",
      "Portal",
    ],
    filas.map((f) => [
      f.bd,
      String(f.docNum),
      f.cardCode,
      f.numAtCard || "-",
      f.uuid || "-",
      f.docDate,
      importe(f.docTotal),
      importe(f.paidToDate),
      f.docCur,
      f.fechaPago ?? "-",
      f.canceled === "Y" ? "Sí" : "No",
      f.portalId === null ? "-" : String(f.portalId),
    ]),
    new Set([1, 6, 7, 11]),
  )) {
    salida.log(l);
  }
  salida.log(`${filas.length} factura(s).`);
}

/** `pagar`: a vendor payment (OVPM) to invoices of one supplier, then each invoice's state. */
async function payFacturasCommand({ db, valores, salida, clock }: Contexto) {
  const bd = (await bdValida(db, valores.bd, true)) as string;
  const facturas = (valores.factura ?? []).map((texto) => {
    const m = texto.match(/^(\d+)(?::(.*))?$/);
    if (!m) throw new ErrorDeUso(`--factura inválida: ${texto} (use DOCNUM o DOCNUM:MONTO, p. ej. 8123:1500.00).`);
    return { docNum: Number(m[1]), ...(m[2] === undefined ? {} : { monto: m[2] }) };
  });
  if (facturas.length === 0) throw new ErrorDeUso("Falta --factura DOCNUM[:MONTO] (una o varias).");
  const forma = valores.forma ?? "03";
  if (!/^\d{2}$/.test(forma)) throw new ErrorDeUso(`Forma de pago inválida: ${forma} (c_FormaPago, p. ej. 03).`);
  const pago = await payFacturas(db, {
    bd,
    fecha: valores.fecha ?? fechaLocal(clock),
    moneda: valores.moneda ?? "MXN",
    ...(valores["tipo-cambio"] === undefined ? {} : { tipoCambio: valores["tipo-cambio"] }),
    formaPago: forma,
    facturas,
  });
  salida.log(
    `Pago ${pago.docNum} registrado en ${bd}: ${importe(pago.total)} ${pago.moneda} a ${pago.cardCode}` +
      `${pago.cardName ? ` (${pago.cardName})` : ""}, fecha ${pago.fecha}, forma de pago ${forma}.`,
  );
  await estadoDeFacturas(
    db,
    bd,
    facturas.map((f) => f.docNum),
    salida,
  );
}

/** `pagos`: the vendor payments and what each applied. */
async function showPagos({ db, valores, salida }: Contexto) {
  const bd = await bdValida(db, valores.bd, false);
  const pagos = await listPagos(db, {
    ...(bd ? { bds: [bd] } : {}),
    ...(valores.proveedor ? { cardCode: valores.proveedor } : {}),
  });
  if (pagos.length === 0) {
    salida.log("No hay pagos con esos filtros.");
    return;
  }
  for (const l of tabla(
    ["BD", "DocNum", "Fecha", "Proveedor", "Total", "Moneda", "T.C.", "Forma", "Cancelado", "Facturas (aplicado)"],
    pagos.map((p) => [
      p.bd,
      String(p.docNum),
      p.docDate,
      p.cardCode,
      importe(p.docTotal),
      p.docCur,
      p.docCur === "MXN" ? "-" : String(Number(p.docRate)),
      p.formaPago,
      p.canceled === "Y" ? "Sí" : "No",
      p.facturas
        .map(
          (f) =>
            `${f.docNum}: ${importe(f.sumApplied)} ${f.docCur}` +
            (f.appliedPago === null ? "" : ` (${importe(f.appliedPago)} ${p.docCur})`),
        )
        .join("; "),
    ]),
    new Set([1, 4]),
  )) {
    salida.log(l);
  }
  salida.log(`${pagos.length} pago(s).`);
}

/** `cancelar-pago`: cancels a payment, then the state of the invoices it had applied to. */
async function cancelPagoCommand({ db, valores, salida }: Contexto) {
  const bd = (await bdValida(db, valores.bd, true)) as string;
  const docNum = entero(requerido(valores.pago, "--pago", "2301"), "Número de pago");
  const r = await cancelPago(db, bd, docNum);
  salida.log(`Pago ${docNum} cancelado en ${bd}.`);
  await estadoDeFacturas(db, bd, r.facturasDocNum, salida);
}

/** `cancelar-factura`: cancels one A/P invoice. */
async function cancelFacturaCommand({ db, valores, salida }: Contexto) {
  const bd = (await bdValida(db, valores.bd, true)) as string;
  const [texto, ...otras] = valores.factura ?? [];
  if (otras.length > 0) throw new ErrorDeUso("cancelar-factura cancela una sola factura: indique un --factura.");
  const docNum = entero(requerido(texto, "--factura", "8123"), "Número de factura");
  const r = await cancelFacturaProveedor(db, bd, docNum);
  salida.log(
    `Factura de proveedor ${docNum} cancelada en ${bd}` +
      (r.entradasReabiertas > 0 ? "; su entrada de mercancía quedó abierta de nuevo." : "."),
  );
}

/** One line per invoice: what the ERP says after a payment or its cancellation. */
async function estadoDeFacturas(db: Database, bd: string, docNums: number[], salida: Salida) {
  if (docNums.length === 0) return;
  const facturas = await selectFacturasProveedor(db, { bds: [bd], docNums });
  for (const f of facturas.sort((a, b) => a.docNum - b.docNum)) {
    const saldo = (Math.round(Number(f.docTotal) * 100) - Math.round(Number(f.paidToDate) * 100)) / 100;
    const estado = saldo <= 0 ? "pagada" : Number(f.paidToDate) > 0 ? "pago parcial" : "sin pagar";
    salida.log(
      `  Factura ${f.docNum} (${f.cardCode}, folio ${f.numAtCard || "-"}): pagado ${importe(f.paidToDate)} de ` +
        `${importe(f.docTotal)} ${f.docCur}, ${estado}${f.fechaPago ? `, último pago ${f.fechaPago}` : ""}.`,
    );
  }
}

/** The command line: parse, open the database (migrated), run, close; exit code 1 on any error. */
export async function principal(argv: readonly string[], salida: Salida = console): Promise<number> {
  let comando: string;
  let valores: Valores;
  try {
    ({ comando, valores } = readArguments(argv));
  } catch (error) {
    console.error(`${(error as Error).message}\nVea \`npm run erp -- ayuda\`.`);
    return 1;
  }
  if (comando === "ayuda") {
    salida.log(AYUDA);
    return 0;
  }
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), ".data", "pglite");
  if (!url && !existsSync(dataDir)) {
    console.error(
      `No hay base de datos embebida en ${dataDir}: ejecute \`npm start\` una vez (crea y siembra los datos) ` +
        "o defina DATABASE_URL.",
    );
    return 1;
  }
  let handle: Awaited<ReturnType<typeof createDatabase>> | undefined;
  try {
    handle = await createDatabase({ url, dataDir });
    await runMigrations(handle);
    await execute(handle.db, comando, valores, salida, systemClock);
    return 0;
  } catch (error) {
    if (error instanceof ErrorDeUso) console.error(`${error.message}\nVea \`npm run erp -- ayuda\`.`);
    else if (error instanceof ErpRechazo) console.error(`El ERP rechazó la operación: ${error.message}`);
    else if (error instanceof BaseDeDatosEnUso) console.error(error.message);
    else console.error(`Error: ${(error as Error).message ?? String(error)}`);
    return 1;
  } finally {
    await handle?.close().catch(() => {});
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  // `npm run erp -- facturas | head`: a closed pipe ends the listing quietly.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  process.exitCode = await principal(process.argv.slice(2));
}
