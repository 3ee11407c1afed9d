import { createPrivateKey } from "node:crypto";
import { Credential } from "@nodecfdi/credentials/node";
import { DESCARGA_MSG } from "@portal/contracts";
import { decryptSecret, encryptSecret } from "@portal/db";
import { Invalid, NotFound } from "../../lib/errors";
import type { Efirma } from "../../sat/descarga-masiva/cliente";
import type { DescargaSatRepository } from "./repository";

/** What the portal reads of an e.firma through @nodecfdi/credentials (its published types do not resolve). */
interface CredencialSat {
  rfc(): string;
  certificate(): {
    satType(): { isFiel(): boolean };
    validFrom(): Date;
    validTo(): Date;
    serialNumber(): { bytes(): string };
  };
}

const fechaTexto = (d: Date) => d.toISOString().slice(0, 10);

/** Opens the certificate and key with their password, or says in Spanish why it cannot. */
function openCredential(efirma: Efirma): CredencialSat {
  try {
    return Credential.create(
      efirma.certificado.toString("binary"),
      efirma.llave.toString("binary"),
      efirma.password,
    ) as CredencialSat;
  } catch {
    // The key opens with its password but the pair does not: say that, not 'wrong password'.
    try {
      createPrivateKey({ key: efirma.llave, format: "der", type: "pkcs8", passphrase: efirma.password });
    } catch {
      throw new Invalid(DESCARGA_MSG.efirmaIlegible);
    }
    throw new Invalid(DESCARGA_MSG.efirmaNoCorresponde);
  }
}

/**
 * Checks an e.firma for a sociedad (issue 43 §1): it opens with its password, its key is the certificate's, it is a
 * FIEL (a CSD cannot authenticate to the Descarga Masiva), it is the sociedad's RFC and it is in force now. Answers
 * its expiry and certificate number.
 */
export function checkEfirma(efirma: Efirma, rfcSociedad: string, now: Date) {
  const credencial = openCredential(efirma);
  const certificado = credencial.certificate();
  if (!certificado.satType().isFiel()) throw new Invalid(DESCARGA_MSG.efirmaNoEsFiel);
  const rfc = credencial.rfc().toUpperCase();
  if (rfc !== rfcSociedad.toUpperCase()) throw new Invalid(DESCARGA_MSG.efirmaDeOtroRfcDetalle(rfc, rfcSociedad));
  const vence = certificado.validTo();
  if (vence.getTime() <= now.getTime()) throw new Invalid(DESCARGA_MSG.efirmaVencida(fechaTexto(vence)));
  const desde = certificado.validFrom();
  if (desde.getTime() > now.getTime()) throw new Invalid(DESCARGA_MSG.efirmaAunNoVigente(fechaTexto(desde)));
  return { vence, numero: certificado.serialNumber().bytes() };
}

/** The stored form: one encrypted JSON (AES-256-GCM, the SAP password's key), never answered nor logged. */
export const encryptEfirma = (efirma: Efirma, key: Buffer) =>
  encryptSecret(
    JSON.stringify({
      cer: efirma.certificado.toString("base64"),
      key: efirma.llave.toString("base64"),
      password: efirma.password,
    }),
    key,
  );

export function decryptEfirma(stored: string, key: Buffer): Efirma {
  const { cer, key: llave, password } = JSON.parse(decryptSecret(stored, key)) as Record<string, string>;
  return {
    certificado: Buffer.from(cer ?? "", "base64"),
    llave: Buffer.from(llave ?? "", "base64"),
    password: password ?? "",
  };
}

/** The administrator's upload: checked, encrypted, stored with its expiry; answers the expiry only. */
export async function uploadEfirma(
  deps: { repo: DescargaSatRepository; encryptionKey: Buffer; now: Date },
  sociedadId: number,
  efirma: Efirma,
) {
  const sociedad = await deps.repo.sociedad(sociedadId);
  if (!sociedad) throw new NotFound();
  const { vence, numero } = checkEfirma(efirma, sociedad.rfc, deps.now);
  await deps.repo.saveEfirma(sociedadId, {
    cifrada: encryptEfirma(efirma, deps.encryptionKey),
    vence,
    certificado: numero,
    now: deps.now,
  });
  return { vence: vence.toISOString(), numero };
}
