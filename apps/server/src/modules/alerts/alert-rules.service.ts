import type {
  AlertCondition,
  AlertComparison,
  AlertRule,
  AlertRuleConditionChange,
  AlertRuleInput,
  AlertRulePage,
  AlertRulePatch,
  AlertRuleQuery,
  AlertRuleStatus,
  AlertSeverity,
  Escalation,
  EscalationInput,
} from '@enviro/contracts/alerts';
import type { z } from 'zod';
import { assertCanReadTenant, assertCanWrite, assertSignedIn, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { AlertRuleRepository, type EscalationRow, type RuleRow, type RuleValues } from './alert-rules.repository.ts';

type RuleInput = z.output<typeof AlertRuleInput>;
type ConditionChange = z.output<typeof AlertRuleConditionChange>;
type EscInput = z.output<typeof EscalationInput>;

function toRule(r: RuleRow): AlertRule {
  return {
    id: Number(r.id),
    industryId: r.tenant_id,
    industryName: r.industry_name,
    name: r.name,
    nodeId: r.entity_id === null ? null : Number(r.entity_id),
    nodeName: r.entity_name,
    categoryId: r.category,
    paramNames: r.param_names,
    deviceIds: r.device_ids.map(Number),
    status: r.status as AlertRuleStatus,
    severity: r.severity as AlertSeverity,
    escalationId: r.escalation_id === null ? null : Number(r.escalation_id),
    type: r.condition as AlertCondition,
    comparison: r.comparison as AlertComparison,
    thresholdMin: r.threshold_min,
    thresholdMax: r.threshold_max,
    durationMinutes: r.duration_minutes,
    clearSlots: r.clear_slots,
    isDefault: r.is_default,
    updatedAt: r.updated_at.toISOString(),
  };
}

function toEscalation(r: EscalationRow): Escalation {
  return {
    id: Number(r.id),
    tenantId: r.tenant_id,
    name: r.name,
    isDefault: r.is_default,
    levels: r.levels as Escalation['levels'],
    updatedAt: r.updated_at.toISOString(),
  };
}

/** A condition that makes sense: thresholds the comparison needs, durations where they count. */
function checkCondition(c: Pick<RuleInput, 'type' | 'comparison' | 'thresholdMin' | 'thresholdMax' | 'durationMinutes'>, prefix: string): void {
  if (c.thresholdMin !== null && c.thresholdMax !== null && c.thresholdMin > c.thresholdMax) {
    throw badRequest(`${prefix}.thresholdMax`, 'must not be below thresholdMin');
  }
  if (c.type === 'DATA_LOSS' && c.durationMinutes === null) throw badRequest(`${prefix}.durationMinutes`, 'a DATA_LOSS rule needs the minutes without a reading');
  if (c.type === 'SUSTAINED' && c.durationMinutes === null) throw badRequest(`${prefix}.durationMinutes`, 'a SUSTAINED rule needs the minutes of breach');
  if (c.comparison === 'ABOVE' && c.thresholdMin !== null && c.thresholdMax === null) throw badRequest(`${prefix}.thresholdMax`, 'an ABOVE rule compares with thresholdMax');
  if (c.comparison === 'BELOW' && c.thresholdMax !== null && c.thresholdMin === null) throw badRequest(`${prefix}.thresholdMin`, 'a BELOW rule compares with thresholdMin');
}

/**
 * Alert rules (SPEC 3 "Alert rule", SPEC 7 alert configuration) and escalation policies (SPEC 1
 * escalation management). Reads: every tenant the caller reads; writes: the route admits site and
 * tenant administrators, the service the tenants they read. Every change is audited.
 */
export class AlertRuleService {
  private readonly rules: AlertRuleRepository;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.rules = new AlertRuleRepository(db);
  }

  async list(auth: Auth, q: z.output<typeof AlertRuleQuery>): Promise<AlertRulePage> {
    const tenantIds = scopeTenantIds(auth, q.tenantId === undefined ? undefined : [q.tenantId]);
    const { rows, total } = await this.rules.list({ tenantIds, entityId: q.nodeId === undefined ? undefined : String(q.nodeId), type: q.type, status: q.status }, q);
    return { items: rows.map(toRule), total, page: q.page, size: q.size };
  }

  private async values(input: RuleInput): Promise<RuleValues> {
    checkCondition(input, 'body');
    if (input.nodeId !== null && !(await this.rules.entityExists(input.industryId, input.nodeId))) throw badRequest('body.nodeId', `no station ${input.nodeId} in the industry`);
    const params = await this.rules.paramIds(input.paramNames);
    const unknown = input.paramNames.find((n) => !params.has(n));
    if (unknown !== undefined) throw badRequest('body.paramNames', `no standard parameter named '${unknown}'`);
    const devices = await this.rules.existingDevices(input.industryId, input.deviceIds);
    const missing = input.deviceIds.find((d) => !devices.has(String(d)));
    if (missing !== undefined) throw badRequest('body.deviceIds', `no device ${missing} in the industry`);
    if (input.escalationId !== null && !(await this.rules.escalation([input.industryId], input.escalationId))) {
      throw badRequest('body.escalationId', `no escalation ${input.escalationId} in the industry`);
    }
    return {
      name: input.name,
      entity_id: input.nodeId === null ? null : String(input.nodeId),
      category: input.nodeId === null ? input.categoryId : null,
      std_param_ids: [...params.values()].sort((a, b) => a - b),
      device_ids: input.deviceIds.map(String),
      status: input.status,
      severity: input.severity,
      escalation_id: input.escalationId === null ? null : String(input.escalationId),
      condition: input.type,
      comparison: input.comparison,
      threshold_min: input.thresholdMin,
      threshold_max: input.thresholdMax,
      duration_minutes: input.durationMinutes,
      clear_slots: input.clearSlots,
    };
  }

  /** POST /api/alertConfiguration. */
  async create(auth: Auth, input: RuleInput): Promise<AlertRule> {
    assertCanReadTenant(auth, input.industryId);
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    const values = await this.values(input);
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await this.rules.in(trx).insert(input.industryId, values);
      await recordAudit(trx, { tenantId: input.industryId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'create', entity: `alert_rule:${id}`, before: null, after: values });
      return Number(id);
    });
    return this.one(auth, id);
  }

  /** PUT /api/alertConfiguration/{id}: the whole rule; it stays in its industry. */
  async update(auth: Auth, id: number, input: RuleInput): Promise<AlertRule> {
    const existing = await this.one(auth, id);
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    if (existing.industryId !== input.industryId) throw badRequest('body.industryId', 'a rule stays in its industry');
    const values = await this.values(input);
    await this.db.transaction().execute(async (trx) => {
      const before = await this.rules.in(trx).lock(existing.industryId, id);
      if (!before) throw notFound(`No alert rule with id= ${id} exists`);
      await this.rules.in(trx).update(existing.industryId, id, values, new Date(this.now()));
      await recordAudit(trx, { tenantId: existing.industryId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'update', entity: `alert_rule:${id}`, before, after: values });
    });
    return this.one(auth, id);
  }

  /** PATCH /api/alertConfiguration/{id} (SPEC 4 SET operations). */
  async patch(auth: Auth, id: number, ops: z.output<typeof AlertRulePatch>): Promise<AlertRule> {
    const existing = await this.one(auth, id);
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    const values: Partial<RuleValues> = {};
    for (const [i, op] of ops.entries()) {
      if (op.att === 'status') values.status = op.value;
      else if (op.att === 'severity') values.severity = op.value;
      else if (op.att === 'name') values.name = op.value;
      else {
        if (op.value !== null && !(await this.rules.escalation([existing.industryId], op.value))) throw badRequest(`body.${i}.value`, `no escalation ${op.value} in the industry`);
        values.escalation_id = op.value === null ? null : String(op.value);
      }
    }
    await this.db.transaction().execute(async (trx) => {
      const before = await this.rules.in(trx).lock(existing.industryId, id);
      if (!before) throw notFound(`No alert rule with id= ${id} exists`);
      await this.rules.in(trx).update(existing.industryId, id, values, new Date(this.now()));
      await recordAudit(trx, { tenantId: existing.industryId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'patch', entity: `alert_rule:${id}`, before, after: { ...before, ...values } });
    });
    return this.one(auth, id);
  }

  /** PUT /api/alertRules/change-condition/{id}: thresholds and clear condition, audited with the comment. */
  async changeCondition(auth: Auth, id: number, change: ConditionChange): Promise<AlertRule> {
    const existing = await this.one(auth, id);
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    checkCondition(change, 'body');
    const values: Partial<RuleValues> = {
      condition: change.type,
      comparison: change.comparison,
      threshold_min: change.thresholdMin,
      threshold_max: change.thresholdMax,
      duration_minutes: change.durationMinutes,
      clear_slots: change.clearSlots,
    };
    await this.db.transaction().execute(async (trx) => {
      const before = await this.rules.in(trx).lock(existing.industryId, id);
      if (!before) throw notFound(`No alert rule with id= ${id} exists`);
      await this.rules.in(trx).update(existing.industryId, id, values, new Date(this.now()));
      await recordAudit(trx, {
        tenantId: existing.industryId,
        actor: `user:${user.userId}`,
        actorUserId: user.userId,
        action: 'change-condition',
        entity: `alert_rule:${id}`,
        before: {
          condition: before.condition,
          comparison: before.comparison,
          threshold_min: before.threshold_min,
          threshold_max: before.threshold_max,
          duration_minutes: before.duration_minutes,
          clear_slots: before.clear_slots,
        },
        after: { ...values, comment: change.comment ?? null },
      });
    });
    return this.one(auth, id);
  }

  /** A rule of the caller's tenants, else 404. */
  async one(auth: Auth, id: number): Promise<AlertRule> {
    scopeTenantIds(auth);
    const row = await this.rules.byId(auth.tenantIds, id);
    if (!row) throw notFound(`No alert rule with id= ${id} exists`);
    return toRule(row);
  }

  // --- escalations --------------------------------------------------------------------------------

  async escalations(auth: Auth, tenantId: number | undefined): Promise<Escalation[]> {
    const tenantIds = scopeTenantIds(auth, tenantId === undefined ? undefined : [tenantId]);
    return (await this.rules.escalations(tenantIds)).map(toEscalation);
  }

  async createEscalation(auth: Auth, input: EscInput): Promise<Escalation> {
    assertCanReadTenant(auth, input.tenantId);
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    const id = await this.db.transaction().execute(async (trx) => {
      const rules = this.rules.in(trx);
      if (input.isDefault) await rules.clearDefault(input.tenantId);
      const id = await rules.insertEscalation(input.tenantId, { name: input.name, is_default: input.isDefault, levels: input.levels });
      await recordAudit(trx, { tenantId: input.tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'create', entity: `alert_escalation:${id}`, before: null, after: input });
      return Number(id);
    });
    return this.escalation(auth, id);
  }

  async updateEscalation(auth: Auth, id: number, input: EscInput): Promise<Escalation> {
    const existing = await this.escalation(auth, id);
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    if (existing.tenantId !== input.tenantId) throw badRequest('body.tenantId', 'an escalation stays in its tenant');
    await this.db.transaction().execute(async (trx) => {
      const rules = this.rules.in(trx);
      if (input.isDefault && !existing.isDefault) await rules.clearDefault(input.tenantId);
      await rules.updateEscalation(input.tenantId, id, { name: input.name, is_default: input.isDefault, levels: input.levels }, new Date(this.now()));
      await recordAudit(trx, { tenantId: input.tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'update', entity: `alert_escalation:${id}`, before: existing, after: input });
    });
    return this.escalation(auth, id);
  }

  async deleteEscalation(auth: Auth, id: number): Promise<Escalation[]> {
    const existing = await this.escalation(auth, id);
    const user = assertSignedIn(auth);
    assertCanWrite(auth);
    await this.db.transaction().execute(async (trx) => {
      await this.rules.in(trx).deleteEscalation(existing.tenantId, id, new Date(this.now()));
      await recordAudit(trx, { tenantId: existing.tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'delete', entity: `alert_escalation:${id}`, before: existing, after: null });
    });
    return (await this.rules.escalations([existing.tenantId])).map(toEscalation);
  }

  async escalation(auth: Auth, id: number): Promise<Escalation> {
    scopeTenantIds(auth);
    const row = await this.rules.escalation(auth.tenantIds, id);
    if (!row) throw notFound(`No escalation with id= ${id} exists`);
    return toEscalation(row);
  }
}
