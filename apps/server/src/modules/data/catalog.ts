import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { CatalogRepository, SHARED_CATALOG, type LoadedCatalogs } from './catalog.repository.ts';

/** An ENABLED entity of a tenant. */
export interface CatalogEntity {
  tenant_id: number;
  id: string;
  parent_id: string | null;
  type: string;
  name: string;
}

/** One series: a parameter (slot) of a device in service, with what the catalogue says of it. */
export interface SeriesRow {
  tenant_id: number;
  entity_id: string;
  device_id: string;
  device_tags: Record<string, string>;
  slot: number;
  name: string;
  label: string;
  unit: string;
  metric_agg: string;
  downsample_agg: string;
  /**
   * The part of time this series is the entity's (device_mount, on the 15-minute grid): readings of
   * slots from `from_ms` (null: since ever) until `to_ms` (null: still mounted). A device swapped
   * between stations gives each station its own part of the device's readings.
   */
  from_ms: number | null;
  to_ms: number | null;
}

/** Catalogue entry of a parameter. */
export interface StdParamInfo {
  name: string;
  label: string;
  unit: string;
  metric_agg: string;
  downsample_agg: string;
}

/** What data requests resolve of a tenant before reading values, as of one catalog_version. */
export interface TenantCatalog {
  tenantId: number;
  /** The tenant's catalog_version and the shared catalogue's when read; null where there was no row. */
  version: string | null;
  sharedVersion: string | null;
  /** ENABLED entities by id. */
  entities: ReadonlyMap<string, CatalogEntity>;
  /** ENABLED entities by parent id. */
  children: ReadonlyMap<string, readonly CatalogEntity[]>;
  /** Series of devices in service with an entity, by entity id, in device and slot order. */
  seriesByEntity: ReadonlyMap<string, readonly SeriesRow[]>;
  /** Series of devices in service that served an entity before (closed mounts), by entity id: trends read them for their period. */
  pastSeriesByEntity: ReadonlyMap<string, readonly SeriesRow[]>;
  /** The same series by {@link seriesKey}. */
  seriesByKey: ReadonlyMap<number, SeriesRow>;
  /** The closed mounts' series by {@link seriesKey}: whose a device's reading from before its current mount is. */
  pastSeriesByKey: ReadonlyMap<number, readonly SeriesRow[]>;
}

/** The shared parameter catalogue by name, as of one version. */
export interface ParamCatalogue {
  version: string | null;
  byName: ReadonlyMap<string, StdParamInfo>;
}

/** The catalogs a request reads: its tenants' (by tenant id, in the order asked) and the shared catalogue. */
export interface CatalogSnapshot {
  tenants: ReadonlyMap<number, TenantCatalog>;
  params: ParamCatalogue;
}

/** A number naming a device's slot: device ids stay far below 2^53 / 512. */
export function seriesKey(deviceId: number, slot: number): number {
  return deviceId * 512 + slot;
}

/**
 * Tenant catalogs and the parameter catalogue held in memory, each checked against catalog_version
 * (kept by triggers, see migration 016) on every read: a request pays one indexed read instead of
 * resolving the entity tree and its series again, and never sees a catalog older than its own
 * start. One cache per database; holds the `capacity` most recently read tenants.
 */
export class CatalogCache {
  private readonly tenants = new Map<number, TenantCatalog>();
  private params: ParamCatalogue | null = null;
  /** Loads under way, by what they load and the versions that made them stale. */
  private readonly loading = new Map<string, Promise<void>>();
  private readonly repository: CatalogRepository;

  constructor(
    database: PooledHandle,
    private readonly capacity = 2000,
  ) {
    this.repository = new CatalogRepository(database);
  }

  /** The catalogs as held now, current or not, or null when one is missing: for starting reads that depend on them early. */
  peek(tenantIds: readonly number[]): CatalogSnapshot | null {
    if (!this.params) return null;
    const tenants = new Map<number, TenantCatalog>();
    for (const id of tenantIds) {
      const held = this.tenants.get(id);
      if (!held) return null;
      tenants.set(id, held);
    }
    return { tenants, params: this.params };
  }

  /** The current catalogs of the tenants (in the order given, once each) and the shared catalogue. */
  async read(requested: readonly number[]): Promise<CatalogSnapshot> {
    const tenantIds = [...new Set(requested)];
    const rows = await this.repository.versions(tenantIds);
    const versions = new Map(rows.map((r) => [r.tenant_id, r.version]));
    const sharedVersion = versions.get(SHARED_CATALOG) ?? null;
    const stale = tenantIds.filter((id) => {
      const held = this.tenants.get(id);
      return !held || held.version !== (versions.get(id) ?? null) || held.sharedVersion !== sharedVersion;
    });
    const paramsStale = this.params?.version !== sharedVersion;
    if (stale.length > 0 || paramsStale) await this.load(stale, paramsStale, versions);

    const tenants = new Map<number, TenantCatalog>();
    for (const id of tenantIds) {
      const held = this.tenants.get(id)!;
      // Most recently read last: the first in the map is the first to go.
      this.tenants.delete(id);
      this.tenants.set(id, held);
      tenants.set(id, held);
    }
    this.evict();
    return { tenants, params: this.params! };
  }

  /**
   * Loads the stale catalogs; requests that find the same ones stale at the same versions (a
   * dashboard's parallel calls on a cold cache) share one load.
   */
  private load(stale: readonly number[], withParams: boolean, versions: ReadonlyMap<number, string>): Promise<void> {
    const key = `${withParams}|${versions.get(SHARED_CATALOG)}|${stale.map((id) => `${id}:${versions.get(id)}`).join(',')}`;
    let load = this.loading.get(key);
    if (!load) {
      load = this.repository
        .load(stale, withParams)
        .then((loaded) => this.keep(loaded))
        .finally(() => this.loading.delete(key));
      this.loading.set(key, load);
    }
    return load;
  }

  private keep(loaded: LoadedCatalogs): void {
    if (loaded.params) this.params = loaded.params;
    for (const catalog of loaded.tenants) this.tenants.set(catalog.tenantId, catalog);
  }

  private evict(): void {
    for (const id of this.tenants.keys()) {
      if (this.tenants.size <= this.capacity) break;
      this.tenants.delete(id);
    }
  }
}
