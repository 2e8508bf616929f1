import pg from 'pg';
import { sql } from 'kysely';
import { PooledRepository } from '../../platform/database/pooled-repository.ts';
import { ENTITY_ROWS } from '../entities/entities.queries.ts';

/** A LISTEN held on a connection of its own. */
export interface Listening {
  close(): Promise<void>;
}

/** What the live-value streams read beside the recent values: notifications and the tenants of entities. */
export class LiveRepository extends PooledRepository {
  /**
   * Opens a connection outside the pool (a LISTEN holds it for good) and listens on `channel`;
   * `onLost` is called once if the connection breaks (the database restarted, say).
   */
  async listen(channel: string, onPayload: (payload: string) => void, onLost: (error: Error) => void): Promise<Listening> {
    const client = new pg.Client({ ...this.pool.options });
    let lost = false;
    const lose = (error: Error) => {
      if (lost) return;
      lost = true;
      onLost(error);
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('connection ended')));
    client.on('notification', (m) => {
      if (m.channel === channel) onPayload(m.payload ?? '');
    });
    await client.connect();
    // The channel is our own constant; identifiers cannot be parameters.
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return {
      async close() {
        lost = true;
        await client.end().catch(() => undefined);
      },
    };
  }

  /** The tenants, among `tenantIds`, of the entities. */
  async tenantsOf(entityIds: readonly number[], tenantIds: readonly number[]): Promise<number[]> {
    if (entityIds.length === 0 || tenantIds.length === 0) return [];
    const { rows } = await sql<{ tenant_id: number }>`
      SELECT DISTINCT tenant_id FROM ${ENTITY_ROWS} entity
      WHERE id = ANY(${sql.val(entityIds.map(String))}::bigint[]) AND tenant_id = ANY(${sql.val([...tenantIds])}::int[])`.execute(this.db);
    return rows.map((r) => r.tenant_id);
  }
}
