import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@enviro/server/platform/database/database';
import { PartitionKeeper } from '@enviro/server/platform/database/partitions';
import { findFreePort } from '@enviro/server/platform/net/free-port';
import { CredentialVault } from '@enviro/server/modules/regulator/credentials';
import { RegulatorProvisioning } from '@enviro/server/modules/regulator/regulator-provisioning';

const SERVER_ENTRY = fileURLToPath(new URL('../../../apps/server/src/server.ts', import.meta.url));
const RECEIVER_ENTRY = fileURLToPath(new URL('../../../packages/regulator-receiver/src/main.ts', import.meta.url));
const SLOT = 15 * 60_000;
const STATIONS_PER_INDUSTRY = 100;

interface Stats {
  accepted: number;
  duplicates: number;
  corrections: number;
  outOfOrder: number;
  requests: number;
  errors: Record<string, number>;
}

/**
 * `npm run bench -- --regulator`: the regulator push of issue 12, measured end to end with the real
 * server process (its rollup and regulator workers) pushing CPCB ODAMS records to the receiver in
 * its own process:
 * 1. the receiver down while an hour of slots (4) of 1,000 stations closes, then back: time to drain,
 *    values received out of order per station;
 * 2. three kill -9 rounds of the server while it delivers a slot of the 10,000: values missing at the
 *    receiver, values accepted twice, second copies it deduplicated;
 * 3. 10,000 stations' records of one slot, one station per request (ODAMS), while a second endpoint
 *    every industry is also mapped to hangs (it never answers; each request times out after 15 s):
 *    from the slot's readings being committed (the slot closed) to the working receiver holding every value.
 */
export async function benchRegulator(database: DatabaseHandle, databaseUrl: string, log: (s: string) => void, stations = 10_000): Promise<string[]> {
  const tmp = await mkdtemp(path.join(tmpdir(), 'enviro-regulator-bench-'));
  const key = randomBytes(32);
  const receiverPort = await findFreePort(0);
  const receiver = spawnChild(RECEIVER_ENTRY, [String(receiverPort), path.join(tmp, 'receiver.pem')], {});
  const receiverUrl = `http://127.0.0.1:${receiverPort}`;
  await waitFor(async () => (await fetch(`${receiverUrl}/__receiver/stats`).then((r) => r.ok, () => false)), 60_000, 'receiver');
  const publicKey = await (await fetch(`${receiverUrl}/__receiver/public-key`)).text();
  // The endpoint that hangs: another receiver that holds every request for ten minutes.
  const hangingPort = await findFreePort(0);
  const hanging = spawnChild(RECEIVER_ENTRY, [String(hangingPort), path.join(tmp, 'hanging.pem')], {});
  const hangingUrl = `http://127.0.0.1:${hangingPort}`;
  await waitFor(async () => (await fetch(`${hangingUrl}/__receiver/stats`).then((r) => r.ok, () => false)), 60_000, 'hanging receiver');
  const hangingKey = await (await fetch(`${hangingUrl}/__receiver/public-key`)).text();
  const stats = async (): Promise<Stats> => (await fetch(`${receiverUrl}/__receiver/stats`)).json() as Promise<Stats>;
  const fault = (mode: string) => fetch(`${receiverUrl}/__receiver/fault`, { method: 'POST', body: JSON.stringify({ mode }) });

  log(`regulator: provisioning ${stations} stations`);
  const fleet = await provision(database, stations);
  const vault = new CredentialVault(key);
  const setup = new RegulatorProvisioning(database.db, vault);
  const connectionId = await setup.createConnection({ statutoryId: fleet.boardId, name: 'Bench ODAMS', protocol: 'CPCB_ODAMS', url: receiverUrl, credentials: { publicKey } });
  const hangingId = await setup.createConnection({ statutoryId: fleet.boardId, name: 'Bench ODAMS (hanging)', protocol: 'CPCB_ODAMS', url: hangingUrl, credentials: { publicKey: hangingKey } });
  const tokenId = (deviceId: number) => `T${deviceId}`;
  for (const tenantId of fleet.industryIds) {
    const stations = await setup.mapEverything(tenantId, connectionId, `IND-${tenantId}`, {}, (deviceId) => ({ tokenId: tokenId(deviceId) }));
    await setup.mapEverything(tenantId, hangingId, `IND-${tenantId}`, {}, (deviceId) => ({ tokenId: tokenId(deviceId) }));
    // CPCB's registration of each station's IoT device.
    const devices = stations.flatMap((st) => st.devices.map((d) => ({ iotId: d.regulatorDeviceId, stationId: st.regulatorStationId, tokenId: tokenId(d.deviceId), industryId: `IND-${tenantId}` })));
    await fetch(`${receiverUrl}/__receiver/devices`, { method: 'POST', body: JSON.stringify(devices) });
  }
  await fetch(`${hangingUrl}/__receiver/fault`, { method: 'POST', body: JSON.stringify({ mode: 'slow', delayMs: 600_000 }) });
  const now = Date.now();
  const current = Math.floor(now / SLOT) * SLOT;
  await new PartitionKeeper(database.pool).ensure(current - 10 * SLOT, current + SLOT);


  let server = await startServer(databaseUrl, key);
  const lines: string[] = [];
  const valuesPerSlot = 2 * stations;
  // Slots per station in time order: the outage's hour, then the kill rounds' slot, then the measured
  // slot, so the receiver's out-of-order count means what it says.
  const outageSlots = [7, 6, 5, 4].map((k) => current - k * SLOT);
  const slotKill = current - 2 * SLOT;
  const slotLast = current - SLOT;
  const sentOf = async (slot: number) =>
    (await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM regulator_outbox WHERE slot = $1 AND status = 'SENT' AND connection_id = $2`, [new Date(slot), connectionId])).rows[0]!.n;
  try {
    // 1. An hour's outage of the receiver for 1,000 stations.
    const outageDevices = fleet.deviceIds.slice(0, Math.min(1000, stations));
    await fault('down');
    const beforeOutage = await stats();
    for (const slot of outageSlots) await writeSlot(database, outageDevices, slot);
    await new Promise((r) => setTimeout(r, 20_000));
    const waiting = (await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM regulator_outbox WHERE status = 'PENDING' AND connection_id = $1`, [connectionId])).rows[0]!.n;
    const up = Date.now();
    await fault('none');
    const expected = beforeOutage.accepted + 2 * outageDevices.length * outageSlots.length;
    await waitFor(async () => (await stats()).accepted >= expected, 900_000, 'outage drain');
    const drained = (Date.now() - up) / 1000;
    const afterOutage = await stats();
    lines.push(
      `| receiver down while an hour (4 slots) of ${outageDevices.length.toLocaleString('en-IN')} stations closed (${waiting} records waiting after 20 s), then back | drained in ${drained.toFixed(1)} s without intervention; ${afterOutage.outOfOrder - beforeOutage.outOfOrder} values out of order, ${expected - afterOutage.accepted} missing |`,
    );
    log(`regulator: outage drained in ${drained.toFixed(1)} s`);

    // 2. kill -9 rounds while delivering a slot of every station.
    const before = await stats();
    await writeSlot(database, fleet.deviceIds, slotKill);
    for (let round = 1; round <= 3; round++) {
      const target = before.accepted + Math.floor((valuesPerSlot * round) / 4);
      await waitFor(async () => (await stats()).accepted >= target, 600_000, `kill round ${round}`);
      server.kill();
      log(`regulator: kill -9 round ${round} at ${(await stats()).accepted - before.accepted} values`);
      server = await startServer(databaseUrl, key);
    }
    // Done when every record is SENT (those pushed before a kill and not yet marked go again after their lease).
    await waitFor(async () => (await sentOf(slotKill)) >= stations, 900_000, 'delivery after kills');
    const after = await stats();
    const got = after.accepted - before.accepted;
    lines.push(
      `| kill -9 of the server 3 times while delivering ${stations.toLocaleString('en-IN')} stations' slot | ${valuesPerSlot - got} values missing, 0 accepted twice (${after.duplicates - before.duplicates} second copies of values pushed before a kill and not yet marked SENT, deduplicated by the receiver; ${after.corrections - before.corrections} changed); ${await sentOf(slotKill)} records SENT |`,
    );

    // 3. One slot of every station, timed from its readings' commit.
    const t0 = await writeSlot(database, fleet.deviceIds, slotLast);
    const beforeLast = await stats();
    await waitFor(async () => (await stats()).accepted >= beforeLast.accepted + valuesPerSlot, 600_000, 'slot delivery');
    const deliver = (Date.now() - t0) / 1000;
    log(`regulator: ${stations} stations' slot delivered in ${deliver.toFixed(1)} s`);
    lines.push(`| ${stations.toLocaleString('en-IN')} stations' records of one slot (one station per request), slot closed → all at the receiver, while a second endpoint hangs | ${deliver.toFixed(1)} s (goal ≤ 60 s) |`);
  } finally {
    await server.stop();
    receiver.kill('SIGTERM');
    hanging.kill('SIGTERM');
  }
  return [
    '### Regulator push (CPCB ODAMS, one process per server and receiver)',
    '',
    '| Measure | Result |',
    '|---|---|',
    ...lines,
  ];
}

async function provision(database: DatabaseHandle, stations: number): Promise<{ boardId: number; industryIds: number[]; deviceIds: { tenantId: number; id: string }[] }> {
  const pool = database.pool;
  const board = (await pool.query<{ id: number }>(`INSERT INTO tenant (name, type) VALUES ('Bench Board', 'statutory') RETURNING id`)).rows[0]!.id;
  const industries = Math.ceil(stations / STATIONS_PER_INDUSTRY);
  const industryIds = (await pool.query<{ id: number }>(`INSERT INTO tenant (name) SELECT 'Bench Industry ' || g FROM generate_series(1, $1) g RETURNING id`, [industries])).rows.map((r) => r.id);
  await pool.query(`INSERT INTO statutory_association (tenant_id, statutory_id) SELECT unnest($1::int[]), $2`, [industryIds, board]);
  const deviceIds: { tenantId: number; id: string }[] = [];
  for (const [i, tenantId] of industryIds.entries()) {
    const n = Math.min(STATIONS_PER_INDUSTRY, stations - i * STATIONS_PER_INDUSTRY);
    const { rows } = await pool.query<{ id: string }>(
      `WITH e AS (INSERT INTO entity (tenant_id, type, name) SELECT $1, 'cems', 'Stack ' || g FROM generate_series(1, $2) g RETURNING tenant_id, id)
       INSERT INTO device (tenant_id, entity_id, name) SELECT tenant_id, id, 'Analyser ' || id FROM e RETURNING id::text`,
      [tenantId, n],
    );
    await pool.query(
      `INSERT INTO device_param (tenant_id, device_id, slot, std_param_id, unit)
       SELECT $1, d, p.slot, sp.id, sp.unit FROM unnest($2::bigint[]) d
       CROSS JOIN (VALUES (1, 'pm'), (2, 'so2')) p(slot, name) JOIN std_param sp ON sp.name = p.name`,
      [tenantId, rows.map((r) => r.id)],
    );
    deviceIds.push(...rows.map((r) => ({ tenantId, id: r.id })));
  }
  return { boardId: board, industryIds, deviceIds };
}

/** Three readings per device in the slot and its rollup marked dirty, as ingestion leaves them; answers the commit time. */
async function writeSlot(database: DatabaseHandle, devices: readonly { tenantId: number; id: string }[], slot: number): Promise<number> {
  const tenants = devices.map((d) => d.tenantId);
  const ids = devices.map((d) => d.id);
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO reading (tenant_id, device_id, ts, vals)
       SELECT t, d, $3::timestamptz + k * interval '1 minute', ARRAY[10 + k, 100 + k]::double precision[]
       FROM unnest($1::int[], $2::bigint[]) AS x(t, d) CROSS JOIN generate_series(0, 2) k`,
      [tenants, ids, new Date(slot)],
    );
    await client.query(`INSERT INTO rollup_dirty (tenant_id, device_id, bucket) SELECT t, d, $3 FROM unnest($1::int[], $2::bigint[]) AS x(t, d) ON CONFLICT DO NOTHING`, [tenants, ids, new Date(slot)]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return Date.now();
}

function spawnChild(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function startServer(databaseUrl: string, key: Buffer): Promise<{ kill(): void; stop(): Promise<void> }> {
  const port = await findFreePort(0);
  const mqttPort = await findFreePort(0);
  const { MQTT_URL: _external, ...env } = process.env;
  // BENCH_PROFILE_DIR=<dir>: the server writes a CPU profile there when it stops (the last one; killed ones write none).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', SERVER_ENTRY], {
    env: { ...env, DATABASE_URL: databaseUrl, PORT: String(port), MQTT_PORT: String(mqttPort), SEED_DEMO: 'never', LOG_LEVEL: 'warn', REGULATOR_KEY: key.toString('base64') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    return fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
  }, 60_000, 'server');
  return {
    kill: () => void child.kill('SIGKILL'),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not done within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
