import type { Db } from '../platform/database/database.ts';
import { DemoFleetRepository } from './fleet.repository.ts';

/**
 * The fleet screens' demo (issue 13): every industry licensed for its stations with two to spare (so
 * the station editor can add one), a gateway of the first industry, and a spare analyser in its stock
 * (GET /api/devices/available) to mount from the device's page.
 */
export async function seedFleet(db: Db, tenantIds: readonly number[]): Promise<void> {
  const fleet = new DemoFleetRepository(db);
  await fleet.licenceWithRoom(tenantIds);
  const first = tenantIds[0];
  if (first === undefined) return;
  await fleet.addGateway(first, 'Plant gateway');
  await fleet.addStockDevice(first, 'Spare PM/SO2 analyser', 'DEMO-SPARE-01');
}
