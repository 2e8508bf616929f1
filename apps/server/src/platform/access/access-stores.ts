import type { SessionStore } from './session.ts';
import type { TenantDirectory } from './tenant-directory.ts';

/**
 * Where the access rules read callers from: the tenant directory (the tenants module's) and the
 * sessions (the accounts module's). The modules owning those tables provide them once built
 * (`app.accessStores`); the auth plugin reads them on each request.
 */
export class AccessStores {
  #directory: TenantDirectory | undefined;
  #sessions: SessionStore | undefined;

  provideDirectory(directory: TenantDirectory): void {
    this.#directory = directory;
  }

  provideSessions(sessions: SessionStore): void {
    this.#sessions = sessions;
  }

  get directory(): TenantDirectory {
    if (!this.#directory) throw new Error('no tenant directory: the tenants module provides it');
    return this.#directory;
  }

  get sessions(): SessionStore {
    if (!this.#sessions) throw new Error('no session store: the accounts module provides it');
    return this.#sessions;
  }
}
