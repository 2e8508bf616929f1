/** Statuses a tenant list shows when the caller names none (SPEC 5). */
export const DEFAULT_LISTED_STATUSES = ['ENABLED', 'TRIAL', 'GRACE', 'EXPIRED', 'DEMO', 'AWAITED'] as const;

/** User types for whom a tenant list is for statutory use: they also see DISABLED industries. */
const STATUTORY_USER_TYPES = ['statutory', 'cgwa'];

/**
 * The statuses a tenant list without a status filter shows: every one but DISABLED and DELETED,
 * and for statutory use DISABLED too, since a regulator must still see an industry that stopped
 * reporting (SPEC 5).
 */
export function defaultListedStatuses(userType: string): string[] {
  return STATUTORY_USER_TYPES.includes(userType) ? [...DEFAULT_LISTED_STATUSES, 'DISABLED'] : [...DEFAULT_LISTED_STATUSES];
}
