import { z } from 'zod';
import { Id, TenantId } from './common.ts';

/**
 * Cameras (SPEC 1 cameras and camera playlists, SPEC 7 Cameras; issue 32, docs/CAMERAS.md): IP cameras
 * with pan, tilt and zoom at a station's discharge point or stack (REGULATORY "Cameras"). A camera's
 * address and credentials are written, never read: no answer carries them.
 */

/** Layouts of a playlist's tiled wall: 1, 4, 9 or 16 tiles. */
export const WALL_LAYOUTS = [1, 4, 9, 16] as const;
/** Named PTZ presets the issue names; any other name of up to 40 characters is accepted too. */
export const STANDARD_PRESETS = ['outlet', 'stack', 'port-hole'] as const;

const Name = z.string().trim().min(1, { message: 'give a name' }).max(100, { message: 'is at most 100 characters' });
const Secret = z.string().max(200, { message: 'is at most 200 characters' });

/** An RTSP address (`rtsp://host[:port]/path`); credentials go in `username` and `password`, not in the address. */
export const RtspUrl = z
  .string()
  .trim()
  .max(500, { message: 'is at most 500 characters' })
  .refine((v) => /^rtsps?:\/\/[^\s/@]+(:\d+)?(\/\S*)?$/i.test(v) && URL.canParse(v), { message: "must be an RTSP address such as 'rtsp://10.0.0.12:554/stream1', without user name or password in it" });

/** The camera's ONVIF device service (`http://host[:port]/onvif/device_service`). */
export const OnvifUrl = z
  .string()
  .trim()
  .max(500, { message: 'is at most 500 characters' })
  .refine((v) => /^https?:\/\/[^\s/@]+(:\d+)?(\/\S*)?$/i.test(v) && URL.canParse(v), { message: "must be an http address such as 'http://10.0.0.12/onvif/device_service'" });

/** How the server reads the stream: RTSP over TCP (interleaved, the default: crosses firewalls and NAT) or RTP over UDP. */
export const RtspTransport = z.enum(['tcp', 'udp']);
export type RtspTransport = z.infer<typeof RtspTransport>;

/** Body of POST /api/camera. */
export const CameraInput = z.object({
  /** The industry; default the one the caller acts for. */
  tenantId: TenantId.optional(),
  /** The station it watches; null: the industry as a whole (a gate, a yard). */
  stationId: Id.nullable().default(null),
  name: Name,
  /** Its RTSP address (H.264 main or sub stream). */
  rtspUrl: RtspUrl,
  /** The camera's user name and password, for RTSP and ONVIF alike. */
  username: Secret.optional(),
  password: Secret.optional(),
  /** Its ONVIF device service, for pan, tilt, zoom and presets; omitted: a fixed camera. */
  onvifUrl: OnvifUrl.nullable().optional(),
  rtspTransport: RtspTransport.default('tcp'),
});
export type CameraInput = z.input<typeof CameraInput>;

/** Body of PUT /api/camera: the camera `id` and what changes; an omitted field keeps its value, null clears an optional one. */
export const CameraUpdate = z.object({
  id: Id,
  stationId: Id.nullable().optional(),
  name: Name.optional(),
  rtspUrl: RtspUrl.optional(),
  username: Secret.nullable().optional(),
  password: Secret.nullable().optional(),
  onvifUrl: OnvifUrl.nullable().optional(),
  rtspTransport: RtspTransport.optional(),
});
export type CameraUpdate = z.input<typeof CameraUpdate>;

/**
 * A camera's health: ONLINE when its last frame is recent, OFFLINE when it could not be read (with
 * the reason), UNAVAILABLE when the server cannot read any camera (ffmpeg missing), UNKNOWN before
 * the first check.
 */
export const CameraStatus = z.enum(['UNKNOWN', 'ONLINE', 'OFFLINE', 'UNAVAILABLE']);
export type CameraStatus = z.infer<typeof CameraStatus>;

export const CameraHealth = z.object({
  status: CameraStatus,
  /** Why it is offline or unavailable, in words (unreachable, wrong credentials, not H.264…); null when online. */
  reason: z.string().nullable(),
  /** When the server last received a frame from it. */
  lastFrameAt: z.string().nullable(),
  /** When it was last checked. */
  checkedAt: z.string().nullable(),
  /** Since when it has been offline without a break; null when not offline. */
  offlineSince: z.string().nullable(),
  /** People watching it live on this server now. */
  viewers: z.number().int(),
});
export type CameraHealth = z.infer<typeof CameraHealth>;

/** A camera as answers show it: never its address or credentials. */
export const Camera = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  industry: z.string(),
  stationId: z.number().int().nullable(),
  /** The station's name; null for a camera of the industry as a whole. */
  station: z.string().nullable(),
  name: z.string(),
  /** Whether credentials are stored (their values never leave the server). */
  hasCredentials: z.boolean(),
  /** Whether it has an ONVIF endpoint, so pan, tilt, zoom and presets. */
  ptz: z.boolean(),
  rtspTransport: RtspTransport,
  /** Its named presets (ONVIF), in name order. */
  presets: z.array(z.string()),
  health: CameraHealth,
  /** Whether the caller may move it (industry administrators and site staff; boards only watch). */
  mayOperate: z.boolean(),
  /** Whether the caller may change it. */
  mayEdit: z.boolean(),
  createdAt: z.string(),
});
export type Camera = z.infer<typeof Camera>;

export const CameraList = z.object({ items: z.array(Camera), total: z.number().int() });
export type CameraList = z.infer<typeof CameraList>;

/** Query of GET /api/camera. */
export const CameraQuery = z.object({
  tenantId: TenantId.optional(),
  stationId: Id.optional(),
  status: CameraStatus.optional(),
});
export type CameraQuery = z.input<typeof CameraQuery>;

export const CameraIdParams = z.object({ id: Id });

/** A snapshot (JPEG) of a camera: on demand, or taken on an exceedance and attached to its alert. */
export const CameraSnapshot = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  camera: z.string(),
  takenAt: z.string(),
  reason: z.enum(['ON_DEMAND', 'EXCEEDANCE']),
  /** The exceedance alert it is attached to. */
  alertId: z.number().int().nullable(),
  /** Path of the JPEG (GET, same session). */
  imageUrl: z.string(),
  bytes: z.number().int(),
});
export type CameraSnapshot = z.infer<typeof CameraSnapshot>;

/** Answer of GET /api/cameraDetail/{id}: the camera, where its live view plays, its latest snapshots. */
export const CameraDetail = Camera.extend({
  /** Path of the live view (fragmented MP4 over a chunked HTTP response, for Media Source Extensions). */
  liveUrl: z.string(),
  /** Codec string for MediaSource.isTypeSupported / addSourceBuffer. */
  mimeType: z.string(),
  snapshots: z.array(CameraSnapshot),
});
export type CameraDetail = z.infer<typeof CameraDetail>;

/** Query of GET /api/getEntitiesForCamera. */
export const EntitiesForCameraQuery = z.object({ tenantId: TenantId.optional() });

/** A station a camera may be placed on, with its camera add-on and the cameras already on it. */
export const EntityForCamera = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  /** Whether the station has the camera add-on (property Camera 'True', counted by /api/usedCameraAddOnStations). */
  cameraAddOn: z.boolean(),
  cameras: z.number().int(),
});
export const EntitiesForCamera = z.object({ tenantId: z.number().int(), items: z.array(EntityForCamera) });
export type EntitiesForCamera = z.infer<typeof EntitiesForCamera>;

/** Query of GET /api/cameraData: health of the caller's cameras (all, or those listed). */
export const CameraDataQuery = z.object({
  tenantId: TenantId.optional(),
  /** Comma-separated camera ids. */
  ids: z
    .string()
    .max(2000)
    .regex(/^\d+(,\d+)*$/, { message: "must be camera ids separated by commas, e.g. '3,7'" })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .optional(),
});
export const CameraDataItem = z.object({ id: z.number().int(), name: z.string(), health: CameraHealth });
export const CameraData = z.object({ items: z.array(CameraDataItem), at: z.string() });
export type CameraData = z.infer<typeof CameraData>;

const Axis = z.number().min(-1, { message: 'is between -1 and 1' }).max(1, { message: 'is between -1 and 1' });
const PresetName = z
  .string()
  .trim()
  .min(1, { message: 'give the preset a name' })
  .max(40, { message: 'is at most 40 characters' })
  .regex(/^[\p{L}\p{N} _.-]+$/u, { message: 'use letters, digits, spaces, dots, dashes and underscores' });

/**
 * Body of POST /api/camera/{id}/move (PTZ through ONVIF): `move` pans, tilts and zooms at the given
 * speeds (-1 to 1) for `durationMs` then stops; `stop` stops; `goto` turns to a named preset; `save`
 * stores the current position as a named preset.
 */
export const CameraMove = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('move'),
    pan: Axis.default(0),
    tilt: Axis.default(0),
    zoom: Axis.default(0),
    durationMs: z.number().int().min(100, { message: 'is at least 100 ms' }).max(5000, { message: 'is at most 5000 ms' }).default(500),
  }),
  z.object({ action: z.literal('stop') }),
  z.object({ action: z.literal('goto'), preset: PresetName }),
  z.object({ action: z.literal('save'), preset: PresetName }),
]);
export type CameraMove = z.input<typeof CameraMove>;
export const CameraMoved = z.object({ id: z.number().int(), action: z.string(), presets: z.array(z.string()) });

/** A playlist: an ordered list of cameras shown on a tiled wall that rotates through it. */
export const PlaylistInput = z.object({
  tenantId: TenantId.optional(),
  name: Name,
  /** Tiles on the wall: 1, 4, 9 or 16. */
  layout: z.union(WALL_LAYOUTS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<4>, z.ZodLiteral<9>, z.ZodLiteral<16>], { error: 'must be 1, 4, 9 or 16 tiles' }),
  /** Seconds each page of the wall stays before the next. */
  intervalSeconds: z.number().int().min(5, { message: 'is at least 5 seconds' }).max(3600, { message: 'is at most 3600 seconds' }).default(30),
  /** Cameras in order (of the playlist's industry). */
  cameraIds: z.array(Id).min(1, { message: 'choose at least one camera' }).max(64, { message: 'is at most 64 cameras' }),
});
export type PlaylistInput = z.input<typeof PlaylistInput>;

export const Playlist = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  industry: z.string(),
  name: z.string(),
  layout: z.number().int(),
  intervalSeconds: z.number().int(),
  cameras: z.array(z.object({ id: z.number().int(), name: z.string(), station: z.string().nullable() })),
  mayEdit: z.boolean(),
  updatedAt: z.string(),
});
export type Playlist = z.infer<typeof Playlist>;
export const PlaylistList = z.object({ items: z.array(Playlist) });
export type PlaylistList = z.infer<typeof PlaylistList>;
export const PlaylistQuery = z.object({ tenantId: TenantId.optional() });
export const Deleted = z.object({ id: z.number().int(), deleted: z.literal(true) });
export const SnapshotIdParams = z.object({ id: Id });
export const AlertSnapshotsQuery = z.object({ alertId: Id });
export const SnapshotList = z.object({ items: z.array(CameraSnapshot) });
export type SnapshotList = z.infer<typeof SnapshotList>;
