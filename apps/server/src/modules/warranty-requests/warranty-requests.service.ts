import {
  WarrantyCommentInput as CommentInput,
  WarrantyPatch as Patch,
  WarrantyRequestInput as Input,
  type WarrantyCommentInput,
  type WarrantyPage,
  type WarrantyPatch,
  type WarrantyFilter,
  type WarrantyRequest,
  type WarrantyRequestInput,
} from '@enviro/contracts/warranty-requests';
import { slaState, warrantyMoveProblem, warrantyMovesOf, warrantyStatusWords, type WarrantyParty } from '@enviro/domain/warranty-workflow';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, forbidden, forbiddenField, notFound } from '../../platform/errors.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { WarrantyRepository, type CommentRow, type WarrantyRow, type WarrantyScope } from './warranty-requests.repository.ts';

const HOUR_MS = 3_600_000;

/** The side a caller is on: a partner's staff handle requests, an industry's users (and site staff acting as it) raise them; others read. */
export function warrantyPartyOf(user: UserAuth): WarrantyParty | null {
  if (user.userType === 'partner') return 'partner';
  if (user.access.view === 'tenant' && (user.userType === 'tenant' || user.manage)) return 'industry';
  return null;
}

/**
 * Warranty requests (SPEC 7 "warrantRequests", issue 35): an industry reports a faulty device (serial,
 * fault, photos as its documents) to the service partner linked to it; the partner works it
 * (`@enviro/domain/warranty-workflow`) within the SLA hours of its terms, and a request past its due
 * time while the partner has it is overdue. Both sides talk in the comment thread, where every
 * status change is a comment too. A partner's staff read only the requests their partner handles.
 */
export class WarrantyService {
  private readonly requests: WarrantyRepository;

  constructor(
    private readonly db: Db,
    private readonly entities: EntityService,
    private readonly now: () => number = Date.now,
  ) {
    this.requests = new WarrantyRepository(db);
  }

  async list(auth: Auth, q: WarrantyFilter): Promise<WarrantyPage> {
    const user = assertSignedIn(auth);
    if (q.tenantId !== undefined && !user.tenantIds.includes(q.tenantId)) throw notFound(`No tenant with id= ${q.tenantId} exists`);
    const scope = await this.scope(user, q.tenantId);
    const { rows, total } = await this.requests.list(scope, q, new Date(this.now()));
    return { items: rows.map((r) => this.toRequest(user, r, [])), total, page: q.page, size: q.size };
  }

  async get(auth: Auth, id: number): Promise<WarrantyRequest> {
    const user = assertSignedIn(auth);
    const row = await this.row(user, id);
    return this.toRequest(user, row, await this.requests.comments(row.tenant_id, row.id));
  }

  async raise(auth: Auth, input: WarrantyRequestInput): Promise<WarrantyRequest> {
    const user = assertSignedIn(auth);
    if (warrantyPartyOf(user) !== 'industry') throw forbidden('only the industry raises warranty requests');
    const c = Input.parse(input);
    const device = await this.requests.device(await this.scope(user), c.deviceId);
    if (!device) throw notFound(`No device with id= ${c.deviceId} exists`);
    const partners = await this.requests.partners(device.tenantId);
    if (partners.length === 0) throw conflict('partnerId', 'the industry has no service partner to send the request to; ask the site administrators to link one');
    const partner = c.partnerId === undefined ? (partners.length === 1 ? partners[0] : undefined) : partners.find((p) => p.id === c.partnerId);
    if (!partner) {
      throw badRequest('partnerId', c.partnerId === undefined ? 'the industry has several service partners: choose the one to handle it' : `tenant ${c.partnerId} is not a service partner of this industry`);
    }
    const missing = await this.requests.missingDocuments(device.tenantId, c.photoIds);
    if (missing.length) throw badRequest('photoIds', `no document with id= ${missing.join(', ')} exists in this industry`);
    const now = this.now();
    const id = await this.requests.insert({
      tenantId: device.tenantId,
      deviceId: c.deviceId,
      serialNo: c.serialNo,
      fault: c.fault,
      partnerId: partner.id,
      slaHours: partner.slaHours,
      dueAt: new Date(now + partner.slaHours * HOUR_MS),
      raisedBy: user.userId,
      createdAt: new Date(now),
      photoIds: c.photoIds,
    });
    return this.get(user, Number(id));
  }

  /** Adds a comment to the thread: the industry and the partner handling it. */
  async comment(auth: Auth, id: number, input: WarrantyCommentInput): Promise<WarrantyRequest> {
    const user = assertSignedIn(auth);
    const { comment } = CommentInput.parse(input);
    const row = await this.row(user, id);
    if (warrantyPartyOf(user) === null) throw forbidden('only the industry and its service partner comment on a warranty request');
    await this.requests.addComment(row.tenant_id, row.id, { authorId: user.userId, authorName: await this.requests.userName(user.userId), status: null, body: comment, at: new Date(this.now()) });
    return this.get(user, id);
  }

  /** Moves a request to `status` (checked workflow), its comment going to the thread. */
  async move(auth: Auth, id: number, patch: WarrantyPatch): Promise<WarrantyRequest> {
    const user = assertSignedIn(auth);
    const { status, comment } = Patch.parse(patch);
    const party = warrantyPartyOf(user);
    if (party === null) throw forbidden('only the industry and its service partner act on a warranty request');
    await this.db.transaction().execute(async (trx) => {
      const requests = this.requests.in(trx);
      const row = await this.row(user, id, requests, true);
      const problem = warrantyMoveProblem(row.status, status, party);
      if (problem?.kind === 'order') throw conflict('status', problem.message);
      if (problem) throw forbiddenField('status', problem.message);
      if (status === 'REJECTED' && comment === '') throw badRequest('comment', 'say why the request is rejected');
      const at = new Date(this.now());
      await requests.setStatus(row.tenant_id, row.id, status, at);
      await requests.addComment(row.tenant_id, row.id, { authorId: user.userId, authorName: await requests.userName(user.userId), status, body: comment, at });
    });
    return this.get(user, id);
  }

  /** Deletes a request the partner has not taken up yet (still open): the industry's own mistake. */
  async delete(auth: Auth, id: number): Promise<void> {
    const user = assertSignedIn(auth);
    if (warrantyPartyOf(user) !== 'industry') throw forbidden('only the industry that raised a warranty request deletes it');
    await this.db.transaction().execute(async (trx) => {
      const requests = this.requests.in(trx);
      const row = await this.row(user, id, requests, true);
      if (row.status !== 'OPEN') throw conflict('status', `only an open request may be deleted; this one is ${warrantyStatusWords(row.status)}: close it instead`);
      await requests.delete(row.tenant_id, row.id);
    });
  }

  private async scope(user: UserAuth, tenantId?: number): Promise<WarrantyScope> {
    return {
      tenantIds: tenantId !== undefined ? [tenantId] : user.tenantIds,
      restriction: await this.entities.restriction(user),
      partnerId: warrantyPartyOf(user) === 'partner' ? user.homeTenantId : null,
    };
  }

  private async row(user: UserAuth, id: number, requests = this.requests, lock = false): Promise<WarrantyRow> {
    const row = await requests.byId(await this.scope(user), id, lock);
    if (!row) throw notFound(`No warranty request with id= ${id} exists`);
    return row;
  }

  private toRequest(user: UserAuth, r: WarrantyRow, comments: readonly CommentRow[]): WarrantyRequest {
    const party = warrantyPartyOf(user);
    const sla = slaState(r.status, r.due_at.getTime(), this.now());
    return {
      id: Number(r.id),
      tenantId: r.tenant_id,
      industry: r.industry,
      deviceId: Number(r.device_id),
      device: r.device,
      station: r.station,
      serialNo: r.serial_no,
      fault: r.fault,
      status: r.status,
      partnerId: r.partner_id,
      partner: r.partner,
      slaHours: r.sla_hours,
      dueAt: r.due_at.toISOString(),
      slaMinutesLeft: sla.minutesLeft,
      overdue: sla.overdue,
      photos: r.photos,
      raisedBy: r.raised_by_name,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      comments: comments.map((c) => ({ id: Number(c.id), author: c.author_name, status: c.status, body: c.body, at: c.created_at.toISOString() })),
      moves: party ? warrantyMovesOf(r.status, party) : [],
    };
  }
}
