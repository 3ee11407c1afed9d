/**
 * The standard security handler (ISO 32000-1 §7.6.3–7.6.4, ISO 32000-2 §7.6.4.3.3–4 for revision 6), for files a
 * viewer opens without asking for a password: encrypted for permissions only, with an empty user password. Such
 * files are common (a generator that "protects" the invoice against editing); their object streams are encrypted
 * and must be decrypted to be read. A file that needs a password, or another handler, cannot be read and is
 * refused. The hash and cipher primitives come from the platform (node:crypto on the server); RC4 is here.
 */
import { PdfDict, PdfName, PdfString, type PdfValue } from "./syntax";

export interface PdfCrypto {
  md5(data: Uint8Array): Uint8Array;
  sha256(data: Uint8Array): Uint8Array;
  sha384(data: Uint8Array): Uint8Array;
  sha512(data: Uint8Array): Uint8Array;
  /** AES-CBC without padding removal (key of 16 or 32 bytes). */
  aesCbcDecrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array;
  /** AES-128-CBC without padding (revision 6's hash). */
  aes128CbcEncrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array;
}

/** The file's encryption cannot be undone without a password or another handler. */
export class PdfEncryptedError extends Error {}

const PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00,
  0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let k = 0; k < 256; k++) s[k] = k;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

type Method = "None" | "V2" | "AESV2" | "AESV3";

/** Decrypts stream data of object `num` `gen`; returned by `openEncryption`. */
export interface Decryptor {
  stream(num: number, gen: number, data: Uint8Array, cryptFilter?: string): Uint8Array;
  /** Whether /Metadata streams stay in clear text. */
  readonly encryptMetadata: boolean;
}

const bytesOf = (v: PdfValue | undefined) => (v instanceof PdfString ? v.bytes : new Uint8Array());

/**
 * The decryptor of a file whose trailer names `encrypt`, with the empty user password; PdfEncryptedError when
 * the file needs a password or uses another security handler.
 */
export function openEncryption(
  encrypt: PdfDict,
  id: Uint8Array,
  c: PdfCrypto,
  resolve: (v: PdfValue | undefined) => PdfValue | undefined,
): Decryptor {
  const num = (key: string, fallback: number) => {
    const v = resolve(encrypt.get(key));
    return typeof v === "number" ? v : fallback;
  };
  const filter = resolve(encrypt.get("Filter"));
  if (!(filter instanceof PdfName) || filter.name !== "Standard") throw new PdfEncryptedError("handler");
  const v = num("V", 0);
  const r = num("R", 0);
  const o = bytesOf(resolve(encrypt.get("O")));
  const u = bytesOf(resolve(encrypt.get("U")));
  const p = num("P", 0);
  const encryptMetadata = resolve(encrypt.get("EncryptMetadata")) !== false;

  // Crypt filters (V4, V5): the method of each named filter; V1/V2 use RC4 for everything.
  const methods = new Map<string, Method>([["Identity", "None"]]);
  const cf = resolve(encrypt.get("CF"));
  if (cf instanceof PdfDict) {
    cf.forEach((name, value) => {
      const d = resolve(value);
      const cfm = d instanceof PdfDict ? resolve(d.get("CFM")) : undefined;
      const m = cfm instanceof PdfName ? cfm.name : "None";
      if (m !== "None" && m !== "V2" && m !== "AESV2" && m !== "AESV3") throw new PdfEncryptedError(m);
      methods.set(name, m);
    });
  }
  const stmF = resolve(encrypt.get("StmF"));
  const defaultMethod: Method =
    v >= 4 ? (methods.get(stmF instanceof PdfName ? stmF.name : "Identity") ?? "None") : "V2";

  let fileKey: Uint8Array;
  if (r <= 4 && v <= 4) {
    const length = v === 1 ? 5 : Math.max(5, Math.min(16, num("Length", 40) / 8));
    const pBytes = Uint8Array.from([p & 0xff, (p >> 8) & 0xff, (p >> 16) & 0xff, (p >>> 24) & 0xff]);
    let hash = c.md5(
      cat(
        PADDING,
        o.subarray(0, 32),
        pBytes,
        id,
        r >= 4 && !encryptMetadata ? Uint8Array.from([255, 255, 255, 255]) : new Uint8Array(),
      ),
    );
    if (r >= 3) for (let k = 0; k < 50; k++) hash = c.md5(hash.subarray(0, length));
    fileKey = hash.subarray(0, r === 2 ? 5 : length);
    // Algorithm 4/5: is the empty string the user password?
    if (r === 2) {
      if (!equal(rc4(fileKey, PADDING), u.subarray(0, 32))) throw new PdfEncryptedError("password");
    } else {
      let x = rc4(fileKey, c.md5(cat(PADDING, id)));
      for (let k = 1; k <= 19; k++)
        x = rc4(
          fileKey.map((b) => b ^ k),
          x,
        );
      if (!equal(x, u.subarray(0, 16))) throw new PdfEncryptedError("password");
    }
  } else if ((r === 5 || r === 6) && v === 5) {
    const ue = bytesOf(resolve(encrypt.get("UE")));
    const hash = (salt: Uint8Array) => (r === 5 ? c.sha256(salt) : hash2B(c, salt));
    if (!equal(hash(u.subarray(32, 40)), u.subarray(0, 32))) throw new PdfEncryptedError("password");
    fileKey = c.aesCbcDecrypt(hash(u.subarray(40, 48)), new Uint8Array(16), ue.subarray(0, 32));
  } else {
    throw new PdfEncryptedError("revision");
  }

  const objectKey = (n: number, g: number, aes: boolean) =>
    c
      .md5(
        cat(
          fileKey,
          Uint8Array.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, g & 0xff, (g >> 8) & 0xff]),
          aes ? Uint8Array.from([0x73, 0x41, 0x6c, 0x54]) : new Uint8Array(),
        ),
      )
      .subarray(0, Math.min(fileKey.length + 5, 16));

  const aes = (key: Uint8Array, data: Uint8Array) => {
    if (data.length < 16) return new Uint8Array();
    const body = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
    const plain = c.aesCbcDecrypt(key, data.subarray(0, 16), body);
    const pad = plain[plain.length - 1] ?? 0;
    return pad >= 1 && pad <= 16 ? plain.subarray(0, plain.length - pad) : plain;
  };

  return {
    encryptMetadata,
    stream(n, g, data, cryptFilter) {
      const method = cryptFilter !== undefined ? (methods.get(cryptFilter) ?? "None") : defaultMethod;
      if (method === "None") return data;
      if (method === "V2") return rc4(objectKey(n, g, false), data);
      if (method === "AESV2") return aes(objectKey(n, g, true), data);
      return aes(fileKey, data);
    },
  };
}

/** Algorithm 2.B (ISO 32000-2): the revision 6 hash of the empty password with `salt`. */
function hash2B(c: PdfCrypto, salt: Uint8Array): Uint8Array {
  let k = c.sha256(salt);
  for (let round = 0; ; round++) {
    const k1 = new Uint8Array(k.length * 64);
    for (let j = 0; j < 64; j++) k1.set(k, j * k.length);
    const e = c.aes128CbcEncrypt(k.subarray(0, 16), k.subarray(16, 32), k1);
    let sum = 0;
    for (let j = 0; j < 16; j++) sum += e[j]!;
    k = sum % 3 === 0 ? c.sha256(e) : sum % 3 === 1 ? c.sha384(e) : c.sha512(e);
    // pdf.js and the standard: at least 64 rounds, then until E's last byte <= rounds done - 32.
    if (round >= 63 && e[e.length - 1]! <= round + 1 - 32) break;
  }
  return k.subarray(0, 32);
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
