import type { Db } from '../platform/database/database.ts';
import { DemoFleetRepository } from './fleet.repository.ts';

/**
 * Working statuses of the demo's stations: every station Working, then the first industry's first
 * stack under maintenance, so the statistics count stations by status and the compliance timeline
 * shows status changes (recorded by 071_station_status_changes.sql). Answers the station set aside.
 */
export async function seedStationStatuses(db: Db, tenantIds: readonly number[]): Promise<string | undefined> {
  const fleet = new DemoFleetRepository(db);
  const stations = await fleet.setWorkingStatus(tenantIds, 'Working');
  const first = stations.filter((s) => s.tenant_id === tenantIds[0]).sort((a, b) => Number(a.id) - Number(b.id));
  const stack = first.find((s) => s.type === 'cems') ?? first[0];
  if (!stack) return undefined;
  await fleet.setStationStatus(stack.tenant_id, stack.id, 'Maintenance');
  return stack.name;
}
