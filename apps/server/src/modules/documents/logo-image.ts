import PDFDocument from 'pdfkit';
import { badRequest } from '../../platform/errors.ts';

export type LogoType = 'image/png' | 'image/jpeg';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The kind and size of an uploaded logo, told by its first bytes (a name or a declared type can
 * lie), and decoded once by the PDF library that will print it, so a file that starts right but
 * is broken is refused now rather than failing every report later. 400 naming `field` otherwise.
 */
export function readLogoImage(content: Buffer, field: string): { contentType: LogoType; width: number; height: number } {
  const contentType: LogoType | null = content.subarray(0, 8).equals(PNG) ? 'image/png' : content.subarray(0, 3).equals(JPEG) ? 'image/jpeg' : null;
  if (!contentType) throw badRequest(field, 'not a PNG or JPEG image');
  try {
    // openImage (decode and measure, as image() does before drawing) is in pdfkit but not in its types.
    const doc = new PDFDocument({ autoFirstPage: false }) as unknown as { openImage(src: Buffer): { width: number; height: number } };
    const image = doc.openImage(content);
    return { contentType, width: image.width, height: image.height };
  } catch {
    throw badRequest(field, `a damaged ${contentType === 'image/png' ? 'PNG' : 'JPEG'} image`);
  }
}
