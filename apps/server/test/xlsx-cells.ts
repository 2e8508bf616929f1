import { inflateRawSync } from 'node:zlib';

/**
 * The files of a zip archive by name, read through its central directory (stored or deflated
 * entries, as an .xlsx workbook holds them). Enough to read a workbook back without a library.
 */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip archive');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    out.set(name, method === 0 ? raw : inflateRawSync(raw));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The first sheet of an .xlsx workbook as rows of cell texts (shared and inline strings, numbers), in order. */
export function xlsxRows(workbook: Buffer): string[][] {
  const files = unzip(workbook);
  const shared = [...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => unescape([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  const sheetName = [...files.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort()[0];
  const sheet = files.get(sheetName!)!.toString('utf8');
  return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[1]!.matchAll(/<c([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((c) => {
      const attrs = c[1]!;
      const body = c[2] ?? '';
      if (/t="s"/.test(attrs)) return shared[Number(/<v>([^<]*)<\/v>/.exec(body)?.[1])] ?? '';
      if (/t="inlineStr"/.test(attrs)) return unescape([...body.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join(''));
      return unescape(/<v>([^<]*)<\/v>/.exec(body)?.[1] ?? '');
    }),
  );
}
