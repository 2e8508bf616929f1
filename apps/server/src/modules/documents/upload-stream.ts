import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DOCUMENT_KINDS, HEAD_BYTES, kindOfHead, officeKindOfZip, type DocumentKind } from '@enviro/domain/document-file';
import { HttpError, badRequest } from '../../platform/errors.ts';

/** Bytes per stored piece (document_chunk.data holds at most this many). */
export const CHUNK_BYTES = 256 * 1024;

/** The tail of the file kept to read a zip's directory from: office files keep theirs well under. */
const ZIP_TAIL_BYTES = 1024 * 1024;

export interface ReceivedFile {
  kind: DocumentKind;
  contentType: string;
  bytes: number;
  sha256: string;
}

/**
 * Reads an uploaded file as it arrives and hands it on in pieces of CHUNK_BYTES to `write` (which
 * stores each before the next is read, so a slow database slows the upload instead of filling
 * memory). Holds at most a piece and the last MiB (a zip's directory), never the file. The kind is
 * told from the first bytes, so a program is refused before more of it is read; an office file is
 * confirmed from its zip directory at the end, and a zip bomb refused from its figures there without
 * inflating anything. `isTruncated` tells whether the multipart reader stopped at the size limit.
 */
export async function receiveFile(
  stream: Readable,
  limits: { maxBytes: number; field: string; isTruncated: () => boolean },
  write: (seq: number, piece: Buffer) => Promise<void>,
): Promise<ReceivedFile> {
  const hash = createHash('sha256');
  let piece = Buffer.allocUnsafe(CHUNK_BYTES);
  let filled = 0;
  let seq = 0;
  let bytes = 0;
  let verdict: ReturnType<typeof kindOfHead> | null = null;
  const tail: Buffer[] = [];
  let tailBytes = 0;

  const flush = async () => {
    if (filled === 0) return;
    await write(seq++, piece.subarray(0, filled));
    // The stored piece may still be referenced by the driver's pending query: start a fresh one.
    piece = Buffer.allocUnsafe(CHUNK_BYTES);
    filled = 0;
  };

  for await (const data of stream as AsyncIterable<Buffer>) {
    bytes += data.length;
    if (bytes > limits.maxBytes) throw tooLarge(limits.field, limits.maxBytes);
    hash.update(data);
    tail.push(data);
    tailBytes += data.length;
    while (tailBytes - tail[0]!.length >= ZIP_TAIL_BYTES) tailBytes -= tail.shift()!.length;
    let at = 0;
    while (at < data.length) {
      const n = Math.min(CHUNK_BYTES - filled, data.length - at);
      data.copy(piece, filled, at, at + n);
      filled += n;
      at += n;
      if (verdict === null && (seq > 0 || filled >= HEAD_BYTES)) verdict = judgeHead(piece.subarray(0, filled), limits.field);
      if (filled === CHUNK_BYTES) await flush();
    }
  }
  if (limits.isTruncated()) throw tooLarge(limits.field, limits.maxBytes);
  verdict ??= judgeHead(piece.subarray(0, filled), limits.field);
  let kind: DocumentKind;
  if ('zip' in verdict) {
    const office = officeKindOfZip(Buffer.concat(tail, tailBytes), bytes);
    if ('refused' in office) throw badRequest(limits.field, office.refused);
    kind = office.kind;
  } else kind = (verdict as { kind: DocumentKind }).kind;
  await flush();
  return { kind, contentType: DOCUMENT_KINDS[kind].contentType, bytes, sha256: hash.digest('hex') };
}

function judgeHead(head: Buffer, field: string) {
  const verdict = kindOfHead(head.subarray(0, HEAD_BYTES));
  if ('refused' in verdict) throw badRequest(field, verdict.refused);
  return verdict;
}

export const tooLarge = (field: string, maxBytes: number) =>
  new HttpError(413, `${field}: larger than ${Math.round(maxBytes / 1024 / 1024)} MiB, the most a document may be`, field);
