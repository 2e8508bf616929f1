import { sql } from 'kysely';
import { PUBLIC_TENANT_STATUSES } from '../../platform/access/auth.ts';
import { Repository } from '../../platform/database/repository.ts';
import { tenantRows } from '../tenants/tenants.queries.ts';

/** A statutory body that publishes, in a public status. */
export interface PublishingBoardRow {
  id: number;
  name: string;
  state: string | null;
  published_at: Date;
}

/** Which boards publish their industries' data (`open_data_publication`). */
export class PublicationRepository extends Repository {
  /** Publishing statutory bodies the public portal shows (a disabled board publishes nothing), by id. */
  async publishing(): Promise<PublishingBoardRow[]> {
    return this.db
      .selectFrom('open_data_publication as p')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'p.tenant_id')
      .select(['t.id', 't.name', 't.state', 'p.published_at'])
      .where('t.type', '=', 'statutory')
      .where('t.status', 'in', PUBLIC_TENANT_STATUSES)
      .orderBy('t.id')
      .execute();
  }

  async find(boardId: number): Promise<{ published_at: Date } | undefined> {
    return this.db.selectFrom('open_data_publication').select('published_at').where('tenant_id', '=', boardId).executeTakeFirst();
  }

  /** Whether the tenant is a statutory body (only those publish). */
  async isBoard(tenantId: number): Promise<boolean> {
    const row = await this.db.selectFrom(tenantRows(this.db).as('t')).select('t.id').where('t.id', '=', tenantId).where('t.type', '=', 'statutory').executeTakeFirst();
    return row !== undefined;
  }

  async publish(boardId: number, userId: number | null): Promise<void> {
    await this.db.insertInto('open_data_publication').values({ tenant_id: boardId, published_by: userId }).onConflict((oc) => oc.column('tenant_id').doNothing()).execute();
  }

  async withdraw(boardId: number): Promise<void> {
    await this.db.deleteFrom('open_data_publication').where('tenant_id', '=', boardId).execute();
  }
}

export interface OpenKeyRow {
  id: string;
  per_minute: number;
  per_hour: number;
}

/** Developers' keys: sign-up, confirmation, and the key a request names. */
export class OpenKeyRepository extends Repository {
  async create(k: { email: string; purpose: string; keyHash: string; keyPrefix: string; confirmHash: string; confirmExpiresAt: Date }): Promise<void> {
    await this.db
      .insertInto('open_api_key')
      .values({ email: k.email, purpose: k.purpose, key_hash: k.keyHash, key_prefix: k.keyPrefix, confirm_hash: k.confirmHash, confirm_expires_at: k.confirmExpiresAt })
      .execute();
  }

  /** Unconfirmed sign-ups of the address in the last hour: how many mails it has been sent lately. */
  async recentSignUps(email: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('open_api_key')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(sql<boolean>`lower(email) = lower(${email})`)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Confirms the sign-up the token names, once, before it expires, and gives it its key (the key's
   * hash replaces the placeholder written at sign-up). Undefined when no such sign-up waits.
   */
  async confirm(confirmHash: string, keyHash: string, keyPrefix: string, now: Date): Promise<OpenKeyRow | undefined> {
    return this.db
      .updateTable('open_api_key')
      .set({ confirmed_at: now, confirm_hash: null, key_hash: keyHash, key_prefix: keyPrefix })
      .where('confirm_hash', '=', confirmHash)
      .where('confirmed_at', 'is', null)
      .where('confirm_expires_at', '>', now)
      .returning(['id', 'per_minute', 'per_hour'])
      .executeTakeFirst();
  }

  /** The confirmed, unrevoked key with this hash. */
  async byHash(keyHash: string): Promise<OpenKeyRow | undefined> {
    return this.db
      .selectFrom('open_api_key')
      .select(['id', 'per_minute', 'per_hour'])
      .where('key_hash', '=', keyHash)
      .where('confirmed_at', 'is not', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }
}

/** The two windows' counts after counting one more request. */
export interface Hits {
  minute: number;
  hour: number;
}

/** Requests of one caller not yet counted in PostgreSQL, in one minute and one hour. */
export interface PendingHits {
  caller: string;
  minuteStart: Date;
  hourStart: Date;
  hits: number;
}

/** The shared counts of one caller's minute and hour after adding its pending requests. */
export interface CountedHits extends Hits {
  caller: string;
  minuteStart: number;
  hourStart: number;
}

/** Request counters every server shares (`open_api_hits`). */
export class OpenHitsRepository extends Repository {
  /**
   * Adds the requests of each caller to its minute and hour, in one statement, and answers the
   * counts after it, per caller and window.
   */
  async add(pending: readonly PendingHits[]): Promise<CountedHits[]> {
    if (pending.length === 0) return [];
    // The statement is its own transaction, committed without waiting for the disk (set_config
    // local to it): a crash may forget the last counts of a window, and every request saves a flush.
    const { rows } = await sql<{ caller: string; window_kind: string; window_start: Date; hits: number }>`
      INSERT INTO open_api_hits AS h (caller, window_kind, window_start, hits)
      SELECT v.caller, k.kind, CASE k.kind WHEN 'm' THEN v.minute_start ELSE v.hour_start END, sum(v.hits)
      FROM unnest(${sql.val(pending.map((p) => p.caller))}::text[], ${sql.val(pending.map((p) => p.minuteStart))}::timestamptz[],
                  ${sql.val(pending.map((p) => p.hourStart))}::timestamptz[], ${sql.val(pending.map((p) => p.hits))}::int[]) AS v (caller, minute_start, hour_start, hits),
        (VALUES ('m'), ('h')) AS k (kind),
        (SELECT set_config('synchronous_commit', 'off', true)) AS lazy
      GROUP BY 1, 2, 3
      ON CONFLICT (caller, window_kind, window_start) DO UPDATE SET hits = h.hits + excluded.hits
      RETURNING caller, window_kind, window_start, hits`.execute(this.db);
    return pending.map((p) => {
      const of = (kind: string, start: Date) => rows.find((r) => r.caller === p.caller && r.window_kind === kind && r.window_start.getTime() === start.getTime())?.hits ?? p.hits;
      return { caller: p.caller, minuteStart: p.minuteStart.getTime(), hourStart: p.hourStart.getTime(), minute: of('m', p.minuteStart), hour: of('h', p.hourStart) };
    });
  }

  /** Forgets the windows that ended before `before`. */
  async prune(before: Date): Promise<number> {
    const result = await this.db.deleteFrom('open_api_hits').where('window_start', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
