import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { TENANT_ROWS } from '../tenants/tenants.queries.ts';

export interface StopRecipient {
  email: string;
  name: string;
  industry: string;
  connection: string;
}

/** Who is told when a configuration error stops an industry on a connection. */
export class RegulatorStopsRepository extends Repository {
  /** The industry's administrators and the site administrators (who configure connections), enabled, with the names the mail needs. */
  async recipients(tenantId: number, connectionId: string): Promise<StopRecipient[]> {
    const { rows } = await sql<StopRecipient>`
      SELECT u.user_name AS email, u.name, t.name AS industry, c.name AS connection
      FROM app_user u
      JOIN ${TENANT_ROWS} t ON t.id = ${tenantId}
      JOIN regulator_connection c ON c.id = ${connectionId}
      WHERE u.status = 'ENABLED' AND u.role = 'admin' AND (u.tenant_id = ${tenantId} OR u.user_type = 'site')
      ORDER BY u.user_name`.execute(this.db);
    return rows;
  }
}
