import {
  WarrantyTermsInput as TermsInput,
  type WarrantyTerms,
  type WarrantyTermsInput,
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
import { APP_PATHS } from '@enviro/domain/app-paths';
import { formatInstant } from '@enviro/domain/format-date';
import { warrantyMoveProblem, warrantyMovesOf, warrantyStatusWords, warrantyTimers, type WarrantyParty } from '@enviro/domain/warranty-workflow';
import type { FastifyBaseLogger } from 'fastify';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, forbidden, forbiddenField, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { changeRequestMail } from '../../platform/mail/templates.ts';
import type { AttachedDocument, DocumentService } from '../documents/documents.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { DEFAULT_RESPONSE_HOURS, DEFAULT_SLA_HOURS, WarrantyRepository, type CommentRow, type WarrantyRow, type WarrantyScope } from './warranty-requests.repository.ts';

/** How the other party is told: the platform mailer and the app's address for links. */
export interface WarrantyMessaging {
  mailer: Mailer;
  publicUrl: string;
}

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
    private readonly documents: Pick<DocumentService, 'attachable'>,
    private readonly now: () => number = Date.now,
    /** Mails to the other party on each move and comment; none (tests of the rules alone): nobody is told. */
    private readonly messaging: WarrantyMessaging | null = null,
    private readonly log: Pick<FastifyBaseLogger, 'error'> | null = null,
  ) {
    this.requests = new WarrantyRepository(db);
  }

  async list(auth: Auth, q: WarrantyFilter): Promise<WarrantyPage> {
    const user = assertSignedIn(auth);
    if (q.tenantId !== undefined && !user.tenantIds.includes(q.tenantId)) throw notFound(`No tenant with id= ${q.tenantId} exists`);
    const scope = await this.scope(user, q.tenantId);
    const { rows, total } = await this.requests.list(scope, q, new Date(this.now()));
    const photos = await this.photos(rows);
    return { items: rows.map((r) => this.toRequest(user, r, [], photos)), total, page: q.page, size: q.size };
  }

  async get(auth: Auth, id: number): Promise<WarrantyRequest> {
    const user = assertSignedIn(auth);
    const row = await this.row(user, id);
    return this.toRequest(user, row, await this.requests.comments(row.tenant_id, row.id), await this.photos([row]));
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
    const found = await this.documents.attachable(c.photoIds.map((id) => ({ tenantId: device.tenantId, id })));
    const missing = c.photoIds.filter((id) => !found.has(`${device.tenantId}:${id}`));
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
      responseHours: partner.responseHours,
      respondBy: new Date(now + partner.responseHours * HOUR_MS),
      raisedBy: user.userId,
      createdAt: new Date(now),
      photoIds: c.photoIds,
    });
    const row = await this.row(user, Number(id));
    await this.tell(row, 'partner', `${await this.requests.userName(user.userId)} reported a fault of ${row.device} of ${row.industry} (serial ${row.serial_no}): respond by ${formatInstant(row.respond_by)} IST, resolve by ${formatInstant(row.due_at)} IST.`, row.fault);
    return this.get(user, Number(id));
  }

  /** Adds a comment to the thread: the industry and the partner handling it. */
  async comment(auth: Auth, id: number, input: WarrantyCommentInput): Promise<WarrantyRequest> {
    const user = assertSignedIn(auth);
    const { comment } = CommentInput.parse(input);
    const row = await this.row(user, id);
    const party = warrantyPartyOf(user);
    if (party === null) throw forbidden('only the industry and its service partner comment on a warranty request');
    const at = new Date(this.now());
    const author = await this.requests.userName(user.userId);
    await this.db.transaction().execute(async (trx) => {
      const requests = this.requests.in(trx);
      await requests.addComment(row.tenant_id, row.id, { authorId: user.userId, authorName: author, status: null, body: comment, at });
      if (party === 'partner') await requests.markResponded(row.tenant_id, row.id, at);
    });
    await this.tell(row, party === 'partner' ? 'industry' : 'partner', `${author} commented on warranty request ${row.id} (${row.device} of ${row.industry}).`, comment);
    return this.get(user, id);
  }

  /** Moves a request to `status` (checked workflow), its comment going to the thread. */
  async move(auth: Auth, id: number, patch: WarrantyPatch): Promise<WarrantyRequest> {
    const user = assertSignedIn(auth);
    const { status, comment } = Patch.parse(patch);
    const party = warrantyPartyOf(user);
    if (party === null) throw forbidden('only the industry and its service partner act on a warranty request');
    const { row, author } = await this.db.transaction().execute(async (trx) => {
      const requests = this.requests.in(trx);
      const row = await this.row(user, id, requests, true);
      const problem = warrantyMoveProblem(row.status, status, party);
      if (problem?.kind === 'order') throw conflict('status', problem.message);
      if (problem) throw forbiddenField('status', problem.message);
      if (status === 'REJECTED' && comment === '') throw badRequest('comment', 'say why the request is rejected');
      const at = new Date(this.now());
      const author = await requests.userName(user.userId);
      await requests.setStatus(row.tenant_id, row.id, status, at);
      await requests.addComment(row.tenant_id, row.id, { authorId: user.userId, authorName: author, status, body: comment, at });
      if (party === 'partner') await requests.markResponded(row.tenant_id, row.id, at);
      return { row, author };
    });
    await this.tell(row, party === 'partner' ? 'industry' : 'partner', `${author} made warranty request ${row.id} (${row.device} of ${row.industry}) ${warrantyStatusWords(status)}.`, comment);
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

  /**
   * A service partner's warranty terms: its own staff, site users, and the industries it serves read
   * them; another partner is 404.
   */
  async terms(auth: Auth, partnerId: number): Promise<WarrantyTerms> {
    const user = assertSignedIn(auth);
    const row = await this.requests.terms(partnerId, this.termsReaders(user, partnerId));
    if (!row) throw notFound(`No service partner with id= ${partnerId} exists`);
    return {
      partnerId,
      partner: row.partner,
      responseHours: row.response_hours ?? DEFAULT_RESPONSE_HOURS,
      resolutionHours: row.sla_hours ?? DEFAULT_SLA_HOURS,
      isDefault: row.sla_hours === null,
      updatedAt: row.updated_at?.toISOString() ?? null,
    };
  }

  /** Sets a partner's terms for requests raised from now on: its own administrators and site administrators. */
  async setTerms(auth: Auth, partnerId: number, input: WarrantyTermsInput): Promise<WarrantyTerms> {
    const user = assertSignedIn(auth);
    const t = TermsInput.parse(input);
    if (user.userType === 'partner' && user.homeTenantId !== partnerId) throw notFound(`No service partner with id= ${partnerId} exists`);
    if (user.userType !== 'partner' && user.userType !== 'site') throw forbidden("only the partner's administrators and site administrators set its warranty terms");
    if (!(await this.requests.terms(partnerId, null))) throw notFound(`No service partner with id= ${partnerId} exists`);
    await this.requests.setTerms(partnerId, t.resolutionHours, t.responseHours);
    return this.terms(auth, partnerId);
  }

  /** Whose partners' terms the caller reads: null for all (site staff), its own partner, else the partners of its industries. */
  private termsReaders(user: UserAuth, partnerId: number): readonly number[] | null {
    if (user.userType === 'site' && user.access.view === 'site') return null;
    if (user.userType === 'partner' && user.access.view === 'partner') return user.homeTenantId === partnerId ? null : [];
    return user.tenantIds;
  }

  /** Mails the other party; a mail that fails is logged, the move stands. */
  private async tell(row: WarrantyRow, to: WarrantyParty, what: string, comment: string): Promise<void> {
    if (!this.messaging) return;
    const recipients = to === 'partner' ? await this.requests.partnerRecipients(row.partner_id) : await this.requests.industryRecipients(row.tenant_id, row.raised_by);
    const subject = `Warranty request ${row.id} of ${row.industry}, ${row.device}`;
    const link = `${this.messaging.publicUrl}${APP_PATHS.app.warrantyRequest.replace(':id', row.id)}`;
    for (const r of recipients) {
      await this.messaging.mailer
        .send(changeRequestMail(r.email, { name: r.name, subject, what, comment, link }))
        .catch((error: unknown) => this.log?.error({ err: error, to: r.email }, 'warranty request mail failed'));
    }
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

  /** The rows' photos, named through the documents area, keyed `tenantId:id`. */
  private photos(rows: readonly WarrantyRow[]): Promise<Map<string, AttachedDocument>> {
    return this.documents.attachable(rows.flatMap((r) => r.photo_ids.map((id) => ({ tenantId: r.tenant_id, id }))));
  }

  private toRequest(user: UserAuth, r: WarrantyRow, comments: readonly CommentRow[], photos: ReadonlyMap<string, AttachedDocument>): WarrantyRequest {
    const party = warrantyPartyOf(user);
    const sla = warrantyTimers({ status: r.status, respondBy: r.respond_by.getTime(), respondedAt: r.responded_at?.getTime() ?? null, dueAt: r.due_at.getTime() }, this.now());
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
      responseHours: r.response_hours,
      respondBy: r.respond_by.toISOString(),
      respondedAt: r.responded_at?.toISOString() ?? null,
      responseMinutesLeft: sla.responseMinutesLeft,
      responseOverdue: sla.responseOverdue,
      resolutionOverdue: sla.resolutionOverdue,
      overdue: sla.overdue,
      photos: r.photo_ids.flatMap((id) => {
        const doc = photos.get(`${r.tenant_id}:${id}`);
        return doc ? [{ id: doc.id, fileName: doc.fileName }] : [];
      }),
      raisedBy: r.raised_by_name,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      comments: comments.map((c) => ({ id: Number(c.id), author: c.author_name, status: c.status, body: c.body, at: c.created_at.toISOString() })),
      moves: party ? warrantyMovesOf(r.status, party) : [],
    };
  }
}
