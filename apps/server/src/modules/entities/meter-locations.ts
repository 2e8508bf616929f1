/**
 * Where the tree's energy meters are located, for the entity list's `getLocatedDevices`
 * (GET /api/entities?getLocatedDevices=true, SPEC 7). A meter's station hangs where it is mounted
 * (a substation), yet the meter is located at the node whose energy it measures (the cement mill).
 * The energy module owns the meters and provides this (`EntitiesModule.locateMetersFrom`), so the
 * entities module never imports it.
 */
export interface MeterLocation {
  tenantId: number;
  /** The node the meter measures. */
  nodeId: string;
  /** The station whose devices report the meter's register. */
  stationId: string;
  role: 'MAIN' | 'SUB' | 'GENERATION';
  source: 'GRID' | 'SOLAR' | 'DG' | null;
}

export interface MeterLocations {
  /** The current meters of the tenants. */
  current(tenantIds: readonly number[]): Promise<MeterLocation[]>;
}
