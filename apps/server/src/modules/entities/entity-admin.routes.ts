import { ApiError, ERROR_RESPONSES } from '@enviro/contracts/common';
import { LicenseUsageList, LicenseUsageQuery } from '@enviro/contracts/devices';
import { ChangeStationStatus, EntityBody, EntityIdParams, EntityPropList, EntityRecord, TimezoneList, UpdateEntityBody } from '@enviro/contracts/entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EntitiesModule } from './entities.module.ts';
import { FLEET_WRITE, TENANT_READ } from '../../platform/access/route-access.ts';
import { entityProps, timezones } from './entity-admin.service.ts';

const TAGS = ['entities'];
const WRITE_RESPONSES = { ...ERROR_RESPONSES, 409: ApiError };

/** The entity tree's administration (SPEC 7 Entities) and the licence counts of stations. */
export const entityAdminRoutes: FastifyPluginAsyncZod<EntitiesModule> = async (app, { admin }) => {
  app.post(
    '/api/entities',
    {
      config: { access: FLEET_WRITE },
      schema: {
        tags: TAGS,
        summary: "Create a node; a station only within the tenant's licence of its type (403 naming `type` otherwise); audited",
        body: EntityBody,
        response: { 201: EntityRecord, ...WRITE_RESPONSES },
      },
    },
    async (request, reply) => reply.code(201).send(await admin.create(request.auth, request.body)),
  );

  app.put(
    '/api/entities/:id',
    {
      config: { access: FLEET_WRITE },
      schema: {
        tags: TAGS,
        summary: "Rename, move or change a node's properties; audited",
        params: EntityIdParams,
        body: UpdateEntityBody,
        response: { 200: EntityRecord, ...WRITE_RESPONSES },
      },
    },
    async (request) => admin.update(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/api/entities/:id',
    {
      config: { access: FLEET_WRITE },
      schema: {
        tags: TAGS,
        summary: 'Soft-delete a node (status DELETED); 409 while nodes are under it or devices mounted on it; audited',
        params: EntityIdParams,
        response: { 200: EntityRecord, ...WRITE_RESPONSES },
      },
    },
    async (request) => admin.remove(request.auth, request.params.id),
  );

  app.post(
    '/api/changeStationStatus',
    {
      config: { access: FLEET_WRITE },
      schema: {
        tags: TAGS,
        summary: "Set a station's working status; audited",
        body: ChangeStationStatus,
        response: { 200: EntityRecord, ...WRITE_RESPONSES },
      },
    },
    async (request) => admin.changeWorkingStatus(request.auth, request.body),
  );

  app.get(
    '/api/unaware/entities/:id',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: TAGS,
        summary: "A node by id in whichever of the caller's tenants holds it, deleted ones too",
        params: EntityIdParams,
        response: { 200: EntityRecord, ...ERROR_RESPONSES },
      },
    },
    async (request) => admin.unaware(request.auth, request.params.id),
  );

  app.get(
    '/api/entityProps',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'The properties the station editor offers and the kind of value each takes', response: { 200: EntityPropList, ...ERROR_RESPONSES } },
    },
    async () => entityProps(),
  );

  app.get(
    '/api/timezones',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'Time zones (IANA), Asia/Kolkata first', response: { 200: TimezoneList, ...ERROR_RESPONSES } },
    },
    async () => timezones(),
  );

  app.get(
    '/api/usedAddOnStations',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: TAGS,
        summary: "Stations in use by type against the tenant's licence",
        querystring: LicenseUsageQuery,
        response: { 200: LicenseUsageList, ...ERROR_RESPONSES },
      },
    },
    async (request) => admin.licenceUsage(request.auth, request.query.tenantId, false),
  );

  app.get(
    '/api/usedCameraAddOnStations',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: TAGS,
        summary: "Stations with the camera add-on (property Camera 'True') by type against the tenant's licence",
        querystring: LicenseUsageQuery,
        response: { 200: LicenseUsageList, ...ERROR_RESPONSES },
      },
    },
    async (request) => admin.licenceUsage(request.auth, request.query.tenantId, true),
  );
};
