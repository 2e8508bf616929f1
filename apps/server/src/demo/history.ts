import { inOutage, signalValue, type SeriesSignal } from './signal.ts';

const MINUTE_MS = 60_000;
/** Characters per chunk handed to COPY: large enough to amortise stream overhead. */
const CHUNK_CHARS = 1 << 18;

/** A provisioned demo device and the signals of its slots (index 0 is slot 1). */
export interface HistoryDevice {
  tenantId: number;
  deviceId: number;
  serial: string;
  series: SeriesSignal[];
  /** Last instant (ms) the device reports; later minutes are silent. */
  untilMs: number;
}

/** One reading row's values at an instant, or undefined when the device is silent then. */
export function rowValues(device: Pick<HistoryDevice, 'serial' | 'series'>, ms: number): (number | null)[] | undefined {
  if (inOutage(device.serial, ms)) return undefined;
  const vals = device.series.map((s) => signalValue(s, ms));
  return vals.some((v) => v !== null) ? vals : undefined;
}

/**
 * The 1-minute history of devices over [fromMs, toMs] as COPY text lines
 * (`tenant_id \t device_id \t ts \t {v1,v2,NULL}`), in chunks; counts rows into `counter`.
 */
export function* historyCopyText(
  devices: HistoryDevice[],
  fromMs: number,
  toMs: number,
  counter: { rows: number },
): Generator<string> {
  let chunk = '';
  for (const d of devices) {
    const prefix = `${d.tenantId}\t${d.deviceId}\t`;
    const end = Math.min(toMs, d.untilMs);
    for (let ms = fromMs; ms <= end; ms += MINUTE_MS) {
      const vals = rowValues(d, ms);
      if (!vals) continue;
      chunk += `${prefix}${new Date(ms).toISOString()}\t{${vals.map((v) => (v === null ? 'NULL' : v)).join(',')}}\n`;
      counter.rows += 1;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}
