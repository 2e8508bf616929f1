import type pg from 'pg';
import type { Db } from '@enviro/server/platform/database/database';
import { provisionAlertFleet } from '../alerts-bench.ts';
import { benchHttp, type IngestFigure } from '../ingest-bench.ts';
import { settled } from '../settled.ts';
import { round } from '../stats.ts';
import { measureRecall, type DetectorFigure } from './recall.ts';

/** The data quality's consumer of the closed-slot feed (130_data_quality.sql). */
const QUALITY_CONSUMER = 'quality';

/** ABBA BAAB, as the alerts bench: each kind takes every place in turn. */
const ORDER = [false, true, true, false, true, false, false, true] as const;

/**
 * Turns the detectors on or off for the whole server: the quality consumer of the closed-slot feed
 * present or not (130_data_quality.sql), so the rollups queue its slots or do not and its worker
 * finds work or none, with nothing else changed.
 */
async function setDetectors(pool: pg.Pool, on: boolean): Promise<void> {
  if (on) await pool.query(`INSERT INTO slot_consumer (name) VALUES ($1) ON CONFLICT DO NOTHING`, [QUALITY_CONSUMER]);
  else {
    await pool.query(`DELETE FROM slot_change WHERE consumer = $1`, [QUALITY_CONSUMER]);
    await pool.query(`DELETE FROM slot_consumer WHERE name = $1`, [QUALITY_CONSUMER]);
  }
}

export interface QualityRun extends IngestFigure {
  on: boolean;
  /** Seconds from the run's start until every reader of the closed slots had caught up. */
  caughtUp: number;
}

export interface QualityBenchFigures {
  recall: ReturnType<typeof measureRecall>;
  runs: QualityRun[];
  on: { readingsPerSec: number; caughtUp: number };
  off: { readingsPerSec: number; caughtUp: number };
}

function combine(runs: readonly QualityRun[]): { readingsPerSec: number; caughtUp: number } {
  const readings = runs.reduce((n, r) => n + r.readings, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  return { readingsPerSec: Math.round(readings / seconds), caughtUp: round(runs.reduce((n, r) => n + r.caughtUp, 0) / runs.length) };
}

/**
 * The data-quality figures: recall and false positives per detector over the labelled set (pure,
 * no database), then HTTP backlog ingestion into a server process in eight runs, four with the
 * detectors on and four off, each run the last 25 hours of every device of a fleet with limits on
 * every parameter, and how long the closed-slot readers took to catch up after each.
 */
export async function benchQuality(db: Db, pool: pg.Pool, baseUrl: string, scale: number, log: (s: string) => void): Promise<QualityBenchFigures> {
  log('quality: recall and false positives over the labelled set');
  const recall = measureRecall();
  const fleet = await provisionAlertFleet(db, Math.max(20, Math.round(200 * scale)));
  const requests = Math.round(3000 * scale);
  const now = Date.now();
  const HOUR = 3600_000;
  await settled(pool);
  const runs: QualityRun[] = [];
  for (const [k, on] of ORDER.entries()) {
    await setDetectors(pool, on);
    const t0 = performance.now();
    const figure = await benchHttp(baseUrl, fleet, requests, 32, now - (k + 1) * 26 * HOUR, 'abreast', (device) => device * 100);
    const caughtUp = await settled(pool, t0);
    log(`quality: run ${k + 1} detectors ${on ? 'on' : 'off'}: ${figure.readingsPerSec.toLocaleString('en-IN')} readings/s; caught up after ${caughtUp} s`);
    runs.push({ ...figure, on, caughtUp });
  }
  await setDetectors(pool, true);
  return { recall, runs, on: combine(runs.filter((r) => r.on)), off: combine(runs.filter((r) => !r.on)) };
}

const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)} %`);

/** The figures as Markdown rows. */
export function qualityRows(f: QualityBenchFigures): string[] {
  const detectorRow = (d: DetectorFigure) =>
    `| ${d.detector} | ${pct(d.recall)} (${d.found.toLocaleString('en-IN')} of ${d.labelled.toLocaleString('en-IN')}) | ${(100 * d.falsePositiveRate).toFixed(3)} % (${d.falsePositives.toLocaleString('en-IN')} of ${d.clean.toLocaleString('en-IN')}) | ${(d.recall ?? 0) >= 0.95 && d.falsePositiveRate <= 0.01 ? 'met' : 'not met'} |`;
  return [
    `Labelled set: ${f.recall.stations} stations, ${f.recall.slots.toLocaleString('en-IN')} parameter slots, assessed in ${Math.round(f.recall.ms).toLocaleString('en-IN')} ms.`,
    '',
    '| Detector | Recall | False positives | Target (≥ 95 %, ≤ 1 %) |',
    '|---|---|---|---|',
    ...f.recall.figures.map(detectorRow),
    '',
    '| Figure | Result | Target |',
    '|---|---|---|',
    `| HTTP ingestion, detectors on (runs ${f.runs.flatMap((r, i) => (r.on ? [i + 1] : [])).join(', ')}) | ${f.on.readingsPerSec.toLocaleString('en-IN')} readings/s, **${Math.round((100 * f.on.readingsPerSec) / f.off.readingsPerSec)} %** of the runs without; caught up after ${f.on.caughtUp} s on average | ≥ 90 % |`,
    `| HTTP ingestion, detectors off (runs ${f.runs.flatMap((r, i) => (r.on ? [] : [i + 1])).join(', ')}) | ${f.off.readingsPerSec.toLocaleString('en-IN')} readings/s; caught up after ${f.off.caughtUp} s on average | reference |`,
    `| Runs in order | ${f.runs.map((r) => `${r.on ? 'on' : 'off'} ${r.readingsPerSec.toLocaleString('en-IN')}`).join(', ')} | |`,
  ];
}
