/**
 * Preferences: a user's settings per tenant acted for, such as dashboard auto-refresh.
 * SPEC 3 (Preference), 4 (REFRESH_DASHBOARD, REFRESH_INTERVAL), 7 (Preferences GET/POST).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminPreferenceRoutes } from './preferences.routes.ts';

export const preferencesModule = fp(
  async function preferences(app: FastifyInstance) {
    await app.register(adminPreferenceRoutes);
  },
  { name: 'preferences', dependencies: ['database', 'auth'] },
);
