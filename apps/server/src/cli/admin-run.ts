import { ZodError } from 'zod';
import { HttpError } from '../platform/errors.ts';
import { ADMIN_COMMANDS, type AdminCommand } from './admin-commands.ts';
import { openCliDatabase, type CliDatabase } from './connect.ts';
import { InputError, parseFlags, UsageError } from './cli-input.ts';

/** Where a command writes: stdout for its JSON result, stderr for errors and usage. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const consoleOutput: CliOutput = { out: (t) => console.log(t), err: (t) => console.error(t) };

const EXIT_INPUT = 1;
const EXIT_USAGE = 2;

function usage(): string {
  const lines = Object.entries(ADMIN_COMMANDS).map(([name, c]) => `  ${name.padEnd(16)}${c.summary}`);
  return `usage: npm run admin -- <command> [flags]

commands:
  help            this text; 'help <command>' shows a command's flags
${lines.join('\n')}

The database is DATABASE_URL, or the embedded one under ./.data; migrations run first.
Input comes as flags, or as --json '{...}' with the fields of the contracts (flags override it).`;
}

function commandUsage(name: string, command: AdminCommand): string {
  return `usage: npm run admin -- ${name} ${command.flags}\n\n${command.summary}`;
}

/**
 * Runs one operator command and answers its exit code: 0 done, 1 bad input, 2 a wrong call. The
 * process entry (admin.ts) and the tests call it; `open` is the database it works on.
 */
export async function runAdmin(argv: readonly string[], io: CliOutput = consoleOutput, open: () => Promise<CliDatabase> = openCliDatabase): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = args[0] !== undefined ? ADMIN_COMMANDS[args[0]] : undefined;
    io.out(topic ? commandUsage(args[0]!, topic) : usage());
    return 0;
  }
  const command = name !== undefined ? ADMIN_COMMANDS[name] : undefined;
  if (!command) {
    io.err(`${name === undefined ? 'no command given' : `unknown command ${name}`}\n\n${usage()}`);
    return EXIT_USAGE;
  }
  try {
    const run = await command.prepare(parseFlags(args, command.options));
    const cli = await open();
    try {
      io.out(JSON.stringify(await run(cli.database), null, 2));
    } finally {
      await cli.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${commandUsage(name!, command)}`);
      return EXIT_USAGE;
    }
    if (error instanceof InputError || (error instanceof HttpError && error.statusCode < 500)) {
      io.err(`error: ${error.message}`);
      return EXIT_INPUT;
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0]!;
      io.err(`error: ${issue.path.join('.') || 'input'}: ${issue.message}`);
      return EXIT_INPUT;
    }
    throw error;
  }
}

