import type { RegulatorProtocol, StationMapping } from '@enviro/contracts/regulator';
import type { Db } from '../../platform/database/database.ts';
import type { CredentialVault, StoredCredentials } from './credentials.ts';
import { suggestOdamsParameterKey } from '@enviro/domain/odams-annexure';
import { mappableStations } from './mapping-validation.ts';
import { PROTOCOLS } from './protocols/index.ts';
import { OutboxRepository } from './outbox.repository.ts';
import { RegulatorConfigRepository } from './regulator.repository.ts';

/**
 * Operator set-up of regulator links without a caller (the demo seed, the bench): connections,
 * complete mappings of an industry, and a back-fill of recent slots. Routes go through
 * RegulatorConfigService, which checks the caller; nothing here is reachable over HTTP.
 */
export class RegulatorProvisioning {
  private readonly config: RegulatorConfigRepository;
  private readonly outbox: OutboxRepository;

  constructor(
    db: Db,
    private readonly vault: CredentialVault,
  ) {
    this.config = new RegulatorConfigRepository(db);
    this.outbox = new OutboxRepository(db);
  }

  async connections(): Promise<{ id: number; name: string; url: string; statutoryId: number }[]> {
    return (await this.config.connections()).map((c) => ({ id: Number(c.id), name: c.name, url: c.url, statutoryId: c.statutory_id }));
  }

  async createConnection(input: { statutoryId: number; name: string; protocol: RegulatorProtocol; url: string; credentials: StoredCredentials; backfillDays?: number }): Promise<number> {
    return Number(
      await this.config.insertConnection({
        statutory_id: input.statutoryId, name: input.name, protocol: input.protocol, url: input.url, enabled: true,
        backfill_days: input.backfillDays ?? 7, credentials: this.vault.seal(input.credentials),
      }),
    );
  }

  /** The industry's stations with devices and parameters, as a mapping names them. */
  async mappableStations(tenantId: number): Promise<ReturnType<typeof mappableStations>> {
    return mappableStations(await this.config.mappable(tenantId));
  }

  /** A connection's stored credentials, opened. */
  async credentialsOf(connectionId: number): Promise<StoredCredentials> {
    const [row] = await this.config.connections(connectionId);
    return row ? this.vault.open(row.credentials) : {};
  }

  /** Points a connection at another receiver, with that receiver's credentials. */
  async moveConnection(connectionId: number, url: string, credentials: StoredCredentials): Promise<void> {
    await this.config.moveConnection(connectionId, url, this.vault.seal(credentials));
  }

  /** The industries a statutory body oversees. */
  industriesOf(statutoryId: number): Promise<{ id: number; name: string }[]> {
    return this.config.associatedIndustries(statutoryId);
  }

  /**
   * Maps every station, device and parameter of the industry the protocol can carry: regulator ids
   * from ours (`S{id}`, `D{id}`), parameter codes from the catalogue's labels, units as the devices
   * report them; for a protocol with a fixed vocabulary (ODAMS), the annexure's key and unit of each
   * parameter, those without one skipped. `perDevice` gives each device its own credentials (ODAMS:
   * its token id).
   */
  async mapEverything(tenantId: number, connectionId: number, industryId: string, credentials: StoredCredentials, perDevice?: (deviceId: number) => StoredCredentials): Promise<StationMapping[]> {
    const [connection] = await this.config.connections(connectionId);
    const vocabulary = PROTOCOLS[connection!.protocol as RegulatorProtocol].vocabulary;
    const param = (p: { slot: number; name: string; label: string; unit: string }) => {
      if (!vocabulary) return { slot: p.slot, code: p.label.toUpperCase(), unit: p.unit, skip: false };
      const code = suggestOdamsParameterKey(p.name);
      const unit = vocabulary.unit(p.name, p.unit, '')?.unit;
      return code && unit ? { slot: p.slot, code, unit, skip: false } : { slot: p.slot, code: '', unit: '', skip: true };
    };
    // A station none of whose parameters the protocol carries (an energy meter or an ash silo for
    // CPCB ODAMS) is left out: each of its records would be refused with nothing to send.
    const stations: StationMapping[] = mappableStations(await this.config.mappable(tenantId))
      .map((s) => ({
        stationId: s.stationId,
        regulatorStationId: `S${s.stationId}`,
        devices: s.devices.map((d) => ({ deviceId: d.deviceId, regulatorDeviceId: `D${d.deviceId}`, params: d.params.map(param) })),
      }))
      .filter((s) => s.devices.some((d) => d.params.some((p) => !p.skip)));
    const devices = perDevice ? Object.fromEntries(stations.flatMap((s) => s.devices.map((d) => [String(d.deviceId), perDevice(d.deviceId)]))) : undefined;
    const sealed = this.vault.seal(devices ? { ...credentials, devices } : credentials);
    await this.config.upsertMapping({ tenant_id: tenantId, connection_id: connectionId, enabled: true, industry_id: industryId, credentials: sealed, stations: JSON.stringify(stations) });
    return stations;
  }

  /** Queues the slots with data since `from` of the industry's mapped stations. */
  queueSince(tenantId: number, connectionId: number, from: Date): Promise<number> {
    return this.outbox.enqueueSince(tenantId, String(connectionId), from);
  }
}
