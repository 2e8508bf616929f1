import type { OpenPublication } from '@enviro/contracts/open-data';
import { DEFAULT_TIME_ZONE, isoInZone } from '@enviro/domain/time-zone';
import { assertCanReadTenant, assertSignedIn } from '../../platform/access/access.ts';
import type { Auth, PublicAuth } from '../../platform/access/auth.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import { recordAudit, userActor } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { PublicationRepository, type PublishingBoardRow } from './open-data.repository.ts';

/** A publishing board and the industries it opens, as the portal would show them. */
export interface PublishedBoard {
  board: PublishingBoardRow;
  /** The board and its associated industries in a public status. */
  auth: PublicAuth;
}

/** What the open API may show at the moment of a request: the publishing boards and their industries. */
export interface PublishedScope {
  boards: PublishedBoard[];
  /** The board an industry's data is published under (its first publishing board by id). */
  boardOf: ReadonlyMap<number, PublishedBoard>;
  /** Every published tenant at once, for reads not yet tied to one board. */
  all: PublicAuth | null;
}

/**
 * Whether a statutory body publishes its industries' data (a board-level setting, off until its
 * administrator turns it on), and the scope every open API request is held to. The scope is the
 * public portal's (`TenantDirectory.publicTenantIds`): a disabled board or industry is never in it.
 */
/**
 * How long a server answers with the published scope it read: a board that stops publishing, or an
 * industry disabled, is out of every answer of every server within twice this time (at once on the
 * server that took the decision). Once a read is this old the next is made behind the answers, which
 * use the one read until it comes (every request waiting on it stalled the API under load); once
 * twice as old, requests wait for the new one.
 */
const SCOPE_TTL_MS = 2_000;

export class PublicationService {
  private readonly publications: PublicationRepository;
  private held: { scope: Promise<PublishedScope>; readAt: number; rereading: boolean } | undefined;

  constructor(
    private readonly db: Db,
    private readonly directory: TenantDirectory,
    private readonly now: () => number = Date.now,
  ) {
    this.publications = new PublicationRepository(db);
  }

  /** The published scope as of at most 2 × SCOPE_TTL_MS ago: every open request reads it. */
  scope(): Promise<PublishedScope> {
    const held = this.held;
    const age = held === undefined ? Infinity : this.now() - held.readAt;
    if (held !== undefined && age < SCOPE_TTL_MS) return held.scope;
    if (held !== undefined && age < 2 * SCOPE_TTL_MS) {
      if (!held.rereading) {
        held.rereading = true;
        const readAt = this.now();
        this.readScope().then(
          (scope) => {
            if (this.held === held) this.held = { scope: Promise.resolve(scope), readAt, rereading: false };
          },
          () => (held.rereading = false),
        );
      }
      return held.scope;
    }
    const read = { scope: this.readScope(), readAt: this.now(), rereading: false };
    this.held = read;
    read.scope.catch(() => {
      if (this.held === read) this.held = undefined;
    });
    return read.scope;
  }

  private async readScope(): Promise<PublishedScope> {
    const rows = await this.publications.publishing();
    const boards = await Promise.all(
      rows.map(async (board) => ({ board, auth: { kind: 'public', publicTenantId: board.id, tenantIds: await this.directory.publicTenantIds(board.id) } satisfies PublicAuth })),
    );
    const boardOf = new Map<number, PublishedBoard>();
    for (const b of boards) for (const t of b.auth.tenantIds) if (!boardOf.has(t)) boardOf.set(t, b);
    const all: PublicAuth | null = boards.length === 0 ? null : { kind: 'public', publicTenantId: boards[0]!.board.id, tenantIds: [...boardOf.keys()] };
    return { boards, boardOf, all };
  }

  /** GET /api/open-data/publication/{boardId}: whether the board publishes (its users and site users). */
  async get(auth: Auth, boardId: number): Promise<OpenPublication> {
    assertCanReadTenant(auth, boardId);
    if (!(await this.publications.isBoard(boardId))) throw notFound(`No statutory body with id= ${boardId} exists`);
    const row = await this.publications.find(boardId);
    return { boardId, published: row !== undefined, publishedSince: row ? isoInZone(row.published_at.getTime(), DEFAULT_TIME_ZONE) : null };
  }

  /** Operator (no caller: the demo seed): the board publishes from now on. */
  async publishAsOperator(boardId: number): Promise<void> {
    await this.publications.publish(boardId, null);
    this.held = undefined;
  }

  /** PUT /api/open-data/publication/{boardId}: the board's administrator (or a site administrator) turns publishing on or off. */
  async put(auth: Auth, boardId: number, published: boolean): Promise<OpenPublication> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(auth, boardId);
    if (!(await this.publications.isBoard(boardId))) throw notFound(`No statutory body with id= ${boardId} exists`);
    const mayDecide = user.userType === 'site' || (user.tenantId === boardId && (user.role === 'admin' || user.role === 'statutory'));
    if (!mayDecide) throw forbidden("only the board's administrators decide whether it publishes open data");
    await this.db.transaction().execute(async (trx) => {
      const repo = this.publications.in(trx);
      if (published) await repo.publish(boardId, user.userId);
      else await repo.withdraw(boardId);
      const actor = userActor(user);
      await recordAudit(trx, {
        tenantId: boardId,
        actor: actor.name,
        actorUserId: actor.userId,
        action: published ? 'OPEN_DATA_PUBLISHED' : 'OPEN_DATA_WITHDRAWN',
        entity: `open_data_publication:${boardId}`,
        before: null,
        after: { published },
      });
    });
    this.held = undefined;
    return this.get(auth, boardId);
  }
}
