/**
 * What an uploaded document is, told by its bytes and never by its name or declared type (both are
 * the uploader's to choose), and the name it is kept under. Pure: the server feeds it the first
 * bytes and the tail of a stream it never holds whole.
 */

/** The kinds of file a document may be. */
export const DOCUMENT_KINDS = {
  pdf: { contentType: 'application/pdf', extension: 'pdf', label: 'PDF' },
  png: { contentType: 'image/png', extension: 'png', label: 'PNG image' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg', label: 'JPEG image' },
  gif: { contentType: 'image/gif', extension: 'gif', label: 'GIF image' },
  webp: { contentType: 'image/webp', extension: 'webp', label: 'WebP image' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx', label: 'Word document' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', label: 'Excel workbook' },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx', label: 'PowerPoint presentation' },
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** Bytes of the head a kind is told from. */
export const HEAD_BYTES = 16;

/** What the head says: a kind, an office file to confirm from its zip directory, or a refusal. */
export type HeadVerdict = { kind: Exclude<DocumentKind, 'docx' | 'xlsx' | 'pptx'> } | { zip: true } | { refused: string };

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The kind of file its first HEAD_BYTES bytes (fewer for a tiny file) say it is. */
export function kindOfHead(head: Uint8Array): HeadVerdict {
  if (head.length === 0) return { refused: 'the file is empty' };
  if (startsWith(head, ascii('%PDF-'))) return { kind: 'pdf' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'jpeg' };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return { kind: 'gif' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { kind: 'webp' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { zip: true };
  if (startsWith(head, ascii('MZ'))) return { refused: 'a Windows program (.exe or .dll), whatever its name says; only PDF, images (PNG, JPEG, GIF, WebP) and Word, Excel or PowerPoint files are kept' };
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) || startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]))
    return { refused: 'a program, whatever its name says; only PDF, images (PNG, JPEG, GIF, WebP) and Word, Excel or PowerPoint files are kept' };
  if (startsWith(head, ascii('#!'))) return { refused: 'a script, whatever its name says; only PDF, images (PNG, JPEG, GIF, WebP) and Word, Excel or PowerPoint files are kept' };
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { refused: 'an old-format Office file (.doc, .xls, .ppt), which can carry macros; save it as .docx, .xlsx, .pptx or PDF' };
  return { refused: 'not a PDF, an image (PNG, JPEG, GIF, WebP) or a Word, Excel or PowerPoint file' };
}

/** Bounds of a zip's directory an office file must keep within (an office file is a zip). */
export const ZIP_LIMITS = {
  /** Entries in the directory: a large workbook has a few hundred. */
  maxEntries: 5000,
  /** What all entries expand to. */
  maxTotalUncompressed: 512 * 1024 * 1024,
  /** How many times an entry may expand; XML compresses about 10:1, a bomb 1000:1 and more. */
  maxRatio: 200,
  /** Entries smaller than this expand as they like (a tiny file of repeated spaces is no threat). */
  ratioFloor: 1024 * 1024,
} as const;

/**
 * The office kind of a zip, read from its central directory in `tail` (the file's last bytes,
 * `total` bytes in all), or why it is refused: a directory outside the tail, zip64, too many
 * entries, an entry expanding beyond the ratio or all beyond the total (a zip bomb), or a zip that is
 * no Word, Excel or PowerPoint file. Reads only the directory, never inflates anything.
 */
export function officeKindOfZip(tail: Uint8Array, total: number): { kind: 'docx' | 'xlsx' | 'pptx' } | { refused: string } {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  // The end-of-directory record is the last 22 bytes, before a comment of up to 65535.
  let eocd = -1;
  for (let at = tail.length - 22; at >= Math.max(0, tail.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return { refused: 'a damaged zip (no directory at its end)' };
  const entries = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) return { refused: 'a zip64 archive, which no office file needs' };
  if (entries > ZIP_LIMITS.maxEntries) return { refused: `a zip of ${entries} entries (at most ${ZIP_LIMITS.maxEntries})` };
  const tailStart = total - tail.length;
  const dirAt = dirOffset - tailStart;
  if (dirAt < 0 || dirAt + dirSize > eocd) return { refused: 'a zip whose directory is too large or not where its end says' };
  let at = dirAt;
  let expanded = 0;
  const names = new Set<string>();
  for (let i = 0; i < entries; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== 0x02014b50) return { refused: 'a damaged zip directory' };
    const compressed = view.getUint32(at + 20, true);
    const uncompressed = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > eocd) return { refused: 'a damaged zip directory' };
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return { refused: 'a zip64 archive, which no office file needs' };
    if (uncompressed > ZIP_LIMITS.ratioFloor && uncompressed > Math.max(compressed, 1) * ZIP_LIMITS.maxRatio)
      return { refused: `a zip bomb: an entry expands ${Math.round(uncompressed / Math.max(compressed, 1))} times (at most ${ZIP_LIMITS.maxRatio})` };
    expanded += uncompressed;
    if (expanded > ZIP_LIMITS.maxTotalUncompressed) return { refused: `a zip bomb: its entries expand to more than ${ZIP_LIMITS.maxTotalUncompressed / 1024 / 1024} MiB` };
    names.add(new TextDecoder().decode(tail.subarray(at + 46, at + 46 + nameLength)));
    at = next;
  }
  if (!names.has('[Content_Types].xml')) return { refused: 'a zip archive, not a Word, Excel or PowerPoint file' };
  if (names.has('word/document.xml')) return { kind: 'docx' };
  if (names.has('xl/workbook.xml')) return { kind: 'xlsx' };
  if (names.has('ppt/presentation.xml')) return { kind: 'pptx' };
  return { refused: 'an Office Open XML package that is not a Word, Excel or PowerPoint file' };
}

/** Longest name a document is kept under. */
export const MAX_FILE_NAME = 120;

/**
 * The name a file is kept and offered for download under: the last part of what the browser sent
 * (some send a whole Windows path), without control characters or characters file systems refuse,
 * spaces collapsed, at most MAX_FILE_NAME characters, and ending in the extension of what the file
 * is, so 'report.exe' that is a PDF downloads as 'report.exe.pdf', never as a program.
 */
export function cleanFileName(raw: string, kind: DocumentKind): string {
  const extension = DOCUMENT_KINDS[kind].extension;
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = cleaned.lastIndexOf('.');
  const given = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const sameKind = given === extension || (kind === 'jpeg' && given === 'jpeg');
  const stem = (sameKind ? cleaned.slice(0, dot) : cleaned) || 'document';
  const ext = sameKind ? given : extension;
  return `${[...stem].slice(0, MAX_FILE_NAME - ext.length - 1).join('').trim()}.${ext}`;
}
