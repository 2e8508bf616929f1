import { MAX_TELEMETRY_BYTES, type TelemetryPayload, type TelemetryResult } from '@enviro/contracts/telemetry';
import type { Logger } from './broker.ts';
import type { GatewaySink } from './telemetry-sink.ts';

/**
 * ThingsBoard's gateway MQTT API: one connection (a gateway's access token) forwards many devices,
 * named in the payload. On the embedded broker the gateway authenticates with its token as username
 * and publishes to these topics; on an external broker, which cannot check our tokens, the token goes
 * in the topic (`v1/gateway/{token}/telemetry`), as devices' does (telemetry-topic.ts).
 */
export const GATEWAY_TOPICS = {
  /** `{"device": "Stack 1 SO2"}`: the gateway says a device is now behind it. */
  connect: 'v1/gateway/connect',
  /** `{"device": "Stack 1 SO2"}`: the device left. */
  disconnect: 'v1/gateway/disconnect',
  /** `{"Stack 1 SO2": [{"ts": 1737963587742, "values": {"so2": 12}}], "Stack 2 PM": [...]}`. */
  telemetry: 'v1/gateway/telemetry',
  /** Attributes and RPC of the gateway API: acknowledged and dropped, so gateways keep their connection. */
  attributes: 'v1/gateway/attributes',
  rpc: 'v1/gateway/rpc',
} as const;

export type GatewayTopic = keyof typeof GATEWAY_TOPICS;

/** Subscription of the platform on an external broker: `v1/gateway/{token}/{kind}`. */
export const EXTERNAL_GATEWAY_FILTER = 'v1/gateway/+/+';

/** The kind of a gateway topic of the embedded broker, or null. */
export function gatewayTopic(topic: string): GatewayTopic | null {
  const found = Object.entries(GATEWAY_TOPICS).find(([, t]) => t === topic);
  return found ? (found[0] as GatewayTopic) : null;
}

/** Token and kind of an external broker's gateway topic (`v1/gateway/{token}/{kind}`), or null. */
export function externalGatewayTopic(topic: string): { token: string; kind: GatewayTopic } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== 'v1' || parts[1] !== 'gateway' || parts[2] === '') return null;
  const kind = gatewayTopic(`v1/gateway/${parts[3]}`);
  return kind ? { token: parts[2]!, kind } : null;
}

export type DecodedGatewayTelemetry = { ok: true; devices: [name: string, payload: TelemetryPayload][] } | { ok: false; reason: string };

/** Parses a gateway telemetry payload: an object of device names, each with an entry or an array of entries. */
export function decodeGatewayTelemetry(payload: Buffer | string): DecodedGatewayTelemetry {
  if (payload.length > MAX_TELEMETRY_BYTES) return { ok: false, reason: `payload over ${MAX_TELEMETRY_BYTES} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch (error) {
    return { ok: false, reason: `payload is not JSON: ${(error as Error).message}` };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, reason: 'payload is not an object of device names' };
  const devices: [string, TelemetryPayload][] = [];
  for (const [name, value] of Object.entries(json)) {
    if (Array.isArray(value) && value.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e))) devices.push([name, value as TelemetryPayload]);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) devices.push([name, value as TelemetryPayload]);
    else return { ok: false, reason: `readings of ${name} are not an entry or an array of entries` };
  }
  return { ok: true, devices };
}

/**
 * Handles one message of a gateway: telemetry is stored device by device (a device unknown to the
 * gateway's tenant is skipped with a warning, as resending cannot help); connect, disconnect,
 * attributes and RPC are acknowledged. Resolves once every stored reading is committed; throws when
 * storing failed, so the message is not acknowledged and comes again.
 */
export async function handleGatewayMessage(sink: GatewaySink, gateway: object, kind: GatewayTopic, payload: Buffer | string, log: Logger): Promise<void> {
  await sink.gatewaySeen(gateway);
  if (kind !== 'telemetry') return;
  const message = decodeGatewayTelemetry(payload);
  if (!message.ok) return log.warn({ reason: message.reason }, 'mqtt: gateway payload is not telemetry, dropped');
  const results: TelemetryResult[] = [];
  for (const [name, readings] of message.devices) {
    const device = await sink.gatewayDevice(gateway, name);
    if (!device) {
      log.warn({ device: name.slice(0, 200) }, 'mqtt: gateway names a device its industry does not have, dropped');
      continue;
    }
    results.push(await sink.store(device, readings));
  }
  const refused = results.flatMap((r) => r.refused);
  if (refused.length > 0) log.warn({ refused: refused.slice(0, 10) }, 'mqtt: gateway readings refused');
}
