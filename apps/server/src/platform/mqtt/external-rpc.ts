import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { Logger } from './broker.ts';
import { decodeRpcResponse, EXTERNAL_RPC_RESPONSE_FILTER, externalRpcRequestTopic, externalRpcResponse, type RpcSink, type RpcTransport } from './device-rpc.ts';
import { redact } from './external-broker.ts';

/** How long a publish may wait for the broker's PUBACK before the request counts as not sent (the sender holds a transaction). */
const SEND_TIMEOUT_MS = 5_000;

/**
 * RPC to devices through an external broker (MQTT_URL): requests published QoS 1 to
 * `v1/devices/{token}/rpc/request/{id}`, answers taken from `v1/devices/{token}/rpc/response/{id}`.
 * Each server keeps its own clean session for this, apart from the ingestion sessions (which the
 * servers pass between them): its answers subscription is shared (`$share/{MQTT_CLIENT_ID}-rpc/…`),
 * so one server records each answer; whichever server sent the request, the answer lands on the
 * request's row in PostgreSQL. A request is SENT once the broker acknowledged it.
 */
export async function connectExternalRpc(options: { url: string; clientId: string; sink: RpcSink; log: Logger }): Promise<RpcTransport & { close(): Promise<void> }> {
  const { sink, log } = options;
  const where = redact(options.url);
  const filter = `$share/${options.clientId}-rpc/${EXTERNAL_RPC_RESPONSE_FILTER}`;
  const client = mqtt.connect(options.url, {
    clientId: `${options.clientId}-rpc-${randomBytes(6).toString('hex')}`,
    clean: true,
    protocolVersion: 4,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
  });
  client.on('connect', () => {
    client.subscribe(filter, { qos: 1 }, (error, granted) => {
      if (error || granted?.[0]?.qos !== 1) log.error({ err: error }, `mqtt: ${where} refused the subscription to ${filter}; device answers are not recorded`);
    });
  });
  client.on('message', (topic, payload) => {
    const answer = externalRpcResponse(topic);
    if (!answer) return;
    sink.answer(answer.accessToken, answer.requestId, decodeRpcResponse(payload)).catch((error: Error) => log.warn({ err: error, requestId: answer.requestId }, 'mqtt: RPC answer not recorded'));
  });
  client.on('error', (error) => log.warn({ err: error }, `mqtt rpc: ${where}: ${error.message}`));

  return {
    listeningTokens: () => 'any',
    async send(accessToken, requestId, body) {
      if (!client.connected) return false;
      const published = client.publishAsync(externalRpcRequestTopic(accessToken, requestId), JSON.stringify(body), { qos: 1 }).then(
        () => true,
        () => false,
      );
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), SEND_TIMEOUT_MS)));
      const sent = await Promise.race([published, timedOut]);
      clearTimeout(timer);
      return sent;
    },
    async close() {
      await client.endAsync(true);
    },
  };
}
