import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { openCliDatabase } from './connect.ts';

const USAGE = `usage: npm run seed -- [--days N]

Seeds the demo statutory body, its industries, stations, devices and N days (default 30) of
1-minute history into DATABASE_URL (or the embedded database under ./.data). Does nothing when
the demo already exists. Prints what it created as JSON, with the API key of the statutory body and
the demo accounts with their password (DEMO_PASSWORD, or a random one).`;

async function main(): Promise<number> {
  let days: number;
  try {
    const { values } = parseArgs({ options: { days: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    days = Number(values.days ?? 30);
    if (!Number.isInteger(days) || days < 1 || days > 400) throw new Error('--days: a whole number from 1 to 400');
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const cli = await openCliDatabase();
  try {
    // The seed provisions through the modules' services: the app over the database, no port.
    const app = await buildApp({ database: cli.database }, { logger: false });
    const result = await seedDemo(app, { days, log: (m) => console.error(m), demoPassword: process.env.DEMO_PASSWORD });
    if (result.skipped) console.error(`demo already present (statutory tenant ${result.statutoryTenantId}); nothing written`);
    else console.error(`seeded ${days} days in ${(result.ms / 1000).toFixed(1)} s`);
    console.log(JSON.stringify({ ...result, ms: Math.round(result.ms) }, null, 2));
    return 0;
  } finally {
    await cli.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
