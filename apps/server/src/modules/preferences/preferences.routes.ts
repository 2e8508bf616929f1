import { Preferences, PreferencesInput } from '@enviro/contracts/preferences';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PreferencesModule } from './preferences.module.ts';

export const adminPreferenceRoutes: FastifyPluginAsyncZod<PreferencesModule> = async (app, { preferences }) => {
  app.get(
    '/api/preferences',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['preferences'],
        summary: "The caller's preferences for the tenant acted for, by key",
        response: { 200: Preferences, ...ERROR_RESPONSES },
      },
    },
    async (request) => preferences.get(request.auth),
  );

  app.post(
    '/api/preferences',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['preferences'],
        summary: 'Set preferences by key (REFRESH_DASHBOARD 0/1, REFRESH_INTERVAL minutes); others keep their values',
        body: PreferencesInput,
        response: { 200: Preferences, ...ERROR_RESPONSES },
      },
    },
    async (request) => preferences.set(request.auth, request.body),
  );
};
