/**
 * Server-side RPC to devices in ThingsBoard's form: a device that takes commands subscribes to
 * `v1/devices/me/rpc/request/+`, the server publishes `{"method", "params"}` to
 * `v1/devices/me/rpc/request/{id}` on that device's connection only, and the device answers on
 * `v1/devices/me/rpc/response/{id}`. The broker is transport: it hands answers to an `RpcSink` (the
 * devices module's) and offers an `RpcTransport` to whoever sends.
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

/** Where the broker hands a device's answer to an RPC. */
export interface RpcSink {
  answer(accessToken: string, requestId: number, payload: unknown): Promise<void>;
}

/** What the broker offers a sender of RPCs. */
export interface RpcTransport {
  /** Access tokens of the devices connected here that subscribed to RPC requests. */
  listeningTokens(): string[];
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
