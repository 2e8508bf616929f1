// `npm test`: the typecheck (tsc -b) and every test (vitest run) side by side, failing when either
// fails. From a clean checkout tsc is one process on one core for ~30 s, and vitest's start (embedded
// PostgreSQL, migrations, the web build) leaves the other core mostly idle: one after the other they
// took that much longer. tsc's findings are printed after the tests' report. Arguments go to vitest.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

/** Runs a command to its end; answers its exit code (1 when a signal ended it) and, if captured, its output. */
function run(command, args, capture) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const [typecheck, tests] = await Promise.all([run(bin('tsc'), ['-b'], true), run(bin('vitest'), ['run', ...process.argv.slice(2)], false)]);
if (typecheck.code === 0) {
  console.log('typecheck (tsc -b): no errors');
} else {
  console.error(`typecheck (tsc -b) failed:\n${typecheck.output}`);
}
process.exitCode = typecheck.code || tests.code;
