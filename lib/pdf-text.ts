import { inflateSync } from "node:zlib";

/* For tests (the receipt's service test and the Payments e2e): what a receipt PDF says. */

/**
 * The text a PDF draws: every content stream (inflated when compressed), its string operands
 * of Tj, hex (<...>) or literal ((...)), in order. Enough for pdf-lib's single-font pages.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)(\r?)\nendstream/g)) {
    let content = m[1]!;
    // A compressed stream whose last byte happens to be \r reads as the \r\n before "endstream":
    // the bytes with that \r are tried too (else such a PDF, one in 256, read as no text at all).
    for (const bytes of m[2] ? [content + m[2], content] : [content]) {
      try {
        content = inflateSync(Buffer.from(bytes, "latin1")).toString("latin1");
        break;
      } catch {
        // not compressed, or not these bytes
      }
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g))
      out.push(t[1] !== undefined ? Buffer.from(t[1], "hex").toString("latin1") : t[2]!);
  }
  return out.join("\n");
}
