import { sql, type RawBuilder } from 'kysely';
import { hasFeature, type PREMIUM_FEATURES } from '@enviro/domain/subscriptions/lifecycle';
import type { Db } from '../../platform/database/database.ts';
import { forbiddenField } from '../../platform/errors.ts';

type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

/**
 * The tenants module's `tenant` table as other modules' repositories read it (one owner per table,
 * docs/ARCHITECTURE.md): a relation to join instead of the table. PostgreSQL inlines a subquery in
 * FROM, so a join plans as on the table itself. A tenant of type `tenant` is an industry; one of
 * status DELETED is gone for every reader.
 *
 *     .innerJoin(tenantRows(db).as('t'), 't.id', 'a.tenant_id')
 *     sql`… JOIN ${TENANT_ROWS} t ON t.id = a.tenant_id …`
 */

/** Every tenant, any type and status. */
export function tenantRows(db: Db) {
  return db.selectFrom('tenant').selectAll();
}

/** `tenantRows` for SQL templates. */
export const TENANT_ROWS: RawBuilder<unknown> = sql`(SELECT * FROM tenant)`;

/** SQL: the tenant aliased `alias` is not DELETED (a deleted tenant is gone for every reader). */
export function isNotDeletedSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.status`)} <> 'DELETED'`;
}

/**
 * The tenants a caller looks after: those it reads, not deleted, without its own organisation when
 * that is not an industry (a site's, a board's or a partner's own tenant holds no stations to look
 * after; an industry's user looks after its industry). The one query behind every count and list
 * of "tenants" a person reads (Statistics, the site dashboard), so the two never disagree.
 */
export async function tenantsLookedAfter(db: Db, tenantIds: readonly number[], homeTenantId: number | null): Promise<{ id: number; name: string }[]> {
  if (tenantIds.length === 0) return [];
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT t.id, t.name FROM ${TENANT_ROWS} t
    WHERE t.id = ANY(${sql.val([...tenantIds])}::int[]) AND ${isNotDeletedSql('t')}
      AND NOT (t.id = ${homeTenantId ?? 0} AND t.type <> 'tenant')
    ORDER BY t.id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/**
 * Moves a tenant's status from one of `from` to `to` (the subscriptions module's billing lifecycle,
 * issue 34: TRIAL, ENABLED, GRACE, EXPIRED, AWAITED), in the caller's transaction; answers the status
 * it had, or undefined when it was in none of `from` (another server moved it first, or an operator
 * disabled it), so nothing moved.
 */
export async function moveTenantStatus(db: Db, tenantId: number, from: readonly string[], to: string): Promise<string | undefined> {
  const { rows } = await sql<{ before: string }>`
    UPDATE tenant t SET status = ${to}, updated_at = now()
    FROM (SELECT id, status AS before FROM tenant WHERE id = ${tenantId} FOR UPDATE) b
    WHERE t.id = b.id AND b.before = ANY(${sql.val([...from])}::text[])
    RETURNING b.before`.execute(db);
  return rows[0]?.before;
}

const FEATURE_WORDS: Record<PremiumFeature, string> = {
  scheduledReports: 'scheduled reports',
  dashboardEditing: 'editing dashboards',
  cameraPlaylists: 'editing camera playlists',
};

/** Of `tenantIds`, those whose subscription gives them `feature` now (background passes skip the rest). */
export async function tenantsWithFeature(db: Db, tenantIds: readonly number[], feature: PremiumFeature): Promise<Set<number>> {
  if (tenantIds.length === 0) return new Set();
  const { rows } = await sql<{ id: number; status: string }>`SELECT id, status FROM tenant WHERE id = ANY(${sql.val([...new Set(tenantIds)])}::int[])`.execute(db);
  return new Set(rows.filter((r) => hasFeature(r.status, feature)).map((r) => Number(r.id)));
}

/**
 * Refuses a premium feature (issue 34: `PREMIUM_FEATURES` of lifecycle.ts, what a subscription pays
 * for beyond the legal duties) to a tenant whose subscription has EXPIRED, with a 403 naming
 * `subscription` and saying what goes on. Only premium features call this: ingestion, the regulator
 * push, alerts to the board and the compliance record never read the billing status.
 */
export async function assertTenantHasFeature(db: Db, tenantId: number, feature: PremiumFeature): Promise<void> {
  const { rows } = await sql<{ name: string; status: string }>`SELECT name, status FROM tenant WHERE id = ${tenantId}`.execute(db);
  const tenant = rows[0];
  if (!tenant || hasFeature(tenant.status, feature)) return;
  throw forbiddenField(
    'subscription',
    `${FEATURE_WORDS[feature]} is a premium feature and the subscription of ${tenant.name} has expired; renew it to use it again (monitoring, the regulator push, alerts to the board and the compliance record go on)`,
  );
}
