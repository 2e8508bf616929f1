import { sql } from 'kysely';
import { CONTAINER_TYPES } from '../platform/database/entity-types.ts';
import type { Db } from '../platform/database/database.ts';

/**
 * Working statuses of the demo's stations: every station Working, then the first industry's first
 * stack under maintenance, so the statistics count stations by status and the compliance timeline
 * shows status changes (recorded by 071_station_status_changes.sql). Answers the station set aside.
 */
export async function seedStationStatuses(db: Db, tenantIds: readonly number[]): Promise<string | undefined> {
  if (tenantIds.length === 0) return undefined;
  const stations = await db
    .updateTable('entity')
    .set({ working_status: 'Working' })
    .where('tenant_id', 'in', [...tenantIds])
    .where('status', '=', 'ENABLED')
    .where(sql<boolean>`type <> ALL(${sql.val([...CONTAINER_TYPES])}::text[])`)
    .returning(['tenant_id', 'id', 'type', 'name'])
    .execute();
  const first = stations.filter((s) => s.tenant_id === tenantIds[0]).sort((a, b) => Number(a.id) - Number(b.id));
  const stack = first.find((s) => s.type === 'cems') ?? first[0];
  if (!stack) return undefined;
  await db.updateTable('entity').set({ working_status: 'Maintenance' }).where('tenant_id', '=', stack.tenant_id).where('id', '=', stack.id).execute();
  return stack.name;
}
