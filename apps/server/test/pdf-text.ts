import { crc32, deflateSync, inflateSync } from 'node:zlib';

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

/** A small valid PNG (8-bit RGB) of `width` × `height`, made here so tests need no image files. */
export function tinyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc(height * (1 + 3 * width));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.writeUIntBE(0x1e6b52 + x * 0x100, y * (1 + 3 * width) + 1 + 3 * x, 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
