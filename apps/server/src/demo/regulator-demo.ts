import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startReceiver, type Receiver } from '@enviro/regulator-receiver/receiver';
import type { Db } from '../platform/database/database.ts';
import type { CredentialVault } from '../modules/regulator/credentials.ts';
import { RegulatorProvisioning } from '../modules/regulator/regulator-provisioning.ts';
import { DemoRepository } from './demo.repository.ts';

const HOUR_MS = 3_600_000;
/** The demo industry the receiver answers "request failed" (ODAMS 0, retried), so the demo shows an industry Out of Sync. */
const FAILING_INDEX = 1;
/** The demo industry whose IoT devices CPCB has not registered (ODAMS 116), so the demo shows one stopped by a configuration error. */
const UNREGISTERED_INDEX = 2;

/** The token id CPCB mails for each IoT device (the mapping's `D{id}`). */
const tokenIdOf = (deviceId: number) => `DEMO-T${deviceId}`;

/**
 * The demo's regulator: a receiver in this process (its RSA key kept in DATA_DIR so the connection's
 * public key stays valid across restarts) and, on the first start with demo data, a CPCB ODAMS
 * connection of the demo board with every industry mapped and its last two hours queued. The
 * industries then show In Sync (their stations live and pushed), Out of Sync (one the receiver answers
 * ODAMS 0, "request failed": its records wait and are retried), stopped (one whose IoT devices CPCB
 * has not registered: ODAMS 116 stops it, with the reason in words on its page and in its
 * administrators' mail) and Delayed (stations not live; with `npm run simulate` stopped, all of them
 * after 15 minutes).
 */
export async function startDemoRegulator(db: Db, vault: CredentialVault, options: { dataDir: string; port: number; log: (m: string) => void }): Promise<Receiver | undefined> {
  const boardId = await new DemoRepository(db).findStatutoryId();
  if (boardId === undefined) return undefined;
  const keyFile = path.join(options.dataDir, 'regulator-receiver.pem');
  mkdirSync(options.dataDir, { recursive: true });
  const privateKeyPem = existsSync(keyFile) ? readFileSync(keyFile, 'utf8') : undefined;
  const receiver = await startReceiver({ port: options.port, privateKeyPem });
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
      statutoryId: boardId, name: 'CPCB ODAMS (demo receiver)', protocol: 'CPCB_ODAMS', url: receiver.url, credentials: { publicKey: receiver.publicKeyPem },
    });
    let queued = 0;
    for (const industry of industries) {
      await provisioning.mapEverything(industry.id, connectionId, `IND-${industry.id}`, {}, (deviceId) => ({ tokenId: tokenIdOf(deviceId) }));
      queued += await provisioning.queueSince(industry.id, connectionId, new Date(Date.now() - 2 * HOUR_MS));
    }
    options.log(`demo regulator: connection ${connectionId} to ${receiver.url}, ${industries.length} industries mapped, ${queued} records queued`);
  } else if (existing.every((c) => c.url !== receiver.url)) {
    options.log(`demo regulator receiver on ${receiver.url}; the configured connections point elsewhere (${existing.map((c) => c.url).join(', ')})`);
  }
  return receiver;
}
