/**
 * A minimal but valid one-page PDF (Helvetica, WinAnsi): a title and lines of text. The demo's documents (the
 * sociedades' tax-status certificates, the seed's files) and the printed representation of a test CFDI use it; any
 * PDF viewer opens it and the portal's own PDF checks accept it. No dependency; characters outside latin-1 print
 * as '?'.
 */
export interface SimplePdfLayout {
  /** Font sizes of the title and of the lines. */
  titleSize: number;
  lineSize: number;
  /** Distance between lines, and where the title starts (points from the bottom-left corner of an A4 page). */
  lineGap: number;
  x: number;
  y: number;
}

const escapePdf = (text: string) => text.replace(/\\/g, "\\\\").replace(/\(/g, "\\(").replace(/\)/g, "\\)");

function toLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[i] = code <= 0xff ? code : 0x3f;
  }
  return bytes;
}

export function simplePdf(title: string, lines: readonly string[], layout: SimplePdfLayout): Uint8Array {
  const body = [
    "BT",
    `/F1 ${layout.titleSize} Tf`,
    `${layout.x} ${layout.y} Td`,
    `(${escapePdf(title)}) Tj`,
    `/F1 ${layout.lineSize} Tf`,
    ...lines.flatMap((line) => [`0 -${layout.lineGap} Td`, `(${escapePdf(line)}) Tj`]),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
  ];
  let out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return toLatin1(out);
}
