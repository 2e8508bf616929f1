import type pg from 'pg';
import { CREDENTIAL_CHANNEL } from '../../platform/database/channels.ts';
import { PooledRepository } from '../../platform/database/pooled-repository.ts';

/**
 * Listens on CREDENTIAL_CHANNEL on a connection of its own. `onToken` gets each token announced;
 * `onLost` is called when the connection fails (announcements may have been missed meanwhile).
 * Returns a function that stops listening and gives the connection back.
 */
export class CredentialEventsRepository extends PooledRepository {
  async listen(onToken: (token: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>> {
    const client: pg.PoolClient = await this.pool.connect();
    let stopped = false;
    const onNotification = (message: pg.Notification) => {
      if (message.channel === CREDENTIAL_CHANNEL && message.payload) onToken(message.payload);
    };
    const onError = (error: Error) => {
      if (stopped) return;
      stopped = true;
      client.off('notification', onNotification);
      client.release(error);
      onLost(error);
    };
    client.on('notification', onNotification);
    client.on('error', onError);
    try {
      await client.query(`LISTEN ${CREDENTIAL_CHANNEL}`);
    } catch (error) {
      onError(error as Error);
      throw error;
    }
    return async () => {
      if (stopped) return;
      stopped = true;
      client.off('notification', onNotification);
      client.off('error', onError);
      await client.query(`UNLISTEN ${CREDENTIAL_CHANNEL}`).catch(() => undefined);
      client.release();
    };
  }
}
