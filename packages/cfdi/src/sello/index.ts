/**
 * @portal/cfdi/sello — seal verification (and, for tests and the demo, sealing and stamping). Node.js
 * only (node:crypto, node:fs): the "." entry of @portal/cfdi stays browser-safe.
 */
export { CADENA_STYLESHEETS, cadenaOriginal, cadenaOriginalTimbre, packageDataDir, satStylesheet } from "./cadena";
export {
  type CertificateInfo,
  certificateFromBase64,
  certificateInfo,
  numberFromSerial,
  parseCertificate,
} from "./certificates";
export { type SatChain, satAuthorities, satChainOf } from "./chain";
export {
  type ComplementoPrueba,
  complementoPruebaSinSellar,
  type DocumentoPrueba,
  issueTestComplemento,
  type PagoPrueba,
} from "./complemento";
export {
  CONTRIBUYENTES_PRUEBA,
  cfdiDateOf,
  conConceptosDeLineas,
  type EntradaParaFactura,
  facturaDeEntradas,
  freshStamp,
  isTestCsdRfc,
  type LineaParaConcepto,
  notaDeFactura,
  pagoDelEsperado,
  type Receptor,
  TEST_CSD_MSG,
  type TestCfdi,
  testCfdiPdf,
  testComplementoCfdi,
  testCsdRefusal,
  testCsdValidity,
  testFacturaCfdi,
} from "./demo";
export {
  type ConceptoPrueba,
  csdPrueba,
  type FacturaPrueba,
  facturaPruebaSinSellar,
  issueTestFactura,
  type RfcPrueba,
} from "./emitir";
export {
  readCreditNoteVerified,
  readInvoiceVerified,
  readPaymentComplementVerified,
  type ValidateCfdiVerifiedResult,
  type VerifiedResult,
  validateCfdiVerified,
} from "./read";
export { type Csd, type StampOptions, sealCfdi, stampCfdi } from "./seal";
export {
  type CertificatePersistence,
  type CertificateStore,
  combineCertificateStores,
  isTestPacCertificate,
  MemoryCertificatePersistence,
  SAT_CERTIFICATE_REPOSITORY,
  type SatRepositoryOptions,
  satCertificateUrl,
  satRepositoryCertificates,
  shippedCertificates,
  TEST_PAC,
} from "./store";
export { type SealReport, type SealVerdict, type VerifyOptions, verifySeals, verifySignature } from "./verify";

/**
 * SAT_TEST_CERTS as the CLI, the demo and the API read it: "true"/"1" or "false"/"0"; when unset,
 * true unless NODE_ENV is "production".
 */
export function trustTestCertificatesFromEnv(env: Record<string, string | undefined> = process.env): boolean {
  const v = env.SAT_TEST_CERTS?.trim().toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  return env.NODE_ENV !== "production";
}
