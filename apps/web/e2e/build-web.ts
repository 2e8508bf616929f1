import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(WEB, '../..');
const INDEX = path.join(WEB, 'dist', 'index.html');
/** What the last build here was made from; outside dist, which the server serves. */
const STAMP = path.join(ROOT, 'node_modules', '.cache', 'enviro-e2e-web-build.json');

/** Everything the build reads: the web app, the workspace packages it imports, the locked dependencies. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/precompress.ts',
  'apps/web/publish-build.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];

interface Stamp {
  /** The inputs' hash and the build's NODE_ENV (a development build of the same sources is not this one). */
  inputs: string;
  /** dist/index.html as this build left it: another build (npm start, a second checkout) changes it. */
  indexMtimeMs: number;
}

/**
 * Builds the web app once per run, so the browser tests exercise what `npm start` serves; skipped
 * when dist/ is the build of exactly the current sources (a rerun without web changes saves ~15 s).
 */
export default async function buildWeb(): Promise<void> {
  const inputs = `production:${await hashInputs()}`;
  const stamp = await readStamp();
  if (stamp?.inputs === inputs && existsSync(INDEX) && (await stat(INDEX)).mtimeMs === stamp.indexMtimeMs) return;
  // NODE_ENV is 'test' under Vitest, and Vite builds for the NODE_ENV it finds: the browser tests ran
  // React's development build (StrictMode mounting every component twice), not what users get.
  await promisify(execFile)('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: WEB, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } });
  await mkdir(path.dirname(STAMP), { recursive: true });
  await writeFile(STAMP, JSON.stringify({ inputs, indexMtimeMs: (await stat(INDEX)).mtimeMs } satisfies Stamp));
}

async function readStamp(): Promise<Stamp | undefined> {
  try {
    return JSON.parse(await readFile(STAMP, 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/** sha256 over the path and content of every input file (and the web app's .env files, which Vite reads). */
async function hashInputs(): Promise<string> {
  const envFiles = (await readdir(WEB)).filter((f) => f.startsWith('.env')).map((f) => `apps/web/${f}`);
  const files = (await Promise.all([...INPUTS, ...envFiles].map((p) => filesUnder(path.join(ROOT, p))))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${path.relative(ROOT, file)}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

async function filesUnder(p: string): Promise<string[]> {
  const info = await stat(p).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [p];
  const entries = await readdir(p, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
