import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { CreateRepublishInput, ErrorCodes, FilesOfOneDay, FilesOfOneDayQuery, ListOfFiles, ListOfFilesQuery, LogFiles, LogFilesQuery, LogSummaryQuery, NotConnectedTenants, RegulatorBoardParams, RegulatorBoardStatus, RegulatorConnection, RegulatorConnectionInput, RegulatorConnectionList, RegulatorConnectionParams, RegulatorMapping, RegulatorMappingInput, RegulatorMappingParams, RegulatorTenantMappings, RegulatorTenantParams, RegulatorTenantStatus, RepublishList, RepublishQuery, RepublishRequest, SuccessCounts } from '@enviro/contracts/regulator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegulatorModule } from './regulator.module.ts';
import { TENANT_READ } from '../../platform/access/route-access.ts';

const TAGS = ['regulator'];
/** Who writes an industry's regulator settings: site administrators, also acting as the industry. */
const CONFIG_WRITE = ['siteAdmin', 'siteManaging'] as const;
/** Who reads them: those, and the industry's own administrators. */
const CONFIG_READ = ['siteAdmin', 'siteManaging', 'tenantAdmin'] as const;

/** Regulator configuration, sync status, push logs and republishing. */
export const regulatorRoutes: FastifyPluginAsyncZod<RegulatorModule> = async (app, { config, status, logs }) => {

  // ---- connections (site administration) -------------------------------------------------
  app.get(
    '/api/regulatorConnections',
    {
      config: { access: 'siteAdmin' },
      schema: { tags: TAGS, summary: 'Regulator endpoints with their state (credentials: which are set, never their values)', response: { 200: RegulatorConnectionList, ...ERROR_RESPONSES } },
    },
    async (request) => config.connections(request.auth),
  );

  app.post(
    '/api/regulatorConnections',
    {
      config: { access: 'siteAdmin' },
      schema: { tags: TAGS, summary: 'Add a regulator endpoint of a statutory body; audited', body: RegulatorConnectionInput, response: { 201: RegulatorConnection, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.code(201).send(await config.createConnection(request.auth, request.body)),
  );

  app.put(
    '/api/regulatorConnections/:id',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: 'Change a regulator endpoint; credentials omitted keep their values, null clears one; audited',
        params: RegulatorConnectionParams,
        body: RegulatorConnectionInput,
        response: { 200: RegulatorConnection, ...ERROR_RESPONSES },
      },
    },
    async (request) => config.updateConnection(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/api/regulatorConnections/:id',
    {
      config: { access: 'siteAdmin' },
      schema: { tags: TAGS, summary: 'Remove a regulator endpoint with its mappings, records and logs; audited', params: RegulatorConnectionParams, response: { 200: RegulatorConnectionList, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await config.deleteConnection(request.auth, request.params.id);
      return config.connections(request.auth);
    },
  );

  // ---- mappings per industry -------------------------------------------------------------
  app.get(
    '/api/regulatorMappings/:tenantId',
    {
      config: { access: [...CONFIG_READ] },
      schema: {
        tags: TAGS,
        summary: "An industry's mappings onto regulator connections with their issues, and its stations, devices and parameters to map",
        params: RegulatorTenantParams,
        response: { 200: RegulatorTenantMappings, ...ERROR_RESPONSES },
      },
    },
    async (request) => config.mappings(request.auth, request.params.tenantId),
  );

  app.put(
    '/api/regulatorMappings/:tenantId/:connectionId',
    {
      config: { access: [...CONFIG_WRITE] },
      schema: {
        tags: TAGS,
        summary: "Set an industry's whole mapping on a connection; answers it with its issues (unmapped parameters are reported, not dropped); audited",
        params: RegulatorMappingParams,
        body: RegulatorMappingInput,
        response: { 200: RegulatorMapping, ...ERROR_RESPONSES },
      },
    },
    async (request) => config.putMapping(request.auth, request.params.tenantId, request.params.connectionId, request.body),
  );

  app.delete(
    '/api/regulatorMappings/:tenantId/:connectionId',
    {
      config: { access: [...CONFIG_WRITE] },
      schema: { tags: TAGS, summary: "Remove an industry's mapping on a connection; audited", params: RegulatorMappingParams, response: { 200: RegulatorTenantMappings, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await config.deleteMapping(request.auth, request.params.tenantId, request.params.connectionId);
      return config.mappings(request.auth, request.params.tenantId);
    },
  );

  // ---- status (SPEC 4) -------------------------------------------------------------------
  app.get(
    '/api/regulatorStatus/:tenantId',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: "SPEC 4 regulator sync of an industry's stations on each connection (threshold 120 minutes)", params: RegulatorTenantParams, response: { 200: RegulatorTenantStatus, ...ERROR_RESPONSES } },
    },
    async (request) => status.tenant(request.auth, request.params.tenantId),
  );

  app.get(
    '/api/regulatorStatus/board/:boardId',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: "A statutory body's industries with their sync on the body's connections", params: RegulatorBoardParams, response: { 200: RegulatorBoardStatus, ...ERROR_RESPONSES } },
    },
    async (request) => status.board(request.auth, request.params.boardId),
  );

  app.get(
    '/api/actionable-task/tenant-not-connected-to-regulator',
    {
      config: { access: ['site', 'statutory'] },
      schema: { tags: TAGS, summary: 'Industries with stations that should report and no working regulator connection (SPEC 7 actionable tasks)', response: { 200: NotConnectedTenants, ...ERROR_RESPONSES } },
    },
    async (request) => status.notConnected(request.auth),
  );

  // ---- logs (SPEC 7 compliance and uptime) -------------------------------------------------
  app.get(
    '/api/getListOfFiles',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: "An industry's pushed records ('files') per IST day of their slot, by state", querystring: ListOfFilesQuery, response: { 200: ListOfFiles, ...ERROR_RESPONSES } },
    },
    async (request) => logs.filesPerDay(request.auth, request.query),
  );

  app.get(
    '/api/getListOfFilesOfOneDay',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'The records of one IST day, by slot and station, with their state, attempts and error', querystring: FilesOfOneDayQuery, response: { 200: FilesOfOneDay, ...ERROR_RESPONSES } },
    },
    async (request) => logs.filesOfDay(request.auth, request.query),
  );

  app.get(
    '/api/getListofLogFiles',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'Every push attempt, newest first: what, when, the answer, how long it took', querystring: LogFilesQuery, response: { 200: LogFiles, ...ERROR_RESPONSES } },
    },
    async (request) => logs.attempts(request.auth, request.query),
  );

  app.get(
    '/api/getErrorCodes',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'Error codes of the failed attempts with counts and meaning', querystring: LogSummaryQuery, response: { 200: ErrorCodes, ...ERROR_RESPONSES } },
    },
    async (request) => logs.errorCodes(request.auth, request.query),
  );

  app.get(
    '/api/getSuccessCounts',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'Successful and failed attempts per IST day and station', querystring: LogSummaryQuery, response: { 200: SuccessCounts, ...ERROR_RESPONSES } },
    },
    async (request) => logs.successCounts(request.auth, request.query),
  );

  // ---- republish ---------------------------------------------------------------------------
  app.put(
    '/api/createRepublishData',
    {
      config: { access: [...CONFIG_READ] },
      schema: { tags: TAGS, summary: "Send a station's range again (e.g. after a correction), with a reason; audited", body: CreateRepublishInput, response: { 200: RepublishRequest, ...ERROR_RESPONSES } },
    },
    async (request) => logs.createRepublish(request.auth, request.body),
  );

  app.get(
    '/api/getRepublishData',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: "An industry's republish requests with their progress, newest first", querystring: RepublishQuery, response: { 200: RepublishList, ...ERROR_RESPONSES } },
    },
    async (request) => logs.republishes(request.auth, request.query.tenantId, request.query.stationId),
  );
};
