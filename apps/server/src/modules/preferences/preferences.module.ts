/**
 * Preferences: a user's settings per tenant acted for, such as dashboard auto-refresh.
 * SPEC 3 (Preference), 4 (REFRESH_DASHBOARD, REFRESH_INTERVAL), 7 (Preferences GET/POST).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
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

export const preferencesModule = areaModule({
  name: 'preferences',
  decorate: 'preferences',
  dependencies: ['database', 'auth'],
  build(app) {
    const services: PreferencesModule = { preferences: new PreferenceService(app.database.db) };
    return services;
  },
  routes: [adminPreferenceRoutes],
});
