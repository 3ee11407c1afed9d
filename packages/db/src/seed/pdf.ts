import { simplePdf } from "@portal/cfdi";

/**
 * A minimal but valid one-page PDF (Helvetica, WinAnsi) with the given lines, for demo documents such as the
 * sociedades' tax-status certificates. Enough for any PDF viewer; no dependency needed.
 */
export const createSimplePdf = (title: string, lines: string[]): Uint8Array =>
  simplePdf(title, lines, { titleSize: 16, lineSize: 11, lineGap: 20, x: 56, y: 780 });
