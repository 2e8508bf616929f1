import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@enviro/server/platform/net/free-port';

const SERVER_ENTRY = fileURLToPath(new URL('../../../apps/server/src/server.ts', import.meta.url));

export interface ServerProcess {
  baseUrl: string;
  mqttPort: number;
  /** The server's process id, to read its memory from /proc. */
  pid: number;
  stop(): Promise<void>;
}

/** Runs the real server as its own process, so load generation does not share its event loop. */
export async function startServerProcess(databaseUrl: string): Promise<ServerProcess> {
  const port = await findFreePort(0);
  const mqttPort = await findFreePort(0);
  // The embedded broker: the device path measured is the one the product ships by default.
  const { MQTT_URL: _external, ...env } = process.env;
  // BENCH_PROFILE_DIR: the server writes a V8 CPU profile there when it stops (NODE_OPTIONS may not carry --cpu-prof).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', SERVER_ENTRY], {
    // ARCHIVE_AFTER_DAYS: the bench's history stays raw under every figure but the compaction's own,
    // which archives it itself; a server compacting it meanwhile would load the machine and move the storage figures.
    env: { ARCHIVE_AFTER_DAYS: '3650', ...env, DATABASE_URL: databaseUrl, PORT: String(port), MQTT_PORT: String(mqttPort), SEED_DEMO: 'never', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopping = false;
  // A server that dies under the bench says how (code or signal), instead of the next request's ECONNREFUSED.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[bench] the server process exited unexpectedly: code ${code}, signal ${signal}`);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    mqttPort,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
