import {
  ChangeRequestPatch as Patch,
  ChangeRequestQuery as Query,
  CorrectionRequestInput as CorrectionInput,
  MaintenanceRequestInput as MaintenanceInput,
  type ChangeRequest,
  type ChangeRequestHistory,
  type ChangeRequestPage,
  type ChangeRequestPatch,
  type ChangeRequestQuery,
  type ChangeRequestStatus,
  type CorrectionRequestInput,
  type CrType,
  type MaintenanceRequestInput,
} from '@enviro/contracts/change-requests';
import { APP_PATHS } from '@enviro/domain/app-paths';
import { moveProblem, movesOf, statusWords, type ChangeRequestParty } from '@enviro/domain/change-request-workflow';
import { formatInstant } from '@enviro/domain/format-date';
import type { FastifyBaseLogger } from 'fastify';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, forbidden, forbiddenField, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { changeRequestMail } from '../../platform/mail/templates.ts';
import type { SuppressionWindowService } from '../devices/suppression-windows.service.ts';
import type { CorrectionLayer, CorrectionVersion } from '../data/corrections.service.ts';
import type { AttachedDocument, DocumentService } from '../documents/documents.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import type { RegulatorLogService } from '../regulator/regulator-logs.service.ts';
import { ChangeRequestRepository, type ChangeRequestRow, type NewChangeRequest, type Recipient } from './change-requests.repository.ts';

/** The longest maintenance window one request announces; longer work is announced in parts. */
const MAX_WINDOW_MS = 31 * 86_400_000;

/** What opened a suppression window, as `suppression_window.source` names it (migration 019). */
const windowSource = (id: string) => `change-request:${id}`;

/**
 * The side a caller acts on: a board's users decide, an industry's users (and site or partner
 * staff acting as the industry) raise and withdraw; anyone else only reads (site users see all).
 */
export function partyOf(user: UserAuth): ChangeRequestParty | null {
  if (user.userType === 'statutory') return 'board';
  if (user.access.view === 'tenant' && (user.userType === 'tenant' || user.manage)) return 'industry';
  return null;
}

/** The change request whose version superseded `v`, when one did. */
function supersededBy(v: CorrectionVersion, versions: ReadonlyMap<string, CorrectionVersion>): number | null {
  const later = v.supersededBy === null ? undefined : versions.get(`${v.tenantId}:${v.supersededBy}`);
  const id = later ? /^change-request:(\d+)$/.exec(later.source)?.[1] : undefined;
  return id === undefined ? null : Number(id);
}

interface Lookups {
  versions: ReadonlyMap<string, CorrectionVersion>;
  documents: ReadonlyMap<string, AttachedDocument>;
}

export interface ChangeRequestMessaging {
  mailer: Mailer;
  publicUrl: string;
}

/** What change requests act through: the devices' windows, the data's correction layer, the regulator's republishing, mail. */
export interface ChangeRequestDeps {
  db: Db;
  entities: EntityService;
  windows: SuppressionWindowService;
  corrections: CorrectionLayer;
  republish: Pick<RegulatorLogService, 'republishCorrection'>;
  documents: Pick<DocumentService, 'attachable'>;
  messaging: ChangeRequestMessaging;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The services of an app that change requests act through. */
export function changeRequestDeps(app: {
  database: { db: Db };
  entities: { entities: EntityService };
  devices: { windows: SuppressionWindowService };
  data: { corrections: CorrectionLayer };
  regulator: { logs: Pick<RegulatorLogService, 'republishCorrection'> };
  documents: { documents: Pick<DocumentService, 'attachable'> };
  messaging: ChangeRequestMessaging;
  log: Pick<FastifyBaseLogger, 'error'>;
}): ChangeRequestDeps {
  return {
    db: app.database.db,
    entities: app.entities.entities,
    windows: app.devices.windows,
    corrections: app.data.corrections,
    republish: app.regulator.logs,
    documents: app.documents.documents,
    messaging: app.messaging,
    log: app.log,
  };
}

/**
 * Change requests (SPEC 3, 7; issue 35). An industry asks its board to treat a period of a station
 * or analyser as planned maintenance, or to correct its data; the board puts it under review,
 * approves or rejects it; every move is checked against the workflow
 * (`@enviro/domain/change-request-workflow`), kept in the history with actor, time and comment, and
 * mailed to the other party. Approving a maintenance request opens a MAINTENANCE suppression window
 * through the devices module, the one place calibration and maintenance quarters are decided for
 * alerts, availability, compliance, trends and the regulator push (docs/DEFINITIONS.md).
 */
export class ChangeRequestService {
  private readonly requests: ChangeRequestRepository;
  private readonly db: Db;
  private readonly entities: EntityService;
  private readonly windows: SuppressionWindowService;
  private readonly corrections: CorrectionLayer;
  private readonly republish: ChangeRequestDeps['republish'];
  private readonly documents: ChangeRequestDeps['documents'];
  private readonly messaging: ChangeRequestMessaging;
  private readonly log: Pick<FastifyBaseLogger, 'error'>;

  constructor(
    deps: ChangeRequestDeps,
    private readonly now: () => number = Date.now,
  ) {
    ({ db: this.db, entities: this.entities, windows: this.windows, corrections: this.corrections, republish: this.republish, documents: this.documents, messaging: this.messaging, log: this.log } = deps);
    this.requests = new ChangeRequestRepository(this.db);
  }

  async list(auth: Auth, query: ChangeRequestQuery): Promise<ChangeRequestPage> {
    const user = assertSignedIn(auth);
    const q = Query.parse(query);
    if (q.tenantId !== undefined && !user.tenantIds.includes(q.tenantId)) throw notFound(`No tenant with id= ${q.tenantId} exists`);
    const tenantIds = q.tenantId !== undefined ? [q.tenantId] : user.tenantIds;
    const { rows, total } = await this.requests.list(tenantIds, await this.entities.restriction(user), q);
    const looked = await this.lookups(rows);
    return { items: rows.map((r) => this.toRequest(user, r, looked)), total, page: q.page, size: q.size };
  }

  async get(auth: Auth, id: number): Promise<ChangeRequest> {
    const user = assertSignedIn(auth);
    const row = await this.row(user, id);
    return this.toRequest(user, row, await this.lookups([row]));
  }

  async history(auth: Auth, id: number): Promise<ChangeRequestHistory> {
    const user = assertSignedIn(auth);
    const row = await this.row(user, id);
    const events = await this.requests.history(row.tenant_id, row.id);
    return { items: events.map((e) => ({ status: e.status, at: e.at.toISOString(), actor: e.actor_name, comment: e.comment })) };
  }

  /** Raises a request of `type`; its board is told by mail. */
  async raise(auth: Auth, type: CrType, input: MaintenanceRequestInput | CorrectionRequestInput): Promise<ChangeRequest> {
    const user = this.industryUser(auth);
    const values = await this.validated(user, type, input);
    const id = await this.db.transaction().execute(async (trx) => {
      const requests = this.requests.in(trx);
      if (type === 'MAINTENANCE') {
        await requests.lockStation(values.tenantId, values.stationId);
        await this.assertNoApprovedOverlap(requests, values);
      }
      const id = await requests.insert(values);
      await requests.addEvent(values.tenantId, id, { status: 'SUBMITTED', actorId: user.userId, actorName: await requests.userName(user.userId), comment: '', at: values.at });
      return id;
    });
    const row = await this.row(user, Number(id));
    await this.tell(row, 'board', 'SUBMITTED', await this.requests.userName(user.userId), '');
    return this.toRequest(user, row, await this.lookups([row]));
  }

  /** Replaces the details of a request its board has not taken up yet (still SUBMITTED). */
  async replace(auth: Auth, type: CrType, id: number, input: MaintenanceRequestInput | CorrectionRequestInput): Promise<ChangeRequest> {
    const user = this.industryUser(auth);
    await this.db.transaction().execute(async (trx) => {
      const requests = this.requests.in(trx);
      const row = await this.row(user, id, requests);
      if (row.cr_type !== type) throw badRequest('type', `request ${id} is a ${row.cr_type.toLowerCase()} request`);
      if (row.status !== 'SUBMITTED') throw conflict('status', `only a submitted request may be changed; this one is ${statusWords(row.status)}`);
      const values = await this.validated(user, type, input);
      if (values.tenantId !== row.tenant_id) throw badRequest('stationId', 'a request stays with the industry that raised it');
      if (type === 'MAINTENANCE') {
        await requests.lockStation(values.tenantId, values.stationId);
        await this.assertNoApprovedOverlap(requests, values, id);
      }
      await requests.replace(row.id, values);
      await requests.addEvent(row.tenant_id, row.id, { status: 'SUBMITTED', actorId: user.userId, actorName: await requests.userName(user.userId), comment: 'Details changed', at: values.at });
    });
    return this.get(user, id);
  }

  /**
   * Moves a request to `status` with a comment, checked against the workflow and the caller's side;
   * approving a maintenance request opens its window. The other party is told by mail.
   */
  async move(auth: Auth, id: number, patch: ChangeRequestPatch): Promise<ChangeRequest> {
    const user = assertSignedIn(auth);
    const { status, comment } = Patch.parse(patch);
    const party = partyOf(user);
    if (party === null) throw forbidden('only the industry that raised a request and the board it reports to act on it');
    const { row, actor } = await this.db.transaction().execute(async (trx) => {
      const requests = this.requests.in(trx);
      const row = await this.row(user, id, requests, true);
      const problem = moveProblem(row.status, status, party);
      if (problem?.kind === 'order') throw conflict('status', problem.message);
      if (problem) throw forbiddenField('status', problem.message);
      if (status === 'REJECTED' && comment === '') throw badRequest('comment', 'say why the request is rejected');
      let windowId: string | undefined;
      if (status === 'APPROVED' && row.cr_type === 'MAINTENANCE') windowId = await this.openWindow(trx, row);
      const at = new Date(this.now());
      const actor = await requests.userName(user.userId);
      if (status === 'APPROVED' && row.cr_type === 'CORRECTION') await this.applyCorrection(trx, user, row, actor, at);
      await requests.setStatus(row.tenant_id, row.id, status, at, windowId);
      await requests.addEvent(row.tenant_id, row.id, { status, actorId: user.userId, actorName: actor, comment, at });
      return { row, actor };
    });
    await this.tell(row, party === 'board' ? 'industry' : 'board', status, actor, comment);
    return this.get(user, id);
  }

  /**
   * The approved window as a MAINTENANCE suppression window of the station (or its one analyser).
   * Only a window still ahead is approved: quarters already past were downtime nobody had agreed
   * to, and unannounced downtime stays downtime.
   */
  private async openWindow(trx: Db, row: ChangeRequestRow): Promise<string> {
    const requests = this.requests.in(trx);
    if (row.starts_at.getTime() <= this.now()) {
      throw conflict('status', `the window started at ${formatInstant(row.starts_at)} IST, before it was approved: downtime not agreed beforehand stays downtime; ask for a window still ahead`);
    }
    await requests.lockStation(row.tenant_id, Number(row.station_id));
    await this.assertNoApprovedOverlap(requests, { tenantId: row.tenant_id, stationId: Number(row.station_id), startsAt: row.starts_at, endsAt: row.ends_at }, Number(row.id));
    const window = await this.windows.in(trx).open({
      tenantId: row.tenant_id,
      deviceId: row.device_id,
      entityId: row.device_id ? null : row.station_id,
      kind: 'MAINTENANCE',
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      source: windowSource(row.id),
      reason: row.reason,
    });
    return window.id;
  }

  /**
   * The approved correction as a version of the data's correction layer: the period's rollups are
   * recomputed in this transaction (every figure then reads the corrected values, every closed-slot
   * consumer recomputes its slots), and the station's period is republished to its regulators
   * through their republish requests, which send what this transaction commits.
   */
  private async applyCorrection(trx: Db, user: UserAuth, row: ChangeRequestRow, actor: string, at: Date): Promise<void> {
    if (row.device_id === null || row.param_slot === null || row.correction === null || row.param === null) return;
    const rule = row.correction;
    const version = await this.corrections.in(trx).apply({
      tenantId: row.tenant_id,
      deviceId: row.device_id,
      slot: row.param_slot,
      from: row.starts_at,
      to: row.ends_at,
      rule: rule.kind === 'LINEAR' ? { kind: 'LINEAR', factor: rule.factor, offset: rule.offset } : rule,
      reason: row.reason,
      source: windowSource(row.id),
      requestedBy: row.raised_by_name,
      approvedBy: actor,
      at,
    });
    const republishId = await this.republish.republishCorrection(trx, user, {
      tenantId: row.tenant_id,
      stationId: Number(row.station_id),
      params: [row.param],
      from: row.starts_at,
      to: row.ends_at,
      reason: `Correction request ${row.id} approved (version ${version.version}): ${row.reason}`,
    });
    await this.requests.in(trx).setApplied(row.tenant_id, row.id, version.id, republishId);
  }

  /**
   * Republishes the approved corrections that had no regulator connection to go to when approved,
   * once one maps their station (the demo maps its industries after seeding): as their approval
   * would have, audited as the board user who approved. Answers how many were republished. No
   * caller: run by the system (the demo's regulator set-up), not on anyone's request.
   */
  async republishUnsentCorrections(): Promise<number> {
    let sent = 0;
    for (const ref of await this.requests.unsentCorrections()) {
      const done = await this.db.transaction().execute(async (trx) => {
        const requests = this.requests.in(trx);
        const row = await requests.anyById(ref.tenant_id, ref.id);
        const approver = await requests.approver(ref.tenant_id, ref.id);
        if (!row || row.param === null || approver === undefined || row.correction_id === null) return false;
        const version = (await this.corrections.in(trx).byIds([{ tenantId: row.tenant_id, id: row.correction_id }])).get(`${row.tenant_id}:${row.correction_id}`);
        const republishId = await this.republish.republishCorrection(trx, { userId: approver }, {
          tenantId: row.tenant_id,
          stationId: Number(row.station_id),
          params: [row.param],
          from: row.starts_at,
          to: row.ends_at,
          reason: `Correction request ${row.id} approved (version ${version?.version ?? 1}): ${row.reason}`,
        });
        if (republishId === null) return false;
        await requests.setApplied(row.tenant_id, row.id, row.correction_id, republishId);
        return true;
      });
      if (done) sent++;
    }
    return sent;
  }

  private async assertNoApprovedOverlap(requests: ChangeRequestRepository, w: { tenantId: number; stationId: number; startsAt: Date; endsAt: Date }, exceptId?: number): Promise<void> {
    const other = await requests.approvedOverlap(w.tenantId, w.stationId, w.startsAt, w.endsAt, exceptId);
    if (other) {
      throw conflict('from', `the window overlaps approved maintenance request ${other.id} of the station (${formatInstant(other.starts_at)} – ${formatInstant(other.ends_at)} IST)`);
    }
  }

  /** The caller as the industry's side; 403 for anyone else. */
  private industryUser(auth: Auth): UserAuth {
    const user = assertSignedIn(auth);
    if (partyOf(user) !== 'industry') throw forbidden('only the industry raises change requests');
    return user;
  }

  /** The input checked against the station, its devices, documents and the clock. */
  private async validated(user: UserAuth, type: CrType, input: MaintenanceRequestInput | CorrectionRequestInput): Promise<NewChangeRequest> {
    const c = type === 'MAINTENANCE' ? { ...MaintenanceInput.parse(input), param: undefined, correction: null } : CorrectionInput.parse(input);
    const startsAt = new Date(c.from);
    const endsAt = new Date(c.to);
    if (endsAt <= startsAt) throw badRequest('to', 'the period must end after it starts');
    const now = this.now();
    if (type === 'MAINTENANCE') {
      if (startsAt.getTime() <= now) throw badRequest('from', 'a maintenance window is announced before it starts: give a start in the future');
      if (endsAt.getTime() - startsAt.getTime() > MAX_WINDOW_MS) throw badRequest('to', 'a maintenance window lasts at most 31 days; announce longer work in parts');
    } else if (endsAt.getTime() > now) {
      throw badRequest('to', 'a correction is of data already recorded: the period must end by now');
    } else if (endsAt.getTime() - startsAt.getTime() > MAX_WINDOW_MS) {
      throw badRequest('to', 'a correction covers at most 31 days (as a regulator republish does); ask for longer periods in parts');
    }
    const station = await this.requests.station(user.tenantIds, await this.entities.restriction(user), c.stationId);
    if (!station) throw notFound(`No station with id= ${c.stationId} exists`);
    const deviceId = c.deviceId ?? null;
    if (deviceId !== null && !(await this.requests.deviceOn(station.tenantId, c.stationId, deviceId))) {
      throw notFound(`No device with id= ${deviceId} exists on station ${station.name}`);
    }
    let paramSlot: number | null = null;
    if (c.param !== undefined && deviceId !== null) {
      paramSlot = (await this.requests.paramSlot(station.tenantId, deviceId, c.param)) ?? null;
      if (paramSlot === null) throw badRequest('param', `device ${deviceId} has no parameter ${c.param}`);
    }
    if (paramSlot !== null && deviceId !== null) {
      // A period cutting an approved correction of the series in part is refused now, not at approval.
      await this.corrections.assertFits(station.tenantId, String(deviceId), paramSlot, startsAt, endsAt);
    }
    const found = await this.documents.attachable(c.documentIds.map((id) => ({ tenantId: station.tenantId, id })));
    const missing = c.documentIds.filter((id) => !found.has(`${station.tenantId}:${id}`));
    if (missing.length) throw badRequest('documentIds', `no document with id= ${missing.join(', ')} exists in this industry`);
    return { tenantId: station.tenantId, crType: type, stationId: c.stationId, deviceId, startsAt, endsAt, reason: c.reason, paramSlot, correction: c.correction, raisedBy: user.userId, documentIds: c.documentIds, at: new Date(now) };
  }

  private async row(user: UserAuth, id: number, requests = this.requests, lock = false): Promise<ChangeRequestRow> {
    const restriction: EntityRestriction | null = await this.entities.restriction(user);
    const row = await requests.byId(user.tenantIds, restriction, id, lock);
    if (!row) throw notFound(`No change request with id= ${id} exists`);
    return row;
  }

  /** What the rows name in other areas: the correction layer's versions they applied and their documents, keyed `tenantId:id`. */
  private async lookups(rows: readonly ChangeRequestRow[]): Promise<Lookups> {
    const [versions, documents] = await Promise.all([
      this.corrections.byIds(rows.filter((r) => r.correction_id !== null).map((r) => ({ tenantId: r.tenant_id, id: r.correction_id! }))),
      this.documents.attachable(rows.flatMap((r) => r.document_ids.map((id) => ({ tenantId: r.tenant_id, id })))),
    ]);
    // The versions that superseded them, for the request each came from.
    const later = await this.corrections.byIds([...versions.values()].filter((v) => v.supersededBy !== null).map((v) => ({ tenantId: v.tenantId, id: v.supersededBy! })));
    return { versions: new Map([...versions, ...later]), documents };
  }

  private toRequest(user: UserAuth, r: ChangeRequestRow, { versions, documents }: Lookups): ChangeRequest {
    const applied = r.correction_id === null ? undefined : versions.get(`${r.tenant_id}:${r.correction_id}`);
    const party = partyOf(user);
    return {
      id: Number(r.id),
      tenantId: r.tenant_id,
      industry: r.industry,
      crType: r.cr_type,
      status: r.status,
      stationId: Number(r.station_id),
      station: r.station,
      deviceId: r.device_id === null ? null : Number(r.device_id),
      device: r.device,
      from: r.starts_at.toISOString(),
      to: r.ends_at.toISOString(),
      reason: r.reason,
      param: r.param,
      correction: r.correction,
      documents: r.document_ids.flatMap((id) => documents.get(`${r.tenant_id}:${id}`) ?? []),
      raisedBy: r.raised_by_name,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      moves: party ? movesOf(r.status, party) : [],
      applied: applied ? { version: applied.version, current: applied.supersededAt === null, supersededByRequestId: supersededBy(applied, versions) } : null,
      republishId: r.republish_id === null ? null : Number(r.republish_id),
    };
  }

  /** Mails the other party; a mail that fails is logged, the move stands. */
  private async tell(row: ChangeRequestRow, to: ChangeRequestParty, status: ChangeRequestStatus, actor: string, comment: string): Promise<void> {
    const recipients: Recipient[] = to === 'board' ? await this.requests.boardRecipients(row.tenant_id) : await this.requests.industryRecipients(row.tenant_id, row.raised_by);
    const kind = row.cr_type === 'MAINTENANCE' ? 'Maintenance' : 'Correction';
    const subject = `${kind} request ${row.id} of ${row.industry}, ${row.station}: ${statusWords(status)}`;
    const period = `${formatInstant(row.starts_at)} – ${formatInstant(row.ends_at)} IST`;
    const what = `${actor} made the ${kind.toLowerCase()} request for ${row.station}${row.device ? ` (${row.device})` : ''} of ${row.industry}, ${period}, ${statusWords(status)}.`;
    const link = `${this.messaging.publicUrl}${APP_PATHS.app.changeRequest.replace(':id', row.id)}`;
    for (const r of recipients) {
      await this.messaging.mailer
        .send(changeRequestMail(r.email, { name: r.name, subject, what, comment, link }))
        .catch((error: unknown) => this.log.error({ err: error, to: r.email }, 'change request mail failed'));
    }
  }
}
