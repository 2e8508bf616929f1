import net from 'node:net';
import { MAX_TELEMETRY_BYTES } from '@enviro/contracts/telemetry';
import { Aedes, type AuthErrorCode, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { servesGateways, type TelemetrySink } from './telemetry-sink.ts';
import { gatewayTopic, handleGatewayMessage } from './gateway-topic.ts';
import { bindFreePort } from '../net/free-port.ts';
import { PacketSizes } from './packet-sizes.ts';
import type { Broker, Logger } from './broker.ts';
import { DEVICE_TELEMETRY_TOPIC, decodeTelemetry } from './telemetry-topic.ts';
import { decodeRpcResponse, isRpcRequestTopic, RPC_REQUEST_FILTER, rpcIdOfResponseTopic, rpcRequestTopic, type RpcSink, type RpcTransport } from './device-rpc.ts';

export interface EmbeddedBroker extends Broker {
  /** The port it listens on (the requested one, or the next free one when that was taken). */
  port: number;
  /** RPC to the devices connected here (device-rpc.ts). */
  rpc: RpcTransport;
}

/** CONNACK return codes of MQTT 3.1.1 (aedes declares them as an ambient const enum). */
const SERVER_UNAVAILABLE = 3 as AuthErrorCode;
const BAD_USERNAME_OR_PASSWORD = 4 as AuthErrorCode;
const NOT_AUTHORIZED = 5 as AuthErrorCode;

/** How long handing an RPC request to a device's connection may take before it counts as not sent. */
const RPC_SEND_TIMEOUT_MS = 5000;

/** Largest packet before the device is authenticated: a CONNECT holds a client id, the token and perhaps a will. */
export const MAX_PACKET_BYTES_UNAUTHENTICATED = 64 * 1024;

/** Largest packet of an authenticated device: a full telemetry payload and its topic. */
export const MAX_PACKET_BYTES = MAX_TELEMETRY_BYTES + 64 * 1024;

function refused(returnCode: AuthErrorCode, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

/**
 * ThingsBoard-compatible broker in the server process. A device connects with its access token as
 * username and publishes to v1/devices/me/telemetry; a gateway connects with its own token and
 * publishes its devices' readings to v1/gateway/telemetry (gateway-topic.ts). Readings are stored inside `authorizePublish`,
 * which aedes runs before it writes the QoS 1 PUBACK (lib/handlers/publish.js), so the ack leaves only
 * after commit; a failed commit closes the connection unacknowledged and the device sends it again.
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host: string;
  ingest: TelemetrySink;
  log: Logger;
  /** Where devices' answers to RPCs go; without it RPC topics are refused like any other. */
  rpc?: RpcSink | undefined;
}): Promise<EmbeddedBroker> {
  const { ingest, log, rpc } = options;
  const tokens = new WeakMap<Client, string>();
  // Connections of gateways, with what the sink answered for their token.
  const gateways = new WeakMap<Client, object>();
  // Connections of devices that subscribed to RPC requests, by access token.
  const listening = new Map<string, Set<Client>>();

  const aedes = await Aedes.createBroker({
    authenticate(client, username, _password, done) {
      if (!username) return done(refused(BAD_USERNAME_OR_PASSWORD, 'the access token goes in the username'), false);
      ingest.device(username).then(
        async (device) => {
          if (device) {
            tokens.set(client, username);
            return done(null, true);
          }
          // A gateway (ThingsBoard's gateway API) connects with its own token.
          const gateway = servesGateways(ingest) ? await ingest.gateway(username) : null;
          if (!gateway) return done(refused(NOT_AUTHORIZED, 'unknown access token'), false);
          gateways.set(client, gateway);
          done(null, true);
        },
        () => done(refused(SERVER_UNAVAILABLE, 'device lookup failed'), false),
      ).catch(() => done(refused(SERVER_UNAVAILABLE, 'gateway lookup failed'), false));
    },
    authorizePublish(client, packet, done) {
      const gateway = client && gateways.get(client);
      if (gateway && servesGateways(ingest)) {
        const kind = gatewayTopic(packet.topic);
        if (!kind) return done(new Error(`a gateway may not publish to ${packet.topic}`));
        packet.retain = false;
        handleGatewayMessage(ingest, gateway, kind, packet.payload, log).then(
          () => done(null),
          (error: Error) => {
            if (packet.qos === 0) {
              log.warn({ clientId: client.id, err: error }, 'mqtt: QoS 0 gateway readings not stored');
              return done(null);
            }
            done(error);
          },
        );
        return;
      }
      const token = client && tokens.get(client);
      // client is null for wills of departed clients: devices have no business publishing those.
      if (!token) return done(new Error('not an authenticated device'));
      const rpcId = rpc ? rpcIdOfResponseTopic(packet.topic) : null;
      if (rpc && rpcId !== null) {
        // An answer to an RPC: recorded, then acknowledged; nobody subscribes to responses.
        packet.retain = false;
        rpc.answer(token, rpcId, decodeRpcResponse(packet.payload)).then(
          () => done(null),
          (error: Error) => {
            log.warn({ clientId: client.id, err: error }, 'mqtt: RPC answer not recorded');
            done(error);
          },
        );
        return;
      }
      // Requests go from the server to one device's connection; a device publishing one would reach the others.
      if (isRpcRequestTopic(packet.topic)) return done(new Error('only the server publishes RPC requests'));
      if (packet.topic !== DEVICE_TELEMETRY_TOPIC) {
        // Other ThingsBoard device topics (attributes, RPC, claim) are acknowledged and dropped so that
        // gateways using them keep their connection; anything else is refused.
        if (packet.topic.startsWith('v1/devices/me/')) {
          log.debug({ clientId: client.id, topic: packet.topic }, 'mqtt: topic not stored, dropped');
          return done(null);
        }
        return done(new Error(`publishing to ${packet.topic} is not allowed`));
      }
      // Nobody subscribes here, so a retained copy would only hold memory.
      packet.retain = false;
      store(token, client, packet).then(() => done(null), (error: Error) => done(error));
    },
    // Devices get no subscriptions but RPC requests: SUBACK says failure (0x80) and the connection stays up.
    authorizeSubscribe(client, subscription, done) {
      const token = tokens.get(client);
      if (!rpc || !token || subscription.topic !== RPC_REQUEST_FILTER) return done(null, null);
      const clients = listening.get(token) ?? new Set<Client>();
      clients.add(client);
      listening.set(token, clients);
      done(null, subscription);
    },
  });

  async function store(token: string, client: Client, packet: PublishPacket): Promise<void> {
    const message = decodeTelemetry(packet.payload);
    if (!message.ok) {
      // Resending cannot fix it; acknowledge so a persistent device queue does not stall on it.
      log.warn({ clientId: client.id, reason: message.reason }, 'mqtt: payload is not telemetry, dropped');
      return;
    }
    try {
      const device = await ingest.device(token);
      if (!device) throw new Error('device no longer exists');
      const result = await ingest.store(device, message.payload);
      if (result.refused.length > 0) {
        log.warn({ clientId: client.id, accepted: result.accepted, refused: result.refused.slice(0, 10) }, 'mqtt: readings refused');
      }
    } catch (error) {
      if (packet.qos === 0) {
        log.warn({ clientId: client.id, err: error }, 'mqtt: QoS 0 readings not stored');
        return;
      }
      throw error;
    }
  }

  aedes.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error }, 'mqtt client error'));
  aedes.on('clientDisconnect', (client) => {
    const token = tokens.get(client);
    const clients = token === undefined ? undefined : listening.get(token);
    if (!clients) return;
    clients.delete(client);
    if (clients.size === 0) listening.delete(token!);
  });

  const rpcTransport: RpcTransport = {
    listeningTokens: () => [...listening.keys()],
    async send(accessToken, requestId, body) {
      const clients = [...(listening.get(accessToken) ?? [])];
      if (clients.length === 0) return false;
      const payload = Buffer.from(JSON.stringify(body));
      const sent = await Promise.all(
        clients.map(
          (client) =>
            new Promise<boolean>((resolve) => {
              // The sender holds a transaction meanwhile: a connection that stalls counts as not sent.
              const timer = setTimeout(() => resolve(false), RPC_SEND_TIMEOUT_MS);
              client.publish({ cmd: 'publish', topic: rpcRequestTopic(requestId), payload, qos: 1, retain: false, dup: false }, (error) => {
                clearTimeout(timer);
                resolve(!error);
              });
            }),
        ),
      );
      return sent.some(Boolean);
    },
  };

  const server = net.createServer((socket) => {
    const client = aedes.handle(socket);
    const sizes = new PacketSizes();
    // 'data' fires as aedes reads each chunk: the fixed header of a packet over the limit is seen
    // before its body is, and the connection goes without the packet ever being buffered whole.
    socket.on('data', (chunk: Buffer) => {
      const device = tokens.has(client) || gateways.has(client);
      const limit = device ? MAX_PACKET_BYTES : MAX_PACKET_BYTES_UNAUTHENTICATED;
      const size = sizes.over(chunk, limit);
      if (size === null || socket.destroyed) return;
      // Only an authenticated device's is worth a warning; anyone can send garbage to the port.
      (device ? log.warn : log.debug).call(log, { clientId: client.id, size, limit }, 'mqtt: packet over the size limit, disconnected');
      socket.destroy();
    });
  });
  const port = await listen(server, options, log);
  log.info({ port }, `embedded MQTT broker listening on ${options.host}:${port}`);

  let serverClosed: Promise<void> | undefined;
  // server.close calls back only once every connection has ended, so stopping is not waited for here.
  const stopListening = () => (serverClosed ??= new Promise<void>((resolve) => server.close(() => resolve())));

  return {
    port,
    rpc: rpcTransport,
    health: () => ({ ok: server.listening && !aedes.closed, detail: `embedded on port ${port}, ${aedes.connectedClients} clients` }),
    connections: () => aedes.connectedClients,
    async stopAccepting() {
      void stopListening();
    },
    async close() {
      const closed = stopListening();
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await closed;
    },
  };
}

/** Listens on the requested port, or warns and takes the next free one. */
function listen(server: net.Server, options: { port: number; host: string }, log: Logger): Promise<number> {
  return bindFreePort(
    options.port,
    options.host,
    (port) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, options.host, () => {
          server.off('error', reject);
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      }),
    (port) => log.warn(`MQTT_PORT ${options.port} is taken: the embedded broker uses port ${port} instead`),
  );
}
