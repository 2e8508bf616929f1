import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';

/** The next RPC request a device client receives: its topic and `{method, params}`. */
export const nextRpcRequest = (client: MqttClient) =>
  new Promise<{ topic: string; body: { method: string; params: Record<string, unknown> } }>((resolve) =>
    client.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) })),
  );

/** Probes every 25 ms until `done` says so (5 s at most); answers the last value. */
export async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await probe();
    if (done(v) || i >= 200) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Aborts the calibration through the API and checks the abort goes out to the device on the next
 * sender pass, as `{"method": "abortCalibration"}`.
 */
export async function expectAbortSent(o: {
  inject: (opts: { method: 'POST'; url: string; headers: Record<string, string>; payload: object }) => Promise<{ json(): { status: string } }>;
  cookie: string;
  worker: { pass(): Promise<number> };
  device: MqttClient;
  calibrationId: number;
}): Promise<void> {
  const heard = nextRpcRequest(o.device);
  const aborted = await o.inject({ method: 'POST', url: `/api/abortCalibration/${o.calibrationId}`, headers: { cookie: o.cookie, 'x-requested-with': 'XMLHttpRequest' }, payload: { reason: 'test' } });
  expect(aborted.json().status).toBe('ABORTED');
  expect(await o.worker.pass()).toBe(1);
  expect((await heard).body).toEqual({ method: 'abortCalibration', params: { calibrationId: o.calibrationId } });
}
