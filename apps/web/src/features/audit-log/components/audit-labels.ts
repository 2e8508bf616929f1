import type { AuditLogEntry } from '@enviro/contracts/audit-log';
import { tenantDisplayId, userDisplayId } from '@enviro/domain/display-id';

type Who = Pick<AuditLogEntry, 'actor' | 'actorUserId' | 'actorName'>;
type Changed = Pick<AuditLogEntry, 'entity' | 'entityName' | 'before' | 'after'>;

/** Actors that are no user, as the log records them. */
const ACTORS: Readonly<Partial<Record<string, string>>> = {
  cli: 'Operator (command line)',
  apiKey: 'API key',
  seed: 'Demo set-up',
  system: 'System',
};

/** Who made a change: the user's name, or who they are when the reader may not see it. */
export function whoLabel(e: Who): string {
  if (e.actorName !== null) return e.actorName;
  if (e.actorUserId !== null) return `${userDisplayId(e.actorUserId)} (another organisation)`;
  return ACTORS[e.actor] ?? e.actor;
}

/** The kinds of row the log records changes of, and how one is named without its name. */
const KINDS: Readonly<Record<string, { label: string; id: (id: string) => string }>> = {
  app_user: { label: 'User', id: userDisplayId },
  tenant: { label: 'Tenant', id: tenantDisplayId },
  corporate: { label: 'Corporate', id: (id) => `no. ${id}` },
};

/**
 * The changed row: its kind and name as it is now, else the name the change recorded (a row since
 * removed, or one the reader may not see), else its display id.
 */
export function recordLabel(e: Changed): string {
  const [table = '', id = ''] = e.entity.split(':');
  const kind = KINDS[table];
  if (!kind) return e.entity;
  const name = e.entityName ?? recordedName(e.after) ?? recordedName(e.before);
  return `${kind.label} ${name ?? kind.id(id)}`;
}

function recordedName(row: unknown): string | null {
  if (typeof row !== 'object' || row === null || !('name' in row)) return null;
  return typeof row.name === 'string' && row.name !== '' ? row.name : null;
}
