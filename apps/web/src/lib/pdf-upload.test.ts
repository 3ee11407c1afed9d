import { MAX_UPLOAD_BYTES, MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { PDF_DEMASIADO_GRANDE, readPdfUpload } from "./pdf-upload";

describe("readPdfUpload", () => {
  it("reads a PDF into the upload shape: name plus base64", async () => {
    const result = await readPdfUpload(new File(["%PDF-1.7\n%%EOF\n"], "acta.pdf", { type: "application/pdf" }));
    expect(result).toEqual({ ok: true, upload: { nombre: "acta.pdf", base64: btoa("%PDF-1.7\n%%EOF\n"), bytes: 15 } });
  });

  it("checks the signature, not only the name or the browser's type", async () => {
    const fake = await readPdfUpload(new File(["no soy un pdf"], "acta.pdf", { type: "application/pdf" }));
    expect(fake).toEqual({ ok: false, error: MSG.archivoNoPdf });
    const renamed = await readPdfUpload(new File(["%PDF-1.7\n"], "acta.txt", { type: "text/plain" }));
    expect(renamed).toEqual({ ok: false, error: MSG.archivoNoPdf });
    const empty = await readPdfUpload(new File([], "vacio.pdf"));
    expect(empty).toEqual({ ok: false, error: MSG.archivoNoPdf });
  });

  it("refuses a file above the upload limit before reading it", async () => {
    const big = new File(["%PDF-1.7\n"], "grande.pdf");
    Object.defineProperty(big, "size", { value: MAX_UPLOAD_BYTES + 1 });
    expect(await readPdfUpload(big)).toEqual({ ok: false, error: PDF_DEMASIADO_GRANDE });
  });
});
