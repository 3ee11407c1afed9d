/**
 * Command line for operations:
 *
 *   npm run -s cfdi -- validate [--variant=alta|actualizacion] [withholding options] FILE...
 *
 * Validates invoices (tipo I), credit notes (tipo E: they must relate the invoices they credit, issue 39) and payment
 * complements (tipo P). Invoices also go through the withholding rules (packages/cfdi/src/withholdings.ts, decision
 * 059) with a sociedad's switches as options — by default a new sociedad's: RESICO on, rent and fees off, IVA
 * withheld — `--sin-resico`, `--arrendamiento`, `--honorarios`, `--claves-honorarios=80111600,80101500`,
 * `--no-retiene-iva`, `--proveedor-agapes`; `--sin-retenciones` skips them.
 *
 * Prints one JSON object per line per file on stdout —
 * {"file","ok","kind","errors","warnings","data","sellos"} — and exits 1 when any file is invalid (2
 * on a usage error). `data` is what was read, also when a check fails (so an operator sees why);
 * `sellos` the verdicts of the issuer's seal and of the stamp's seal; `ok` covers everything. Any
 * input (missing, a directory, empty, binary, huge, malicious) gives a line with a message, never a
 * crash. Relative paths are resolved against the directory the command was run from (INIT_CWD, set by
 * npm/pnpm, because `pnpm --filter` runs the script inside the package).
 *
 * Environment: SAT_TEST_CERTS (trust the SAT's and the project's test certificates; default true
 * unless NODE_ENV=production); SAT_CERTS_URL (base URL of the SAT certificate repository, e.g.
 * https://rdc.sat.gob.mx/rccf/: unknown stamp certificates are fetched from it; default: none, only
 * the certificates shipped in the package).
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { NOTA_CREDITO_MSG } from "@portal/contracts";
import { systemClock } from "@portal/contracts/clock";
import { runEmitir } from "./cli-emitir";
import {
  CFDI_MSG,
  type CfdiKind,
  checkWithholdings,
  creditedUuids,
  DEFAULT_WITHHOLDING_RULES,
  type InvoiceData,
  type InvoiceVariant,
  MAX_XML_BYTES,
  type WithholdingContext,
  type WithholdingRules,
} from "./index";
import {
  type CertificateStore,
  combineCertificateStores,
  type SealVerdict,
  satRepositoryCertificates,
  shippedCertificates,
  trustTestCertificatesFromEnv,
  validateCfdiVerified,
} from "./sello/index";

interface Line {
  file: string;
  ok: boolean;
  kind: CfdiKind;
  errors: string[];
  warnings: string[];
  data: unknown;
  sellos: { emisor: SealVerdict; timbre: SealVerdict } | null;
}

interface Verification {
  store: CertificateStore;
  trustTestCertificates: boolean;
}

/** The withholding rules an invoice is checked against (null: not checked), with their context. */
interface WithholdingOptions {
  rules: WithholdingRules;
  context: WithholdingContext;
}

interface Options {
  variant: InvoiceVariant;
  withholdings: WithholdingOptions | null;
  files: string[];
}

const USAGE = [
  "Uso: cfdi validate [--variant=alta|actualizacion] [opciones de retenciones] ARCHIVO...",
  "Opciones de retenciones (los interruptores de la sociedad; por omisión RESICO sí, arrendamiento y honorarios no):",
  "  --sin-resico  --arrendamiento  --honorarios  --claves-honorarios=CLAVE,CLAVE  --no-retiene-iva",
  "  --proveedor-agapes (proveedor dedicado a actividades agrícolas, ganaderas, silvícolas o pesqueras)",
  "  --sin-retenciones (no revisa las retenciones)",
].join("\n");

/** The command's options, or the message of the first wrong one. */
function parseOptions(args: readonly string[]): Options | { error: string } {
  let variant: InvoiceVariant = "alta";
  const rules: WithholdingRules = { ...DEFAULT_WITHHOLDING_RULES };
  const context: WithholdingContext = {};
  let checkWithheld = true;
  const files: string[] = [];
  const switches: Record<string, () => void> = {
    "--sin-resico": () => {
      rules.resico = false;
    },
    "--arrendamiento": () => {
      rules.arrendamiento = true;
    },
    "--honorarios": () => {
      rules.honorarios = true;
    },
    "--no-retiene-iva": () => {
      rules.noRetieneIva = true;
    },
    "--proveedor-agapes": () => {
      context.proveedorAgapes = true;
    },
    "--sin-retenciones": () => {
      checkWithheld = false;
    },
  };
  for (const arg of args) {
    const flag = switches[arg];
    if (Object.hasOwn(switches, arg) && flag) flag();
    else if (arg === "--variant=alta" || arg === "--variant=actualizacion") variant = arg.slice(10) as InvoiceVariant;
    else if (arg.startsWith("--claves-honorarios=")) {
      const claves = arg
        .slice("--claves-honorarios=".length)
        .split(",")
        .map((c) => c.trim())
        .filter((c) => c !== "");
      const wrong = claves.find((c) => !/^\d{8}$/.test(c));
      if (wrong !== undefined)
        return { error: `Clave de honorarios no válida: ${wrong} (debe ser una ClaveProdServ de 8 dígitos).` };
      context.clavesHonorarios = claves;
    } else if (arg.startsWith("--variant")) return { error: `Variante no válida: ${arg}` };
    else if (arg.startsWith("--")) return { error: `Opción desconocida: ${arg}` };
    else files.push(arg);
  }
  return { variant, withholdings: checkWithheld ? { rules, context } : null, files };
}

/**
 * Issue 39: what the portal checks beyond structure and seals — an invoice's withholdings under the options' rules,
 * and that a credit note relates the invoices it credits.
 */
function portalChecks(kind: CfdiKind, data: unknown, withholdings: WithholdingOptions | null): string[] {
  if (data === null) return [];
  if (kind === "nota") {
    return creditedUuids(data as InvoiceData).length === 0 ? [NOTA_CREDITO_MSG.sinRelacion] : [];
  }
  if (kind === "factura" && withholdings) {
    return checkWithholdings(data as InvoiceData, withholdings.rules, withholdings.context);
  }
  return [];
}

/** Reads at most maxBytes + 1 bytes, so /dev/zero or a 10 GB file cost no more than the cap. */
function readCapped(path: string, maxBytes: number): { ok: true; bytes: Uint8Array } | { ok: false; error: string } {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    if (fstatSync(fd).isDirectory()) return { ok: false, error: "Es un directorio, no un archivo." };
    const buffer = new Uint8Array(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    // Over the cap the max + 1 bytes read are handed on: the reader refuses them by size, with its own messages.
    return { ok: true, bytes: buffer.subarray(0, length) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === "ENOENT") return { ok: false, error: "No se encontró el archivo." };
    if (code === "EISDIR") return { ok: false, error: "Es un directorio, no un archivo." };
    if (code === "EACCES" || code === "EPERM") return { ok: false, error: "No hay permiso para leer el archivo." };
    return { ok: false, error: `No se pudo leer el archivo (${code ?? "error desconocido"}).` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

async function validateFile(file: string, baseDir: string, options: Options, v: Verification): Promise<Line> {
  const read = readCapped(resolve(baseDir, file), MAX_XML_BYTES);
  if (!read.ok) return { file, ok: false, kind: "otro", errors: [read.error], warnings: [], data: null, sellos: null };
  const result = await validateCfdiVerified(read.bytes, { variant: options.variant, ...v });
  const portal = portalChecks(result.kind, result.data, options.withholdings);
  const errors = [...(result.ok ? [] : result.errors), ...portal];
  return {
    file,
    ok: errors.length === 0,
    kind: result.kind,
    errors,
    warnings: result.warnings,
    data: result.data,
    sellos: result.sellos ? { emisor: result.sellos.emisor, timbre: result.sellos.timbre } : null,
  };
}

async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command === "emitir")
    return runEmitir(rest, {
      now: systemClock(),
      cwd: env.INIT_CWD || process.cwd(),
      out: (l) => process.stdout.write(`${l}\n`),
      err: (l) => process.stderr.write(`${l}\n`),
    });
  if (command !== "validate") {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const options = parseOptions(rest);
  if ("error" in options) {
    process.stderr.write(`${options.error}\n${USAGE}\n`);
    return 2;
  }
  const { files } = options;
  if (files.length === 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const baseDir = env.INIT_CWD || process.cwd();
  const repository = env.SAT_CERTS_URL?.trim();
  if (repository && !/^https:\/\//i.test(repository)) {
    process.stderr.write(
      "SAT_CERTS_URL debe ser una dirección https:// (el repositorio del SAT es https://rdc.sat.gob.mx/rccf/).\n",
    );
    return 2;
  }
  const verification: Verification = {
    store: repository
      ? combineCertificateStores(shippedCertificates(), satRepositoryCertificates({ baseUrl: repository }))
      : shippedCertificates(),
    trustTestCertificates: trustTestCertificatesFromEnv(env),
  };
  let allOk = true;
  for (const file of files) {
    let line: Line;
    try {
      line = await validateFile(file, baseDir, options, verification);
    } catch {
      line = { file, ok: false, kind: "otro", errors: [CFDI_MSG.xmlError], warnings: [], data: null, sellos: null };
    }
    allOk &&= line.ok;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  return allOk ? 0 : 1;
}

// A closed pipe (`... | head -1`) is not an error worth a stack trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2));
