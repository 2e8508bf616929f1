import { useSyncExternalStore } from 'react';

/** The tenant a site or partner user acts for (manage mode, SPEC 6). */
export interface ActingTenant {
  id: number;
  name: string;
  /** The tenant's type (auto-refresh only runs for tenant-type tenants, SPEC 4). */
  type: string;
  /** Its corporate, sent as CORPORATE-ID when known. */
  corporateId: number | null;
}

// Per browser tab and gone with it: sessionStorage, never localStorage (nothing of the session
// outlives the tab). It holds only which tenant is being looked at, no secret.
const KEY = 'enviro.actingTenant';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: ActingTenant | null } = { raw: null, value: null };

function storage(): Storage | undefined {
  return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
}

/** The tenant acted for, or null when the user is in their own app. */
export function getActingTenant(): ActingTenant | null {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

/** Starts (a tenant) or ends (null) manage mode; every subscriber re-renders. */
export function setActingTenant(tenant: ActingTenant | null): void {
  if (tenant) storage()?.setItem(KEY, JSON.stringify(tenant));
  else storage()?.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function subscribeActingTenant(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useActingTenant = (): ActingTenant | null =>
  useSyncExternalStore(subscribeActingTenant, getActingTenant, () => null);

function parse(raw: string | null): ActingTenant | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ActingTenant>;
    if (typeof value.id !== 'number' || typeof value.name !== 'string') return null;
    return { id: value.id, name: value.name, type: value.type ?? 'tenant', corporateId: value.corporateId ?? null };
  } catch {
    return null;
  }
}
