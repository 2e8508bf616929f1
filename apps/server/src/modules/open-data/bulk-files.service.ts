import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { OPEN_DATA_LICENCE } from '@enviro/contracts/open-data';
import { csvCell } from '@enviro/domain/csv';
import { addDays, DEFAULT_TIME_ZONE, isoInZone } from '@enviro/domain/time-zone';
import type { Db } from '../../platform/database/database.ts';
import type { CatalogCache } from '../data/catalog.ts';
import { SlotChangeFeed } from '../data/slot-changes.service.ts';
import { BulkFilesRepository, type FileChangeRow, type FileRow, type StaleMonth } from './bulk-files.repository.ts';
import type { OpenDataService } from './open-data.service.ts';
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
/** Months made at once by one server: their statements overlap, so two cores stay busy. */
const PARALLEL = 4;

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
   * Makes the files of up to `parallel` due months at once (each leased, so other servers take
   * others); answers how many were taken.
   */
  async makeDue(parallel = PARALLEL): Promise<number> {
    const taken: StaleMonth[] = [];
    for (let i = 0; i < parallel; i++) {
      const stale = await this.files.take(new Date(this.now()), LEASE_MS);
      if (!stale) break;
      taken.push(stale);
    }
    await Promise.all(taken.map((stale) => this.remake(stale)));
    return taken.length;
  }

  /** The files of the stations a device served in a month, then the month's mark cleared. */
  private async remake(stale: StaleMonth): Promise<void> {
    const snapshot = await this.catalogs.read([stale.tenant_id]);
    const catalog = snapshot.tenants.get(stale.tenant_id);
    const stations = new Set<string>();
    for (const list of [...(catalog?.seriesByEntity.values() ?? []), ...(catalog?.pastSeriesByEntity.values() ?? [])]) {
      for (const s of list) if (s.device_id === stale.device_id) stations.add(s.entity_id);
    }
    for (const station of stations) await this.make(Number(station), stale.month);
    await this.files.finish(stale);
  }

  /** One station's file of one month, saved when its content changed. */
  async make(stationId: number, month: string): Promise<void> {
    const found = await this.open.month(stationId, month);
    if (!found) return;
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
      for (const p of points) {
        lines.push(csvLine([station.id, station.name, station.industry.name, station.board.name, parameter.name, parameter.unit, p.time, p.value ?? '', p.coverage.expected, p.coverage.observed, p.coverage.percent ?? '', p.quality]));
        rows += 1;
      }
    }
    const text = `${lines.join('\n')}\n`;
    const sha256 = createHash('sha256').update(text).digest('hex');
    const before = await this.files.sha(station.industry.id, stationId, month);
    if (before === sha256) return;
    await this.files.save({ tenantId: station.industry.id, stationId, boardId: station.board.id, month, rows, sha256, content: gzipSync(text) }, before === undefined ? 'NEW' : 'CHANGED');
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
