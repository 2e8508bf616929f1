import { randomInt } from 'node:crypto';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from './database.ts';

// Two-key advisory locks (objsubid 2): the first key names the kind, the second the lease or member.
const COUNT_MEMBERS = `
SELECT count(*)::int AS n FROM pg_locks
WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = hashtext($1)::oid
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

/**
 * Numbered leases that the processes of one deployment divide among themselves, held as PostgreSQL
 * session advisory locks on a connection of their own. A lease lasts as long as that connection: a
 * process that dies (kill -9, a lost machine) frees its leases as soon as PostgreSQL sees the
 * connection close, and the others can take them. Every process also holds a member lock, so each
 * can count the processes alive and take its fair share.
 */
export class Leases {
  private client: pg.Client | undefined;

  /**
   * `name`: the leases' namespace (several kinds may coexist in one database). `onLost`: the
   * connection failed, so every lease this process held is gone (PostgreSQL restarting, say) and
   * another process may take it at once.
   */
  constructor(
    private readonly url: string,
    private readonly name: string,
    private readonly onLost: (error: Error) => void,
    private readonly connectTimeoutMs = CONNECT_TIMEOUT_MS,
  ) {}

  get isOpen(): boolean {
    return this.client !== undefined;
  }

  /** Connects and joins as a member; throws when the database cannot be reached. */
  async open(): Promise<void> {
    if (this.client) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'enviro leases',
      keepAlive: true,
      // Else a database that never answers holds open(), and with it every later rebalance.
      connectionTimeoutMillis: this.connectTimeoutMs,
    });
    client.on('error', (error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('lease connection ended')));
    await client.connect();
    try {
      // A random member number; on the rare collision with a live member's, draw again.
      for (;;) {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1), $2) AS ok', [
          this.membersKey(),
          randomInt(-(2 ** 31), 2 ** 31),
        ]);
        if (rows[0]!.ok) break;
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
  }

  /** Processes holding a member lock, this one included. */
  async members(): Promise<number> {
    const { rows } = await this.connection().query<{ n: number }>(COUNT_MEMBERS, [this.membersKey()]);
    return rows[0]!.n;
  }

  /** Takes lease `n` if no process holds it. */
  async tryTake(n: number): Promise<boolean> {
    const { rows } = await this.connection().query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1), $2) AS ok', [this.name, n]);
    return rows[0]!.ok;
  }

  /** Gives lease `n` back. */
  async give(n: number): Promise<void> {
    await this.connection().query('SELECT pg_advisory_unlock(hashtext($1), $2)', [this.name, n]);
  }

  /** Gives every lease back and leaves. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connection(): pg.Client {
    if (!this.client) throw new Error('leases not open');
    return this.client;
  }

  private membersKey(): string {
    return `${this.name}:members`;
  }

  private lose(client: pg.Client, error: Error): void {
    // Only the current connection's loss counts; close() ends it on purpose.
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    this.onLost(error);
  }
}
