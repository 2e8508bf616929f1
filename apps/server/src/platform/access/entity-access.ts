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

/** Whether the restriction lets the caller see the entity; any entity outside the limited tenant is left to tenant scoping. */
export function entityVisible(restriction: EntityRestriction | null, row: { tenant_id: number; id: string }): boolean {
  return restriction === null || row.tenant_id !== restriction.tenantId || restriction.visible.has(row.id);
}

/** The ids the caller may see in `tenantId`, or null when every entity there is visible. */
export function visibleIdsIn(restriction: EntityRestriction | null, tenantId: number): string[] | null {
  return restriction === null || restriction.tenantId !== tenantId ? null : [...restriction.visible];
}
