/**
 * The capture time burnt into the simulated cameras' picture for machines (the glass-to-glass
 * latency bench): the top-left 512 × 16 pixels are 32 blocks of 16 × 16, black or white, the bits of
 * the wall-clock milliseconds when the frame was made, modulo 2^32, most significant bit first.
 * Blocks this large survive H.264 at any quality a camera uses.
 *
 * ffmpeg: the frames are stamped with the wall clock (`setpts=RTCTIME/1000` on a 1 ms time base),
 * a 512 × 16 copy of the frame's top-left corner is painted by `geq` from its time `T`, and laid
 * back over the frame; the caller then gives the frames regular timestamps again.
 */
export const CLOCK_STRIP = { bits: 32, block: 16 } as const;

export const CLOCK_STRIP_FILTER =
  "settb=1/1000,setpts='RTCTIME/1000',split[clk_a][clk_b];" +
  `[clk_b]crop=${CLOCK_STRIP.bits * CLOCK_STRIP.block}:${CLOCK_STRIP.block}:0:0,` +
  `geq=lum='if(eq(mod(floor(T*1000/pow(2,${CLOCK_STRIP.bits - 1}-floor(X/${CLOCK_STRIP.block}))),2),1),235,16)':cb=128:cr=128[clk_code];` +
  '[clk_a][clk_code]overlay=0:0';

/** The pixel at the middle of each block, most significant bit first: where a reader samples the strip. */
export const clockStripCentres = (): { x: number; y: number }[] =>
  Array.from({ length: CLOCK_STRIP.bits }, (_, i) => ({ x: i * CLOCK_STRIP.block + CLOCK_STRIP.block / 2, y: CLOCK_STRIP.block / 2 }));

/** The milliseconds (mod 2^32) a frame carries, from the brightness (0–255) at its blocks' middles. */
export function decodeClockStrip(centres: readonly number[]): number {
  return centres.reduce((value, luma) => value * 2 + (luma > 128 ? 1 : 0), 0);
}

/** How far `nowMs` is after a frame's `stripMs` (both mod 2^32), in ms. */
export const msSinceStrip = (nowMs: number, stripMs: number) => ((nowMs % 2 ** 32) - stripMs + 2 ** 32) % 2 ** 32;
