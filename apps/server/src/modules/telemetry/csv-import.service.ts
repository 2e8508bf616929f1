import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { DatabaseHandle, Db } from '../../platform/database/database.ts';
import { PartitionKeeper } from '../../platform/database/partitions.ts';
import { badRequest } from '../../platform/errors.ts';
import { DeviceProfileRepository, type DeviceProfile } from './device-profile.repository.ts';
import { ReadingsRepository } from './readings.repository.ts';
import type { ReadingRow } from './telemetry-parser.ts';
import { parseCsvRow, splitCsvLine, type CsvColumn } from './csv-row.ts';

export interface CsvRefusal {
  /** 1-based line number in the file. */
  line: number;
  reason: string;
}

export interface CsvImportResult {
  /** Rows stored (a row already stored with the same values counts, and changes nothing). */
  accepted: number;
  /** Rows that were new or added values to a stored row. */
  changed: number;
  /** Refused rows, the first MAX_LISTED_REFUSALS of them. */
  refused: CsvRefusal[];
  /** All refused rows, also those past the listed ones. */
  refusedCount: number;
}

/** A file of garbage must not build a garbage report of the same size. */
export const MAX_LISTED_REFUSALS = 1000;
/** Rows per transaction: big enough for COPY to pay off, small enough to keep memory flat. */
const BATCH_ROWS = 10_000;

/** The device an import writes to, named by id or by access token. */
export type ImportTarget = { deviceId: number } | { accessToken: string };

/** The ingestion profile of the target device; 'device' or 'token' named when unknown. */
export async function findImportDevice(db: Db, target: ImportTarget): Promise<DeviceProfile> {
  const profiles = new DeviceProfileRepository(db);
  if ('accessToken' in target) {
    const profile = await profiles.findByToken(target.accessToken);
    if (!profile) throw badRequest('token', 'no device has this access token');
    return profile;
  }
  const accessToken = await profiles.accessTokenOf(target.deviceId);
  const profile = accessToken !== undefined && (await profiles.findByToken(accessToken));
  if (!profile) throw badRequest('device', `no device ${target.deviceId}`);
  return profile;
}

/**
 * Imports historical readings from CSV (`ts,<param>,<param>...`; ts ISO 8601 with offset or epoch
 * ms; an empty cell is not reported). The file is streamed and written in batches through the same
 * statement as live ingestion, so merging, rollup marks, latest values and alerts behave alike and a
 * re-import changes nothing. Bad rows are refused with their line number; good ones are stored.
 */
export async function importReadingsCsv(
  database: DatabaseHandle,
  device: DeviceProfile,
  input: Readable,
  nowMs = Date.now(),
): Promise<CsvImportResult> {
  const result: CsvImportResult = { accepted: 0, changed: 0, refused: [], refusedCount: 0 };
  const refuse = (line: number, reason: string) => {
    result.refusedCount++;
    if (result.refused.length < MAX_LISTED_REFUSALS) result.refused.push({ line, reason });
  };
  const partitions = new PartitionKeeper(database.pool);
  const readings = new ReadingsRepository(database);
  let columns: CsvColumn[] | undefined;
  let batch = new Batch();
  let lineNo = 0;
  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    lineNo++;
    const line = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    const cells = splitCsvLine(line);
    if (!Array.isArray(cells)) {
      if (!columns) throw badRequest('header', cells.error);
      refuse(lineNo, cells.error);
      continue;
    }
    if (!columns) {
      columns = headerColumns(cells, device);
      continue;
    }
    const row = parseCsvRow(cells, columns, device.width, nowMs);
    if (typeof row === 'string') {
      refuse(lineNo, row);
      continue;
    }
    const conflict = batch.add(row.ms, row.values, lineNo);
    if (conflict) {
      refuse(lineNo, conflict);
      continue;
    }
    result.accepted++;
    if (batch.size >= BATCH_ROWS) {
      result.changed += await batch.commit(readings, device, partitions);
      batch = new Batch();
    }
  }
  if (!columns) throw badRequest('file', 'is empty; expected a header line ts,<param>,...');
  result.changed += await batch.commit(readings, device, partitions);
  return result;
}

/** The parameter columns of a header, which must start with ts and name only the device's parameters. */
function headerColumns(cells: string[], device: DeviceProfile): CsvColumn[] {
  if (cells[0]?.toLowerCase() !== 'ts') throw badRequest('header', `first column must be ts, not ${JSON.stringify(cells[0])}`);
  if (cells.length < 2) throw badRequest('header', 'names no parameter after ts');
  const known = [...device.params.keys()].sort().join(', ');
  const seen = new Set<string>();
  return cells.slice(1).map((name) => {
    const param = device.params.get(name);
    if (!param) throw badRequest('header', `unknown column ${JSON.stringify(name)}; this device's parameters are ${known}`);
    if (seen.has(name)) throw badRequest('header', `column ${name} appears twice`);
    seen.add(name);
    return { name, slot: param.slot };
  });
}

/** Rows of one transaction by instant; two lines for one instant merge unless they disagree. */
class Batch {
  private readonly rows = new Map<number, ReadingRow>();
  private readonly lines = new Map<number, number>();
  private minMs = Infinity;
  private maxMs = -Infinity;

  get size(): number {
    return this.rows.size;
  }

  /** Adds a row, or returns why it conflicts with an earlier line of the same instant. */
  add(ms: number, values: ReadingRow, line: number): string | undefined {
    const held = this.rows.get(ms);
    if (held) {
      const clash = values.findIndex((v, i) => v !== undefined && held[i] !== undefined && held[i] !== v);
      if (clash !== -1) return `same ts as line ${this.lines.get(ms)} with a different value`;
      values.forEach((v, i) => {
        if (v !== undefined) held[i] = v;
      });
      return undefined;
    }
    this.rows.set(ms, values);
    this.lines.set(ms, line);
    this.minMs = Math.min(this.minMs, ms);
    this.maxMs = Math.max(this.maxMs, ms);
    return undefined;
  }

  async commit(readings: ReadingsRepository, device: DeviceProfile, partitions: PartitionKeeper): Promise<number> {
    if (this.rows.size === 0) return 0;
    await partitions.ensure(this.minMs, this.maxMs);
    return readings.commit([{ device, rows: this.rows }]);
  }
}
