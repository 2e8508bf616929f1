import { openCliDatabase } from '@enviro/server/cli/connect';
import { loadConfig } from '@enviro/server/platform/config';
import { DemoRepository } from '@enviro/server/demo/demo.repository';
import { toFleetDevice, type FleetDevice } from '@enviro/server/demo/live-devices';
import { parseOptions, USAGE, type SimulatorOptions } from './options.ts';
import { devicePublisher, externalPublisher, type Publisher } from './publisher.ts';
import { backfill, publishRound } from './rounds.ts';

function log(message: string): void {
  console.log(`${new Date().toISOString()} ${message}`);
}

async function loadFleet(): Promise<FleetDevice[]> {
  const cli = await openCliDatabase();
  try {
    return (await new DemoRepository(cli.database.db).findDevices()).map(toFleetDevice);
  } finally {
    await cli.close();
  }
}

async function main(): Promise<number> {
  let options: SimulatorOptions;
  try {
    if (process.argv.includes('--help')) {
      console.log(USAGE);
      return 0;
    }
    options = parseOptions(process.argv.slice(2), loadConfig());
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  const fleet = await loadFleet();
  if (fleet.length === 0) {
    console.error('no demo devices in the database: run `npm run seed` (or start the server once) first');
    return 1;
  }
  for (const d of fleet.filter((f) => f.offline)) log(`${d.serial} stays offline, as the demo has it`);
  let live = fleet.filter((d) => !d.offline);
  let publisher: Publisher;
  if (options.external) {
    publisher = await externalPublisher(options.brokerUrl);
  } else {
    const connected = await devicePublisher(options.brokerUrl, live, log);
    publisher = connected;
    live = connected.devices;
  }
  log(`publishing ${live.length} devices to ${options.brokerUrl}${options.external ? ' (external topics)' : ''} every ${options.intervalMs} ms`);

  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let finish!: () => void;
  const stopped = new Promise<void>((resolve) => (finish = resolve));
  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearTimeout(timer);
    finish();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  if (options.backfillMs > 0) {
    const filled = await backfill(publisher, live, Date.now(), options.backfillMs);
    if (filled > 0) log(`backfilled ${filled} readings since the devices' last data`);
  }

  const schedule = () => {
    if (stopping) return;
    // Aligned to the interval, so a 60 s interval publishes on the minute like the seed's history.
    const next = Math.ceil((Date.now() + 1) / options.intervalMs) * options.intervalMs;
    timer = setTimeout(() => {
      round = publishRound(publisher, live, next).then(
        (r) => log(`${new Date(next).toISOString()}: ${r.published} published, ${r.silent} in outage, ${r.failed} failed`),
        (error: Error) => log(`round failed: ${error.message}`),
      );
      void round.then(() => (options.once ? stop() : schedule()));
    }, next - Date.now());
  };
  schedule();

  await stopped;
  log('stopping: waiting for acknowledgements in flight');
  await round;
  await publisher.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`simulator: ${error.message}`);
    process.exit(1);
  },
);
