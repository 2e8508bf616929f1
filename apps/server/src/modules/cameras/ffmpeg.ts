import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Debian's ffmpeg as a child process: the one program that reads a camera's RTSP stream (issue 32,
 * docs/CAMERAS.md). The server never decodes video itself: live view remuxes H.264 into fragmented MP4
 * (`-c copy`), a snapshot decodes one frame to JPEG.
 */

/** Where a camera is read from: its address with the credentials, known only inside the server. */
export interface CameraSource {
  rtspUrl: string;
  username?: string | undefined;
  password?: string | undefined;
  transport: 'tcp' | 'udp';
}

/** Why a camera could not be read, in words people act on. */
export class CameraError extends Error {
  constructor(
    readonly kind: 'FFMPEG_MISSING' | 'UNREACHABLE' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'NOT_H264' | 'NO_VIDEO' | 'TIMEOUT' | 'FAILED',
    message: string,
  ) {
    super(message);
  }
}

export const FFMPEG_MISSING_MESSAGE = 'ffmpeg is not installed on the server (Debian: apt-get install ffmpeg), so cameras cannot be read: live view and snapshots are off';

/** The address ffmpeg opens: credentials percent-encoded into it (never logged, never answered). */
export function sourceUrl(source: CameraSource): string {
  const url = new URL(source.rtspUrl);
  if (source.username) url.username = encodeURIComponent(source.username);
  if (source.password) url.password = encodeURIComponent(source.password);
  return url.toString();
}

/** The address with any credentials and query removed, for logs. */
export function redactedUrl(rtspUrl: string): string {
  try {
    const url = new URL(rtspUrl);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return 'an invalid address';
  }
}

/**
 * How ffmpeg learns the stream: `quick` trusts the RTSP SDP (a camera's H.264 parameter sets are in
 * its `sprop-parameter-sets`) and reads no more than the first packet; `full` reads up to a second of
 * video, for a camera whose SDP lacks them. Quick saves about a second a start (ffmpeg otherwise decodes
 * six frames and estimates the frame rate before writing anything; docs/PERFORMANCE.md).
 */
export type Probe = 'quick' | 'full';

const PROBE_ARGS: Record<Probe, string[]> = {
  quick: ['-probesize', '32', '-analyzeduration', '0', '-fpsprobesize', '0'],
  full: ['-probesize', '1000000', '-analyzeduration', '1000000'],
};

/** ffmpeg's options to open a camera: its transport, how it is probed, and a socket timeout so a dead camera ends the child. */
export function inputArgs(source: CameraSource, timeoutMs: number, probe: Probe = 'quick'): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'info', '-rtsp_transport', source.transport, '-timeout', String(timeoutMs * 1000), ...PROBE_ARGS[probe], '-i', sourceUrl(source)];
}

/** Whether a quick probe learnt too little of the stream (no parameter sets in the SDP): try again with a full one. */
export const probedTooLittle = (stderr: string) => /Could not find codec parameters|unspecified size|dimensions not set/i.test(stderr);

/** The video codec ffmpeg reports for the input (`Stream #0:0: Video: h264 …`), once it has printed it. */
export function inputVideoCodec(stderr: string): string | null {
  const m = /Input #0[\s\S]*?Stream #0:\d+[^:]*: Video: ([a-z0-9_]+)/i.exec(stderr);
  return m ? m[1]!.toLowerCase() : null;
}

/** The reason in ffmpeg's error output, as a CameraError; `where` names the camera (by its name: answers never carry its address). */
export function classify(stderr: string, where: string): CameraError {
  // Nothing of the address goes into an answer: URLs and IP addresses are cut out of ffmpeg's words.
  const text = stderr.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, where).replace(/\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/g, 'its address');
  if (/401 Unauthorized|authorization failed/i.test(text)) return new CameraError('UNAUTHORIZED', `${where} refused the user name or password (401): check the camera's credentials`);
  if (/404 Not Found|Stream not found/i.test(text)) return new CameraError('NOT_FOUND', `${where} has no stream at that path (404): check the RTSP address`);
  if (/Connection refused/i.test(text)) return new CameraError('UNREACHABLE', `nothing answers RTSP for ${where} (connection refused): check the address and port, and that the camera is on`);
  if (/timed out|Connection timed out|No route to host|Network is unreachable|Host is unreachable|Name or service not known|Temporary failure in name resolution/i.test(text)) {
    return new CameraError('UNREACHABLE', `${where} cannot be reached (no answer in time): check the address, the network and that the camera is on`);
  }
  const codec = inputVideoCodec(stderr);
  if (codec && codec !== 'h264') return notH264(codec, where);
  if (/does not contain any stream|Output file #0 does not contain|matches no streams/i.test(text)) return new CameraError('NO_VIDEO', `the stream of ${where} carries no video`);
  const last = text.trim().split('\n').filter((l) => /error|invalid|failed/i.test(l)).at(-1);
  return new CameraError('FAILED', `${where} could not be read${last ? `: ${last.trim().slice(0, 200)}` : ''}`);
}

export function notH264(codec: string, where: string): CameraError {
  return new CameraError('NOT_H264', `${where} sends ${codec.toUpperCase()} video; live view needs H.264 (set the camera's encoder, or its sub-stream, to H.264)`);
}

/** Spawns ffmpeg; a missing program answers FFMPEG_MISSING through `onMissing` instead of throwing. */
export function spawnFfmpeg(ffmpeg: string, args: readonly string[]): ChildProcess {
  return spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Whether `ffmpeg` runs here; its version line, or null. */
export async function ffmpegVersion(ffmpeg: string): Promise<string | null> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(ffmpeg, ['-hide_banner', '-version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? (out.split('\n')[0] ?? 'ffmpeg') : null));
  });
}

/**
 * One frame of the camera as JPEG (the first keyframe decoded), within `timeoutMs`; a CameraError
 * otherwise. The child is killed on timeout, so a dead camera holds nothing.
 */
export async function snapshot(ffmpeg: string, source: CameraSource, timeoutMs: number, where: string, probe: Probe = 'quick'): Promise<Buffer> {
  const started = Date.now();
  try {
    return await snapshotOnce(ffmpeg, source, timeoutMs, where, probe);
  } catch (e) {
    const left = timeoutMs - (Date.now() - started);
    if (probe === 'quick' && e instanceof ProbedTooLittle && left > 1000) return snapshotOnce(ffmpeg, source, left, where, 'full');
    throw e instanceof ProbedTooLittle ? e.error : e;
  }
}

/** A quick probe that learnt too little: `error` is what to answer if no full probe follows. */
class ProbedTooLittle extends Error {
  constructor(readonly error: CameraError) {
    super(error.message);
  }
}

function snapshotOnce(ffmpeg: string, source: CameraSource, timeoutMs: number, where: string, probe: Probe): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const args = [...inputArgs(source, timeoutMs, probe), '-map', '0:v:0', '-frames:v', '1', '-q:v', '4', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'];
    const child = spawnFfmpeg(ffmpeg, args);
    const chunks: Buffer[] = [];
    let stderr = '';
    let settled = false;
    const finish = (err: CameraError | ProbedTooLittle | null, jpeg?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (err) reject(err);
      else resolve(jpeg!);
    };
    const timer = setTimeout(() => finish(new CameraError('TIMEOUT', `${where} sent no picture within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => chunks.push(d));
    child.stderr!.on('data', (d: Buffer) => {
      if (stderr.length < 20_000) stderr += d.toString('utf8');
    });
    child.on('error', (e: NodeJS.ErrnoException) => finish(e.code === 'ENOENT' ? new CameraError('FFMPEG_MISSING', FFMPEG_MISSING_MESSAGE) : new CameraError('FAILED', e.message)));
    child.on('close', (code) => {
      const jpeg = Buffer.concat(chunks);
      if (code === 0 && jpeg.length > 0) return finish(null, jpeg);
      const error = classify(stderr, where);
      finish(probe === 'quick' && probedTooLittle(stderr) ? new ProbedTooLittle(error) : error);
    });
  });
}
