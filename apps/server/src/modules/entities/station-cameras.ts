/**
 * Which nodes carry a camera, for the entity list's `camera` filter (GET /api/entities?camera=true).
 * The cameras module owns the cameras and provides this (`EntitiesModule.showCamerasFrom`), so the
 * entities module never imports it: cameras sit on stations, not the other way round.
 */
export interface StationCameras {
  /** Keys `${tenantId}/${entityId}` of the nodes of the tenants with at least one camera. */
  nodesWithCameras(tenantIds: readonly number[]): Promise<ReadonlySet<string>>;
}
