import { planCorrection, type CorrectionRule } from '@enviro/domain/reading-correction';
import type { Db } from '../../platform/database/database.ts';
import { conflict } from '../../platform/errors.ts';
import { CorrectionRepository, type CorrectionRow } from './corrections.repository.ts';
import type { BucketMark } from './rollups.repository.ts';

const SLOT_MS = 15 * 60_000;

/** A correction to apply: one series (device slot) of a tenant over [from, to), approved. */
export interface CorrectionInput {
  tenantId: number;
  deviceId: string;
  slot: number;
  from: Date;
  to: Date;
  rule: CorrectionRule;
  reason: string;
  /** What asked for it, e.g. 'change-request:7'. */
  source: string;
  /** Who asked and who approved, named as they are now. */
  requestedBy: string;
  approvedBy: string;
  at: Date;
}

/** A version of a correction as the layer answers it. */
export interface CorrectionVersion {
  id: string;
  tenantId: number;
  deviceId: string;
  slot: number;
  from: Date;
  to: Date;
  rule: CorrectionRule;
  version: number;
  reason: string;
  source: string;
  requestedBy: string;
  approvedBy: string;
  approvedAt: Date;
  supersededAt: Date | null;
  supersededBy: string | null;
}

/**
 * The correction layer over the raw readings (docs/CHANGE-REQUESTS.md "The correction layer"):
 * approved corrections per series and period, versioned, never overwriting a reading. The rollups
 * read readings through it, so applying one recomputes the period's quarters, hours and days in the
 * caller's transaction and feeds every closed-slot consumer (compliance days, alerts, the regulator
 * outbox, open data, data quality) the recomputed slots, as late readings would. Trends mark the
 * corrected periods (`covering`) and can read around them (`original`). No caller: the
 * change-requests module applies what a board approved.
 */
export class CorrectionLayer {
  private readonly corrections: CorrectionRepository;

  constructor(db: Db) {
    this.corrections = new CorrectionRepository(db);
  }

  /** The layer in a caller's transaction. */
  in(trx: Db): CorrectionLayer {
    return new CorrectionLayer(trx);
  }

  /**
   * Where a correction of [from, to) would cut a current one of the series in part (409 naming
   * `from`); none: it may be applied, superseding those inside its period.
   */
  async assertFits(tenantId: number, deviceId: string, slot: number, from: Date, to: Date): Promise<{ supersedes: string[]; version: number }> {
    const current = await this.corrections.current(tenantId, deviceId, slot, from, to);
    const plan = planCorrection(
      current.map((c) => ({ id: c.id, from: c.starts_at.getTime(), to: c.ends_at.getTime(), version: c.version })),
      from.getTime(),
      to.getTime(),
    );
    if (!plan.ok) {
      const c = current.find((x) => x.id === plan.overlapping.id)!;
      throw conflict('from', `the period overlaps in part the approved correction ${c.source} (version ${c.version}, ${c.starts_at.toISOString()} – ${c.ends_at.toISOString()}); correct the whole of its period or a period apart`);
    }
    return plan;
  }

  /**
   * Applies a correction in the caller's transaction (`in(trx)`): supersedes the current ones inside
   * its period with the next version, and recomputes the rollups of the period's quarters so the
   * transaction commits the corrected figures.
   */
  async apply(input: CorrectionInput): Promise<CorrectionVersion> {
    await this.corrections.lockSeries(input.tenantId, input.deviceId, input.slot);
    const plan = await this.assertFits(input.tenantId, input.deviceId, input.slot, input.from, input.to);
    const row = await this.corrections.insert({
      tenant_id: input.tenantId,
      device_id: input.deviceId,
      slot: input.slot,
      starts_at: input.from,
      ends_at: input.to,
      ...stored(input.rule),
      version: plan.version,
      reason: input.reason,
      source: input.source,
      requested_by: input.requestedBy,
      approved_by: input.approvedBy,
      approved_at: input.at,
    });
    await this.corrections.supersede(input.tenantId, plan.supersedes, row.id, input.at);
    const marks: BucketMark[] = [];
    for (let t = Math.floor(input.from.getTime() / SLOT_MS) * SLOT_MS; t < input.to.getTime(); t += SLOT_MS) {
      marks.push({ tenantId: input.tenantId, deviceId: input.deviceId, bucket: new Date(t) });
    }
    await this.corrections.recompute(marks);
    return toVersion(row);
  }

  /** Current corrections of the series overlapping [from, to). */
  async covering(series: readonly { tenantId: number; deviceId: string; slot: number }[], from: Date, to: Date): Promise<CorrectionVersion[]> {
    return (await this.corrections.covering(series, from, to)).map(toVersion);
  }

  /** Versions by id, keyed `tenantId:id`. */
  async byIds(refs: readonly { tenantId: number; id: string }[]): Promise<Map<string, CorrectionVersion>> {
    return new Map((await this.corrections.byIds(refs)).map((r) => [`${r.tenant_id}:${r.id}`, toVersion(r)]));
  }

  /** The versions a source (e.g. 'change-request:7') wrote and those they superseded, oldest first. */
  async ofSource(tenantId: number, source: string): Promise<CorrectionVersion[]> {
    return (await this.corrections.bySource(tenantId, source)).map(toVersion);
  }
}

function stored(rule: CorrectionRule): Pick<CorrectionRow, 'kind' | 'factor' | 'value_offset'> {
  switch (rule.kind) {
    case 'LINEAR':
      return { kind: 'LINEAR', factor: rule.factor, value_offset: rule.offset };
    case 'REPLACE':
      return { kind: 'REPLACE', factor: 0, value_offset: rule.value };
    case 'INVALID':
      return { kind: 'INVALID', factor: 1, value_offset: 0 };
  }
}

function ruleOf(row: CorrectionRow): CorrectionRule {
  if (row.kind === 'LINEAR') return { kind: 'LINEAR', factor: row.factor, offset: row.value_offset };
  if (row.kind === 'REPLACE') return { kind: 'REPLACE', value: row.value_offset };
  return { kind: 'INVALID' };
}

function toVersion(row: CorrectionRow): CorrectionVersion {
  return {
    id: String(row.id),
    tenantId: row.tenant_id,
    deviceId: String(row.device_id),
    slot: row.slot,
    from: row.starts_at,
    to: row.ends_at,
    rule: ruleOf(row),
    version: row.version,
    reason: row.reason,
    source: row.source,
    requestedBy: row.requested_by,
    approvedBy: row.approved_by,
    approvedAt: row.approved_at,
    supersededAt: row.superseded_at,
    supersededBy: row.superseded_by === null ? null : String(row.superseded_by),
  };
}
