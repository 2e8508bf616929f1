import { sql, type ColumnType, type Generated } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

export type RpcState = 'QUEUED' | 'SENT' | 'SUCCEEDED' | 'FAILED' | 'EXPIRED';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** migrations/035_calibration.sql */
type RpcTables = {
  device_rpc: {
    tenant_id: number;
    id: ColumnType<string, never, never> & Generated<string>;
    device_id: ColumnType<string, number | string, number | string>;
    method: string;
    params: ColumnType<unknown, string, string>;
    state: ColumnType<RpcState, RpcState | undefined, RpcState>;
    source: string | null;
    response: ColumnType<unknown, string | null, string | null>;
    created_at: ColumnType<Date, never, never>;
    sent_at: Timestamp | null;
    answered_at: Timestamp | null;
    expires_at: Timestamp;
  };
};

export interface QueuedRpc {
  id: number;
  deviceId: string;
  method: string;
  params: unknown;
}

/** RPC requests to devices, kept until sent and answered or expired (device_rpc). */
export class DeviceRpcRepository extends Repository {
  private get t() {
    return this.db.withTables<RpcTables>();
  }

  /** Queues an RPC request to a device; its id. */
  async queue(r: { tenantId: number; deviceId: number; method: string; params: unknown; source: string; expiresAt: Date }): Promise<number> {
    const row = await this.t
      .insertInto('device_rpc')
      .values({ tenant_id: r.tenantId, device_id: r.deviceId, method: r.method, params: JSON.stringify(r.params), source: r.source, expires_at: r.expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Expires the still-unsent RPCs of a source (an aborted calibration's start that never went out). */
  async expireQueued(tenantId: number, source: string): Promise<void> {
    await this.t.updateTable('device_rpc').set({ state: 'EXPIRED' }).where('tenant_id', '=', tenantId).where('source', '=', source).where('state', '=', 'QUEUED').execute();
  }

  /** Devices (id by access token) among the tokens. */
  async devicesOfTokens(tokens: readonly string[]): Promise<Map<string, string>> {
    if (tokens.length === 0) return new Map();
    const rows = await this.t.selectFrom('device_credential').select(['access_token', 'device_id']).where('access_token', 'in', tokens).execute();
    return new Map(rows.map((r) => [r.access_token, r.device_id]));
  }

  /** The devices with queued requests (id to its newest access token): what an external broker's sender publishes to. */
  async tokensOfAwaited(): Promise<Map<string, string>> {
    const rows = await this.t
      .selectFrom('device_rpc as r')
      .innerJoin('device_credential as c', (j) => j.onRef('c.tenant_id', '=', 'r.tenant_id').onRef('c.device_id', '=', 'r.device_id'))
      .select(['r.device_id', 'c.access_token'])
      .distinctOn('r.device_id')
      .where('r.state', '=', 'QUEUED')
      .where('r.expires_at', '>', new Date())
      .orderBy('r.device_id')
      .orderBy('c.created_at', 'desc')
      .execute();
    return new Map(rows.map((r) => [r.device_id, r.access_token]));
  }

  /** Marks RPCs past their time EXPIRED. */
  async expire(now: Date): Promise<void> {
    await this.t.updateTable('device_rpc').set({ state: 'EXPIRED' }).where('state', 'in', ['QUEUED', 'SENT']).where('expires_at', '<', now).execute();
  }

  /**
   * Takes the queued RPCs of the devices (those listening on this server) FOR UPDATE SKIP LOCKED,
   * so two servers never send one twice, and hands each to `send` inside the transaction: marked
   * SENT when `send` resolves true, left queued otherwise. How many went out.
   */
  async dispatch(deviceIds: readonly string[], send: (rpc: QueuedRpc) => Promise<boolean>): Promise<number> {
    if (deviceIds.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const t = trx.withTables<RpcTables>();
      const rows = await t
        .selectFrom('device_rpc')
        .select(['tenant_id', 'id', 'device_id', 'method', 'params'])
        .where('state', '=', 'QUEUED')
        .where('device_id', 'in', deviceIds)
        .where('expires_at', '>', new Date())
        .orderBy('id')
        .limit(100)
        .forUpdate()
        .skipLocked()
        .execute();
      let sent = 0;
      for (const r of rows) {
        if (await send({ id: Number(r.id), deviceId: r.device_id, method: r.method, params: r.params })) {
          await t.updateTable('device_rpc').set({ state: 'SENT', sent_at: new Date() }).where('tenant_id', '=', r.tenant_id).where('id', '=', r.id).execute();
          sent++;
        }
      }
      return sent;
    });
  }

  /** Records a device's answer to an RPC it was sent; false when no RPC of that device awaits one. */
  async answer(id: number, accessToken: string, ok: boolean, response: unknown): Promise<boolean> {
    const r = await this.t
      .updateTable('device_rpc')
      .set({ state: ok ? 'SUCCEEDED' : 'FAILED', answered_at: new Date(), response: JSON.stringify(response ?? null) })
      .where(sql<boolean>`(tenant_id, device_id) IN (SELECT tenant_id, device_id FROM device_credential WHERE access_token = ${accessToken})`)
      .where('id', '=', String(id))
      .where('state', 'in', ['SENT', 'QUEUED'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
