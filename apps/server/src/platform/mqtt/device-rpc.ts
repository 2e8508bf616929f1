/**
 * Server-side RPC to devices in ThingsBoard's form: a device that takes commands subscribes to
 * `v1/devices/me/rpc/request/+`, the server publishes `{"method", "params"}` to
 * `v1/devices/me/rpc/request/{id}` on that device's connection only, and the device answers on
 * `v1/devices/me/rpc/response/{id}`. The broker is transport: it hands answers to an `RpcSink` (the
 * devices module's) and offers an `RpcTransport` to whoever sends. On an external broker, which
 * cannot tell devices apart by their connection, the token stands in the topic for `me`, as it does
 * for telemetry: `v1/devices/{token}/rpc/request/{id}` and `v1/devices/{token}/rpc/response/{id}`.
 */

/** The subscription a device makes to take commands. */
export const RPC_REQUEST_FILTER = 'v1/devices/me/rpc/request/+';
const REQUEST_PREFIX = 'v1/devices/me/rpc/request/';
const RESPONSE_PREFIX = 'v1/devices/me/rpc/response/';

export const rpcRequestTopic = (id: number) => `${REQUEST_PREFIX}${id}`;

/** Whether a device publishes to a request topic, which only the server may. */
export const isRpcRequestTopic = (topic: string) => topic.startsWith(REQUEST_PREFIX);

/** The request id of a response topic, or null when the topic is not one. */
export function rpcIdOfResponseTopic(topic: string): number | null {
  if (!topic.startsWith(RESPONSE_PREFIX)) return null;
  const id = topic.slice(RESPONSE_PREFIX.length);
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
}

/** What the platform subscribes to on an external broker: every device's answers. */
export const EXTERNAL_RPC_RESPONSE_FILTER = 'v1/devices/+/rpc/response/+';

/** Where the platform publishes a request to a device on an external broker. */
export const externalRpcRequestTopic = (accessToken: string, id: number) => `v1/devices/${accessToken}/rpc/request/${id}`;

/** The access token and request id of an external broker's response topic, or null when the topic is not one. */
export function externalRpcResponse(topic: string): { accessToken: string; requestId: number } | null {
  const parts = topic.split('/');
  if (parts.length !== 6 || parts[0] !== 'v1' || parts[1] !== 'devices' || parts[3] !== 'rpc' || parts[4] !== 'response') return null;
  const accessToken = parts[2]!;
  const requestId = rpcIdOfResponseTopic(`${RESPONSE_PREFIX}${parts[5]}`);
  return accessToken === '' || accessToken === 'me' || requestId === null ? null : { accessToken, requestId };
}

/** Where the broker hands a device's answer to an RPC. */
export interface RpcSink {
  answer(accessToken: string, requestId: number, payload: unknown): Promise<void>;
}

/** What the broker offers a sender of RPCs. */
export interface RpcTransport {
  /**
   * Access tokens of the devices connected here that subscribed to RPC requests, or 'any' when the
   * transport reaches every device (an external broker, which queues for a device's persistent
   * session while it is away; one that never subscribed lets the request expire unanswered).
   */
  listeningTokens(): string[] | 'any';
  /** Publishes a request to the device's connections here; false when none listens. */
  send(accessToken: string, requestId: number, body: { method: string; params: unknown }): Promise<boolean>;
}

/** A response payload as JSON, or its text when it is not JSON. */
export function decodeRpcResponse(payload: Buffer | string): unknown {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
