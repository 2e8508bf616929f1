/**
 * MQTT RPC to devices that take commands (issue 13: calibration start and abort in ThingsBoard's
 * form). Requests are rows of `device_rpc`, queued in the transaction of what caused them; every
 * server sends those of the devices listening on its own broker, or all of them through an external
 * broker (FOR UPDATE SKIP LOCKED, so one server sends each once), and records the answers, so a
 * restart or a second server loses nothing.
 */
import type { Logger } from '../../platform/mqtt/broker.ts';
import type { RpcSink, RpcTransport } from '../../platform/mqtt/device-rpc.ts';
import type { Db } from '../../platform/database/database.ts';
import { DeviceRpcRepository } from './device-rpc.repository.ts';

/** How often queued requests are looked for. */
export const RPC_POLL_MS = 1000;

/** Whether a device's answer reports success: anything but `{"error": ...}`, `{"success": false}` or a status saying it failed. */
export function rpcSucceeded(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return true;
  const a = answer as Record<string, unknown>;
  if (a.error !== undefined && a.error !== null && a.error !== false) return false;
  if (a.success === false) return false;
  return !(typeof a.status === 'string' && /^(fail|error|rejected)/i.test(a.status));
}

/** The broker's sink for answers: each recorded against its request. */
export function deviceRpcSink(db: Db, log: Logger): RpcSink {
  const rpcs = new DeviceRpcRepository(db);
  return {
    async answer(accessToken, requestId, payload) {
      const recorded = await rpcs.answer(requestId, accessToken, rpcSucceeded(payload), payload);
      if (!recorded) log.debug({ requestId }, 'mqtt: answer to an RPC that is not this device\'s or not awaited, dropped');
    },
  };
}

/** Sends queued requests to the devices listening here (every device, through an external broker) until stopped. */
export function startDeviceRpcWorker(db: Db, transport: RpcTransport, log: Logger, pollMs = RPC_POLL_MS): { pass(): Promise<number>; stop(): Promise<void> } {
  const rpcs = new DeviceRpcRepository(db);
  let stopped = false;
  let running: Promise<number> | undefined;
  const pass = async (): Promise<number> => {
    await rpcs.expire(new Date());
    const tokens = transport.listeningTokens();
    if (tokens.length === 0) return 0;
    const tokenOf = tokens === 'any' ? await rpcs.tokensOfAwaited() : new Map([...(await rpcs.devicesOfTokens(tokens))].map(([token, id]) => [id, token]));
    return rpcs.dispatch([...tokenOf.keys()], (rpc) => transport.send(tokenOf.get(rpc.deviceId)!, rpc.id, { method: rpc.method, params: rpc.params }));
  };
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = pass()
      .catch((error: Error) => {
        log.warn({ err: error }, 'device RPC pass failed; retried on the next');
        return 0;
      })
      .finally(() => (running = undefined));
  }, pollMs);
  return {
    pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
