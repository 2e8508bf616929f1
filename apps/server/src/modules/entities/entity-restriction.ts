import type { Auth } from '../../platform/access/auth.ts';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { EntityService } from './entities.service.ts';

// The entry point the data and tenants modules used before the restriction became
// EntityService.restriction and the rules platform/access/entity-access.ts; they move over
// separately, and this file goes when nothing imports it.
export { entityVisible, visibleIdsIn, type EntityRestriction } from '../../platform/access/entity-access.ts';

export function entityRestriction(db: Db, auth: Auth): Promise<EntityRestriction | null> {
  return new EntityService(db).restriction(auth);
}
