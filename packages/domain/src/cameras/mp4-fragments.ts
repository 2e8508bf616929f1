/**
 * Splits a fragmented MP4 byte stream (ffmpeg's `-movflags frag_keyframe+empty_moov`, with
 * `-frag_duration` cutting each GOP into short fragments) into its initialization segment (`ftyp` +
 * `moov`) and its media fragments (`moof` + `mdat`), each telling whether it starts on a keyframe, so
 * a viewer who joins a running stream gets the init segment then whole fragments from the latest
 * keyframe on (docs/CAMERAS.md "Stream transport"). Boxes are length-prefixed: 4 bytes big-endian size (1: a
 * 64-bit size follows the type), 4 bytes type.
 */
export type Mp4Piece = { kind: 'init'; bytes: Uint8Array } | { kind: 'fragment'; bytes: Uint8Array; keyframe: boolean };

export class Mp4Fragmenter {
  private buffer: Uint8Array = new Uint8Array(0);
  private init: Uint8Array[] | null = [];
  private fragment: Uint8Array[] = [];

  /** Feeds bytes; returns the init segment and the fragments they complete, in order. */
  push(chunk: Uint8Array): Mp4Piece[] {
    this.buffer = concat([this.buffer, chunk]);
    const out: Mp4Piece[] = [];
    for (;;) {
      const box = nextBox(this.buffer);
      if (!box) break;
      const bytes = this.buffer.subarray(0, box.size);
      this.buffer = this.buffer.slice(box.size);
      if (this.init !== null) {
        if (box.type === 'moof') {
          out.push({ kind: 'init', bytes: concat(this.init) });
          this.init = null;
          this.fragment = [bytes];
        } else {
          this.init.push(bytes);
        }
        continue;
      }
      this.fragment.push(bytes);
      if (box.type === 'mdat') {
        const fragment = concat(this.fragment);
        out.push({ kind: 'fragment', bytes: fragment, keyframe: startsOnKeyframe(fragment) });
        this.fragment = [];
      }
    }
    return out;
  }
}

/** The box at the start of `buf` when it is complete; throws on a size no MP4 box has. */
function nextBox(buf: Uint8Array): { type: string; size: number } | null {
  if (buf.length < 8) return null;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let size = view.getUint32(0);
  const type = String.fromCharCode(buf[4]!, buf[5]!, buf[6]!, buf[7]!);
  if (size === 1) {
    if (buf.length < 16) return null;
    size = Number(view.getBigUint64(8));
  }
  if (size < 8) throw new Error(`not a fragmented MP4 stream: box '${type}' of ${size} bytes`);
  return buf.length >= size ? { type, size } : null;
}

const NON_SYNC = 0x10000;

/**
 * Whether the fragment's first sample is a sync sample (a keyframe): the `trun` box's first-sample
 * flags when it has them (ffmpeg writes them on the fragment that opens a GOP), else the `tfhd`
 * default sample flags; a fragment that says neither is taken as one (a stream cut on keyframes only).
 */
export function startsOnKeyframe(fragment: Uint8Array): boolean {
  const view = new DataView(fragment.buffer, fragment.byteOffset, fragment.byteLength);
  const trun = findType(fragment, 'trun');
  if (trun >= 0 && trun + 12 <= fragment.length) {
    const flags = view.getUint32(trun + 4) & 0xffffff;
    if (flags & 0x4) return (view.getUint32(trun + 12 + (flags & 0x1 ? 4 : 0)) & NON_SYNC) === 0;
  }
  const tfhd = findType(fragment, 'tfhd');
  if (tfhd >= 0) {
    const flags = view.getUint32(tfhd + 4) & 0xffffff;
    if (flags & 0x20) {
      // After the track id: base data offset (8), sample description index (4), default duration (4), default size (4), when present.
      const at = tfhd + 12 + (flags & 0x1 ? 8 : 0) + (flags & 0x2 ? 4 : 0) + (flags & 0x8 ? 4 : 0) + (flags & 0x10 ? 4 : 0);
      if (at + 4 <= fragment.length) return (view.getUint32(at) & NON_SYNC) === 0;
    }
  }
  return true;
}

/** Offset of the type field's end of the first box of `type` (its version and flags follow), or -1. */
function findType(bytes: Uint8Array, type: string): number {
  const codes = [...type].map((c) => c.charCodeAt(0));
  for (let i = 4; i + 4 <= bytes.length; i++) {
    if (bytes[i] === codes[0] && bytes[i + 1] === codes[1] && bytes[i + 2] === codes[2] && bytes[i + 3] === codes[3]) return i;
  }
  return -1;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The type of the box at the start of `bytes` (for tests and checks). */
export function boxTypes(bytes: Uint8Array): string[] {
  const types: string[] = [];
  let rest = bytes;
  for (;;) {
    const box = nextBox(rest);
    if (!box) return types;
    types.push(box.type);
    rest = rest.subarray(box.size);
  }
}

/** Wall pages of a playlist: its cameras cut into pages of `layout` tiles, in order. */
export function wallPages<T>(cameras: readonly T[], layout: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < cameras.length; i += layout) pages.push(cameras.slice(i, i + layout));
  return pages;
}

/** The page shown at `now` when the wall turns every `intervalSeconds` from `startedAt`. */
export function wallPageAt(pageCount: number, intervalSeconds: number, startedAt: number, now: number): number {
  if (pageCount <= 1) return 0;
  const turns = Math.floor(Math.max(0, now - startedAt) / (intervalSeconds * 1000));
  return turns % pageCount;
}
