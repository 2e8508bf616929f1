import mqtt from 'mqtt';
import { servesGateways, type TelemetrySink } from './telemetry-sink.ts';
import { EXTERNAL_GATEWAY_FILTER, externalGatewayTopic, handleGatewayMessage } from './gateway-topic.ts';
import type { Broker, Logger } from './broker.ts';
import { EXTERNAL_TELEMETRY_FILTER, decodeTelemetry, tokenOfTopic } from './telemetry-topic.ts';

/** How long start-up waits for the first subscription before going on (the client keeps retrying). */
const FIRST_CONNECT_MS = 10_000;

/**
 * One session of the platform on an external broker (e.g. Mosquitto), which cannot authenticate
 * devices against our tokens: devices publish to v1/devices/{accessToken}/telemetry and the session
 * subscribes with QoS 1, persistent (fixed client id, clean: false), so the broker queues while it is
 * away. The subscription is shared (`$share/{group}/…`): the broker hands each message to one session
 * of the group, so the sessions of several servers divide the devices' messages (external-sessions.ts).
 * mqtt.js sends the PUBACK of a message only after `handleMessage` calls back, and we call back only
 * after commit; a failed commit drops the connection so the broker redelivers every unacknowledged
 * message. A session handles its messages one at a time (mqtt.js), so each costs one commit.
 */
export async function connectExternalBroker(options: {
  url: string;
  clientId: string;
  /** Share group of the subscription; the sessions of one deployment name the same. Default: clientId. */
  group?: string;
  ingest: TelemetrySink;
  log: Logger;
}): Promise<Broker> {
  const { ingest, log } = options;
  const where = redact(options.url);
  const filter = `$share/${options.group ?? options.clientId}/${EXTERNAL_TELEMETRY_FILTER}`;
  // Gateways publish to v1/gateway/{token}/{kind} (gateway-topic.ts).
  const gatewayFilter = `$share/${options.group ?? options.clientId}/${EXTERNAL_GATEWAY_FILTER}`;
  const client = mqtt.connect(options.url, {
    clientId: options.clientId,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
  });
  let accepting = true;
  let storing: Promise<void> | undefined;

  client.handleMessage = (packet, callback) => {
    // Leaving the message unanswered keeps it unacknowledged: the broker delivers it again next session.
    if (!accepting) return;
    storing = store(packet.topic, packet.payload).then(
      () => callback(),
      (error: Error) => {
        log.error({ err: error, topic: packet.topic }, 'mqtt: readings not stored; reconnecting for redelivery');
        if (packet.qos === 0) return callback();
        client.stream.destroy();
        callback(error);
      },
    );
  };

  async function store(topic: string, payload: Buffer | string): Promise<void> {
    const gatewayMessage = externalGatewayTopic(topic);
    if (gatewayMessage && servesGateways(ingest)) {
      const gateway = await ingest.gateway(gatewayMessage.token);
      if (!gateway) return log.warn('mqtt: unknown gateway token, message dropped');
      return handleGatewayMessage(ingest, gateway, gatewayMessage.kind, payload, log);
    }
    const token = tokenOfTopic(topic);
    const message = decodeTelemetry(payload);
    // Unknown tokens and non-telemetry payloads cannot succeed later: acknowledged and dropped.
    if (!token) return log.warn({ topic }, 'mqtt: topic has no access token, dropped');
    if (!message.ok) return log.warn({ reason: message.reason }, 'mqtt: payload is not telemetry, dropped');
    const device = await ingest.device(token);
    if (!device) return log.warn('mqtt: unknown access token, message dropped');
    const result = await ingest.store(device, message.payload);
    if (result.refused.length > 0) {
      log.warn({ accepted: result.accepted, refused: result.refused.slice(0, 10) }, 'mqtt: readings refused');
    }
  }

  client.on('error', (error) => log.warn({ err: error }, `mqtt: ${where}: ${error.message}`));
  client.on('offline', () => log.warn(`mqtt: ${where} unreachable; retrying`));

  const subscribed = new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      // Sessions of earlier versions subscribed unshared, which would go on taking a copy of every message.
      client.unsubscribe(EXTERNAL_TELEMETRY_FILTER);
      client.subscribe([filter, gatewayFilter], { qos: 1 }, (error, granted) => {
        if (error) return reject(error);
        const refusedFilter = [filter, gatewayFilter].find((_, i) => granted?.[i]?.qos !== 1);
        if (refusedFilter) return reject(new Error(`${where} refused the subscription to ${refusedFilter}`));
        resolve();
      });
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), FIRST_CONNECT_MS)));
  const first = await Promise.race([subscribed, timedOut]);
  clearTimeout(timer);
  if (first === 'timeout') log.warn(`mqtt: ${where} not reached yet; the platform keeps trying to subscribe`);
  else log.info(`mqtt: subscribed to ${filter} and ${gatewayFilter} on ${where} as ${options.clientId}`);
  subscribed.catch((error: Error) => log.error({ err: error }, 'mqtt: subscription failed'));

  return {
    health: () => ({ ok: client.connected, detail: `${where} as ${options.clientId}${client.connected ? '' : ' (not connected)'}` }),
    connections: () => (client.connected ? 1 : 0),
    async stopAccepting() {
      accepting = false;
      // The message being stored still gets its PUBACK.
      await storing;
    },
    async close() {
      // force: the messages we left unanswered stay queued on the broker for the next start.
      await client.endAsync(true);
    },
  };
}

/** The URL without credentials, for logs and health. */
export function redact(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString();
}
