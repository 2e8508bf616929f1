import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runAdmin } from '../src/cli/admin-run.ts';
import { openCliDatabase } from '../src/cli/connect.ts';

const ADMIN = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The operator CLI as `npm run admin --` runs it: a process loading TypeScript through tsx, a
 * second or more of start-up each (several on a busy machine), so a file runs one or two this way.
 */
export function adminProcess(databaseUrl: string, ...args: string[]): Promise<CliOutcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', ADMIN, ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The same command run in this process (what the entry calls), with its output captured as the process would print it. */
export async function adminInProcess(databaseUrl: string, ...args: string[]): Promise<CliOutcome> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`) }, () => openCliDatabase(databaseUrl));
  return { code, stdout, stderr };
}
