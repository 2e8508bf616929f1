import type { TelemetryPayload, TelemetryResult } from '@enviro/contracts/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../platform/errors.ts';
import type { BatchWriter } from './batch-writer.ts';
import type { DeviceProfile } from './device-profile.repository.ts';
import type { DeviceRegistry } from './device-registry.ts';
import type { GatewayProfile, GatewayRepository } from './gateway.repository.ts';
import { parseTelemetry } from './telemetry-parser.ts';
import type { TelemetryMetrics } from './telemetry.metrics.ts';

/**
 * Device ingestion for every transport: a device is named by its access token; its payload's good
 * readings are stored, each bad one refused with a reason, and the answer comes only after commit.
 */
export class IngestService {
  /** Gateways by access token, and their devices' tokens by tenant and name, held briefly like device profiles. */
  private readonly gateways = new Map<string, { expiresAt: number; gateway: Promise<GatewayProfile | null> }>();
  private readonly gatewayDevices = new Map<string, { expiresAt: number; token: Promise<string | null> }>();
  /** When each gateway's last_seen_at was last written, so a busy gateway costs a write a minute. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly registry: DeviceRegistry,
    private readonly writer: BatchWriter,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly metrics?: TelemetryMetrics,
    private readonly now: () => number = Date.now,
    private readonly gatewayRepository?: GatewayRepository,
  ) {}

  /** The gateway of an access token, or null (unknown, removed). Throws 503 when the database fails. */
  async gateway(accessToken: string): Promise<GatewayProfile | null> {
    if (!this.gatewayRepository || accessToken.includes('\0')) return null;
    const now = this.now();
    let hit = this.gateways.get(accessToken);
    if (!hit || hit.expiresAt <= now) {
      if (this.gateways.size >= MAX_CACHED) this.gateways.clear();
      hit = { expiresAt: now + CACHE_MS, gateway: this.gatewayRepository.findByToken(accessToken) };
      this.gateways.set(accessToken, hit);
      hit.gateway.catch(() => this.gateways.delete(accessToken));
    }
    try {
      return await hit.gateway;
    } catch (error) {
      this.log.error({ err: error }, 'gateway lookup failed');
      throw unavailable('gateway lookup failed; retry later', error);
    }
  }

  /** A device a gateway forwards, named as in its tenant, or null when it has no such live device. */
  async gatewayDevice(gateway: GatewayProfile, deviceName: string): Promise<DeviceProfile | null> {
    const key = `${gateway.tenantId}\u0001${deviceName}`;
    const now = this.now();
    let hit = this.gatewayDevices.get(key);
    if (!hit || hit.expiresAt <= now) {
      if (this.gatewayDevices.size >= MAX_CACHED) this.gatewayDevices.clear();
      hit = { expiresAt: now + CACHE_MS, token: this.gatewayRepository!.deviceToken(gateway.tenantId, deviceName) };
      this.gatewayDevices.set(key, hit);
      hit.token.catch(() => this.gatewayDevices.delete(key));
    }
    const token = await hit.token.catch((error: unknown) => {
      throw unavailable('device lookup failed; retry later', error);
    });
    return token === null ? null : this.device(token);
  }

  /** Notes that a gateway was heard from (last_seen_at, written at most once a minute per gateway). */
  async gatewaySeen(gateway: GatewayProfile): Promise<void> {
    const now = this.now();
    if ((this.seen.get(gateway.gatewayId) ?? 0) > now - 60_000) return;
    this.seen.set(gateway.gatewayId, now);
    await this.gatewayRepository?.touch(gateway).catch((error: unknown) => this.log.error({ err: error }, 'gateway last seen not written'));
  }

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
    for (const token of tokens) {
      this.registry.forget(token);
      this.gateways.delete(token);
    }
    // Which device a gateway's name stands for may have changed with them.
    if (tokens.length > 0) this.gatewayDevices.clear();
  }

  /** Forgets every cached gateway and gateway device (announcements may have been missed). */
  forgetGateways(): void {
    this.gateways.clear();
    this.gatewayDevices.clear();
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

/** How long a gateway or a gateway's device name is reused without asking the database again. */
const CACHE_MS = 30_000;
const MAX_CACHED = 100_000;

/** 503: nothing of the payload was stored and the device should send it again. */
function unavailable(message: string, cause: unknown): HttpError {
  const error = new HttpError(503, message);
  error.cause = cause;
  return error;
}
