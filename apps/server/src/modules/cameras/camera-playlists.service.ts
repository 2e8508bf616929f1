import { PlaylistInput as Input, type Playlist, type PlaylistInput, type PlaylistList } from '@enviro/contracts/cameras';
import { assertMayChangeFleet, assertSignedIn, fleetTenant, mayChangeFleet, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { assertTenantHasFeature } from '../tenants/tenants.queries.ts';
import type { CameraRepository, PlaylistRow } from './cameras.repository.ts';

const playlistNotFound = (id: number) => notFound(`No playlist with id= ${id} exists`);

/**
 * Camera playlists (SPEC 1 "camera playlists", issue 32): an industry's cameras in order, shown on a
 * wall of 1, 4, 9 or 16 tiles that turns to the next page every interval. Whoever reads the industry
 * watches its playlists (boards included); whoever may change its stations edits them, while the
 * industry's subscription has not expired (a premium feature; the live view, a board's duty, stays).
 */
export class CameraPlaylistService {
  constructor(
    private readonly db: Db,
    private readonly cameras: CameraRepository,
  ) {}

  async list(auth: Auth, tenantId: number | undefined): Promise<PlaylistList> {
    const tenantIds = scopeTenantIds(auth, tenantId === undefined ? undefined : [tenantId]);
    return { items: (await this.cameras.playlists(tenantIds)).map((p) => toPlaylist(auth, p)) };
  }

  async get(auth: Auth, id: number): Promise<Playlist> {
    const found = await this.cameras.playlist(scopeTenantIds(auth), id);
    if (!found) throw playlistNotFound(id);
    return toPlaylist(auth, found);
  }

  async create(auth: Auth, input: PlaylistInput): Promise<Playlist> {
    assertSignedIn(auth);
    const p = Input.parse(input);
    const tenantId = fleetTenant(auth, p.tenantId);
    const user = assertMayChangeFleet(auth, tenantId);
    await assertTenantHasFeature(this.db, tenantId, 'cameraPlaylists');
    await this.assertCameras(tenantId, p.cameraIds);
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await this.cameras.in(trx).savePlaylist(tenantId, null, p);
      await recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'camera_playlist.create', entity: `camera_playlist:${id}`, before: null, after: p });
      return id;
    });
    return this.get(auth, Number(id));
  }

  async update(auth: Auth, id: number, input: PlaylistInput): Promise<Playlist> {
    assertSignedIn(auth);
    const p = Input.parse(input);
    const found = await this.cameras.playlist(scopeTenantIds(auth), id);
    if (!found) throw playlistNotFound(id);
    const user = assertMayChangeFleet(auth, found.tenant_id);
    await assertTenantHasFeature(this.db, found.tenant_id, 'cameraPlaylists');
    await this.assertCameras(found.tenant_id, p.cameraIds);
    await this.db.transaction().execute(async (trx) => {
      await this.cameras.in(trx).savePlaylist(found.tenant_id, found.id, p);
      const before = { name: found.name, layout: found.layout, intervalSeconds: found.interval_seconds, cameraIds: found.cameras.map((c) => c.id) };
      await recordAudit(trx, { tenantId: found.tenant_id, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'camera_playlist.update', entity: `camera_playlist:${id}`, before, after: p });
    });
    return this.get(auth, id);
  }

  async delete(auth: Auth, id: number): Promise<void> {
    const found = await this.cameras.playlist(scopeTenantIds(auth), id);
    if (!found) throw playlistNotFound(id);
    const user = assertMayChangeFleet(auth, found.tenant_id);
    await assertTenantHasFeature(this.db, found.tenant_id, 'cameraPlaylists');
    await this.db.transaction().execute(async (trx) => {
      await this.cameras.in(trx).deletePlaylist(found.tenant_id, found.id);
      await recordAudit(trx, { tenantId: found.tenant_id, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'camera_playlist.delete', entity: `camera_playlist:${id}`, before: { name: found.name }, after: null });
    });
  }

  private async assertCameras(tenantId: number, ids: readonly number[]): Promise<void> {
    if (new Set(ids).size !== ids.length) throw badRequest('cameraIds', 'lists a camera twice');
    const missing = await this.cameras.missingCameras(tenantId, ids);
    if (missing.length) throw badRequest('cameraIds', `no camera with id= ${missing.join(', ')} in this industry`);
  }
}

function toPlaylist(auth: Auth, p: PlaylistRow): Playlist {
  return {
    id: Number(p.id),
    tenantId: p.tenant_id,
    industry: p.industry,
    name: p.name,
    layout: p.layout,
    intervalSeconds: p.interval_seconds,
    cameras: p.cameras,
    mayEdit: mayChangeFleet(auth, p.tenant_id),
    updatedAt: p.updated_at.toISOString(),
  };
}
