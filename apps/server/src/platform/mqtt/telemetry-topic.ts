import { isPlainTelemetryPayload, MAX_TELEMETRY_BYTES, TelemetryPayload } from '@enviro/contracts/telemetry';
import { blame } from '../validation-issues.ts';

/** Topic devices publish to on the embedded broker, which knows them from their CONNECT username. */
export const DEVICE_TELEMETRY_TOPIC = 'v1/devices/me/telemetry';

/** Subscription of the platform on an external broker, where the token travels in the topic. */
export const EXTERNAL_TELEMETRY_FILTER = 'v1/devices/+/telemetry';

export type DecodedMessage = { ok: true; payload: TelemetryPayload } | { ok: false; reason: string };

/** Parses an MQTT payload as telemetry JSON, with the reason when it is not telemetry at all. */
export function decodeTelemetry(payload: Buffer | string): DecodedMessage {
  if (payload.length > MAX_TELEMETRY_BYTES) return { ok: false, reason: `payload over ${MAX_TELEMETRY_BYTES} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch (error) {
    return { ok: false, reason: `payload is not JSON: ${(error as Error).message}` };
  }
  if (isPlainTelemetryPayload(json)) return { ok: true, payload: json };
  const parsed = TelemetryPayload.safeParse(json);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const issue = blame(parsed.error.issues[0]!)[0]!;
  return { ok: false, reason: `${['payload', ...issue.path].join('.')}: ${issue.message}` };
}

/** The access token of an external-broker topic `v1/devices/{token}/telemetry`, or null. */
export function tokenOfTopic(topic: string): string | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== 'v1' || parts[1] !== 'devices' || parts[3] !== 'telemetry') return null;
  const token = parts[2]!;
  return token === '' || token === 'me' ? null : token;
}
