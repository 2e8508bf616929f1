import type { FastifyInstance } from 'fastify';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/platform/database/database.ts';
import { Leases } from '../src/platform/database/leases.ts';
import { findFreePort } from '../src/platform/net/free-port.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from './helper.ts';

/** Short, so a test waits for the timeout rather than hangs (the server's own is CONNECT_TIMEOUT_MS). */
const CONNECT_TIMEOUT_MS = 300;

const urlAt = (port: number) => `postgres://enviro:secret@127.0.0.1:${port}/enviro`;

/** Rejects with the error of a connection to `port` on this machine, as an outbound gateway call would. */
function connectTo(port: number): Promise<never> {
  return new Promise((_, reject) => net.connect(port, '127.0.0.1').once('error', reject));
}

describe('a database host that accepts connections and never answers', () => {
  let silent: net.Server;
  const sockets: net.Socket[] = [];
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    database = openDatabase(urlAt((silent.address() as net.AddressInfo).port), { connectTimeoutMs: CONNECT_TIMEOUT_MS });
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('answers 503 once the connect times out, instead of holding the request', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/boards' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'database unavailable; retry later' });
  });

  it('answers 503 for the requests that waited for a connection meanwhile', async () => {
    const answers = await Promise.all(Array.from({ length: 15 }, () => app.inject({ method: 'GET', url: '/api/boards' })));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 503));
  });

  it('gives up opening the leases connection, so the next rebalance can try again', async () => {
    const leases = new Leases(urlAt((silent.address() as net.AddressInfo).port), 'test', () => undefined, CONNECT_TIMEOUT_MS);
    await expect(leases.open()).rejects.toThrow();
    expect(leases.isOpen).toBe(false);
  });
});

describe('which connection errors say the database is away', () => {
  let closedPort: number;
  let test: TestDatabase;
  let refused: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    closedPort = await findFreePort(0, '127.0.0.1');
    test = await createTestDatabase();
    refused = openDatabase(urlAt(closedPort));
    app = await buildApp({ database: test }, { logger: false });
    // A route whose outbound call (a mail or SMS gateway, say) is refused, with the database up.
    app.get('/test/gateway-refused', { config: { access: 'none' } }, () => connectTo(closedPort));
    app.get('/test/database-refused', { config: { access: 'none' } }, async () => (await refused.pool.query('SELECT 1')).rows);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await refused?.close();
    await test?.close();
  });

  it('a refused database connection answers 503', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/database-refused' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'database unavailable; retry later' });
  });

  it('another service refusing the connection is an internal error, not the database', async () => {
    await expect(connectTo(closedPort)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const res = await app.inject({ method: 'GET', url: '/test/gateway-refused' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'internal error' });
  });
});
