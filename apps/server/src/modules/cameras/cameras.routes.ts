import {
  AlertSnapshotsQuery,
  Camera,
  CameraData,
  CameraDataQuery,
  CameraDetail,
  CameraIdParams,
  CameraInput,
  CameraList,
  CameraMove,
  CameraMoved,
  CameraQuery,
  CameraSnapshot,
  CameraUpdate,
  Deleted,
  EntitiesForCamera,
  EntitiesForCameraQuery,
  Playlist,
  PlaylistInput,
  PlaylistList,
  PlaylistQuery,
  SnapshotIdParams,
  SnapshotList,
} from '@enviro/contracts/cameras';
import { ApiError, ERROR_RESPONSES, FileResponse } from '@enviro/contracts/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_RULES, FLEET_WRITE, type Audience } from '../../platform/access/route-access.ts';
import type { CamerasModule } from './cameras.module.ts';

const TAGS = ['cameras'];

/** Who watches cameras: every signed-in app whose user reads the industry (boards included); not API keys. */
const CAMERA_READ: readonly Audience[] = APP_RULES;
/** Who moves them: the industry's administrators and site staff (the service also refuses partners). */
const CAMERA_OPERATE: readonly Audience[] = ['siteFleet', 'tenantAdmin', 'siteManaging'];

const WRITE_RESPONSES = { ...ERROR_RESPONSES, 409: ApiError } as const;
const CAMERA_RESPONSES = { ...ERROR_RESPONSES, 409: ApiError, 502: ApiError, 503: ApiError } as const;

/** Cameras (SPEC 7 Cameras, spelled as the spec spells them) and the paths it does not show (docs/CAMERAS.md). */
export const cameraRoutes: FastifyPluginAsyncZod<CamerasModule> = async (app, { cameras, control, removed }) => {
  app.get(
    '/api/camera',
    { config: { access: CAMERA_READ }, schema: { tags: TAGS, summary: "The caller's cameras with their health (never their address or credentials)", querystring: CameraQuery, response: { 200: CameraList, ...ERROR_RESPONSES } } },
    async (request) => cameras.list(request.auth, request.query),
  );
  app.post(
    '/api/camera',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Add a camera to a station with the camera add-on (or to the industry); its address and credentials are sealed', body: CameraInput, response: { 201: Camera, ...WRITE_RESPONSES } } },
    async (request, reply) => reply.code(201).send(await cameras.create(request.auth, request.body)),
  );
  app.put(
    '/api/camera',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Change a camera (`id` in the body); omitted fields keep their value, null clears', body: CameraUpdate, response: { 200: Camera, ...WRITE_RESPONSES } } },
    async (request) => {
      const { camera, sourceChanged, key } = await cameras.update(request.auth, request.body);
      // Viewers of the old address reconnect to the new one.
      if (sourceChanged) control.restart(key);
      return camera;
    },
  );
  app.delete(
    '/api/camera/:id',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Remove a camera with its presets, snapshots and places in playlists', params: CameraIdParams, response: { 200: Deleted, ...WRITE_RESPONSES } } },
    async (request) => {
      const key = await cameras.delete(request.auth, request.params.id);
      control.restart(key);
      await removed(key);
      return { id: request.params.id, deleted: true as const };
    },
  );
  app.get(
    '/api/cameraDetail/:id',
    { config: { access: CAMERA_READ }, schema: { tags: TAGS, summary: 'A camera, where its live view plays, and its latest snapshots', params: CameraIdParams, response: { 200: CameraDetail, ...ERROR_RESPONSES } } },
    async (request) => cameras.detail(request.auth, request.params.id),
  );
  app.get(
    '/api/getEntitiesForCamera',
    { config: { access: CAMERA_READ }, schema: { tags: TAGS, summary: 'Stations a camera may watch, with their camera add-on and the cameras on them', querystring: EntitiesForCameraQuery, response: { 200: EntitiesForCamera, ...ERROR_RESPONSES } } },
    async (request) => cameras.stationsFor(request.auth, request.query.tenantId),
  );
  app.get(
    '/api/cameraData',
    { config: { access: CAMERA_READ }, schema: { tags: TAGS, summary: "Health of the caller's cameras: online or offline, last frame, viewers", querystring: CameraDataQuery, response: { 200: CameraData, ...ERROR_RESPONSES } } },
    async (request) => cameras.health(request.auth, request.query),
  );
  app.get(
    '/api/camera/:id/live',
    {
      config: { access: CAMERA_READ },
      schema: {
        tags: TAGS,
        summary: 'Live view: fragmented MP4 (H.264, not transcoded) over a chunked response, for Media Source Extensions; one upstream per camera whoever watches',
        params: CameraIdParams,
        response: { 200: FileResponse, ...CAMERA_RESPONSES },
      },
    },
    async (request, reply) => {
      const view = await control.watch(request.auth, request.params.id);
      // The viewer leaves when the connection closes; the last one to leave stops the camera's stream.
      request.raw.once('close', () => view.stream.destroy());
      reply.raw.once('close', () => view.stream.destroy());
      return (reply as FastifyReply)
        .header('Content-Type', `video/mp4; codecs="${view.codec}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .send(view.stream);
    },
  );
  app.post(
    '/api/camera/:id/snapshot',
    { config: { access: CAMERA_READ }, schema: { tags: TAGS, summary: 'Take a snapshot (one frame as JPEG) now, kept with the camera', params: CameraIdParams, response: { 200: CameraSnapshot, ...CAMERA_RESPONSES } } },
    async (request) => control.snapshot(request.auth, request.params.id),
  );
  app.get(
    '/api/cameraSnapshots/:id/image',
    { config: { access: CAMERA_READ }, schema: { tags: TAGS, summary: "A snapshot's JPEG", params: SnapshotIdParams, response: { 200: FileResponse, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const image = await control.image(request.auth, request.params.id);
      return (reply as FastifyReply).header('Content-Type', 'image/jpeg').header('Cache-Control', 'private, max-age=86400').header('Content-Length', image.jpeg.length).send(image.jpeg);
    },
  );
  app.get(
    '/api/cameraSnapshots',
    { config: { access: CAMERA_READ }, schema: { tags: TAGS, summary: 'Snapshots attached to an exceedance alert', querystring: AlertSnapshotsQuery, response: { 200: SnapshotList, ...ERROR_RESPONSES } } },
    async (request) => ({ items: await cameras.alertSnapshots(request.auth, request.query.alertId) }),
  );
  app.post(
    '/api/camera/:id/move',
    { config: { access: CAMERA_OPERATE }, schema: { tags: TAGS, summary: 'Pan, tilt, zoom, stop, go to or store a named preset (ONVIF PTZ); audited', params: CameraIdParams, body: CameraMove, response: { 200: CameraMoved, ...CAMERA_RESPONSES } } },
    async (request) => control.move(request.auth, request.params.id, request.body),
  );
};

/** Camera playlists (SPEC 1; paths designed here, docs/CAMERAS.md). */
export const playlistRoutes: FastifyPluginAsyncZod<CamerasModule> = async (app, { playlists }) => {
  app.get(
    '/api/cameraPlaylists',
    { config: { access: CAMERA_READ }, schema: { tags: TAGS, summary: "Playlists of the caller's industries", querystring: PlaylistQuery, response: { 200: PlaylistList, ...ERROR_RESPONSES } } },
    async (request) => playlists.list(request.auth, request.query.tenantId),
  );
  app.get(
    '/api/cameraPlaylists/:id',
    { config: { access: CAMERA_READ }, schema: { tags: TAGS, summary: 'A playlist with its cameras in order', params: CameraIdParams, response: { 200: Playlist, ...ERROR_RESPONSES } } },
    async (request) => playlists.get(request.auth, request.params.id),
  );
  app.post(
    '/api/cameraPlaylists',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Create a playlist: cameras in order, a wall of 1, 4, 9 or 16 tiles, the seconds per page', body: PlaylistInput, response: { 201: Playlist, ...WRITE_RESPONSES } } },
    async (request, reply) => reply.code(201).send(await playlists.create(request.auth, request.body)),
  );
  app.put(
    '/api/cameraPlaylists/:id',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Replace a playlist', params: CameraIdParams, body: PlaylistInput, response: { 200: Playlist, ...WRITE_RESPONSES } } },
    async (request) => playlists.update(request.auth, request.params.id, request.body),
  );
  app.delete(
    '/api/cameraPlaylists/:id',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Delete a playlist', params: CameraIdParams, response: { 200: Deleted, ...WRITE_RESPONSES } } },
    async (request) => {
      await playlists.delete(request.auth, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
};
