import type { Db } from '../../platform/database/database.ts';
import { AlertEvaluationRepository } from './alert-evaluation.repository.ts';
import { AlertRuleRepository } from './alert-rules.repository.ts';
import { AlertEpisodeRepository } from './alerts.repository.ts';

/** Conditions another module judges itself and raises here (they are rule conditions too). */
export type RaisedCondition = 'ENERGY_BUDGET' | 'CAMERA_OFFLINE';

export interface RaisedAlert {
  tenantId: number;
  condition: RaisedCondition;
  /** The node the alert is about (the rule's station); null: the industry as a whole (a rule of no station). */
  entityId: number | null;
  /**
   * What the alert is about: a device of the node (alerts belong to a series, e.g. the node's main
   * meter; `key` distinguishes alerts of one rule and device active together, a budget's threshold),
   * or something that is no device, by the raising module's id and name (a camera).
   */
  about: { deviceId: number; key: number } | { subjectId: string; subject: string };
  /** Name of the rule made on first use. */
  ruleName: string;
  message: string;
  peak: number | null;
  limitMax: number | null;
  /** When the condition began (a camera's last picture); default now. */
  startedAt?: Date;
}

/**
 * Alerts other modules raise on conditions they judge themselves (energy budgets, issue 31): each
 * goes under a rule of its condition on the node, made ENABLED (severity MAJOR, the industry's
 * default escalation) on first use, so people find, disable and escalate it as any rule; then
 * the same episode, transition and escalation rows as the evaluator writes, so the notifier mails
 * and escalates it as any alert. A disabled rule raises nothing. Takes no caller: its callers are
 * workers that have judged the condition.
 */
export class RaisedAlertService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Opens the alert; answers its id, or null when the node's rule of that condition is disabled or
   * the subject already has an active alert of it.
   */
  async raise(a: RaisedAlert, now = new Date(this.now())): Promise<number | null> {
    const startedAt = a.startedAt ?? now;
    return this.db.transaction().execute(async (trx) => {
      await new AlertEpisodeRepository(trx).lockTenants([a.tenantId]);
      const rules = new AlertRuleRepository(trx);
      let rule = await rules.ruleOfStation(a.tenantId, a.entityId, a.condition);
      if (!rule) {
        const id = await rules.insert(a.tenantId, {
          name: a.ruleName.slice(0, 200),
          entity_id: a.entityId === null ? null : String(a.entityId),
          category: null,
          std_param_ids: [],
          device_ids: [],
          status: 'ENABLED',
          severity: 'MAJOR',
          escalation_id: null,
          condition: a.condition,
          comparison: 'ABOVE',
          threshold_min: null,
          threshold_max: null,
          duration_minutes: null,
          clear_slots: 1,
        });
        rule = { id, status: 'ENABLED', severity: 'MAJOR', escalationId: null };
      }
      if (rule.status !== 'ENABLED') return null;
      const repo = new AlertEvaluationRepository(trx);
      const subject = 'subjectId' in a.about ? a.about : null;
      if (subject && (await repo.activeOfSubject(a.tenantId, a.condition, subject.subjectId))) return null;
      const id = await repo.insertEpisode({
        tenantId: a.tenantId,
        ruleId: rule.id,
        deviceId: 'deviceId' in a.about ? String(a.about.deviceId) : null,
        subject: subject && { id: subject.subjectId, name: subject.subject },
        entityId: a.entityId === null ? null : String(a.entityId),
        slot: 'key' in a.about ? a.about.key : 0,
        stdParamId: null,
        type: a.condition,
        severity: rule.severity,
        status: 'OPEN',
        startedAt,
        lastBreachAt: startedAt,
        endedAt: null,
        peak: a.peak,
        limitMin: null,
        limitMax: a.limitMax,
        slotCount: 0,
        message: a.message,
        now,
      });
      await repo.transition({ tenantId: a.tenantId, alertId: id, from: null, to: 'OPEN', at: now, comment: null });
      await repo.startEscalation(a.tenantId, id, rule.escalationId, now);
      return Number(id);
    });
  }

  /**
   * Resolves the active alert of `condition` about a subject (a camera back online), ending it at
   * `endedAt`; its escalation stops as for any resolved alert. Answers its id, or null when none was
   * active (never raised, or closed by a person).
   */
  async resolve(r: { tenantId: number; condition: RaisedCondition; subjectId: string; endedAt: Date; comment: string }, now = new Date(this.now())): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await new AlertEpisodeRepository(trx).lockTenants([r.tenantId]);
      const repo = new AlertEvaluationRepository(trx);
      const active = await repo.activeOfSubject(r.tenantId, r.condition, r.subjectId);
      if (!active) return null;
      await repo.updateEpisode(r.tenantId, active.id, { status: 'RESOLVED', endedAt: r.endedAt }, now);
      await repo.transition({ tenantId: r.tenantId, alertId: active.id, from: active.status, to: 'RESOLVED', at: now, comment: r.comment });
      return Number(active.id);
    });
  }
}
