/**
 * `npm run cfdi -- emitir factura|nota|complemento …` (issue 40, decision 062): test CFDIs for the demo from the
 * command line, sealed with the SAT's public test CSD of the issuer's RFC and stamped by the project's test
 * stamping authority, written as ARCHIVO.xml and ARCHIVO.pdf. What 'Generar CFDI de prueba' does in the portal,
 * without the portal: the figures come from the arguments (or, for a complement, from the JSON the portal's
 * 'Complemento esperado' panel downloads). Only a portal that trusts test certificates (SAT_TEST_CERTS) accepts them.
 *
 * Prints one JSON line {"ok","uuid","xml","pdf"} and exits 0; a usage error or a refusal (an expired test CSD, a
 * figure that is not an amount) prints the reason on stderr and exits 2 or 1.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ComplementoEsperado } from "@portal/contracts";
import { addAmounts, divideAmounts, parseAmount, roundAmount, subtractAmounts } from "./money";
import {
  CONTRIBUYENTES_PRUEBA,
  cfdiDateOf,
  freshStamp,
  isTestCsdRfc,
  notaDeFactura,
  pagoDelEsperado,
  type Receptor,
  type TestCfdi,
  testComplementoCfdi,
  testFacturaCfdi,
} from "./sello/demo";

/** The demo's sociedades (packages/seed), by company database: the receiver of each CFDI. */
export const SOCIEDADES_DEMO: Record<string, Receptor> = {
  SBO_MCI: { rfc: "MCI7306249Y1", nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI", cp: "54700", regimen: "603" },
  SBO_KIJ: { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601" },
  SBO_IIA: { rfc: "IIA040805DZ4", nombre: "INDISTRIA ILUMINADORA DE ALMACENES", cp: "62661", regimen: "626" },
};

export const EMITIR_USAGE = [
  "Uso: cfdi emitir factura|nota|complemento --rfc RFC --sociedad BD [opciones] (escribe ARCHIVO.xml y ARCHIVO.pdf)",
  "  --rfc             emisor: EKU9003173C9 o XIQB891116QE4 (contribuyentes de prueba del SAT)",
  "  --sociedad        receptor: SBO_MCI, SBO_KIJ o SBO_IIA (las sociedades de la demostración)",
  "  --fecha           AAAA-MM-DDThh:mm:ss, hora del centro de México (por omisión, ahora)",
  "  --folio, --salida folio del CFDI; carpeta donde se escriben los archivos (por omisión, la actual)",
  "  factura:     --total IMPORTE (IVA 16 % incluido) | --subtotal S [--descuento D]; --forma 03 --metodo PUE|PPD",
  "               --uso G03 --cp CP_DE_EXPEDICION (el CP de la entrada) [--moneda MXN --tipo-cambio 1]",
  "  nota:        --factura UUID --total IMPORTE (IVA incluido) [--forma 03 --moneda MXN --cp CP]",
  "  complemento: --esperado complemento-esperado-N.json (descargado del panel «Complemento esperado»)",
].join("\n");

class UsageError extends Error {}

function parseFlags(args: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let k = 0; k < args.length; k += 2) {
    const name = args[k] ?? "";
    const value = args[k + 1];
    if (!name.startsWith("--") || value === undefined) throw new UsageError(`Argumento no válido: ${name}`);
    flags.set(name.slice(2), value);
  }
  return flags;
}

function amountFlag(flags: Map<string, string>, name: string): string | undefined {
  const raw = flags.get(name);
  if (raw === undefined) return undefined;
  const parsed = parseAmount(raw);
  if (parsed === null || parsed.startsWith("-")) throw new UsageError(`--${name} debe ser un importe: ${raw}`);
  return roundAmount(parsed, 2);
}

const need = (flags: Map<string, string>, name: string): string => {
  const v = flags.get(name);
  if (v === undefined) throw new UsageError(`Falta --${name}.`);
  return v;
};

/** SubTotal and IVA of an invoice: from --subtotal (and --descuento), or split back from --total. */
function figures(flags: Map<string, string>) {
  const descuento = amountFlag(flags, "descuento") ?? "0.00";
  const subtotal = amountFlag(flags, "subtotal");
  if (subtotal !== undefined) {
    const base = subtractAmounts(subtotal, descuento);
    return { subtotal, descuento, iva: roundAmount(divideAmounts(base, "6.25", 6), 2) };
  }
  const total = amountFlag(flags, "total");
  if (total === undefined) throw new UsageError("Falta --total o --subtotal.");
  const base = divideAmounts(total, "1.16", 2);
  return { subtotal: base, descuento, iva: subtractAmounts(total, base) };
}

function issue(tipo: string, flags: Map<string, string>, now: Date, cwd: string): TestCfdi {
  const rfc = need(flags, "rfc").toUpperCase();
  if (!isTestCsdRfc(rfc)) {
    throw new UsageError(`--rfc debe ser ${Object.keys(CONTRIBUYENTES_PRUEBA).join(" o ")}.`);
  }
  const bd = need(flags, "sociedad");
  const receptor = SOCIEDADES_DEMO[bd];
  if (!receptor) throw new UsageError(`--sociedad debe ser ${Object.keys(SOCIEDADES_DEMO).join(", ")}.`);
  const emisor = { rfc, nombre: CONTRIBUYENTES_PRUEBA[rfc].nombre };
  const fecha = flags.get("fecha") ?? cfdiDateOf(now);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(fecha)) throw new UsageError("--fecha: AAAA-MM-DDThh:mm:ss.");
  const stamp = freshStamp(fecha);
  const folio = flags.get("folio") ?? stamp.uuid.slice(0, 8);
  const cp = flags.get("cp") ?? CONTRIBUYENTES_PRUEBA[rfc].cp;
  const moneda = flags.get("moneda") ?? "MXN";
  if (tipo === "factura") {
    const { subtotal, descuento, iva } = figures(flags);
    const metodo = flags.get("metodo") ?? "PUE";
    if (metodo !== "PUE" && metodo !== "PPD") throw new UsageError("--metodo debe ser PUE o PPD.");
    return testFacturaCfdi({
      emisor: { ...emisor, regimen: CONTRIBUYENTES_PRUEBA[rfc].regimen },
      receptor: { ...receptor, uso: flags.get("uso") ?? "G03" },
      lugarExpedicion: cp,
      fecha,
      serie: "PRUEBA",
      folio,
      formaPago: flags.get("forma") ?? (metodo === "PPD" ? "99" : "03"),
      metodoPago: metodo,
      moneda,
      ...(moneda === "MXN" ? {} : { tipoCambio: flags.get("tipo-cambio") ?? "1" }),
      subtotal,
      descuento,
      iva,
      ...stamp,
      total: addAmounts(subtractAmounts(subtotal, descuento), iva),
    });
  }
  if (tipo === "nota") {
    const importe = amountFlag(flags, "total");
    if (importe === undefined) throw new UsageError("Falta --total.");
    return testFacturaCfdi(
      notaDeFactura({
        emisor,
        receptor,
        factura: {
          uuid: need(flags, "factura"),
          moneda,
          tipoCambio: flags.get("tipo-cambio") ?? null,
          formaPago: flags.get("forma") ?? "03",
          lugarExpedicion: cp,
        },
        importe,
        fecha,
        folio,
        stamp,
      }),
    );
  }
  const esperado = JSON.parse(readFileSync(resolve(cwd, need(flags, "esperado")), "utf8")) as
    | ComplementoEsperado
    | { data?: ComplementoEsperado };
  const pago = "FechaPago" in esperado ? esperado : esperado.data;
  if (!pago?.FechaPago) throw new UsageError("--esperado no es el JSON del panel «Complemento esperado».");
  return testComplementoCfdi({
    emisor: { ...emisor, regimen: CONTRIBUYENTES_PRUEBA[rfc].regimen },
    receptor,
    lugarExpedicion: cp,
    fecha,
    serie: "CP",
    folio,
    pagos: [pagoDelEsperado(pago)],
    ...stamp,
  });
}

export interface EmitirIo {
  now: Date;
  /** Where relative paths start (INIT_CWD under npm). */
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** `cfdi emitir …`: the exit code (0 written, 1 refused, 2 usage). */
export function runEmitir(argv: readonly string[], io: EmitirIo): number {
  const [tipo, ...rest] = argv;
  if (tipo === "ayuda" || tipo === "--help") {
    io.out(EMITIR_USAGE);
    return 0;
  }
  if (tipo !== "factura" && tipo !== "nota" && tipo !== "complemento") {
    io.err(EMITIR_USAGE);
    return 2;
  }
  try {
    const flags = parseFlags(rest);
    const cfdi = issue(tipo, flags, io.now, io.cwd);
    const base = resolve(io.cwd, flags.get("salida") ?? ".", cfdi.nombre);
    writeFileSync(`${base}.xml`, cfdi.xml);
    writeFileSync(`${base}.pdf`, cfdi.pdf);
    io.out(JSON.stringify({ ok: true, uuid: cfdi.uuid, xml: `${base}.xml`, pdf: `${base}.pdf` }));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${EMITIR_USAGE}`);
      return 2;
    }
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
