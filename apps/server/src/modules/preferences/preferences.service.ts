import type { Preferences, PreferencesInput } from '@enviro/contracts/preferences';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { recordUserAudit, userActor } from '../../platform/audit/audit-trail.ts';
import { PreferenceRepository, type PreferenceOwner } from './preferences.repository.ts';

/** The signed-in user's preferences for the tenant the request acts for. */
export class PreferenceService {
  private readonly preferences: PreferenceRepository;

  constructor(private readonly db: Db) {
    this.preferences = new PreferenceRepository(db);
  }

  async get(auth: Auth): Promise<Preferences> {
    const owner = ownerOf(assertSignedIn(auth));
    return byKey(this.preferences, owner);
  }

  /** Sets the keys given, keeping the others; audited in the tenant acted for. */
  async set(auth: Auth, input: PreferencesInput): Promise<Preferences> {
    const owner = ownerOf(assertSignedIn(auth));
    return this.db.transaction().execute(async (trx) => {
      const preferences = this.preferences.in(trx);
      const before = await byKey(preferences, owner);
      await preferences.upsert(owner, Object.entries(input).map(([key, { value }]) => ({ key, value })));
      const after = await byKey(preferences, owner);
      await recordUserAudit(trx, userActor(owner), owner.tenantId, owner.userId, 'preferences', before, after);
      return after;
    });
  }
}

function ownerOf(user: UserAuth): PreferenceOwner {
  return { tenantId: user.tenantId, userTenantId: user.homeTenantId, userId: user.userId };
}

async function byKey(preferences: PreferenceRepository, owner: PreferenceOwner): Promise<Preferences> {
  const rows = await preferences.find(owner);
  return Object.fromEntries(rows.map((r) => [r.key, { value: r.value }]));
}
