import type { ManualReadingsInput } from '@enviro/contracts/energy';
import { ManualReadingsInput as ReadingsSchema } from '@enviro/contracts/energy';
import { manualCounterProblems } from '@enviro/domain/energy/counter';
import { formatInZone } from '@enviro/domain/format-date';
import { assertCanWrite, assertMayChangeFleet } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RecentService } from '../data/recent.service.ts';
import type { EnergyService } from './energy.service.ts';
import { EnergyRepository } from './energy.repository.ts';
import { REGISTER_PARAM } from './meter-energy.ts';

/** Stores register readings as a device's own (the telemetry module's ingestion, given by the module file). */
export type StoreRegister = (deviceId: number, readings: readonly { ts: number; value: number }[]) => Promise<{ accepted: number; refused: readonly { index: number; reason: string }[] }>;

/** How far back the meter's latest stored reading is looked for: a month and a day (a meter read monthly). */
const LATEST_BACKSCAN_HOURS = 32 * 24;

/**
 * Register readings of a meter entered by hand (POST /api/energy/readings): a meter without a data
 * link, read on a walk-round. They continue the meter's series, so they are checked as a counter
 * typed by a person must be (`manualCounterProblems`: none negative, in time order, none lower than
 * the one before) and against the meter's latest stored reading (after it, not below it); a fall is
 * entered as a meter replacement, never as a reading. All are stored or none, through the same
 * ingestion as what a device sends, so rollups, trends and the energy of the tree take them alike.
 */
export class MeterReadingService {
  private readonly repo: EnergyRepository;

  constructor(
    db: Db,
    private readonly energy: EnergyService,
    private readonly recent: RecentService,
    private readonly store: StoreRegister,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new EnergyRepository(db);
  }

  async enter(auth: Auth, input: ManualReadingsInput): Promise<{ entityId: number; deviceId: number; stored: number }> {
    assertCanWrite(auth);
    const body = ReadingsSchema.parse(input);
    const meter = await this.energy.meterOf(auth, body.entityId);
    assertMayChangeFleet(auth, meter.tenantId);
    const deviceId = (await this.repo.registerDevices(meter.tenantId, [String(body.entityId)])).get(String(body.entityId));
    if (deviceId === undefined) throw badRequest('entityId', `${meter.entityName} has no device to hold its register`);
    const readings = body.readings.map((r) => ({ at: Date.parse(r.time), value: r.register }));
    const now = this.now();
    const future = readings.findIndex((r) => r.at > now);
    if (future >= 0) throw badRequest(`readings[${future}].time`, 'a reading cannot be in the future');
    const problem = manualCounterProblems(readings)[0];
    if (problem) throw badRequest(problem.message.includes('time order') ? `readings[${problem.index}].time` : `readings[${problem.index}].register`, problem.message);
    const [latest] = await this.recent.recent(auth, { entityIds: [body.entityId], params: [REGISTER_PARAM], backscan: LATEST_BACKSCAN_HOURS, includeDescendants: false });
    if (latest) {
      const when = formatInZone(latest.time, 'DD MMM YYYY HH:mm');
      if (readings[0]!.at <= latest.time) throw badRequest('readings[0].time', `the meter's latest reading is at ${when} IST; readings entered by hand continue after it`);
      if (readings[0]!.value < latest.value) throw badRequest('readings[0].register', `the counter decreased from ${latest.value} (at ${when} IST) to ${readings[0]!.value}; enter a meter reset or replacement instead`);
    }
    const result = await this.store(Number(deviceId), readings.map((r) => ({ ts: r.at, value: r.value })));
    // The checks above leave the ingestion nothing to refuse but a device that does not report the
    // register, and that refuses every reading alike: nothing is stored half.
    if (result.refused.length > 0) throw badRequest(`readings[${result.refused[0]!.index}]`, result.refused[0]!.reason);
    return { entityId: body.entityId, deviceId: Number(deviceId), stored: result.accepted };
  }
}
