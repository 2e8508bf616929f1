import { DetectorSettings, type QualitySettings, type QualitySettingsUpdate } from '@enviro/contracts/data-quality';
import { defaultSettings } from '@enviro/domain/data-quality/quality-config';
import { assertSignedIn, scopeDataTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { CatalogCache } from '../data/catalog.ts';
import { visibleScope } from '../data/selection.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { QualitySettingsRepository } from './quality-settings.repository.ts';

/**
 * A board's (or the platform's) administrators tune the detectors per device parameter; whoever
 * reads the station reads the settings. An industry does not change them: a detector its polluter
 * could loosen or switch off would flag nothing (docs/DATA-QUALITY.md, "Settings").
 */
export function mayTuneDetectors(auth: Auth): boolean {
  if (auth.kind !== 'user') return false;
  if (auth.userType === 'site') return auth.role === 'site' || auth.role === 'admin';
  if (auth.userType === 'statutory') return auth.role === 'statutory' || auth.role === 'admin';
  return false;
}

/** Detector settings of a station's device parameters: read, set, cleared; every change audited and judged again. */
export class QualitySettingsService {
  private readonly repository: QualitySettingsRepository;

  constructor(
    private readonly db: Db,
    private readonly access: TenantDirectory,
    private readonly entities: EntityService,
    private readonly catalogs: CatalogCache,
  ) {
    this.repository = new QualitySettingsRepository(db);
  }

  /** The station (404 when the caller does not read it). */
  private async station(auth: Auth, stationId: number) {
    const tenantIds = await scopeDataTenantIds(this.access, auth, {});
    const [snapshot, restriction] = await Promise.all([this.catalogs.read(tenantIds), this.entities.restriction(auth)]);
    const [station] = visibleScope(snapshot, restriction, { entityIds: [stationId], includeDescendants: false });
    return station!;
  }

  async get(auth: Auth, stationId: number): Promise<QualitySettings> {
    const station = await this.station(auth, stationId);
    const rows = await this.repository.stationParams(station.tenant_id, station.id);
    return {
      stationId,
      stationName: station.name,
      editable: mayTuneDetectors(auth),
      params: rows.map((r) => {
        const own = r.settings === null ? null : DetectorSettings.safeParse(r.settings);
        return {
          deviceId: Number(r.device_id),
          deviceName: r.device_name,
          slot: r.slot,
          param: r.name,
          label: r.label,
          unit: r.unit,
          defaults: defaultSettings(r.name),
          settings: own?.success ? own.data : null,
          updatedAt: r.updated_at?.getTime() ?? null,
        };
      }),
    };
  }

  /** Sets or clears one parameter's settings; the device's last 8 days are queued to be judged again (migration 211's trigger). */
  async update(auth: Auth, stationId: number, input: QualitySettingsUpdate): Promise<QualitySettings> {
    const user = assertSignedIn(auth);
    const station = await this.station(auth, stationId);
    if (!mayTuneDetectors(auth)) throw forbidden("only a board's or the platform's administrators tune the detectors");
    const params = await this.repository.stationParams(station.tenant_id, station.id);
    const param = params.find((p) => p.device_id === String(input.deviceId) && p.slot === input.slot);
    if (!param) {
      throw params.some((p) => p.device_id === String(input.deviceId))
        ? badRequest('slot', `device ${input.deviceId} has no parameter in slot ${input.slot}`)
        : badRequest('deviceId', `no device ${input.deviceId} in service on this station`);
    }
    await this.db.transaction().execute(async (trx) => {
      const before = await this.repository.in(trx).save(station.tenant_id, param.device_id, param.slot, input.settings, user.userId);
      await recordAudit(trx, {
        tenantId: station.tenant_id,
        actor: `user:${user.userId}`,
        actorUserId: user.userId,
        action: 'quality_setting.update',
        entity: `device:${param.device_id}:${param.name}`,
        before,
        after: input.settings,
      });
    });
    return this.get(auth, stationId);
  }
}
