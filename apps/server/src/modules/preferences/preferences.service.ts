import type { Preferences, PreferencesInput } from '@enviro/contracts/preferences';
import type { Kysely } from 'kysely';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import { recordUserAudit, userActor } from '../audit-log/audit-log.service.ts';
import type { PreferenceOwner, PreferenceRepository } from './preferences.repository.ts';

/** The signed-in user's preferences for the tenant the request acts for. */
export class PreferenceService {
  constructor(
    private readonly db: Db,
    private readonly preferences: PreferenceRepository,
  ) {}

  async get(auth: Auth): Promise<Preferences> {
    return this.map(this.db, ownerOf(auth));
  }

  /** Sets the keys given, keeping the others; audited in the tenant acted for. */
  async set(auth: Auth, input: PreferencesInput): Promise<Preferences> {
    const owner = ownerOf(auth);
    return this.db.transaction().execute(async (trx) => {
      const before = await this.map(trx, owner);
      await this.preferences.upsert(trx, owner, Object.entries(input).map(([key, { value }]) => ({ key, value })));
      const after = await this.map(trx, owner);
      await recordUserAudit(trx, userActor(owner), owner.tenantId, owner.userId, 'preferences', before, after);
      return after;
    });
  }

  private async map(trx: Kysely<Database>, owner: PreferenceOwner): Promise<Preferences> {
    const rows = await this.preferences.find(trx, owner);
    return Object.fromEntries(rows.map((r) => [r.key, { value: r.value }]));
  }
}

function ownerOf(auth: Auth): PreferenceOwner {
  const user = assertSignedIn(auth);
  return { tenantId: user.tenantId, userTenantId: user.homeTenantId, userId: user.userId };
}
