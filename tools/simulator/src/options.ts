import { parseArgs } from 'node:util';

export interface SimulatorOptions {
  /** Time between two readings of a device, after --speed. */
  intervalMs: number;
  /** Broker URL. */
  brokerUrl: string;
  /** Publish to v1/devices/{token}/telemetry on an external broker instead of authenticating as each device. */
  external: boolean;
  /** How far back the gap since a device's last reading is filled on start (0: not at all). */
  backfillMs: number;
  /** Publish one round and stop. */
  once: boolean;
}

export const USAGE = `usage: npm run simulate -- [--interval 60s] [--speed N] [--broker URL] [--external]
                             [--backfill-hours 24] [--once]

Publishes live readings of every demo device over MQTT (QoS 1), continuing the signals of the seed.
  --interval        time between a device's readings: 60s (default), 5m, 500ms, or seconds
  --speed N         publish N times as often (readings still carry the real time)
  --broker URL      default MQTT_URL, else mqtt://127.0.0.1:MQTT_PORT (the embedded broker)
  --external        publish to v1/devices/{token}/telemetry, the topic an external broker carries to
                    the platform; implied by MQTT_URL when --broker is not given. Otherwise each device connects with
                    its token as username and publishes to v1/devices/me/telemetry.
  --backfill-hours  on start, fill up to this many hours since each device's last reading (default 24)
  --once            publish one round and exit
Devices and tokens are read from DATABASE_URL, or the embedded database under ./.data.`;

/** '60s', '5m', '500ms', '1h' or plain seconds, in milliseconds. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return Number(m[1]) * unit;
}

/** Parses argv; throws an Error whose message names the flag at fault. */
export function parseOptions(argv: string[], env: { MQTT_URL?: string | undefined; MQTT_PORT: number }): SimulatorOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      interval: { type: 'string', default: '60s' },
      speed: { type: 'string', default: '1' },
      broker: { type: 'string' },
      external: { type: 'boolean', default: false },
      'backfill-hours': { type: 'string', default: '24' },
      once: { type: 'boolean', default: false },
    },
  });
  const interval = parseDuration(values.interval);
  if (interval === undefined || interval < 100) throw new Error('--interval: a duration of at least 100ms, such as 60s or 5m');
  const speed = Number(values.speed);
  if (!Number.isFinite(speed) || speed <= 0) throw new Error('--speed: a positive number');
  const intervalMs = Math.max(100, Math.round(interval / speed));
  const backfillHours = Number(values['backfill-hours']);
  if (!Number.isFinite(backfillHours) || backfillHours < 0 || backfillHours > 24 * 7) {
    throw new Error('--backfill-hours: a number from 0 to 168');
  }
  const brokerUrl = values.broker ?? env.MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT}`;
  if (!/^(mqtts?|wss?):\/\//.test(brokerUrl)) throw new Error('--broker: an mqtt://, mqtts://, ws:// or wss:// URL');
  return {
    intervalMs,
    brokerUrl,
    external: values.external || (values.broker === undefined && env.MQTT_URL !== undefined),
    backfillMs: backfillHours * 3_600_000,
    once: values.once,
  };
}
