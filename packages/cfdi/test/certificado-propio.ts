/**
 * Certificates anybody can make: self-signed, made here with openssl (RSA 2048, valid 2023-01-01 to
 * 2037-12-31, the 20-digit number as the serial read in ASCII, as the SAT numbers certificates), with any
 * subject. The tests use them to show that being served by number and signing correctly is not enough:
 * only the SAT's subject (or the project's own test stamping authority) may sign a stamp.
 */
import { spawnSync } from "node:child_process";
import { generateKeyPairSync, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Csd } from "../src/sello/index";

export interface Subject {
  CN: string;
  O: string;
  /** The RFC, as the SAT writes it ("RFC" or "RFC / RFC of the legal representative"). */
  x500UniqueIdentifier: string;
}

export type CertificadoPropio = Csd & { cer: X509Certificate };

const CONFIG = (dir: string) => `[ ca ]
default_ca = own
[ own ]
dir = ${dir}
database = ${dir}/index.txt
new_certs_dir = ${dir}
serial = ${dir}/serial
default_md = sha256
policy = any
unique_subject = no
preserve = yes
copy_extensions = none
[ any ]
commonName = supplied
organizationName = optional
x500UniqueIdentifier = optional
[ req ]
distinguished_name = dn
string_mask = utf8only
[ dn ]
`;

function openssl(args: string[]): void {
  const r = spawnSync("openssl", args, { encoding: "utf8" });
  if (r.error || r.status !== 0) throw new Error(`openssl ${args[0]} falló: ${r.error?.message ?? r.stderr}`);
}

/** A self-made certificate numbered `number` with this subject, and its key. */
export function certificadoPropio(number: string, subject: Subject): CertificadoPropio {
  const dir = mkdtempSync(join(tmpdir(), "certificado-propio-"));
  try {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const key = join(dir, "key.pem");
    writeFileSync(key, privateKey.export({ type: "pkcs8", format: "pem" }));
    writeFileSync(join(dir, "index.txt"), "");
    writeFileSync(join(dir, "serial"), Buffer.from(number, "ascii").toString("hex"));
    writeFileSync(join(dir, "ca.cnf"), CONFIG(dir));
    const value = (v: string) => v.replaceAll("\\", "\\\\").replaceAll("/", "\\/");
    const subj = `/CN=${value(subject.CN)}/O=${value(subject.O)}/x500UniqueIdentifier=${value(subject.x500UniqueIdentifier)}`;
    openssl(["req", "-new", "-key", key, "-subj", subj, "-config", join(dir, "ca.cnf"), "-out", join(dir, "req.csr")]);
    openssl([
      "ca",
      "-batch",
      "-selfsign",
      "-config",
      join(dir, "ca.cnf"),
      "-keyfile",
      key,
      "-in",
      join(dir, "req.csr"),
      "-startdate",
      "20230101000000Z",
      "-enddate",
      "20371231235959Z",
      "-notext",
      "-out",
      join(dir, "cert.pem"),
    ]);
    return { cer: new X509Certificate(readFileSync(join(dir, "cert.pem"))), key: privateKey };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
