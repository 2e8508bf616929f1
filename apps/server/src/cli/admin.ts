import { runAdmin } from './admin-run.ts';

/**
 * The operator CLI: `npm run admin -- <command> [flags]`. Results are JSON on stdout; errors go to
 * stderr naming the field, with exit code 1 for bad input and 2 for a wrong call.
 */
runAdmin(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`error: ${error.message}`);
    process.exit(1);
  },
);
