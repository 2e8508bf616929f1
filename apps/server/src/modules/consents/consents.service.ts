import type { z } from 'zod';
import type { Consent, ConsentKind, ConsentListQuery, ConsentTasks, CurrentCto, NewConsent } from '@enviro/contracts/consents';
import { REMINDER_DAYS, daysLeft, standingOf } from '@enviro/domain/consent-validity';
import { DEFAULT_TIME_ZONE, addDays, dayOf } from '@enviro/domain/time-zone';
import { assertMayChangeFleet, fleetTenant, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { visibleIdsIn } from '../../platform/access/entity-access.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AlertRuleService } from '../alerts/alert-rules.service.ts';
import type { DocumentFileService } from '../documents/document-files.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { ConsentRepository, type ConsentRow } from './consents.repository.ts';

type ConsentInput = z.output<typeof NewConsent>;

/**
 * Consents to operate (CTO) and no-objection certificates (NOC) of industries and their stations:
 * their validity, the limits they set (which become alert rules in one step, through the alerts
 * module's service) and the actionable tasks of those about to expire. Days are India's.
 */
export class ConsentService {
  private readonly consents: ConsentRepository;

  constructor(
    private readonly db: Db,
    private readonly entities: EntityService,
    private readonly documents: DocumentFileService,
    private readonly rules: AlertRuleService,
    private readonly now: () => number = Date.now,
  ) {
    this.consents = new ConsentRepository(db);
  }

  /** Records a consent of the industry or one of its stations; the industry's administrators, its partners and site operations may. */
  async create(auth: Auth, input: ConsentInput): Promise<Consent> {
    const named = fleetTenant(auth, input.tenantId);
    const tenantId = input.entityId === null ? named : (await this.entities.node(auth, input.entityId, { withDevices: false, withParams: false })).tenantId;
    if (input.tenantId !== undefined && tenantId !== input.tenantId) throw badRequest('body.entityId', 'a station of another industry than tenantId');
    const user = assertMayChangeFleet(auth, tenantId);
    if (input.documentId !== null && (await this.documents.detail(auth, input.documentId)).tenantId !== tenantId)
      throw badRequest('body.documentId', 'a document of another industry');
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await this.consents.in(trx).insert({ ...input, tenantId, createdBy: user.userId });
      await recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'consent.add', entity: `consent:${id}`, before: null, after: input });
      return id;
    });
    return (await this.find(tenantId, id))!;
  }

  /** Deletes a consent (entered wrongly); its reminders go with it. */
  async delete(auth: Auth, id: number): Promise<{ id: number; deleted: true }> {
    const consent = await this.readable(auth, id);
    const user = assertMayChangeFleet(auth, consent.tenantId);
    await this.db.transaction().execute(async (trx) => {
      await this.consents.in(trx).delete(consent.tenantId, id);
      await recordAudit(trx, { tenantId: consent.tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'consent.delete', entity: `consent:${id}`, before: consent, after: null });
    });
    return { id, deleted: true };
  }

  /** Consents of the industries the caller reads (or of `tenantId`), soonest expiry first. */
  async list(auth: Auth, query: ConsentListQuery): Promise<{ items: Consent[] }> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    const restriction = await this.entities.restriction(auth);
    const rows = await this.consents.list(tenantIds, restriction === null ? null : visibleIdsIn(restriction, restriction.tenantId), query);
    return { items: rows.map((r) => this.toConsent(r)) };
  }

  /** GET /api/actionable-task/cto and /noc: consents in force expired or expiring within 60 days. */
  async tasks(auth: Auth, kind: ConsentKind, tenantId: number | undefined): Promise<ConsentTasks> {
    const tenantIds = scopeTenantIds(auth, tenantId === undefined ? undefined : [tenantId]);
    const restriction = await this.entities.restriction(auth);
    const by = addDays(this.today(), REMINDER_DAYS[0]);
    const rows = await this.consents.list(tenantIds, restriction === null ? null : visibleIdsIn(restriction, restriction.tenantId), { kind, newestOnly: true, expiringBy: by });
    const items = rows.map((r) => this.toConsent(r));
    const count = (standing: Consent['standing']) => items.filter((c) => c.standing === standing).length;
    return { expired: count('EXPIRED'), within7: count('WITHIN_7'), within30: count('WITHIN_30'), within60: count('WITHIN_60'), items };
  }

  /**
   * Makes an alert rule of each consented limit (the 15-minute average above it, on the consent's
   * station, or every station of the industry), through the alerts module, which checks the caller
   * may write them.
   */
  async proposeAlertRules(auth: Auth, id: number): Promise<{ ruleIds: number[] }> {
    const consent = await this.readable(auth, id);
    assertMayChangeFleet(auth, consent.tenantId);
    if (consent.limits.length === 0) throw badRequest('id', 'the consent has no limits entered');
    const ruleIds: number[] = [];
    for (const limit of consent.limits) {
      const rule = await this.rules.create(auth, {
        industryId: consent.tenantId,
        name: `${consent.kind} ${consent.number}: ${limit.paramName} above ${limit.maxValue} ${limit.unit}`.slice(0, 200),
        nodeId: consent.entityId,
        categoryId: null,
        paramNames: [limit.paramName],
        deviceIds: [],
        status: 'ENABLED',
        severity: 'MAJOR',
        escalationId: null,
        type: 'AVG_15M',
        comparison: 'ABOVE',
        thresholdMin: null,
        thresholdMax: limit.maxValue,
        durationMinutes: null,
        clearSlots: 1,
      });
      ruleIds.push(rule.id);
    }
    return { ruleIds };
  }

  /** The current CTO of a station the caller reads (the public portal's): the newest, while valid; else the day it expired, if any. */
  async currentCto(auth: Auth, stationId: number): Promise<CurrentCto> {
    const tenantIds = scopeTenantIds(auth);
    const station = await this.entities.node(auth, stationId, { withDevices: false, withParams: false });
    if (!tenantIds.includes(station.tenantId)) throw notFound(`No entity with id= ${stationId} exists`);
    const [row] = await this.consents.list([station.tenantId], null, { kind: 'CTO', entityId: stationId, newestOnly: true });
    const consent = row && this.toConsent(row);
    if (!consent) return { consent: null, expiredOn: null };
    return consent.standing === 'EXPIRED' ? { consent: null, expiredOn: consent.expiresOn } : { consent, expiredOn: null };
  }

  private async readable(auth: Auth, id: number): Promise<Consent> {
    const tenantIds = scopeTenantIds(auth);
    const restriction = await this.entities.restriction(auth);
    const [row] = await this.consents.list(tenantIds, restriction === null ? null : visibleIdsIn(restriction, restriction.tenantId), { id });
    if (!row) throw notFound(`No consent with id= ${id}`);
    return this.toConsent(row);
  }

  private async find(tenantId: number, id: number): Promise<Consent | undefined> {
    const [row] = await this.consents.list([tenantId], null, { id });
    return row && this.toConsent(row);
  }

  private today(): string {
    return dayOf(this.now(), DEFAULT_TIME_ZONE);
  }

  private toConsent(r: ConsentRow): Consent {
    const days = daysLeft(r.expires_on, this.today());
    return {
      id: Number(r.id),
      tenantId: r.tenant_id,
      tenantName: r.tenant_name,
      entityId: r.entity_id === null ? null : Number(r.entity_id),
      entityName: r.entity_name,
      kind: r.kind as ConsentKind,
      number: r.number,
      issuedBy: r.issued_by,
      issuedOn: r.issued_on,
      expiresOn: r.expires_on,
      daysLeft: days,
      standing: standingOf(days),
      documentId: r.document_id === null ? null : Number(r.document_id),
      limits: r.limits,
      createdAt: r.created_at.toISOString(),
    };
  }
}
