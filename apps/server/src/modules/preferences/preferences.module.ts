/**
 * Preferences: a user's settings per tenant acted for, such as dashboard auto-refresh.
 * SPEC 3 (Preference), 4 (REFRESH_DASHBOARD, REFRESH_INTERVAL), 7 (Preferences GET/POST).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminPreferenceRoutes } from './preferences.routes.ts';
import { PreferenceService } from './preferences.service.ts';

export interface PreferencesModule {
  preferences: PreferenceService;
}

declare module 'fastify' {
  interface FastifyInstance {
    preferences: PreferencesModule;
  }
}

export const preferencesModule = fp(
  async function preferences(app: FastifyInstance) {
    const services: PreferencesModule = { preferences: new PreferenceService(app.database.db) };
    app.decorate('preferences', services);
    await app.register(adminPreferenceRoutes, services);
  },
  { name: 'preferences', dependencies: ['database', 'auth'] },
);
