import http from 'node:http';
import mqtt from 'mqtt';
import { CEMS_PARAMS, telemetryBody, type Fleet } from './fleet.ts';

export interface IngestFigure {
  path: 'HTTP' | 'MQTT';
  readings: number;
  seconds: number;
  readingsPerSec: number;
  rowsPerSec: number;
}

const ENTRIES = 100; // one-minute entries per request: a gateway flushing its backlog
const READINGS_PER_REQUEST = ENTRIES * CEMS_PARAMS.length;

/**
 * Gateways flushing backlog over HTTP: `concurrency` requests in flight, each 100 one-minute entries
 * of one device; a device's requests walk back in time so every row is new. Counted readings are the
 * ones the server acknowledged (after commit).
 */
export async function benchHttp(
  baseUrl: string,
  fleet: Fleet,
  requests: number,
  concurrency: number,
  originMs: number,
  layout: 'spread' | 'abreast' = 'spread',
  phase?: (device: number) => number,
): Promise<IngestFigure> {
  // spread: each device its own 100 minutes a round, rounds 14 days apart at 200 devices (a run
  // reaches back months); abreast: every device the same minutes, each round the 100 before (a run
  // of 15 rounds is the last 25 hours of every device, as gateways back online flush them).
  // A device's body is reused by every round (its timestamps shifted), so its values are those of
  // its first 100 minutes; `phase` (the signals' minute at a device's first entry) sets them apart
  // from the clock.
  const abreast = layout === 'abreast';
  const bodies = fleet.devices.map((_, i) => {
    const start = originMs - (abreast ? 1 : i + 1) * ENTRIES * 60_000;
    return telemetryBody(start, ENTRIES, phase?.(i));
  });
  const roundMs = (abreast ? 1 : fleet.devices.length) * ENTRIES * 60_000;
  // node:http over `concurrency` kept-alive sockets rather than fetch: fetch (undici) cost this
  // process half a core at 32 requests in flight, a quarter of the two cores the server and
  // PostgreSQL under test share with it; the requests sent are the same.
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let accepted = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const n = next++;
        if (n >= requests) return;
        const device = fleet.devices[n % fleet.devices.length]!;
        const round = Math.floor(n / fleet.devices.length);
        // Shift the device's body back by whole rounds; the body text is reused, so shift ts in place.
        const body = round === 0 ? bodies[n % bodies.length]! : shiftBody(bodies[n % bodies.length]!, round * roundMs);
        const res = await post(agent, `${baseUrl}/api/v1/${device.token}/telemetry`, body);
        const json = JSON.parse(res.body) as { accepted: number; refused: unknown[] };
        if (res.status !== 200 || json.refused.length > 0) throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 300)}`);
        accepted += json.accepted;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return figure('HTTP', accepted, seconds);
}

/** POSTs a JSON body and resolves with the status and the whole answer's text. */
function post(agent: http.Agent, url: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Devices publishing QoS 1 over MQTT to the embedded broker; a publish counts once its PUBACK (sent
 * after commit) arrives. Each client keeps `window` publishes in flight.
 */
export async function benchMqtt(mqttPort: number, fleet: Fleet, clients: number, perClient: number, window: number, originMs: number): Promise<IngestFigure> {
  const conns = await Promise.all(
    fleet.devices.slice(0, clients).map(
      (d) =>
        new Promise<mqtt.MqttClient>((resolve, reject) => {
          const c = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, { username: d.token, reconnectPeriod: 0, clean: true });
          c.once('connect', () => resolve(c));
          c.once('error', reject);
        }),
    ),
  );
  let acked = 0;
  const t0 = performance.now();
  await Promise.all(
    conns.map(async (c, ci) => {
      let sent = 0;
      const inflight = new Set<Promise<void>>();
      while (sent < perClient) {
        const start = originMs - 800 * 24 * 3600_000 + (ci * perClient + sent) * ENTRIES * 60_000;
        const p = c.publishAsync('v1/devices/me/telemetry', telemetryBody(start, ENTRIES), { qos: 1 }).then(() => {
          acked += READINGS_PER_REQUEST;
          inflight.delete(p);
        });
        inflight.add(p);
        sent++;
        if (inflight.size >= window) await Promise.race(inflight);
      }
      await Promise.all(inflight);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(conns.map((c) => c.endAsync()));
  return figure('MQTT', acked, seconds);
}

function figure(path: IngestFigure['path'], readings: number, seconds: number): IngestFigure {
  return {
    path,
    readings,
    seconds: Math.round(seconds * 10) / 10,
    readingsPerSec: Math.round(readings / seconds),
    rowsPerSec: Math.round(readings / CEMS_PARAMS.length / seconds),
  };
}

function shiftBody(body: string, backMs: number): string {
  return body.replace(/"ts":(\d+)/g, (_, ts: string) => `"ts":${Number(ts) - backMs}`);
}
