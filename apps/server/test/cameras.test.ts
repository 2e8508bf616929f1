import { Camera, CameraData, CameraDetail, CameraList, CameraSnapshot, EntitiesForCamera, Playlist, PlaylistList } from '@enviro/contracts/cameras';
import { Mp4Fragmenter, boxTypes } from '@enviro/domain/cameras/mp4-fragments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { AlertNotifier } from '../src/modules/alerts/alert-notifier.ts';
import { CameraControlService } from '../src/modules/cameras/camera-control.service.ts';
import type { MailMessage } from '../src/platform/mail/mailer.ts';
import { FetchWebhookSender } from '../src/platform/webhook/webhook-sender.ts';
import { snapshot } from '../src/modules/cameras/ffmpeg.ts';
import { LiveStreams } from '../src/modules/cameras/live-streams.ts';
import { freePort, startCameraSim, type CameraSim } from '@enviro/camera-sim/launch';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const CAM_USER = 'viewer';
const CAM_PASS = 's3cret-Pass';

/**
 * Cameras against real parts (issue 32): tools/camera-sim serves RTSP (ffmpeg publishing a test
 * pattern with a clock to an RTSP server) and ONVIF PTZ; the server reads it with Debian's ffmpeg.
 * Two viewers share one upstream; bytes and fragment times advance; bad cameras give clear errors;
 * no answer ever carries a camera's address or credentials.
 */
describe('cameras', () => {
  const ctx = useTestApp();
  let sim: CameraSim;
  let base = '';
  const t = { industry: 0, other: 0, board: 0, site: 0 };
  const as = { admin: '', user: '', board: '', other: '', site: '' };
  const station = { outlet: 0, stack: 0, plain: 0 };
  const cam = { outlet: 0, stack: 0, mpeg: 0, wrong: 0, dead: 0, fixed: 0 };
  let closedPort = 0;
  /** Every answer body, to check that none names an address or credentials. */
  const bodies: string[] = [];

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) => {
    const res = await ctx.inject({ method, url, headers: { cookie, ...(method === 'GET' ? {} : XHR) }, ...(payload ? { payload } : {}) });
    bodies.push(res.body);
    return res;
  };

  beforeAll(async () => {
    [sim, closedPort] = await Promise.all([
      startCameraSim({ cameras: ['outlet', 'stack', 'mpeg', 'inband'], username: CAM_USER, password: CAM_PASS, codecs: { mpeg: 'mpeg4', inband: 'h264-inband' } }),
      freePort(),
    ]);
    t.industry = (await ctx.b.newTenant({ name: 'Kota Cement' })).id;
    t.other = (await ctx.b.newTenant({ name: 'Godavari Steel' })).id;
    t.board = (await ctx.b.newTenant({ name: 'Rajasthan SPCB', type: 'statutory' })).id;
    t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    await ctx.database.pool.query(`INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)`, [t.industry, t.board]);
    const addOn = [{ name: 'Camera', value: 'True' }];
    station.outlet = (await ctx.b.newEntity({ tenantId: t.industry, name: 'ETP outlet', type: 'eqms', properties: addOn })).id;
    station.stack = (await ctx.b.newEntity({ tenantId: t.industry, name: 'Kiln stack', properties: addOn })).id;
    station.plain = (await ctx.b.newEntity({ tenantId: t.industry, name: 'Coal mill stack' })).id;
    as.admin = (await ctx.signedIn({ tenantId: t.industry, userType: 'tenant', role: 'admin' })).cookie;
    as.user = (await ctx.signedIn({ tenantId: t.industry, userType: 'tenant', role: 'user' })).cookie;
    as.board = (await ctx.signedIn({ tenantId: t.board, userType: 'statutory', role: 'user' })).cookie;
    as.other = (await ctx.signedIn({ tenantId: t.other, userType: 'tenant', role: 'admin' })).cookie;
    as.site = (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'admin' })).cookie;
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });

    const add = async (body: object) => {
      const res = await call('POST', '/api/camera', as.admin, { rtspTransport: 'udp', username: CAM_USER, password: CAM_PASS, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return Camera.parse(res.json()).id;
    };
    cam.outlet = await add({ name: 'Outlet PTZ', stationId: station.outlet, rtspUrl: sim.rtsp.outlet, onvifUrl: sim.onvif.outlet });
    cam.stack = await add({ name: 'Stack PTZ', stationId: station.stack, rtspUrl: sim.rtsp.stack, onvifUrl: sim.onvif.stack });
    cam.mpeg = await add({ name: 'Old gate camera', stationId: null, rtspUrl: sim.rtsp.mpeg });
    cam.wrong = await add({ name: 'Mistyped password', stationId: station.stack, rtspUrl: sim.rtsp.stack, password: 'not-it' });
    cam.dead = await add({ name: 'Unplugged', stationId: station.outlet, rtspUrl: `rtsp://127.0.0.1:${closedPort}/live`, rtspTransport: 'tcp' });
  });

  afterAll(async () => {
    await sim?.close();
  });

  it('keeps the address and credentials sealed, and shows cameras with their station to the industry and its board', async () => {
    const { rows } = await ctx.database.pool.query<{ secrets: string }>('SELECT secrets FROM camera');
    expect(rows.length).toBe(5);
    for (const r of rows) {
      expect(r.secrets).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
      expect(r.secrets).not.toContain(CAM_PASS);
    }
    const list = CameraList.parse((await call('GET', '/api/camera', as.board)).json());
    expect(list.items.map((c) => [c.name, c.station, c.ptz, c.hasCredentials, c.mayOperate, c.mayEdit])).toEqual([
      ['Old gate camera', null, false, true, false, false],
      ['Outlet PTZ', 'ETP outlet', true, true, false, false],
      ['Unplugged', 'ETP outlet', false, true, false, false],
      ['Mistyped password', 'Kiln stack', false, true, false, false],
      ['Stack PTZ', 'Kiln stack', true, true, false, false],
    ]);
    const mine = CameraList.parse((await call('GET', `/api/camera?stationId=${station.outlet}`, as.admin)).json());
    expect(mine.items.map((c) => [c.name, c.mayOperate, c.mayEdit])).toEqual([['Outlet PTZ', true, true], ['Unplugged', false, true]]);
    const stations = EntitiesForCamera.parse((await call('GET', '/api/getEntitiesForCamera', as.admin)).json());
    expect(stations.items.map((s) => [s.name, s.cameraAddOn, s.cameras])).toEqual([['Coal mill stack', false, 0], ['ETP outlet', true, 2], ['Kiln stack', true, 2]]);
    const renamed = await call('PUT', '/api/camera', as.admin, { id: cam.stack, name: 'Kiln stack PTZ' });
    expect(Camera.parse(renamed.json()).name).toBe('Kiln stack PTZ');
    const audit = await ctx.database.pool.query<{ action: string; after: unknown }>(`SELECT action, after FROM audit_log WHERE tenant_id = $1 AND entity LIKE 'camera:%' ORDER BY id`, [t.industry]);
    expect(audit.rows.map((r) => r.action)).toEqual(['camera.create', 'camera.create', 'camera.create', 'camera.create', 'camera.create', 'camera.update']);
    expect(JSON.stringify(audit.rows)).not.toMatch(/rtsp:|s3cret|not-it|onvif\//);
  });

  it('refuses bad input naming the field, cameras of other tenants, and writers who only read', async () => {
    const post = (body: object, cookie = as.admin) => call('POST', '/api/camera', cookie, { name: 'X', stationId: station.outlet, rtspUrl: 'rtsp://10.0.0.9/stream1', ...body });
    const noAddOn = await post({ stationId: station.plain });
    expect([noAddOn.statusCode, noAddOn.json().field, noAddOn.json().message]).toEqual([409, 'stationId', expect.stringMatching(/no camera add-on/)]);
    const http = await post({ rtspUrl: 'http://10.0.0.9/stream1' });
    expect([http.statusCode, http.json().message]).toEqual([400, expect.stringMatching(/rtspUrl.*RTSP address/)]);
    const inUrl = await post({ rtspUrl: 'rtsp://admin:pw@10.0.0.9/stream1' });
    expect([inUrl.statusCode, inUrl.json().message]).toEqual([400, expect.stringMatching(/without user name or password/)]);
    expect((await post({ name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await post({ stationId: 999_999 })).json()).toMatchObject({ field: 'stationId' });
    expect((await post({}, as.board)).statusCode).toBe(403);
    expect((await post({}, as.user)).statusCode).toBe(403);
    expect((await call('PUT', '/api/camera', as.user, { id: cam.outlet, name: 'Mine' })).statusCode).toBe(403);
    expect((await call('GET', `/api/cameraDetail/${cam.outlet}`, as.other)).statusCode).toBe(404);
    expect((await call('PUT', '/api/camera', as.other, { id: cam.outlet, name: 'Mine' })).statusCode).toBe(404);
    expect((await call('GET', `/api/camera/${cam.outlet}/live`, as.other)).statusCode).toBe(404);
    expect(CameraList.parse((await call('GET', '/api/camera', as.other)).json()).items).toEqual([]);
  });

  it('plays live: two viewers share one upstream, fragments advance, and the stream stops when the last viewer leaves', async () => {
    const detail = CameraDetail.parse((await call('GET', `/api/cameraDetail/${cam.outlet}`, as.board)).json());
    expect(detail.liveUrl).toBe(`/api/camera/${cam.outlet}/live`);
    const viewers = [new AbortController(), new AbortController()];
    const watch = async (abort: AbortController) => {
      const res = await fetch(base + detail.liveUrl, { headers: { cookie: as.board }, signal: abort.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^video\/mp4; codecs="avc1\.[0-9A-F]{6}"$/);
      const reader = res.body!.getReader();
      const f = new Mp4Fragmenter();
      const pieces = [];
      while (pieces.filter((p) => p.kind === 'fragment').length < 3) {
        const { value, done } = await reader.read();
        if (done) break;
        pieces.push(...f.push(value));
      }
      return { pieces, reader };
    };
    const [a, b] = await Promise.all(viewers.map(watch));
    const key = `${t.industry}/${cam.outlet}`;
    expect(ctx.app.cameras.live.upstreamCount).toBe(1);
    expect(ctx.app.cameras.live.viewers(key)).toBe(2);
    expect(ctx.app.cameras.live.stats().map((s) => s.key)).toEqual([key]);
    for (const { pieces } of [a!, b!]) {
      expect(pieces[0]!.kind).toBe('init');
      expect(boxTypes(pieces[0]!.bytes)).toEqual(['ftyp', 'moov']);
      const times = pieces.slice(1).map((p) => decodeTime(p.bytes));
      expect(times.length).toBe(3);
      expect(times[1]! > times[0]! && times[2]! > times[1]!).toBe(true);
    }
    const health = CameraData.parse((await call('GET', `/api/cameraData?ids=${cam.outlet}`, as.admin)).json());
    expect(health.items[0]!.health.viewers).toBe(2);
    viewers[0]!.abort();
    await until(() => ctx.app.cameras.live.viewers(key) === 1);
    expect(ctx.app.cameras.live.upstreamCount).toBe(1);
    viewers[1]!.abort();
    await until(() => ctx.app.cameras.live.upstreamCount === 0);
  });

  it('plays and snapshots a camera whose SDP lacks the H.264 parameter sets (the quick probe gives way to a full one)', async () => {
    const source = { rtspUrl: sim.rtsp.inband!, username: CAM_USER, password: CAM_PASS, transport: 'udp' as const };
    const jpeg = await snapshot('ffmpeg', source, 10_000, "camera 'Gate'");
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    const live = new LiveStreams({ ffmpeg: 'ffmpeg' }, { frame: () => undefined, failed: () => undefined });
    try {
      const view = await live.open('0/inband', "camera 'Gate'", async () => source);
      expect(view.codec).toMatch(/^avc1\.[0-9A-F]{6}$/);
      const f = new Mp4Fragmenter();
      const kinds: string[] = [];
      for await (const chunk of view.stream) {
        kinds.push(...f.push(chunk as Buffer).map((p) => p.kind));
        if (kinds.filter((k) => k === 'fragment').length >= 2) break;
      }
      expect(kinds.slice(0, 3)).toEqual(['init', 'fragment', 'fragment']);
    } finally {
      live.close();
    }
  });

  it('says why a camera cannot be watched: wrong credentials, not H.264, unreachable, ffmpeg missing; its health follows', async () => {
    const live = async (id: number) => {
      const res = await fetch(`${base}/api/camera/${id}/live`, { headers: { cookie: as.admin } });
      const body = await res.text();
      bodies.push(body);
      return [res.status, (JSON.parse(body) as { message: string }).message];
    };
    const [wrong, mpeg, dead] = await Promise.all([live(cam.wrong), live(cam.mpeg), live(cam.dead)]);
    expect(wrong).toEqual([502, expect.stringMatching(/refused the user name or password/)]);
    expect(mpeg).toEqual([502, expect.stringMatching(/sends MPEG4 video; live view needs H\.264/)]);
    expect(dead).toEqual([502, expect.stringMatching(/connection refused/)]);
    expect(ctx.app.cameras.live.upstreamCount).toBe(0);
    await until(async () => CameraList.parse((await call('GET', '/api/camera?status=OFFLINE', as.admin)).json()).total === 3);
    const offline = CameraList.parse((await call('GET', '/api/camera?status=OFFLINE', as.admin)).json());
    expect(offline.items.every((c) => c.health.offlineSince !== null && c.health.reason !== null)).toBe(true);

    // Without ffmpeg: a clear 503 and the camera UNAVAILABLE, never a crash.
    const missing = '/nonexistent/ffmpeg';
    const noFfmpeg = new CameraControlService(ctx.db, ctx.app.cameras.cameras, new LiveStreams({ ffmpeg: missing }, { frame: () => undefined, failed: () => undefined }), { ffmpeg: missing, snapshotTimeoutMs: 5000, onvifTimeoutMs: 1000 });
    const row = (await ctx.app.cameras.cameras.cameras.byKey(t.industry, String(cam.stack)))!;
    await expect(noFfmpeg.probe(row)).rejects.toMatchObject({ statusCode: 503, message: expect.stringMatching(/ffmpeg is not installed.*apt-get install ffmpeg/) });
    const after = (await ctx.app.cameras.cameras.cameras.byKey(t.industry, String(cam.stack)))!;
    expect([after.status, after.status_reason]).toEqual(['UNAVAILABLE', expect.stringMatching(/ffmpeg is not installed/)]);
  });

  it('takes a snapshot on demand as JPEG, and the health check brings a camera back online', async () => {
    const res = await call('POST', `/api/camera/${cam.stack}/snapshot`, as.board);
    expect(res.statusCode, res.body).toBe(200);
    const snap = CameraSnapshot.parse(res.json());
    expect(snap).toMatchObject({ cameraId: cam.stack, reason: 'ON_DEMAND', alertId: null });
    const image = await ctx.inject({ method: 'GET', url: snap.imageUrl, headers: { cookie: as.board } });
    expect([image.statusCode, image.headers['content-type'], image.rawPayload.subarray(0, 2).toString('hex')]).toEqual([200, 'image/jpeg', 'ffd8']);
    expect((await ctx.inject({ method: 'GET', url: snap.imageUrl, headers: { cookie: as.other } })).statusCode).toBe(404);
    const stack = Camera.parse((await call('GET', `/api/cameraDetail/${cam.stack}`, as.admin)).json());
    expect([stack.health.status, stack.health.reason]).toEqual(['ONLINE', null]);
    expect(Date.now() - Date.parse(stack.health.lastFrameAt!)).toBeLessThan(60_000);

    // The health pass probes cameras not checked for five minutes: the outlet comes online, the dead one stays offline.
    await ctx.database.pool.query(`UPDATE camera SET checked_at = now() - interval '1 hour' WHERE tenant_id = $1 AND id = ANY($2)`, [t.industry, [cam.outlet, cam.dead]]);
    await ctx.app.cameras.healthPass();
    const data = CameraData.parse((await call('GET', `/api/cameraData?ids=${cam.outlet},${cam.dead}`, as.board)).json());
    expect(data.items.map((c) => [c.name, c.health.status])).toEqual([['Outlet PTZ', 'ONLINE'], ['Unplugged', 'OFFLINE']]);
  });

  it('moves a camera through ONVIF (move, stop, named presets), audited; boards and industry users only watch', async () => {
    const move = (body: object, cookie = as.admin, id = cam.outlet) => call('POST', `/api/camera/${id}/move`, cookie, body);
    expect((await move({ action: 'move', pan: 0.5, tilt: -0.25, durationMs: 200 })).statusCode).toBe(200);
    expect((await move({ action: 'save', preset: 'outlet' })).json()).toMatchObject({ action: 'save', presets: ['outlet'] });
    expect((await move({ action: 'move', zoom: 1, durationMs: 100 }, as.site)).statusCode).toBe(200);
    expect((await move({ action: 'stop' })).statusCode).toBe(200);
    expect((await move({ action: 'goto', preset: 'outlet' })).statusCode).toBe(200);
    const unknown = await move({ action: 'goto', preset: 'port-hole' });
    expect([unknown.statusCode, unknown.json().field]).toEqual([409, 'preset']);
    expect((await move({ action: 'move', pan: 2 })).json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/pan/) });
    expect((await move({ action: 'stop' }, as.board)).statusCode).toBe(403);
    expect((await move({ action: 'stop' }, as.user)).statusCode).toBe(403);
    expect((await move({ action: 'stop' }, as.other)).statusCode).toBe(404);
    const fixed = await move({ action: 'stop' }, as.admin, cam.mpeg);
    expect([fixed.statusCode, fixed.json().message]).toEqual([409, expect.stringMatching(/no ONVIF address/)]);
    await until(async () => (await sim.moves()).filter((m) => m.action === 'Stop').length >= 3);
    const moves = (await sim.moves()).filter((m) => m.action !== 'GetProfiles');
    expect(moves.map((m) => [m.action, m.pan ?? m.preset ?? null])).toEqual(
      expect.arrayContaining([['ContinuousMove', 0.5], ['SetPreset', 'outlet'], ['ContinuousMove', 0], ['GotoPreset', 'outlet']]),
    );
    expect(moves.find((m) => m.action === 'ContinuousMove' && m.pan === 0.5)).toMatchObject({ tilt: -0.25, timeout: 'PT0.2S' });
    const audit = await ctx.database.pool.query<{ action: string }>(`SELECT action FROM audit_log WHERE tenant_id = $1 AND action IN ('camera.move', 'camera.preset') ORDER BY id`, [t.industry]);
    expect(audit.rows.map((r) => r.action)).toEqual(['camera.move', 'camera.preset', 'camera.move', 'camera.move', 'camera.move']);

    // Wrong credentials for ONVIF: a clear 502.
    await call('PUT', '/api/camera', as.admin, { id: cam.wrong, onvifUrl: sim.onvif.stack });
    const refused = await move({ action: 'stop' }, as.admin, cam.wrong);
    expect([refused.statusCode, refused.json().message]).toEqual([502, expect.stringMatching(/refused the user name or password for PTZ/)]);
  });

  it('keeps playlists of cameras for the wall; boards watch them, the industry edits them', async () => {
    const created = await call('POST', '/api/cameraPlaylists', as.admin, { name: 'Discharge points', layout: 4, intervalSeconds: 20, cameraIds: [cam.outlet, cam.stack] });
    expect(created.statusCode, created.body).toBe(201);
    const p = Playlist.parse(created.json());
    expect(p.cameras.map((c) => c.name)).toEqual(['Outlet PTZ', 'Kiln stack PTZ']);
    const seen = PlaylistList.parse((await call('GET', '/api/cameraPlaylists', as.board)).json());
    expect(seen.items.map((i) => [i.name, i.layout, i.intervalSeconds, i.mayEdit])).toEqual([['Discharge points', 4, 20, false]]);
    const replaced = await call('PUT', `/api/cameraPlaylists/${p.id}`, as.admin, { name: 'Wall', layout: 9, intervalSeconds: 10, cameraIds: [cam.stack, cam.outlet, cam.mpeg] });
    expect(Playlist.parse(replaced.json()).cameras.map((c) => c.id)).toEqual([cam.stack, cam.outlet, cam.mpeg]);
    expect((await call('POST', '/api/cameraPlaylists', as.admin, { name: 'Bad', layout: 5, cameraIds: [cam.outlet] })).json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/layout/) });
    expect((await call('POST', '/api/cameraPlaylists', as.admin, { name: 'Twice', layout: 1, cameraIds: [cam.outlet, cam.outlet] })).json()).toMatchObject({ field: 'cameraIds' });
    expect((await call('POST', '/api/cameraPlaylists', as.board, { name: 'Mine', layout: 1, cameraIds: [cam.outlet] })).statusCode).toBe(403);
    expect((await call('GET', `/api/cameraPlaylists/${p.id}`, as.other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cameraPlaylists/${p.id}`, as.admin)).statusCode).toBe(200);
    expect(PlaylistList.parse((await call('GET', '/api/cameraPlaylists', as.admin)).json()).items).toEqual([]);
  });

  it('attaches a snapshot of the station cameras to an exceedance alert within a minute of it opening', async () => {
    const device = await ctx.b.newDevice({ tenantId: t.industry, entityId: station.stack, params: [{ name: 'pm', max: 50 }] });
    const rule = await ctx.database.pool.query<{ id: string }>(`INSERT INTO alert_rule (tenant_id, name, condition) VALUES ($1, 'pm 15-minute average', 'AVG_15M') RETURNING id`, [t.industry]);
    const episode = (type: string, slot: number) =>
      ctx.database.pool.query<{ id: string }>(
        `INSERT INTO alert_episode (tenant_id, rule_id, device_id, entity_id, slot, type, severity, status, started_at, last_breach_at, message)
         VALUES ($1, $2, $3, $4, $6, $5, 'MAJOR', 'OPEN', now() - interval '15 minutes', now() - interval '15 minutes', 'PM above its limit') RETURNING id`,
        [t.industry, rule.rows[0]!.id, device.id, station.stack, type, slot],
      );
    const alertId = Number((await episode('AVG_15M', 1)).rows[0]!.id);
    const lossId = Number((await episode('DATA_LOSS', 0)).rows[0]!.id);
    const opened = Date.now();
    await ctx.app.cameras.exceedancePass();
    // The stack's two cameras: the working one is attached; the one with a wrong password is tried again.
    const snaps = await call('GET', `/api/cameraSnapshots?alertId=${alertId}`, as.board);
    expect(snaps.statusCode, snaps.body).toBe(200);
    const items = (snaps.json() as { items: CameraSnapshot[] }).items;
    expect(items.map((i) => [i.camera, i.reason, i.alertId])).toEqual([['Kiln stack PTZ', 'EXCEEDANCE', alertId]]);
    expect(Date.parse(items[0]!.takenAt) - opened).toBeLessThan(60_000);
    const queue = await ctx.database.pool.query<{ camera_id: string; done: boolean; last_error: string | null }>(
      `SELECT camera_id, done_at IS NOT NULL AS done, last_error FROM camera_alert_snapshot WHERE tenant_id = $1 AND alert_id = $2 ORDER BY camera_id`,
      [t.industry, alertId],
    );
    expect(queue.rows.map((r) => [Number(r.camera_id), r.done, r.last_error === null])).toEqual([[cam.stack, true, true], [cam.wrong, false, false]]);
    expect((await call('GET', `/api/cameraSnapshots?alertId=${lossId}`, as.board)).json()).toEqual({ items: [] });
    expect((await call('GET', `/api/cameraSnapshots?alertId=${alertId}`, as.other)).json()).toEqual({ items: [] });
    // The alert's mail carries the picture.
    const admin = await ctx.signedIn({ tenantId: t.industry, userType: 'tenant', role: 'admin', userName: 'shift@kota.example.in' });
    await ctx.database.pool.query(
      `INSERT INTO notification_outbox (tenant_id, alert_id, level, channel, user_tenant_id, user_id, recipient, address, next_attempt_at) VALUES ($1, $2, 0, 'EMAIL', $1, $3, 'Shift', 'shift@kota.example.in', now() - interval '1 second')`,
      [t.industry, alertId, admin.id],
    );
    const mails: MailMessage[] = [];
    const notifier = new AlertNotifier(ctx.db, { mailer: { kind: 'log', close: async () => undefined, send: async (m) => void mails.push(m) }, sms: { send: async () => undefined }, webhooks: new FetchWebhookSender(), attachments: { snapshots: ctx.app.cameras.alertPictures } });
    expect((await notifier.dispatch()).sent).toBe(1);
    expect(mails[0]!.text).toMatch(/Camera snapshots attached: Kiln stack PTZ at /);
    expect(mails[0]!.attachments?.map((a) => [a.filename, a.contentType, a.content.subarray(0, 2).toString('hex')])).toEqual([[`alert-${alertId}-snapshot-1.jpg`, 'image/jpeg', 'ffd8']]);
    // A second pass takes no second snapshot of the same alert.
    await ctx.database.pool.query(`UPDATE camera_alert_snapshot SET done_at = now() WHERE alert_id = $1`, [alertId]);
    await ctx.app.cameras.exceedancePass();
    expect(((await call('GET', `/api/cameraSnapshots?alertId=${alertId}`, as.admin)).json() as { items: unknown[] }).items).toHaveLength(1);
  });

  it("filters the entity list to the nodes with cameras (the list's camera filter)", async () => {
    const names = (nodes: { name: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.name, ...names((n.children ?? []) as never)]);
    const all = await call('GET', `/api/entities?short=true`, as.admin);
    expect(names(all.json())).toContain('Coal mill stack');
    const withCameras = await call('GET', `/api/entities?short=true&camera=true`, as.admin);
    expect(names(withCameras.json()).sort()).toEqual(['ETP outlet', 'Kiln stack']);
  });

  it('raises a system alert for a camera offline 15 minutes, mails it, and resolves it when its RTSP source comes back', async () => {
    // The industry's default escalation (its users and its board's), as the alerts worker makes it.
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows).ensureDefaults();
    const shift = await ctx.newUser({ tenantId: t.industry, userType: 'tenant', role: 'admin', userName: 'cameras@kota.example.in' });
    const offline = async () =>
      (await ctx.database.pool.query<{ id: string; subject: string; status: string; ended_at: Date | null; device_id: string | null }>(
        `SELECT id, subject, status, ended_at, device_id FROM alert_episode WHERE tenant_id = $1 AND type = 'CAMERA_OFFLINE' ORDER BY subject`, [t.industry])).rows;
    // 'Unplugged' points at a port nothing listens on: OFFLINE since its first probe, minutes ago at most.
    const dead = (await ctx.app.cameras.cameras.cameras.byKey(t.industry, String(cam.dead)))!;
    expect([dead.status, dead.offline_since !== null]).toEqual(['OFFLINE', true]);
    // The cameras streaming H.264 are not probed by the passes below (they were checked "tomorrow").
    await ctx.database.pool.query(`UPDATE camera SET checked_at = now() + interval '1 day' WHERE tenant_id = $1 AND id = ANY($2)`, [t.industry, [cam.outlet, cam.stack]]);
    const soon = new Date(Date.now() + 10 * 60_000);
    await ctx.app.cameras.healthPass(soon);
    expect(await offline()).toEqual([]);
    // Sixteen minutes on (a clock moved forward, as the alerts' own tests do), still no picture: one alert each.
    const later = new Date(Date.now() + 16 * 60_000);
    await ctx.app.cameras.healthPass(later);
    await ctx.app.cameras.healthPass(later);
    const raised = await offline();
    expect(raised.map((a) => [a.subject, a.status, a.device_id])).toEqual([['Mistyped password', 'OPEN', null], ['Unplugged', 'OPEN', null]]);
    const deadAlert = Number(raised.find((a) => a.subject === 'Unplugged')!.id);

    // Listed: the camera, its station, the reason in words.
    const list = await call('POST', '/api/alerts', as.admin, { type: ['CAMERA_OFFLINE'], page: 0, size: 20 });
    expect(list.statusCode, list.body).toBe(200);
    const item = (list.json() as { items: { id: number; deviceId: number | null; deviceName: string; stationName: string | null; ruleName: string; message: string }[] }).items.find((a) => a.id === deadAlert);
    expect(item).toMatchObject({ deviceId: null, deviceName: 'Unplugged', stationName: 'ETP outlet', ruleName: 'Cameras offline', message: expect.stringMatching(/^Camera 'Unplugged' has sent no picture for 1[5-9] minutes \(no picture yet\): nothing answers RTSP/) });
    expect((await call('GET', `/api/alert/${deadAlert}`, as.other)).statusCode).toBe(404);

    // Mailed like any alert to the industry's recipients (the default escalation, at once).
    const mails: MailMessage[] = [];
    const notifier = (at: number) => new AlertNotifier(ctx.db, { mailer: { kind: 'log', close: async () => undefined, send: async (m) => void mails.push(m) }, sms: { send: async () => undefined }, webhooks: new FetchWebhookSender() }, () => at);
    await notifier(later.getTime()).escalate();
    await notifier(later.getTime() + 60_000).dispatch();
    const mail = mails.find((m) => m.to.includes(shift.userName) && m.text.includes('Unplugged'));
    expect(mail?.text).toMatch(/Camera: Unplugged/);

    // The camera's RTSP source comes up at its address (the simulator sends RTP over UDP, so the camera is
    // set to it: its health starts again from unknown, the alert stays open); the next check finds pictures
    // and the alert resolves.
    expect((await call('PUT', '/api/camera', as.admin, { id: cam.dead, rtspTransport: 'udp' })).statusCode).toBe(200);
    expect((await offline()).find((a) => a.subject === 'Unplugged')?.status).toBe('OPEN');
    const back = await startCameraSim({ cameras: ['live'], rtspPort: closedPort });
    try {
      await ctx.app.cameras.healthPass(new Date(later.getTime() + 6 * 60_000));
    } finally {
      await back.close();
    }
    const after = await offline();
    expect(after.map((a) => [a.subject, a.status, a.ended_at !== null])).toEqual([['Mistyped password', 'OPEN', false], ['Unplugged', 'RESOLVED', true]]);
    expect((await ctx.app.cameras.cameras.cameras.byKey(t.industry, String(cam.dead)))!.offline_alerted_at).toBeNull();
    // A camera removed while offline: its alert is resolved, nothing would ever bring it back.
    expect((await call('DELETE', `/api/camera/${cam.wrong}`, as.admin)).statusCode).toBe(200);
    expect((await offline()).map((a) => [a.subject, a.status])).toEqual([['Mistyped password', 'RESOLVED'], ['Unplugged', 'RESOLVED']]);
  });

  it('never answers a camera address or credentials', () => {
    const secrets = [CAM_PASS, 'not-it', '127.0.0.1', sim.rtsp.outlet!, sim.onvif.outlet!, `:${closedPort}`];
    const leaks = bodies.filter((b) => secrets.some((s) => b.includes(s)));
    expect(bodies.length).toBeGreaterThan(40);
    expect(leaks).toEqual([]);
  });
});

/** baseMediaDecodeTime of the fragment's first track (its tfdt box). */
function decodeTime(fragment: Uint8Array): bigint {
  const b = Buffer.from(fragment);
  const at = b.indexOf('tfdt');
  const version = b[at + 4]!;
  return version === 1 ? b.readBigUInt64BE(at + 8) : BigInt(b.readUInt32BE(at + 8));
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
