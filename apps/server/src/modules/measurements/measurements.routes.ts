import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { DocumentDeleted } from '@enviro/contracts/documents';
import { DeleteMeasurement, MeasureTemplate, MeasureTemplateList, MeasureTemplateQuery, Measurement, MeasurementList, MeasurementQuery, NewMeasureTemplate, NewMeasurement } from '@enviro/contracts/measurements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MeasurementsModule } from './measurements.module.ts';
import { FLEET_WRITE, TENANT_READ } from '../../platform/access/route-access.ts';

/** Measure templates and manual measurements (SPEC 7 Documents: measure-template forms, measure-data, delete/measure-data). */
export const measurementRoutes: FastifyPluginAsyncZod<MeasurementsModule> = async (app, { measurements }) => {
  const tags = ['documents'];

  app.post(
    '/api/measure-templates',
    { config: { access: FLEET_WRITE }, schema: { tags, summary: 'A measure template: the parameters, units and methods of a kind of manual sampling', body: NewMeasureTemplate, response: { 200: MeasureTemplate, ...ERROR_RESPONSES } } },
    async (request) => measurements.createTemplate(request.auth, request.body),
  );

  app.get(
    '/api/measure-templates',
    { config: { access: TENANT_READ }, schema: { tags, summary: "An industry's measure templates", querystring: MeasureTemplateQuery, response: { 200: MeasureTemplateList, ...ERROR_RESPONSES } } },
    async (request) => measurements.templates(request.auth, request.query.tenantId),
  );

  app.post(
    '/api/measure-data',
    { config: { access: FLEET_WRITE }, schema: { tags, summary: "Record a manual measurement's results on a template's fields", body: NewMeasurement, response: { 200: Measurement, ...ERROR_RESPONSES } } },
    async (request) => measurements.record(request.auth, request.body),
  );

  app.post(
    '/api/delete/measure-data',
    { config: { access: FLEET_WRITE }, schema: { tags, summary: 'Delete a manual measurement', body: DeleteMeasurement, response: { 200: DocumentDeleted, ...ERROR_RESPONSES } } },
    async (request) => measurements.delete(request.auth, request.body.id),
  );

  app.get(
    '/api/measure-data',
    { config: { access: TENANT_READ }, schema: { tags, summary: "A station's manual measurements, each value beside the continuous average over its sampling time", querystring: MeasurementQuery, response: { 200: MeasurementList, ...ERROR_RESPONSES } } },
    async (request) => measurements.list(request.auth, request.query),
  );
};
