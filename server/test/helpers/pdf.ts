import { expect } from 'vitest';

/** The text of a PDF made with uncompressed content streams: the strings each text operator shows, one per line. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const decode = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    if (m[2] !== undefined) lines.push(decode(m[2]));
    else lines.push([...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1]!)).join(''));
  }
  return lines.join('\n');
}

/** Fails unless a document's `text` holds each of `lines`, and none of `absent`. */
export function expectLines(text: string, lines: string[], absent: string[] = []): void {
  for (const line of lines) expect(text).toContain(line);
  for (const line of absent) expect(text).not.toContain(line);
}
