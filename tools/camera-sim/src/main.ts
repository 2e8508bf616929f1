import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import * as RtspServerModule from 'rtsp-streaming-server';
import { CLOCK_STRIP_FILTER } from './clock-strip.ts';
import { startOnvifSim } from './onvif-sim.ts';

/**
 * Simulated IP cameras (issue 32; tools/camera-sim/README.md): an RTSP server (the npm package
 * rtsp-streaming-server: producers ANNOUNCE on one port, viewers PLAY from another, RTP over UDP),
 * one ffmpeg per camera publishing a test pattern with the wall clock drawn on it, and an ONVIF PTZ
 * simulator. Prints one JSON line `{"ready":…}` once every camera streams; ends its children when
 * stopped (SIGTERM, SIGINT, or its standard input closing).
 *
 *   npm run cameras -w @enviro/camera-sim -- --cameras outlet,stack --rtsp-port 8554
 */
const { values } = parseArgs({
  options: {
    cameras: { type: 'string', default: 'cam1' },
    'rtsp-port': { type: 'string', default: '8554' },
    'publish-port': { type: 'string', default: '0' },
    'rtp-port': { type: 'string', default: '0' },
    'onvif-port': { type: 'string', default: '8555' },
    username: { type: 'string' },
    password: { type: 'string' },
    /** Per camera `name=codec` (h264 by default; h264-inband without parameter sets in its SDP; mpeg4 to try a camera the browser cannot play). */
    codec: { type: 'string', multiple: true, default: [] },
    ffmpeg: { type: 'string', default: process.env.FFMPEG_PATH ?? 'ffmpeg' },
    size: { type: 'string', default: '640x360' },
    fps: { type: 'string', default: '15' },
  },
});

// A CommonJS package: its class is the default export's `default`.
const RtspServer = (RtspServerModule as unknown as { default: { default?: typeof RtspServerModule.RtspServer } & typeof RtspServerModule.RtspServer }).default.default ?? RtspServerModule.RtspServer;
const clientPort = Number(values['rtsp-port']);
const publishPort = Number(values['publish-port']) || clientPort + 1000;
const names = values.cameras!.split(',').filter(Boolean);
// RTP over UDP takes a pair of ports per publisher and per viewer: room for several viewers a camera.
const rtpCount = 128;
const rtpStart = Number(values['rtp-port']) || 20000 + (clientPort % 300) * rtpCount;
const codecs = new Map(values.codec!.map((c) => c.split('=') as [string, string]));

const server = new RtspServer({
  serverPort: publishPort,
  clientPort,
  rtpPortStart: rtpStart,
  rtpPortCount: rtpCount,
  ...(values.username ? { clientServerHooks: { authentication: async (u: string, p: string) => u === values.username && p === (values.password ?? '') } } : {}),
});
await server.start();
const onvif = await startOnvifSim({ port: Number(values['onvif-port']), username: values.username, password: values.password });

const children: ChildProcess[] = [];
const stop = () => {
  for (const c of children) c.kill('SIGKILL');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();

/**
 * One camera: a test pattern with the camera's name and the wall clock (HH:MM:SS) for people, and
 * the capture time for machines (CLOCK_STRIP_FILTER), a keyframe every second.
 */
function publish(name: string): ChildProcess {
  const codec = codecs.get(name) ?? 'h264';
  const fps = Number(values.fps);
  const clock = `drawtext=text='${name} %{localtime\\:%H\\\\\\:%M\\\\\\:%S}':fontsize=28:fontcolor=white:box=1:boxcolor=black@0.6:x=12:y=h-th-12`;
  const graph = `[0:v]${CLOCK_STRIP_FILTER},setpts='N/(${fps}*TB)',${clock}`;
  const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p'];
  // h264-inband: the parameter sets only in the stream, none in the SDP (as some cameras do).
  const encoder = codec === 'h264' ? x264 : codec === 'h264-inband' ? [...x264, '-flags', '-global_header'] : ['-c:v', codec];
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `testsrc2=size=${values.size}:rate=${fps}`, '-filter_complex', graph, ...encoder, '-g', String(fps), '-bf', '0', '-f', 'rtsp', `rtsp://127.0.0.1:${publishPort}/${name}`];
  // The clock a camera burns in is the plant's: India Standard Time.
  const child = spawn(values.ffmpeg!, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, TZ: 'Asia/Kolkata' } });
  child.on('exit', (code) => {
    if (children.includes(child)) process.stderr.write(`camera-sim: the publisher of ${name} ended (${code}); restarting\n`);
    const at = children.indexOf(child);
    if (at >= 0) setTimeout(() => (children[at] = publish(name)), 1000);
  });
  return child;
}
children.push(...names.map(publish));

// Ready once every mount has its producer.
const mounts = (server as unknown as { Mounts: { mounts: Record<string, unknown> } }).Mounts;
const started = Date.now();
while (names.some((n) => !mounts.mounts[`/${n}`]) && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 100));
const missing = names.filter((n) => !mounts.mounts[`/${n}`]);
process.stdout.write(
  `${JSON.stringify({
    ready: missing.length === 0,
    missing,
    rtsp: Object.fromEntries(names.map((n) => [n, `rtsp://127.0.0.1:${clientPort}/${n}`])),
    onvif: Object.fromEntries(names.map((n) => [n, `http://127.0.0.1:${onvif.port}/onvif/${n}/device_service`])),
    moves: `http://127.0.0.1:${onvif.port}/moves`,
  })}\n`,
);
