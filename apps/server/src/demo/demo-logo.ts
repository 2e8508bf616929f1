import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG (8-bit RGB) of `width` × `height` painted by `colour(x, y)` (0xRRGGBB), made in code so the
 * demo (and the tests) need no image files.
 */
export function paintPng(width: number, height: number, colour: (x: number, y: number) => number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const stride = 1 + 3 * width; // each row starts with its filter byte (0: none)
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.writeUIntBE(colour(x, y), y * stride + 1 + 3 * x, 3);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** The demo industry's letterhead logo: a green band with a chimney and its plume. */
export function demoLogo(): Buffer {
  return paintPng(192, 64, (x, y) => {
    if (x >= 24 && x < 36 && y >= 20) return 0x37474f; // chimney
    if ((x - 44) ** 2 / 3 + (y - 14) ** 2 < 90) return 0xb0bec5; // plume
    return y > 52 ? 0x1b5e20 : 0xe8f5e9;
  });
}
