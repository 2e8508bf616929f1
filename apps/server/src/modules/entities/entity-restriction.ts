import { sql } from 'kysely';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';

/**
 * A user limited to some stations and facilities of their own tenant (PUT
 * /api/entityaccesforuser/{id}) sees those entities and their descendants there, nothing else of it.
 */
export interface EntityRestriction {
  /** The user's own tenant, the one the limit applies to. */
  tenantId: number;
  /** Ids of the entities granted and all their descendants. */
  visible: ReadonlySet<string>;
}

const resolved = new WeakMap<Auth, Promise<EntityRestriction | null>>();

/**
 * The caller's entity restriction, or null when the caller sees every entity of its tenants (no
 * limit set, or not a user). Looked up once per request (the Auth object is per request).
 */
export function entityRestriction(db: Db, auth: Auth): Promise<EntityRestriction | null> {
  if (auth.kind !== 'user') return Promise.resolve(null);
  let found = resolved.get(auth);
  if (!found) {
    found = lookUp(db, auth.homeTenantId, auth.userId);
    resolved.set(auth, found);
  }
  return found;
}

/** Whether the restriction lets the caller see the entity; any entity outside the limited tenant is left to tenant scoping. */
export function entityVisible(restriction: EntityRestriction | null, row: { tenant_id: number; id: string }): boolean {
  return restriction === null || row.tenant_id !== restriction.tenantId || restriction.visible.has(row.id);
}

/** The ids the caller may see in `tenantId`, or null when every entity there is visible. */
export function visibleIdsIn(restriction: EntityRestriction | null, tenantId: number): string[] | null {
  return restriction === null || restriction.tenantId !== tenantId ? null : [...restriction.visible];
}

async function lookUp(db: Db, tenantId: number, userId: number): Promise<EntityRestriction | null> {
  // UNION, not UNION ALL: a parent cycle written by hand ends the recursion instead of looping.
  const { rows } = await sql<{ id: string }>`
    WITH RECURSIVE visible(id) AS (
      SELECT entity_id FROM user_entity_access WHERE tenant_id = ${tenantId} AND user_id = ${String(userId)}
      UNION
      SELECT c.id FROM entity c JOIN visible v ON c.tenant_id = ${tenantId} AND c.parent_id = v.id
    )
    SELECT id::text AS id FROM visible`.execute(db);
  return rows.length === 0 ? null : { tenantId, visible: new Set(rows.map((r) => r.id)) };
}
