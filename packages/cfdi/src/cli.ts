/**
 * Command line for operations:
 *
 *   npm run -s cfdi -- validate [--variant=alta|actualizacion] FILE...
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
import { systemClock } from "@portal/contracts/clock";
import { runEmitir } from "./cli-emitir";
import { CFDI_MSG, type CfdiKind, type InvoiceVariant, MAX_XML_BYTES } from "./index";
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

const USAGE = "Uso: cfdi validate [--variant=alta|actualizacion] ARCHIVO...";

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

async function validateFile(file: string, baseDir: string, variant: InvoiceVariant, v: Verification): Promise<Line> {
  const read = readCapped(resolve(baseDir, file), MAX_XML_BYTES);
  if (!read.ok) return { file, ok: false, kind: "otro", errors: [read.error], warnings: [], data: null, sellos: null };
  const result = await validateCfdiVerified(read.bytes, { variant, ...v });
  return {
    file,
    ok: result.ok,
    kind: result.kind,
    errors: result.ok ? [] : result.errors,
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
  let variant: InvoiceVariant = "alta";
  const files: string[] = [];
  for (const arg of rest) {
    if (arg === "--variant=alta" || arg === "--variant=actualizacion") variant = arg.slice(10) as InvoiceVariant;
    else if (arg.startsWith("--variant")) {
      process.stderr.write(`Variante no válida: ${arg}\n${USAGE}\n`);
      return 2;
    } else files.push(arg);
  }
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
      line = await validateFile(file, baseDir, variant, verification);
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
