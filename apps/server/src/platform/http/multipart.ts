import { HttpError } from '../errors.ts';

/** A part of a `multipart/form-data` body: a text field, or a file when it names a file name. */
export interface FormPart {
  name: string;
  fileName: string | null;
  contentType: string | null;
  content: Buffer;
}

/** Most parts a form may hold; an upload form has a handful. */
const MAX_PARTS = 20;

/**
 * Splits a buffered `multipart/form-data` body (RFC 7578) into its parts. The route's body limit
 * bounds the buffer; a body that is not well-formed answers 400 naming the body.
 */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2]?.trim();
  if (!boundary) throw bad('multipart/form-data without a boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw bad('no part found');
  for (;;) {
    at += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    if (body[at] === 0x0d && body[at + 1] === 0x0a) at += 2;
    else throw bad('a boundary not followed by a line end');
    const headerEnd = body.indexOf('\r\n\r\n', at);
    if (headerEnd < 0) throw bad('a part without headers');
    const headers = body.subarray(at, headerEnd).toString('utf8').split('\r\n');
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) throw bad('a part not closed by the boundary');
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw bad('a part without a name');
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    const type = headers.find((h) => /^content-type:/i.test(h))?.replace(/^content-type:\s*/i, '').trim() ?? null;
    parts.push({ name, fileName, contentType: type, content: body.subarray(headerEnd + 4, next) });
    if (parts.length > MAX_PARTS) throw bad(`more than ${MAX_PARTS} parts`);
    at = next + 2;
  }
}

const bad = (message: string) => new HttpError(400, `body: ${message}`, 'body');
