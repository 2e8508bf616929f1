import type { TelemetryPayload, TelemetryResult } from '@enviro/contracts/telemetry';

/**
 * Where the brokers hand device messages: the telemetry module's IngestService (`app.ingest`). The
 * brokers are transport only, so they know it by this shape and not by the module.
 */
export interface TelemetrySink {
  /** The device of an access token, or null when none; throws when it cannot tell (database away). */
  device(accessToken: string): Promise<object | null>;
  /** Stores the payload of a device `device` answered; resolves once its readings are committed. */
  store(device: object, payload: TelemetryPayload): Promise<TelemetryResult>;
}
