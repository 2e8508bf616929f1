import type { TelemetryPayload, TelemetryResult } from '@enviro/contracts/telemetry';

/**
 * Where the brokers hand device messages: the telemetry module's IngestService (`app.telemetry.ingest`). The
 * brokers are transport only, so they know it by this shape and not by the module.
 */
export interface TelemetrySink {
  /** The device of an access token, or null when none; throws when it cannot tell (database away). */
  device(accessToken: string): Promise<object | null>;
  /** Stores the payload of a device `device` answered; resolves once its readings are committed. */
  store(device: object, payload: TelemetryPayload): Promise<TelemetryResult>;
}

/**
 * What the brokers need of gateways (ThingsBoard's gateway API, gateway-topic.ts): the telemetry
 * module's IngestService implements it too.
 */
export interface GatewaySink extends TelemetrySink {
  /** The gateway of an access token, or null; throws when it cannot tell. */
  gateway(accessToken: string): Promise<object | null>;
  /** A device the gateway forwards, by its name in the gateway's industry, or null. */
  gatewayDevice(gateway: object, deviceName: string): Promise<object | null>;
  /** Notes the gateway was heard from. */
  gatewaySeen(gateway: object): Promise<void>;
}

/** Whether the sink also serves gateways. */
export function servesGateways(sink: TelemetrySink): sink is GatewaySink {
  return typeof (sink as Partial<GatewaySink>).gateway === 'function';
}
