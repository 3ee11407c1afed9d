/**
 * A minimal but valid one-page PDF (Helvetica, WinAnsi) with the given lines, for demo documents such as the
 * sociedades' tax-status certificates. Enough for any PDF viewer; no dependency needed.
 */
export function createSimplePdf(title: string, lines: string[]): Uint8Array {
  const escapePdf = (text: string) => text.replace(/\\/g, "\\\\").replace(/\(/g, "\\(").replace(/\)/g, "\\)");
  const body = [
    "BT",
    "/F1 16 Tf",
    "56 780 Td",
    `(${escapePdf(title)}) Tj`,
    "/F1 11 Tf",
    ...lines.flatMap((line) => ["0 -20 Td", `(${escapePdf(line)}) Tj`]),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${latin1Length(body)} >>\nstream\n${body}\nendstream`,
  ];
  let out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(latin1Length(out));
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefAt = latin1Length(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return toLatin1(out);
}

const latin1Length = (text: string) => text.length;

function toLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[i] = code <= 0xff ? code : 0x3f; // '?' for characters outside WinAnsi/latin1
  }
  return bytes;
}
