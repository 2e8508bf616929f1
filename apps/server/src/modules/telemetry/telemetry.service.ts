import type { TelemetryPayload, TelemetryResult } from '@enviro/contracts/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../platform/errors.ts';
import type { BatchWriter } from './batch-writer.ts';
import type { DeviceProfile } from './device-profile.repository.ts';
import type { DeviceRegistry } from './device-registry.ts';
import { parseTelemetry } from './telemetry-parser.ts';
import type { TelemetryMetrics } from './telemetry.metrics.ts';

/**
 * Device ingestion for every transport: a device is named by its access token; its payload's good
 * readings are stored, each bad one refused with a reason, and the answer comes only after commit.
 */
export class IngestService {
  constructor(
    private readonly registry: DeviceRegistry,
    private readonly writer: BatchWriter,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly metrics?: TelemetryMetrics,
    private readonly now: () => number = Date.now,
  ) {}

  /** The device of an access token, or null (unknown token, deleted device). Throws 503 when the database fails. */
  async device(accessToken: string): Promise<DeviceProfile | null> {
    try {
      return await this.registry.resolve(accessToken);
    } catch (error) {
      this.log.error({ err: error }, 'device lookup failed');
      throw unavailable('device lookup failed; retry later', error);
    }
  }

  /**
   * Forgets the cached profiles of these tokens on this server at once (other servers hear of it
   * through CREDENTIAL_CHANNEL): after a rotation, removal or change of their device has committed.
   */
  forgetTokens(tokens: readonly string[]): void {
    for (const token of tokens) this.registry.forget(token);
  }

  /** Stores a payload for a known device; resolves after the accepted readings are committed. */
  async store(device: DeviceProfile, payload: TelemetryPayload): Promise<TelemetryResult> {
    const { rows, accepted, refused } = parseTelemetry(device, payload, this.now());
    try {
      await this.writer.write(device, rows);
    } catch (error) {
      this.metrics?.unavailable.inc();
      throw unavailable(`${(error as Error).message}; retry later`, error);
    }
    this.metrics?.readings.inc({ outcome: 'accepted' }, accepted);
    if (refused.length > 0) this.metrics?.readings.inc({ outcome: 'refused' }, refused.length);
    return { accepted, refused };
  }
}

/** 503: nothing of the payload was stored and the device should send it again. */
function unavailable(message: string, cause: unknown): HttpError {
  const error = new HttpError(503, message);
  error.cause = cause;
  return error;
}
