import mqtt, { type MqttClient } from 'mqtt';
import { DEVICE_TELEMETRY_TOPIC } from '@enviro/server/platform/mqtt/telemetry-topic';
import type { FleetDevice } from '@enviro/server/demo/live-devices';

/** Sends a device's telemetry to the broker and resolves once the broker has acknowledged it (QoS 1). */
export interface Publisher {
  publish(device: FleetDevice, payload: unknown): Promise<void>;
  close(): Promise<void>;
}

const CONNECT = { reconnectPeriod: 2_000, connectTimeout: 10_000, protocolVersion: 4 } as const;

/**
 * The embedded broker knows a device by its CONNECT username (the access token), so each device
 * has its own connection and publishes to v1/devices/me/telemetry. Devices the broker refuses are
 * reported and left out (`devices` holds the rest); when none gets in, the broker is unreachable.
 */
export async function devicePublisher(
  url: string,
  devices: FleetDevice[],
  log: (m: string) => void,
): Promise<Publisher & { devices: FleetDevice[] }> {
  const clients = new Map<string, MqttClient>();
  const failures: string[] = [];
  await Promise.all(
    devices.map(async (d) => {
      try {
        // No retries before the first CONNACK: a broker that is down or refuses the token is reported.
        const client = await mqtt.connectAsync(
          url,
          { ...CONNECT, clientId: `sim-${d.serial}`.slice(0, 23), username: d.accessToken, clean: true },
          false,
        );
        client.on('error', (error) => log(`${d.serial}: ${error.message}`));
        clients.set(d.id, client);
      } catch (error) {
        failures.push(`${d.serial}: ${(error as Error).message}`);
      }
    }),
  );
  if (clients.size === 0 && failures.length > 0) throw new Error(`cannot connect to ${url} (${failures[0]})`);
  for (const failure of failures) log(`${failure}; left out`);
  return {
    devices: devices.filter((d) => clients.has(d.id)),
    async publish(device, payload) {
      const client = clients.get(device.id);
      if (!client) throw new Error(`${device.serial} is not connected`);
      await client.publishAsync(DEVICE_TELEMETRY_TOPIC, JSON.stringify(payload), { qos: 1 });
    },
    async close() {
      await Promise.all([...clients.values()].map((c) => c.endAsync()));
    },
  };
}

/**
 * An external broker cannot check tokens, so the token travels in the topic
 * (v1/devices/{token}/telemetry) and one connection carries every device.
 */
export async function externalPublisher(url: string): Promise<Publisher> {
  const client = await mqtt.connectAsync(url, { ...CONNECT, clientId: `enviro-sim-${process.pid}`, clean: true }, false);
  return {
    async publish(device, payload) {
      await client.publishAsync(`v1/devices/${device.accessToken}/telemetry`, JSON.stringify(payload), { qos: 1 });
    },
    close: () => client.endAsync(),
  };
}
