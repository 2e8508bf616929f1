import type {
  RegulatorConnection,
  RegulatorConnectionInput,
  RegulatorMapping,
  RegulatorMappingInput,
  RegulatorProtocol,
  MappingStop,
  RegulatorTenantMappings,
  StationMapping,
} from '@enviro/contracts/regulator';
import { RegulatorConnectionInput as ConnectionInputSchema, RegulatorMappingInput as MappingInputSchema } from '@enviro/contracts/regulator';
import { assertCanReadTenant, assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordTenantAudit } from '../../platform/audit/audit-trail.ts';
import { credentialNames, mergeCredentials, mergeDeviceCredentials, type CredentialVault } from './credentials.ts';
import { mappableStations, normalizeMapping, validateMapping } from './mapping-validation.ts';
import { errorMeanings } from './regulator-logs.service.ts';
import { RegulatorConfigRepository, type ConnectionRow, type MappingRow } from './regulator.repository.ts';

/**
 * Regulator configuration (SPEC 1 admin): the endpoints of statutory bodies (site administrators,
 * declared by the routes) and each industry's mapping onto them, validated against its stations,
 * devices and parameters. Credentials are sealed by the vault and never answered.
 */
export class RegulatorConfigService {
  private readonly config: RegulatorConfigRepository;

  constructor(
    private readonly db: Db,
    private readonly vault: CredentialVault,
  ) {
    this.config = new RegulatorConfigRepository(db);
  }

  async connections(auth: Auth): Promise<RegulatorConnection[]> {
    assertSignedIn(auth);
    const [rows, figures, attempts] = await Promise.all([this.config.connections(), this.config.figures(), this.config.lastAttempts()]);
    return rows.map((r) => this.toConnection(r, figures, attempts));
  }

  async createConnection(auth: Auth, input: RegulatorConnectionInput): Promise<RegulatorConnection> {
    const user = assertSignedIn(auth);
    const values = ConnectionInputSchema.parse(input);
    return this.db.transaction().execute(async (trx) => {
      const config = this.config.in(trx);
      await assertStatutory(config, values.statutoryId);
      const credentials = mergeCredentials({}, values.credentials);
      const id = await config.insertConnection({
        statutory_id: values.statutoryId, name: values.name, protocol: values.protocol, url: values.url, enabled: values.enabled,
        backfill_days: values.backfillDays, credentials: this.vault.seal(credentials),
      });
      const after = { id: Number(id), ...values, credentials: credentialNames(credentials) };
      await recordTenantAudit(trx, user, values.statutoryId, 'regulatorConnectionCreate', null, after);
      return this.connectionIn(config, Number(id));
    });
  }

  async updateConnection(auth: Auth, id: number, input: RegulatorConnectionInput): Promise<RegulatorConnection> {
    const user = assertSignedIn(auth);
    const values = ConnectionInputSchema.parse(input);
    return this.db.transaction().execute(async (trx) => {
      const config = this.config.in(trx);
      const [before] = await config.connections(id, true);
      if (!before) throw notFound(`No regulator connection with id= ${id} exists`);
      await assertStatutory(config, values.statutoryId);
      const credentials = mergeCredentials(this.vault.open(before.credentials), values.credentials);
      await config.updateConnection(id, {
        statutory_id: values.statutoryId, name: values.name, protocol: values.protocol, url: values.url, enabled: values.enabled,
        backfill_days: values.backfillDays, credentials: this.vault.seal(credentials),
      });
      // Saving the connection (a new public key, say) resumes industries a configuration error stopped.
      await config.resumeConnection(id);
      await recordTenantAudit(trx, user, values.statutoryId, 'regulatorConnectionUpdate', summary(before, this.vault), { id, ...values, credentials: credentialNames(credentials) });
      return this.connectionIn(config, id);
    });
  }

  async deleteConnection(auth: Auth, id: number): Promise<void> {
    const user = assertSignedIn(auth);
    await this.db.transaction().execute(async (trx) => {
      const config = this.config.in(trx);
      const [before] = await config.connections(id, true);
      if (!before) throw notFound(`No regulator connection with id= ${id} exists`);
      await config.deleteConnection(id);
      await recordTenantAudit(trx, user, before.statutory_id, 'regulatorConnectionDelete', summary(before, this.vault), null);
    });
  }

  /** The industry's mappings with their issues, and what it has to map. */
  async mappings(auth: Auth, tenantId: number): Promise<RegulatorTenantMappings> {
    assertCanReadTenant(auth, tenantId);
    const tenant = await this.config.tenantKind(tenantId);
    if (!tenant || tenant.status === 'DELETED') throw notFound(`No tenant with id= ${tenantId} exists`);
    const stations = mappableStations(await this.config.mappable(tenantId));
    const rows = await this.config.mappings(tenantId);
    return { tenantId, tenantName: tenant.name, mappings: rows.map((r) => this.toMapping(r, stations)), stations };
  }

  /** Sets the industry's whole mapping on a connection; answers it with its issues. */
  async putMapping(auth: Auth, tenantId: number, connectionId: number, input: RegulatorMappingInput): Promise<RegulatorMapping> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, tenantId);
    const values = MappingInputSchema.parse(input);
    return this.db.transaction().execute(async (trx) => {
      const config = this.config.in(trx);
      const tenant = await config.tenantKind(tenantId);
      if (!tenant || tenant.status === 'DELETED') throw notFound(`No tenant with id= ${tenantId} exists`);
      if (tenant.type !== 'tenant') throw badRequest('tenantId', `tenant ${tenantId} is no industry: only industries report to regulators`);
      const [connection] = await config.connections(connectionId);
      if (!connection) throw badRequest('connectionId', `no regulator connection ${connectionId}`);
      assertUniqueIds(values.stations);
      const mappable = mappableStations(await config.mappable(tenantId));
      const stations = normalizeMapping(connection.protocol as RegulatorProtocol, values.stations, mappable);
      const [before] = await config.mappings(tenantId, connectionId);
      const stored = before ? this.vault.open(before.credentials) : {};
      const { devices: _devices, ...storedOwn } = stored;
      const own = mergeCredentials(storedOwn, values.credentials);
      const devices = mergeDeviceCredentials(stored.devices, values.stations.flatMap((s) => s.devices));
      const credentials = devices ? { ...own, devices } : own;
      await config.upsertMapping({
        tenant_id: tenantId, connection_id: connectionId, enabled: values.enabled, industry_id: values.industryId,
        credentials: this.vault.seal(credentials), stations: JSON.stringify(stations),
      });
      const beforeSummary = before ? { enabled: before.enabled, industryId: before.industry_id, stations: before.stations, credentials: credentialNames(stored) } : null;
      await recordTenantAudit(trx, user, tenantId, 'regulatorMappingPut', beforeSummary, { connectionId, enabled: values.enabled, industryId: values.industryId, stations, credentials: credentialNames(own) });
      const [row] = await config.mappings(tenantId, connectionId);
      return this.toMapping(row!, mappable);
    });
  }

  async deleteMapping(auth: Auth, tenantId: number, connectionId: number): Promise<void> {
    const user = assertSignedIn(auth);
    assertCanReadTenant(user, tenantId);
    await this.db.transaction().execute(async (trx) => {
      const config = this.config.in(trx);
      const [before] = await config.mappings(tenantId, connectionId);
      if (!before) throw notFound(`No mapping of tenant ${tenantId} on connection ${connectionId} exists`);
      await config.deleteMapping(tenantId, connectionId);
      await recordTenantAudit(trx, user, tenantId, 'regulatorMappingDelete', { connectionId, industryId: before.industry_id, stations: before.stations }, null);
    });
  }

  private async connectionIn(config: RegulatorConfigRepository, id: number): Promise<RegulatorConnection> {
    const [row] = await config.connections(id);
    const [figures, attempts] = await Promise.all([config.figures(), config.lastAttempts()]);
    return this.toConnection(row!, figures, attempts);
  }

  private toConnection(r: ConnectionRow, figures: Awaited<ReturnType<RegulatorConfigRepository['figures']>>, attempts: Awaited<ReturnType<RegulatorConfigRepository['lastAttempts']>>): RegulatorConnection {
    const f = figures.find((x) => x.connection_id === r.id);
    const a = attempts.find((x) => x.connection_id === r.id);
    return {
      id: Number(r.id), statutoryId: r.statutory_id, statutoryName: r.statutory_name, name: r.name, protocol: r.protocol as RegulatorProtocol,
      url: r.url, enabled: r.enabled, backfillDays: r.backfill_days, credentialsSet: credentialNames(this.vault.open(r.credentials)),
      industries: f?.industries ?? 0, pending: f?.pending ?? 0, lastAcceptedSlot: f?.last_accepted_slot?.toISOString() ?? null,
      lastAttemptAt: a?.at.toISOString() ?? null, lastAttemptResult: a ? (a.outcome === 'SUCCESS' ? 'success' : `${a.error_code ?? 'error'}: ${a.answer}`.slice(0, 200)) : null,
      createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
    };
  }

  private toMapping(r: MappingRow, stations: ReturnType<typeof mappableStations>): RegulatorMapping {
    const { devices, ...own } = this.vault.open(r.credentials);
    const all = { ...this.vault.open(r.connection_credentials), ...own };
    const mapped = r.stations as StationMapping[];
    return {
      tenantId: r.tenant_id, connectionId: Number(r.connection_id), connectionName: r.connection_name, protocol: r.protocol as RegulatorProtocol,
      enabled: r.enabled, industryId: r.industry_id, credentialsSet: credentialNames(own), stations: mapped,
      deviceCredentialsSet: Object.entries(devices ?? {}).map(([deviceId, c]) => ({ deviceId: Number(deviceId), credentialsSet: credentialNames(c) })),
      stopped: mappingStop(r),
      issues: validateMapping(r.protocol as RegulatorProtocol, mapped, stations, all, devices), updatedAt: r.updated_at.toISOString(),
    };
  }
}

/** The stop of an industry on a connection, in words, or null. */
export function mappingStop(r: Pick<MappingRow, 'stopped_at' | 'stopped_code' | 'stopped_message' | 'stopped_device'>): MappingStop | null {
  if (!r.stopped_at || !r.stopped_code) return null;
  return {
    code: r.stopped_code, meaning: errorMeanings()[r.stopped_code] ?? 'not a known code of this protocol',
    message: r.stopped_message ?? '', regulatorDeviceId: r.stopped_device, at: r.stopped_at.toISOString(),
  };
}

async function assertStatutory(config: RegulatorConfigRepository, id: number): Promise<void> {
  const t = await config.tenantKind(id);
  if (!t || t.status === 'DELETED' || t.type !== 'statutory') throw badRequest('statutoryId', `tenant ${id} is no statutory body`);
}

function assertUniqueIds(stations: readonly StationMapping[]): void {
  const seen = new Set<number>();
  stations.forEach((s, i) => {
    if (seen.has(s.stationId)) throw badRequest(`stations.${i}.stationId`, `station ${s.stationId} is listed twice`);
    seen.add(s.stationId);
  });
}

function summary(r: ConnectionRow, vault: CredentialVault) {
  return { id: Number(r.id), statutoryId: r.statutory_id, name: r.name, protocol: r.protocol, url: r.url, enabled: r.enabled, backfillDays: r.backfill_days, credentials: credentialNames(vault.open(r.credentials)) };
}

