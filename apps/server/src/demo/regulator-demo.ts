import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startReceiver, type Receiver } from '@enviro/regulator-receiver/receiver';
import type { Db } from '../platform/database/database.ts';
import { bindFreePort } from '../platform/net/free-port.ts';
import type { CredentialVault } from '../modules/regulator/credentials.ts';
import { RegulatorProvisioning } from '../modules/regulator/regulator-provisioning.ts';
import { DemoRepository } from './demo.repository.ts';

const HOUR_MS = 3_600_000;
/** How often a server checks that the demo connection points at a receiver that answers. */
const FOLLOW_MS = 60_000;
const PROBE_TIMEOUT_MS = 2_000;
/** The demo industry the receiver answers "request failed" (ODAMS 0, retried), so the demo shows an industry Out of Sync. */
const FAILING_INDEX = 1;
/** The demo industry whose IoT devices CPCB has not registered (ODAMS 116), so the demo shows one stopped by a configuration error. */
const UNREGISTERED_INDEX = 2;
/** The receiver listens on this machine only: the server pushing to it is in the same process. */
const HOST = '127.0.0.1';
/** The name the demo gives its connection, by which later starts find it again. */
export const DEMO_CONNECTION_NAME = 'CPCB ODAMS (demo receiver)';

/** The token id CPCB mails for each IoT device (the mapping's `D{id}`). */
const tokenIdOf = (deviceId: number) => `DEMO-T${deviceId}`;

export interface DemoRegulator {
  receiver: Receiver;
  /** Points the demo connection at this server's receiver unless another receiver with its key answers at its URL. */
  follow(): Promise<void>;
  close(): Promise<void>;
}

export interface DemoRegulatorOptions {
  dataDir: string;
  /** REGULATOR_DEMO_PORT: when taken, the next free port, and the log says so. */
  port: number;
  log: (m: string) => void;
  warn: (m: string) => void;
  /** Run once the industries are first mapped (the demo's approved data correction goes to the regulator then); answers what it did, for the log. */
  afterMapping?: () => Promise<string>;
}

/**
 * The demo's regulator: a receiver in this process (its RSA key kept in DATA_DIR so the connection's
 * public key stays valid across restarts) and, on the first start with demo data, a CPCB ODAMS
 * connection of the demo board with every industry mapped and its last two hours queued. The
 * industries then show In Sync (their stations live and pushed; the demo's live readings keep them
 * so), Out of Sync (one the receiver answers ODAMS 0, "request failed": its records wait and are
 * retried), stopped (one whose IoT devices CPCB has not registered: ODAMS 116 stops it, with the
 * reason in words on its page and in its administrators' mail) and Delayed (stations not live: in an
 * outage of their signal, or the offline one).
 *
 * Several servers may run the demo on one database, each with a receiver of its own on the port it
 * found free. The connection names one URL: it is left where a receiver holding its key answers,
 * and otherwise moved to this server's receiver, at start and every minute after (so when the
 * server whose receiver it named stops, another takes it over).
 */
export async function startDemoRegulator(db: Db, vault: CredentialVault, options: DemoRegulatorOptions): Promise<DemoRegulator | undefined> {
  const boardId = await new DemoRepository(db).findStatutoryId();
  if (boardId === undefined) return undefined;
  const keyFile = path.join(options.dataDir, 'regulator-receiver.pem');
  mkdirSync(options.dataDir, { recursive: true });
  const privateKeyPem = existsSync(keyFile) ? readFileSync(keyFile, 'utf8') : undefined;
  const receiver = await bindFreePort(
    options.port,
    HOST,
    (port) => startReceiver({ port, host: HOST, privateKeyPem }),
    (port) => options.warn(`REGULATOR_DEMO_PORT ${options.port} is taken: the demo regulator receiver uses port ${port} instead`),
  );
  if (!privateKeyPem) writeFileSync(keyFile, receiver.privateKeyPem, { mode: 0o600 });

  const provisioning = new RegulatorProvisioning(db, vault);
  const industries = await provisioning.industriesOf(boardId);
  // CPCB's device registration, as the receiver keeps it: each mapped device's IoT id under its station.
  const failing: string[] = [];
  for (const [i, industry] of industries.entries()) {
    for (const station of await provisioning.mappableStations(industry.id)) {
      for (const device of station.devices) {
        if (i === FAILING_INDEX) failing.push(`D${device.deviceId}`);
        if (i !== UNREGISTERED_INDEX) receiver.registerDevice({ iotId: `D${device.deviceId}`, stationId: `S${station.stationId}`, tokenId: tokenIdOf(device.deviceId), industryId: `IND-${industry.id}` });
      }
    }
  }
  receiver.setFault({ mode: 'answer', status: 0, iotIds: failing });

  const existing = await provisioning.connections();
  if (existing.length === 0) {
    const connectionId = await provisioning.createConnection({
      statutoryId: boardId, name: DEMO_CONNECTION_NAME, protocol: 'CPCB_ODAMS', url: receiver.url, credentials: { publicKey: receiver.publicKeyPem },
    });
    let queued = 0;
    for (const industry of industries) {
      await provisioning.mapEverything(industry.id, connectionId, `IND-${industry.id}`, {}, (deviceId) => ({ tokenId: tokenIdOf(deviceId) }));
      queued += await provisioning.queueSince(industry.id, connectionId, new Date(Date.now() - 2 * HOUR_MS));
    }
    options.log(`demo regulator: connection ${connectionId} to ${receiver.url}, ${industries.length} industries mapped, ${queued} records queued`);
    if (options.afterMapping) options.log(`demo regulator: ${await options.afterMapping()}`);
  }

  const follow = async () => {
    const demo = (await provisioning.connections()).find((c) => c.statutoryId === boardId && c.name === DEMO_CONNECTION_NAME);
    if (!demo || demo.url === receiver.url) return;
    const { publicKey } = await provisioning.credentialsOf(demo.id);
    if (publicKey !== undefined && (await publicKeyAt(demo.url)) === publicKey) return;
    await provisioning.moveConnection(demo.id, receiver.url, { publicKey: receiver.publicKeyPem });
    options.log(`demo regulator: no receiver of the demo connection answers at ${demo.url}; it now points to ${receiver.url}`);
  };
  await follow();
  const timer = setInterval(() => void follow().catch((error: Error) => options.warn(`demo regulator: ${error.message}`)), FOLLOW_MS);
  timer.unref();
  return {
    receiver,
    follow,
    async close() {
      clearInterval(timer);
      await receiver.close();
    },
  };
}

/** The public key a receiver answers at `url`, or undefined when nothing (or something else) answers there. */
async function publicKeyAt(url: string): Promise<string | undefined> {
  try {
    const res = await fetch(`${url}/__receiver/public-key`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return res.ok ? await res.text() : undefined;
  } catch {
    return undefined;
  }
}
