import { ZodError } from 'zod';
import { HttpError } from '../platform/errors.ts';
import { ADMIN_COMMANDS, type AdminCommand } from './admin-commands.ts';
import { openCliDatabase } from './connect.ts';
import { InputError, parseFlags, UsageError } from './cli-input.ts';

/**
 * The operator CLI: `npm run admin -- <command> [flags]`. Results are JSON on stdout; errors go to
 * stderr naming the field, with exit code 1 for bad input and 2 for a wrong call.
 */

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

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = args[0] !== undefined ? ADMIN_COMMANDS[args[0]] : undefined;
    console.log(topic ? commandUsage(args[0]!, topic) : usage());
    return 0;
  }
  const command = name !== undefined ? ADMIN_COMMANDS[name] : undefined;
  if (!command) {
    console.error(`${name === undefined ? 'no command given' : `unknown command ${name}`}\n\n${usage()}`);
    return EXIT_USAGE;
  }
  try {
    const run = await command.prepare(parseFlags(args, command.options));
    const cli = await openCliDatabase();
    try {
      console.log(JSON.stringify(await run(cli.database), null, 2));
    } finally {
      await cli.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${commandUsage(name!, command)}`);
      return EXIT_USAGE;
    }
    if (error instanceof InputError || (error instanceof HttpError && error.statusCode < 500)) {
      console.error(`error: ${error.message}`);
      return EXIT_INPUT;
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0]!;
      console.error(`error: ${issue.path.join('.') || 'input'}: ${issue.message}`);
      return EXIT_INPUT;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`error: ${error.message}`);
    process.exit(EXIT_INPUT);
  },
);
