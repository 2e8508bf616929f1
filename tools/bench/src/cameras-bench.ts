import { execFileSync, spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { Mp4Fragmenter } from '@enviro/domain/cameras/mp4-fragments';
import { startCameraSim } from '@enviro/camera-sim/launch';
import { SessionRepository } from '@enviro/server/modules/accounts/sessions.repository';
import { newSessionToken, SESSION_COOKIE, SESSION_IDLE_MS } from '@enviro/server/platform/access/session';
import type { Db } from '@enviro/server/platform/database/database';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { benchGlassToGlass } from './camera-latency.ts';
import { services } from './services.ts';
import { round } from './stats.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const CAMERAS = 16;

/** An industry with a station with the camera add-on, its administrator's session. */
async function camerasFleet(db: Db): Promise<{ cookie: string; stationId: number }> {
  const svc = OperatorProvisioning.of(services());
  const { id: tenantId } = await svc.createTenant({ name: 'Bench Cameras Industry' });
  const { id: stationId } = await svc.createEntity({ tenantId, type: 'cems', name: 'Kiln stack', properties: [{ name: 'Camera', value: 'True' }] });
  const { id: userId } = await services().users.accounts.create(
    { name: 'bench', userId: null },
    { name: 'Cameras Admin', userName: `cameras.${Date.now()}@bench.in`, userType: 'tenant', role: 'admin', tenantId },
  );
  const { token, id } = newSessionToken();
  await new SessionRepository(db).create({ id, tenantId, userId, expiresAt: new Date(Date.now() + SESSION_IDLE_MS), ip: null, userAgent: null });
  return { cookie: `${SESSION_COOKIE}=${token}`, stationId };
}

/** A viewer of a camera's live view: when its first fragment came, and the fragments after it. */
interface Viewer {
  firstFragmentMs: Promise<number>;
  fragments: number;
  close(): void;
}

function watch(baseUrl: string, cookie: string, cameraId: number): Viewer {
  const abort = new AbortController();
  const started = performance.now();
  const viewer: Viewer = { firstFragmentMs: Promise.resolve(0), fragments: 0, close: () => abort.abort() };
  viewer.firstFragmentMs = (async () => {
    const res = await fetch(`${baseUrl}/api/camera/${cameraId}/live`, { headers: { cookie }, signal: abort.signal });
    if (res.status !== 200) throw new Error(`live view of camera ${cameraId}: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    const f = new Mp4Fragmenter();
    let first = 0;
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          for (const p of f.push(value)) if (p.kind === 'fragment') viewer.fragments += 1;
        }
      } catch {
        // aborted
      }
    })();
    while (viewer.fragments === 0) await new Promise((r) => setTimeout(r, 5));
    first = performance.now() - started;
    return first;
  })();
  return viewer;
}

/** CPU seconds (user + system) of a process and its children so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const ticks = (p: number) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  return (ticks(pid) + childrenOf(pid).reduce((n, c) => n + ticks(c), 0)) / 100;
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map((s) => Number(s.trim())).filter((n) => n > 0);
  } catch {
    return [];
  }
}

/** The server's live-view ffmpeg children (remuxing to fragmented MP4): its upstream connections for live view (health probes, one frame each, are not counted). */
function upstreams(pid: number): number {
  return childrenOf(pid).filter((c) => {
    try {
      return readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('frag_keyframe');
    } catch {
      return false;
    }
  }).length;
}

/** How long `n` bare ffmpeg processes started at once take to all end: what starting the wall's children costs this machine now. */
async function bareFfmpegStarts(n: number): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: n }, () => new Promise<void>((resolve) => spawn('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' }).once('close', () => resolve()).once('error', () => resolve()))),
  );
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;

/**
 * The camera figures of issue 32 against 16 simulated cameras (tools/camera-sim: ffmpeg test patterns
 * over RTSP) and the server as a process: first fragment of a live view cold (the upstream starts)
 * and warm (joining a running one), a 16-tile wall opened twice over (32 viewers) and the upstream
 * connections it makes, the server's CPU per live stream beside its idle CPU, the fragment interval.
 */
export async function benchCameras(db: Db, baseUrl: string, serverPid: number, log: (s: string) => void, seconds: number): Promise<string[]> {
  const sim = await startCameraSim({ cameras: Array.from({ length: CAMERAS }, (_, i) => `cam${i + 1}`) });
  try {
    const { cookie, stationId } = await camerasFleet(db);
    const ids: number[] = [];
    for (let i = 1; i <= CAMERAS; i++) {
      const res = await fetch(`${baseUrl}/api/camera`, { method: 'POST', headers: { cookie, ...XHR }, body: JSON.stringify({ name: `Camera ${i}`, stationId, rtspUrl: sim.rtsp[`cam${i}`], rtspTransport: 'udp' }) });
      if (res.status !== 201) throw new Error(`camera ${i}: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { id: number }).id);
    }
    log('cameras: idle CPU, and the simulated cameras\' encoders');
    const [idle0, sim0] = [cpuSeconds(serverPid), cpuSeconds(sim.pid)];
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const idle = (cpuSeconds(serverPid) - idle0) / seconds;
    const encoders = (cpuSeconds(sim.pid) - sim0) / seconds;
    // The machine's own start-up cost beside the wall: 16 bare ffmpeg processes at once (no camera).
    const bare = await bareFfmpegStarts(CAMERAS);

    log('cameras: one camera, cold, three times');
    const single: number[] = [];
    for (let i = 0; i < 3; i++) {
      const v = watch(baseUrl, cookie, ids[0]!);
      single.push(await v.firstFragmentMs);
      v.close();
      const until = Date.now() + 15_000;
      while (upstreams(serverPid) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    }
    log('cameras: glass-to-glass latency in Chromium');
    const latency = await benchGlassToGlass(baseUrl, cookie, ids[0]!, seconds);
    {
      const until = Date.now() + 15_000;
      while (upstreams(serverPid) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    }
    log('cameras: a 16-tile wall, cold');
    const wall = ids.map((id) => watch(baseUrl, cookie, id));
    const load = loadavg()[0]!;
    const cold = await Promise.all(wall.map((v) => v.firstFragmentMs));
    // Joining means joining established streams: the cold wall's 16 children are given 3 s to settle
    // (joined at once, the second wall measured their start-up contention: median 1.5 s at load 10).
    await new Promise((r) => setTimeout(r, 3000));
    log('cameras: a second wall joins');
    const second = ids.map((id) => watch(baseUrl, cookie, id));
    const warm = await Promise.all(second.map((v) => v.firstFragmentMs));
    const connections = upstreams(serverPid);

    log(`cameras: CPU over ${seconds} s with ${CAMERAS} streams, ${CAMERAS * 2} viewers`);
    const fragments0 = wall.reduce((n, v) => n + v.fragments, 0);
    const busy0 = cpuSeconds(serverPid);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const busy = (cpuSeconds(serverPid) - busy0) / seconds;
    const fragments = wall.reduce((n, v) => n + v.fragments, 0) - fragments0;
    for (const v of [...wall, ...second]) v.close();
    const deadline = Date.now() + 15_000;
    while (upstreams(serverPid) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const left = upstreams(serverPid);

    const perStream = round(((busy - idle) / CAMERAS) * 100);
    return [
      `| First fragment of a live view, one camera, first viewer (the server starts ffmpeg: RTSP DESCRIBE/SETUP/PLAY, probe, first keyframe), over HTTP | median ${round(median(single))} ms of ${single.length} | ≤ 2 s in the browser |`,
      `| First fragment of a live view, first viewer (the server starts ffmpeg, RTSP DESCRIBE/SETUP/PLAY, first keyframe; GOP 1 s), ${CAMERAS} cameras at once (a cold wall; the ${CAMERAS} simulated cameras encode on the same ${cpus().length} cores: ${round(encoders * 100)} % of a core), over HTTP, load average ${round(load)} | median ${round(median(cold))} ms, p95 ${round(p95(cold))} ms; in-run reference: ${CAMERAS} bare \`ffmpeg -version\` started at once all done in ${round(bare)} ms | ≤ 2 s in the browser |`,
      `| First fragment joining a running stream (init segment and the fragments since the latest keyframe, at once) | median ${round(median(warm))} ms, p95 ${round(p95(warm))} ms | ≤ 2 s |`,
      `| Live-view upstream connections (the server's remuxing ffmpeg children) for two 16-tile walls on the same ${CAMERAS} cameras (${CAMERAS * 2} viewers); after every viewer left | ${connections}; ${left} | ${CAMERAS}; 0 |`,
      `| Server CPU per live stream (server and its ffmpeg children, 640×360 H.264 at 15 fps, 2 viewers each), beside the idle server measured in the same run | ${perStream} % of a core per stream (${round(busy * 100)} % busy vs ${round(idle * 100)} % idle) | written down |`,
      `| First frame in the browser, one camera, cold: the app's camera page in Chromium from navigation (page load included) until its player has decoded a frame; from the player's request for the stream | ${round(latency.fromRequestMs)} ms from the request; ${round(latency.firstFrameMs)} ms from navigation (load average ${round(loadavg()[0]!)} at the end) | ≤ 2 s |`,
      `| Glass-to-glass latency: capture time burnt into the picture by the simulated camera (32-block clock strip) against the time Chromium shows the frame, the app's camera page (its MSE player), ${seconds} s of frames | median ${round(latency.median)} ms, p95 ${round(latency.p95)} ms, max ${round(latency.max)} ms (${latency.frames} frames, ${latency.unreadable} unreadable) | ≤ 3 s |`,
      `| Fragments delivered per viewer per second (a GOP of 1 s cut into fragments of at most 250 ms: what a fragment adds to latency) | ${round(fragments / CAMERAS / seconds)} /s | 4 /s |`,
    ];
  } finally {
    await sim.close();
  }
}
