import type { Db } from '../../platform/database/database.ts';
import { AlertEvaluationRepository } from './alert-evaluation.repository.ts';
import { AlertRuleRepository } from './alert-rules.repository.ts';
import { AlertEpisodeRepository } from './alerts.repository.ts';

/** Conditions another module judges itself and raises here (they are rule conditions too). */
export type RaisedCondition = 'ENERGY_BUDGET';

export interface RaisedAlert {
  tenantId: number;
  condition: RaisedCondition;
  /** The node the alert is about (the rule's station). */
  entityId: number;
  /** A device of it (alerts belong to a series): e.g. the node's main meter. */
  deviceId: number;
  /** Distinguishes alerts of one rule and device that may be active together (a budget's threshold). */
  key: number;
  /** Name of the rule made on first use. */
  ruleName: string;
  message: string;
  peak: number | null;
  limitMax: number | null;
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

  /** Opens the alert; answers its id, or null when the node's rule of that condition is disabled. */
  async raise(a: RaisedAlert): Promise<number | null> {
    const now = new Date(this.now());
    return this.db.transaction().execute(async (trx) => {
      await new AlertEpisodeRepository(trx).lockTenants([a.tenantId]);
      const rules = new AlertRuleRepository(trx);
      let rule = await rules.ruleOfStation(a.tenantId, a.entityId, a.condition);
      if (!rule) {
        const id = await rules.insert(a.tenantId, {
          name: a.ruleName.slice(0, 200),
          entity_id: String(a.entityId),
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
      const id = await repo.insertEpisode({
        tenantId: a.tenantId,
        ruleId: rule.id,
        deviceId: String(a.deviceId),
        entityId: String(a.entityId),
        slot: a.key,
        stdParamId: null,
        type: a.condition,
        severity: rule.severity,
        status: 'OPEN',
        startedAt: now,
        lastBreachAt: now,
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
}
