import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** Builds the web app once per run, so the browser tests exercise what `npm start` serves. */
export default async function buildWeb(): Promise<void> {
  const cwd = fileURLToPath(new URL('..', import.meta.url));
  await promisify(execFile)('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd, maxBuffer: 16 * 1024 * 1024 });
}
