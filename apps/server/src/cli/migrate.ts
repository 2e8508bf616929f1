import { openCliDatabase } from './connect.ts';

/** `npm run migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
const cli = await openCliDatabase();
await cli.close();
console.log(cli.applied.length ? `applied ${cli.applied.join(', ')}` : 'database is up to date');
