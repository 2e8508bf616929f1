import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { OPEN_DATA_LICENCE } from '@enviro/contracts/open-data';
import { csvCell } from '@enviro/domain/csv';
import { addDays, DEFAULT_TIME_ZONE, isoInZone } from '@enviro/domain/time-zone';
import type { Db } from '../../platform/database/database.ts';
import type { CatalogCache } from '../data/catalog.ts';
import { SlotChangeFeed } from '../data/slot-changes.service.ts';
import { BulkFilesRepository, type FileChangeRow, type FileRow } from './bulk-files.repository.ts';
import type { OpenDataService, StationMonth } from './open-data.service.ts';
import type { PublicationService } from './publication.service.ts';

/** The closed-slot feed's consumer that keeps the files in step (121_open_data_files.sql). */
const OPEN_DATA_CONSUMER = 'open-data';
/** A month is made again this long after its first change: a month changing all day is made once an hour at most. */
const REMAKE_DELAY_MS = 60 * 60_000;
/**
 * Months a board that begins publishing gets files for at once (the current one and the one before);
 * older months get theirs when a late reading or correction touches them.
 */
const SEEDED_MONTHS = 2;
const LEASE_MS = 10 * 60_000;
/** Device months one server takes in a pass (a board beginning to publish queues two a device). */
const TAKEN = 100;
/** Stations whose month is read in one trend request. */
const STATIONS_A_READ = 25;
/** Reads at once: their statements overlap and gzip runs on the thread pool, so two cores stay busy. */
const PARALLEL = 3;

const gzipped = promisify(gzip);

const csvLine = (cells: readonly (string | number | null)[]) => cells.map(csvCell).join(',');
const HEADER = ['station_id', 'station', 'industry', 'board', 'parameter', 'unit', 'time', 'value', 'quarters_expected', 'quarters_observed', 'coverage_percent', 'quality'];

/**
 * The bulk files (issue 37): one CSV.gz per published station and IST month, made from the same
 * 15-minute values as the series route, with the licence and attribution in its first lines. The
 * closed-slot feed marks a device's month stale when a late reading or a correction changes one of
 * its slots; the worker makes the month's files again within the hour and logs the change when the
 * content moved. State and leases are in PostgreSQL, so any server may do the work.
 */
export class BulkFilesService {
  private readonly files: BulkFilesRepository;
  private readonly feed: SlotChangeFeed;

  constructor(
    db: Db,
    private readonly publication: PublicationService,
    private readonly open: OpenDataService,
    private readonly catalogs: CatalogCache,
    private readonly now: () => number = Date.now,
  ) {
    this.files = new BulkFilesRepository(db);
    this.feed = new SlotChangeFeed(db);
  }

  /** Marks the months of up to `limit` changed slots stale; answers how many were taken. */
  consume(limit = 5000): Promise<number> {
    return this.feed.consume(OPEN_DATA_CONSUMER, limit, (trx, slots) => this.files.in(trx).markSlots(slots, REMAKE_DELAY_MS));
  }

  /** Queues the last months of every device of the industries of boards that began publishing. */
  async seedBoards(): Promise<void> {
    const boards = await this.files.unseededBoards();
    if (boards.length === 0) return;
    const scope = await this.publication.scope();
    const today = isoInZone(this.now(), DEFAULT_TIME_ZONE).slice(0, 10);
    const months = Array.from({ length: SEEDED_MONTHS }, (_, i) => monthsBack(today, i));
    for (const boardId of boards) {
      const board = scope.boards.find((b) => b.board.id === boardId);
      if (board) {
        const snapshot = await this.catalogs.read(board.auth.tenantIds);
        const rows = [];
        for (const catalog of snapshot.tenants.values()) {
          const devices = new Set([...catalog.seriesByKey.values()].map((s) => s.device_id));
          for (const deviceId of devices) for (const month of months) rows.push({ tenantId: catalog.tenantId, deviceId, month });
        }
        await this.files.markMonths(rows);
      }
      await this.files.seeded(boardId);
    }
  }

  /**
   * Makes the files of up to `taken` due device months (each leased, so other servers take others):
   * the stations those devices served, a month's stations read together (STATIONS_A_READ a trend
   * request, PARALLEL requests at once); answers how many were taken.
   */
  async makeDue(taken = TAKEN): Promise<number> {
    const due = await this.files.takeMany(new Date(this.now()), LEASE_MS, taken);
    if (due.length === 0) return 0;
    const snapshot = await this.catalogs.read([...new Set(due.map((d) => d.tenant_id))]);
    // Per month, the stations whose file is made again and their industry.
    const byMonth = new Map<string, Map<number, number>>();
    for (const stale of due) {
      const catalog = snapshot.tenants.get(stale.tenant_id);
      const stations = byMonth.get(stale.month) ?? new Map<number, number>();
      byMonth.set(stale.month, stations);
      for (const list of [...(catalog?.seriesByEntity.values() ?? []), ...(catalog?.pastSeriesByEntity.values() ?? [])]) {
        for (const s of list) if (s.device_id === stale.device_id) stations.set(Number(s.entity_id), stale.tenant_id);
      }
    }
    const reads: { month: string; stations: [number, number][] }[] = [];
    for (const [month, stations] of byMonth) {
      const list = [...stations].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      for (let i = 0; i < list.length; i += STATIONS_A_READ) reads.push({ month, stations: list.slice(i, i + STATIONS_A_READ) });
    }
    let next = 0;
    const lane = async () => {
      for (let read = reads[next++]; read; read = reads[next++]) {
        const months = await this.open.months([...new Set(read.stations.map(([, t]) => t))], read.stations.map(([id]) => id), read.month);
        for (const found of months.values()) await this.save(found, read.month);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, reads.length) }, lane));
    await this.files.finish(due);
    return due.length;
  }

  /** One station's file of one month, saved when its content changed. */
  private async save(found: StationMonth, month: string): Promise<void> {
    const { station } = found;
    // A month without a single value (before the station reported, say) gets no file.
    if (!found.points.some((p) => p.points.some((x) => x.value !== null))) return;
    const lines = [
      `# ${attributionOf(station.board.name, station.industry.name)}`,
      `# Licence: ${OPEN_DATA_LICENCE.name}, ${OPEN_DATA_LICENCE.url}`,
      `# Times are ISO 8601 with the offset of India Standard Time; days are IST days; values are 15-minute averages (docs/DEFINITIONS.md).`,
      csvLine(HEADER),
    ];
    let rows = 0;
    for (const { parameter, points } of found.points) {
      // The station's and parameter's cells are the same on every line: written once.
      const prefix = csvLine([station.id, station.name, station.industry.name, station.board.name, parameter.name, parameter.unit]);
      // A time, a number or a quality state has no comma, quote or line break: csvCell would give each back as it is.
      for (const p of points) {
        lines.push(`${prefix},${p.time},${p.value ?? ''},${p.coverage.expected},${p.coverage.observed},${p.coverage.percent ?? ''},${p.quality}`);
        rows += 1;
      }
    }
    const text = `${lines.join('\n')}\n`;
    const sha256 = createHash('sha256').update(text).digest('hex');
    const before = await this.files.sha(station.industry.id, station.id, month);
    if (before === sha256) return;
    await this.files.save({ tenantId: station.industry.id, stationId: station.id, boardId: station.board.id, month, rows, sha256, content: await gzipped(text) }, before === undefined ? 'NEW' : 'CHANGED');
  }

  /** The published files, by board, station and month. */
  async list(f: { boardId?: number | undefined; stationId?: number | undefined; year?: number | undefined }): Promise<FileRow[]> {
    const scope = await this.publication.scope();
    return (await this.files.list([...scope.boardOf.keys()], f)).filter((r) => scope.boardOf.get(r.tenant_id)?.board.id === r.board_id);
  }

  /** A file's gzip bytes, undefined unless it is published. */
  async content(stationId: number, month: string) {
    const scope = await this.publication.scope();
    const file = await this.files.content([...scope.boardOf.keys()], stationId, month);
    return file && scope.boards.some((b) => b.board.id === file.board_id) ? file : undefined;
  }

  /** The change log of the published files since an instant. */
  async changes(since: Date, limit: number): Promise<FileChangeRow[]> {
    const scope = await this.publication.scope();
    const boards = new Set(scope.boards.map((b) => b.board.id));
    return (await this.files.changes([...scope.boardOf.keys()], since, limit)).filter((c) => boards.has(c.board_id));
  }
}

/** Whom a file credits. */
function attributionOf(board: string, industry: string): string {
  return `Data of ${industry}'s monitoring station, published by ${board} through Enviro.`;
}

/** 'YYYY-MM' of the month `n` months before the month of `day`. */
function monthsBack(day: string, n: number): string {
  let d = `${day.slice(0, 7)}-01`;
  for (let i = 0; i < n; i++) d = `${addDays(d, -1).slice(0, 7)}-01`;
  return d.slice(0, 7);
}
