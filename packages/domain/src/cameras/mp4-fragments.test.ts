import { describe, expect, it } from 'vitest';
import { boxTypes, Mp4Fragmenter, startsOnKeyframe, wallPageAt, wallPages } from './mp4-fragments.ts';

const box = (type: string, body = 4) => {
  const b = new Uint8Array(8 + body);
  new DataView(b.buffer).setUint32(0, 8 + body);
  b.set([...type].map((c) => c.charCodeAt(0)), 4);
  b.fill(type.charCodeAt(0), 8);
  return b;
};

describe('Mp4Fragmenter', () => {
  it('gives the init segment once, then one piece per moof+mdat, however the bytes are cut', () => {
    const stream = [box('ftyp'), box('moov', 40), box('moof', 12), box('mdat', 100), box('moof', 12), box('mdat', 7)];
    const all = Uint8Array.from(stream.flatMap((b) => [...b]));
    for (const cut of [1, 5, 13, all.length]) {
      const f = new Mp4Fragmenter();
      const pieces = [];
      for (let i = 0; i < all.length; i += cut) pieces.push(...f.push(all.subarray(i, i + cut)));
      expect(pieces.map((p) => [p.kind, boxTypes(p.bytes)])).toEqual([
        ['init', ['ftyp', 'moov']],
        ['fragment', ['moof', 'mdat']],
        ['fragment', ['moof', 'mdat']],
      ]);
      expect(pieces.reduce((n, p) => n + p.bytes.length, 0)).toBe(all.length);
    }
  });

  it("tells a fragment that opens a GOP (trun's first-sample flags) from one that goes on (tfhd's default flags)", () => {
    const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
    const raw = (type: string, body: number[]) => [...u32(8 + body.length), ...[...type].map((c) => c.charCodeAt(0)), ...body];
    // tfhd: default-base-is-moof, default duration, size and flags (non-sync); trun: data offset, and first-sample flags (an I frame) on the first.
    const tfhd = raw('tfhd', [...u32(0x20038), ...u32(1), ...u32(6000), ...u32(900), ...u32(0x1010000)]);
    const opening = Uint8Array.from(raw('moof', raw('traf', [...tfhd, ...raw('trun', [...u32(0x205), ...u32(4), ...u32(120), ...u32(0x2000000)])])));
    const going = Uint8Array.from(raw('moof', raw('traf', [...tfhd, ...raw('trun', [...u32(0x201), ...u32(4), ...u32(116)])])));
    expect([startsOnKeyframe(opening), startsOnKeyframe(going), startsOnKeyframe(box('moof', 12))]).toEqual([true, false, true]);
  });

  it('refuses bytes that are no MP4 boxes', () => {
    expect(() => new Mp4Fragmenter().push(new Uint8Array([0, 0, 0, 3, 1, 2, 3, 4]))).toThrow(/not a fragmented MP4/);
  });
});

describe('wall pages', () => {
  it('cuts a playlist into pages of the layout and turns them every interval', () => {
    expect(wallPages([1, 2, 3, 4, 5, 6], 4)).toEqual([[1, 2, 3, 4], [5, 6]]);
    expect(wallPages([1, 2], 1)).toEqual([[1], [2]]);
    expect([0, 9_999, 10_000, 20_000, 30_000].map((t) => wallPageAt(3, 10, 0, t))).toEqual([0, 0, 1, 2, 0]);
    expect(wallPageAt(1, 10, 0, 50_000)).toBe(0);
  });
});
