import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatInZone } from '@enviro/domain/format-date';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../platform/config.ts';
import { ffmpegVersion } from '../modules/cameras/ffmpeg.ts';
import { CamerasDemoRepository } from './cameras-demo.repository.ts';

/** Where the demo's simulated cameras listen (tools/camera-sim, started by the server with the demo). */
export const DEMO_CAMERAS = {
  rtspPort: 8554,
  onvifPort: 8555,
  username: 'demo',
  password: 'demo-camera-1',
  names: ['outlet', 'stack'] as const,
};

const rtspOf = (name: string) => `rtsp://127.0.0.1:${DEMO_CAMERAS.rtspPort}/${name}`;
const onvifOf = (name: string) => `http://127.0.0.1:${DEMO_CAMERAS.onvifPort}/onvif/${name}/device_service`;

/**
 * The camera demo of the first industry (issue 32): the camera add-on on its stack and on the station
 * of its open exceedance (or its effluent outlet), a PTZ camera on each (the simulated cameras the server starts with the
 * demo), their presets, a playlist of both, and a snapshot of the stack camera attached to the open
 * exceedance (a test-pattern frame made with ffmpeg at the alert's time; none without ffmpeg), and
 * an unplugged camera at the stack offline for 40 minutes with its system alert open. Answers what it made.
 */
export async function seedDemoCameras(app: FastifyInstance, tenantId: number, ffmpeg = 'ffmpeg'): Promise<{ cameras: number; snapshot: boolean; offlineAlert: boolean }> {
  const repo = new CamerasDemoRepository(app.database.db);
  const alert = await repo.openExceedance(tenantId);
  const [stack] = await repo.stations(tenantId, 'cems');
  // The station of the open exceedance (the first demo industry's is at its ambient air station by
  // the mines gate), else the effluent outlet.
  const watched = alert && alert.entity_id !== stack?.id ? { id: alert.entity_id, name: alert.name } : (await repo.stations(tenantId, 'eqms'))[0];
  const places = [stack && { name: 'stack', station: stack, preset: 'port-hole' }, watched && { name: 'outlet', station: watched, preset: 'outlet' }].filter((p) => p !== undefined);
  if (places.length === 0) return { cameras: 0, snapshot: false, offlineAlert: false };
  await repo.addCameraAddOn(tenantId, places.map((p) => p.station.id));
  const cameras = app.cameras.cameras.cameras;
  const ids: Record<string, string> = {};
  for (const p of places) {
    ids[p.name] = await cameras.insert({
      tenantId,
      entityId: p.station.id,
      name: `${p.station.name} PTZ`,
      secrets: app.regulator.vault.seal({ rtspUrl: rtspOf(p.name), username: DEMO_CAMERAS.username, password: DEMO_CAMERAS.password, onvifUrl: onvifOf(p.name) })!,
      hasCredentials: true,
      hasOnvif: true,
      // The simulated cameras' RTSP server sends RTP over UDP only.
      transport: 'udp',
    });
    await cameras.upsertPreset(tenantId, ids[p.name]!, p.preset, `preset_${p.preset}`);
  }
  await repo.notCheckedYet(tenantId, 'Not read since the demo was seeded: the health check reads it within a minute of the server starting (with ffmpeg installed).');
  // A third camera, unplugged (nobody publishes its RTSP path): offline for 40 minutes, so its system alert is open.
  let offlineAlert = false;
  if (stack) {
    const gate = await cameras.insert({
      tenantId,
      entityId: stack.id,
      name: 'Packing plant gate camera',
      secrets: app.regulator.vault.seal({ rtspUrl: rtspOf('gate'), username: DEMO_CAMERAS.username, password: DEMO_CAMERAS.password })!,
      hasCredentials: true,
      hasOnvif: false,
      transport: 'udp',
    });
    await repo.offlineSince(tenantId, gate, "camera 'Packing plant gate camera' has no stream at that path (404): check the RTSP address", new Date(Date.now() - 40 * 60_000));
    await app.cameras.offlineAlertPass();
    offlineAlert = true;
  }
  await cameras.savePlaylist(tenantId, null, { name: 'Discharge points', layout: 4, intervalSeconds: 20, cameraIds: Object.values(ids).map(Number) });
  let snapshot = false;
  const onAlert = places.find((p) => p.station.id === alert?.entity_id);
  if (alert && onAlert) {
    const jpeg = await testPatternJpeg(ffmpeg, onAlert.name, alert.started_at);
    if (jpeg) {
      await cameras.insertSnapshot({ tenantId, cameraId: ids[onAlert.name]!, reason: 'EXCEEDANCE', alertId: alert.id, takenBy: null, jpeg, at: new Date(Math.max(alert.started_at.getTime() + 15 * 60_000, Date.now() - 60_000)) });
      snapshot = true;
    }
  }
  return { cameras: places.length + (offlineAlert ? 1 : 0), snapshot, offlineAlert };
}

/** One frame of ffmpeg's test pattern with the camera's name and `at` burnt in (IST), as the simulated camera would show it; null without ffmpeg. */
async function testPatternJpeg(ffmpeg: string, camera: string, at: Date): Promise<Buffer | null> {
  // No comma or colon unescaped: both mean something in a filter graph.
  const label = formatInZone(at.getTime(), 'YYYY-MM-DD HH:mm:ss').replace(/:/g, '\\:');
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=1', '-vf', `drawtext=text='${camera} ${label}':fontsize=28:fontcolor=white:box=1:boxcolor=black@0.6:x=12:y=h-th-12`, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'];
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 && chunks.length ? Buffer.concat(chunks) : null));
  });
}

/**
 * Starts the demo's simulated cameras (tools/camera-sim in a child process: an RTSP server, ffmpeg
 * publishing a test pattern with the clock per camera, the ONVIF PTZ simulator) when ffmpeg is here;
 * without it the cameras stay UNAVAILABLE with the reason. Answers how to stop them, or undefined.
 */
export async function startDemoCameras(ffmpeg: string, log: { info: (m: string) => void; warn: (m: string) => void }): Promise<(() => Promise<void>) | undefined> {
  if (!(await ffmpegVersion(ffmpeg))) {
    log.warn(`${ffmpeg} not found: the demo cameras are not simulated (apt-get install ffmpeg)`);
    return undefined;
  }
  const main = path.join(REPO_ROOT, 'tools/camera-sim/src/main.ts');
  if (!existsSync(main)) return undefined;
  const args = ['--import', 'tsx', main, '--cameras', DEMO_CAMERAS.names.join(','), '--rtsp-port', String(DEMO_CAMERAS.rtspPort), '--onvif-port', String(DEMO_CAMERAS.onvifPort), '--username', DEMO_CAMERAS.username, '--password', DEMO_CAMERAS.password, '--ffmpeg', ffmpeg];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: REPO_ROOT });
  child.stdout!.once('data', () => log.info(`demo cameras stream at rtsp://127.0.0.1:${DEMO_CAMERAS.rtspPort}/{${DEMO_CAMERAS.names.join(',')}}`));
  child.stderr!.on('data', (d: Buffer) => log.warn(`demo cameras: ${d.toString('utf8').trim().slice(0, 500)}`));
  child.once('exit', (code) => code && log.warn(`demo cameras ended (${code}); their ports may be taken`));
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}
