import { StdParamList } from '@enviro/contracts/data/std-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DataModule } from './data.module.ts';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { PORTAL_READ } from '../../platform/access/route-access.ts';

export const stdParamRoutes: FastifyPluginAsyncZod<DataModule> = async (app, { stdParams }) => {

  // The catalogue is shared by every tenant, so any authenticated caller (public included) may read it whole.
  app.get(
    '/api/allMetaStdParams',
    { config: { access: PORTAL_READ }, schema: { tags: ['catalogue'], summary: 'The standard parameter catalogue', response: { 200: StdParamList, ...ERROR_RESPONSES } } },
    async () => stdParams.list(),
  );
};
