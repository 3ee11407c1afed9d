/**
 * @portal/cfdi/image — the server's receipt image check: the same reader as the browser's quick check, with
 * node:zlib to inflate a PNG's pixel stream (capped at the size its header gives, so a bomb stops at the cap) and
 * its compressed text chunks. Node.js only; the "." entry of @portal/cfdi stays browser-safe.
 */
import { inflateSync } from "node:zlib";
import { checkImage } from "../files";
import type { ImageCheckOptions, ImageInflate } from "./scan";

/** zlib inflate with the output capped and the input bytes the stream took (what follows it is reported). */
export const NODE_IMAGE_INFLATE: ImageInflate = (data, maxBytes) => {
  const { buffer, engine } = inflateSync(data, { maxOutputLength: Math.max(1, maxBytes), info: true }) as unknown as {
    buffer: Buffer;
    engine: { bytesWritten: number };
  };
  return { output: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), consumed: engine.bytesWritten };
};

/** What every receipt image upload path of the API runs. */
export const SERVER_IMAGE_CHECK: ImageCheckOptions = { inflate: NODE_IMAGE_INFLATE };

/** checkImage with the server's options: [] when the file may be stored. */
export function checkImageOnServer(bytes: Uint8Array, mime?: string): string[] {
  return checkImage(bytes, mime, SERVER_IMAGE_CHECK);
}

export { IMAGE_LIMITS, type ImageLimits, type ImageVerdict, scanImage } from "./scan";
