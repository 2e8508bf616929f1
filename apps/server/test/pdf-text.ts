import { inflateSync } from 'node:zlib';
import { paintPng } from '../src/demo/demo-logo.ts';

/**
 * The text of a PDF as pdfkit writes it: every content stream inflated, each TJ/Tj operator's
 * hex strings decoded (WinAnsi, the standard fonts' encoding) and joined, one operator a line.
 * Enough to read what a report printed without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const start = /stream\r?\n/g;
  for (let m = start.exec(raw); m; m = start.exec(raw)) {
    const end = raw.indexOf('endstream', m.index);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(m.index + m[0].length, end)).toString('latin1');
    } catch {
      continue; // an image or font stream
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

/** The images a PDF holds: width and height of each image XObject. */
export function pdfImages(pdf: Buffer): { width: number; height: number }[] {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map((m) => ({
    width: Number(/\/Width (\d+)/.exec(m[0])?.[1]),
    height: Number(/\/Height (\d+)/.exec(m[0])?.[1]),
  }));
}

/** A small valid PNG (8-bit RGB) of `width` × `height`. */
export const tinyPng = (width: number, height: number) => paintPng(width, height, (x) => 0x1e6b52 + x * 0x100);
