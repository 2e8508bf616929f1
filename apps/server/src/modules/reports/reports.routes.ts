import { FileResponse } from '@enviro/contracts/common';
import { ParameterReportParams, ParameterReportRequest, RawDataReportRequest } from '@enviro/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReportsModule } from './reports.module.ts';
import { attachment } from '../../platform/http/attachment.ts';
import { PORTAL_READ } from '../../platform/access/route-access.ts';

export const publicReportRoutes: FastifyPluginAsyncZod<ReportsModule> = async (app, { reports }) => {
  app.post(
    '/api/raw-data-report',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['public'],
        summary: "Every reading of stations' devices in a range, as a CSV, PDF or XLS file",
        body: RawDataReportRequest,
        response: { 200: FileResponse },
      },
    },
    async (request, reply) => {
      const file = await reports.rawData(request.auth, request.body);
      return attachment(reply, file.fileName, file.contentType).send(file.content);
    },
  );

  app.post(
    '/api/public-parameter-report/:tenantId',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['public'],
        summary: "One parameter across a tenant's stations of one type, averaged, as a CSV, PDF or XLS file",
        params: ParameterReportParams,
        body: ParameterReportRequest,
        response: { 200: FileResponse },
      },
    },
    async (request, reply) => {
      const file = await reports.parameter(request.auth, request.params.tenantId, request.body);
      return attachment(reply, file.fileName, file.contentType).send(file.content);
    },
  );
};
