import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { RecordedMove } from './onvif-sim.ts';

export type { RecordedMove } from './onvif-sim.ts';

export interface CameraSim {
  rtsp: Record<string, string>;
  onvif: Record<string, string>;
  /** The PTZ requests the ONVIF simulator received. */
  moves(): Promise<RecordedMove[]>;
  /** The simulator's process (its ffmpeg publishers are its children): the bench reads their CPU. */
  pid: number;
  close(): Promise<void>;
}

/** A free TCP port on this machine (for the simulator's listeners). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts tools/camera-sim in a child process (RTSP server, ffmpeg publishers, ONVIF simulator) and
 * resolves once every camera streams; `close` ends it and everything it started.
 */
export async function startCameraSim(options: { cameras: string[]; username?: string; password?: string; codecs?: Record<string, string>; ffmpeg?: string; rtspPort?: number; onvifPort?: number }): Promise<CameraSim> {
  const [rtspPort, publishPort, onvifPort] = [options.rtspPort ?? (await freePort()), await freePort(), options.onvifPort ?? (await freePort())];
  const args = ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url)), '--cameras', options.cameras.join(','), '--rtsp-port', String(rtspPort), '--publish-port', String(publishPort), '--onvif-port', String(onvifPort)];
  if (options.username) args.push('--username', options.username, '--password', options.password ?? '');
  for (const [name, codec] of Object.entries(options.codecs ?? {})) args.push('--codec', `${name}=${codec}`);
  if (options.ffmpeg) args.push('--ffmpeg', options.ffmpeg);
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const ready = await new Promise<{ ready: boolean; missing: string[]; rtsp: Record<string, string>; onvif: Record<string, string>; moves: string }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n')) resolve(JSON.parse(line) as never);
    });
    child.once('exit', (code) => reject(new Error(`camera-sim ended (${code}) before it was ready: ${stderr.slice(-2000)}`)));
  });
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  if (!ready.ready) {
    await close();
    throw new Error(`camera-sim: no stream for ${ready.missing.join(', ')}: ${stderr.slice(-2000)}`);
  }
  return {
    rtsp: ready.rtsp,
    onvif: ready.onvif,
    moves: async () => (await (await fetch(ready.moves)).json()) as RecordedMove[],
    pid: child.pid!,
    close,
  };
}
