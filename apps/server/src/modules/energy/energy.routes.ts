import { ApiError, ERROR_RESPONSES, FileResponse } from '@enviro/contracts/common';
import {
  BudgetInput,
  BudgetStatus,
  BudgetStatuses,
  CostQuery,
  EmissionOffsetData,
  EmissionOffsetRequest,
  EnergyCost,
  EnergyFacilities,
  EnergyFacilitiesQuery,
  EnergyIdParams,
  EnergyMeter,
  EnergyMeterDeleted,
  EnergyMeterInput,
  EnergyMeterList,
  EnergyMetrics,
  EnergyMetricsQuery,
  EntityBudgetRequest,
  Form1Request,
  GridFactors,
  GridFactorTable,
  LocatedDevices,
  ManualReadingsInput,
  ManualReadingsResult,
  Offset,
  OffsetInput,
  ProductionInput,
  SecAnswer,
  SecQuery,
  TariffQuery,
  TariffVersionInput,
  TariffVersions,
} from '@enviro/contracts/energy';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment } from '../../platform/http/attachment.ts';
import { FLEET_WRITE, PORTAL_READ, TENANT_READ } from '../../platform/access/route-access.ts';
import type { EnergyModule } from './energy.module.ts';

const TAGS = ['energy'];
const RESPONSES = { ...ERROR_RESPONSES, 409: ApiError } as const;

/** Energy (SPEC 7 paths spelled as the spec spells them; the rest under /api/energy/, docs/ENERGY.md). */
export const energyRoutes: FastifyPluginAsyncZod<EnergyModule> = async (app, { energy, readings }) => {
  // SPEC 7 Public: the energy dashboards' reads.
  app.get(
    '/api/energy/metrics',
    { config: { access: PORTAL_READ }, schema: { tags: TAGS, summary: 'Consumption of nodes by hour, day or month, without counting a main meter and its sub-meters twice; the unmetered remainder', querystring: EnergyMetricsQuery, response: { 200: EnergyMetrics, ...ERROR_RESPONSES } } },
    async (request) => energy.metrics(request.auth, request.query),
  );
  app.get(
    '/api/energy/facility/:id/locatedDevices',
    { config: { access: PORTAL_READ }, schema: { tags: TAGS, summary: "A facility's tree, every node listed, with the energy meters located at each", params: EnergyIdParams, response: { 200: LocatedDevices, ...ERROR_RESPONSES } } },
    async (request) => energy.locatedDevices(request.auth, request.params.id),
  );
  // SPEC 7 Entities.
  app.get(
    '/api/energy/facilities',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Facilities holding energy meters, with their meters by role', querystring: EnergyFacilitiesQuery, response: { 200: EnergyFacilities, ...ERROR_RESPONSES } } },
    async (request) => energy.facilities(request.auth, request.query.tenantId),
  );
  app.get(
    '/api/entities/:id/energy-meter',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'The current energy meter of a station', params: EnergyIdParams, response: { 200: EnergyMeter, ...ERROR_RESPONSES } } },
    async (request) => energy.meterOf(request.auth, request.params.id),
  );
  app.post(
    '/api/entities/:id/energy-meter',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Make a station an energy meter located in the tree, or replace its meter (history kept)', params: EnergyIdParams, body: EnergyMeterInput, response: { 200: EnergyMeter, ...RESPONSES } } },
    async (request) => energy.createMeter(request.auth, request.params.id, request.body),
  );
  app.delete(
    '/api/energy/energy-meter/:id',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'End an energy meter; it stays in the history', params: EnergyIdParams, response: { 200: EnergyMeterDeleted, ...RESPONSES } } },
    async (request) => energy.deleteMeter(request.auth, request.params.id),
  );
  app.get(
    '/api/entities/:id/all-energy-meter',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Every energy meter, current and past, in or under a node', params: EnergyIdParams, response: { 200: EnergyMeterList, ...ERROR_RESPONSES } } },
    async (request) => energy.allMeters(request.auth, request.params.id),
  );
  // SPEC 7 Data.
  app.post(
    '/api/data/entityBudget',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: "Budgets of nodes for the month and financial year of a day, with energy used and the period's forecast", body: EntityBudgetRequest, response: { 200: BudgetStatuses, ...ERROR_RESPONSES } } },
    async (request) => energy.entityBudget(request.auth, request.body),
  );
  app.post(
    '/api/data/emissionoffsetData',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Scope 2 emissions (CEA grid factor) and the offset ledger of nodes for a financial year', body: EmissionOffsetRequest, response: { 200: EmissionOffsetData, ...ERROR_RESPONSES } } },
    async (request) => energy.emissions(request.auth, request.body),
  );
  // Beyond SPEC 7 (docs/ENERGY.md).
  app.get(
    '/api/energy/tariffs',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: "The dated tariff versions of a connection (its main meter's station)", querystring: TariffQuery, response: { 200: TariffVersions, ...ERROR_RESPONSES } } },
    async (request) => energy.tariffs(request.auth, request.query.entityId),
  );
  app.post(
    '/api/energy/tariffs',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: "A new dated version of a connection's time-of-day tariff (never in a closed month)", body: TariffVersionInput, response: { 200: TariffVersions, ...RESPONSES } } },
    async (request) => energy.addTariff(request.auth, request.body),
  );
  app.get(
    '/api/energy/cost',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: "The bill of a node's month: energy charges by window, day and shift, fixed charges and duty", querystring: CostQuery, response: { 200: EnergyCost, ...ERROR_RESPONSES } } },
    async (request) => energy.cost(request.auth, request.query.nodeId, request.query.month),
  );
  app.put(
    '/api/energy/budgets',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: "Set a node's energy budget for a month or a financial year", body: BudgetInput, response: { 200: BudgetStatus, ...RESPONSES } } },
    async (request) => energy.setBudget(request.auth, request.body),
  );
  app.put(
    '/api/energy/production',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: "A node's daily production (all days stored or none)", body: ProductionInput, response: { 200: z.object({ nodeId: z.number().int(), days: z.number().int() }), ...RESPONSES } } },
    async (request) => energy.putProduction(request.auth, request.body),
  );
  app.get(
    '/api/energy/sec',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Specific energy consumption by day and an ISO 50006 baseline with R² and adjusted savings', querystring: SecQuery, response: { 200: SecAnswer, ...ERROR_RESPONSES } } },
    async (request) => energy.sec(request.auth, request.query),
  );
  app.post(
    '/api/energy/readings',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: "A meter's register read by hand, continuing its series (all readings stored or none)", body: ManualReadingsInput, response: { 200: ManualReadingsResult, ...RESPONSES } } },
    async (request) => readings.enter(request.auth, request.body),
  );
  app.post(
    '/api/energy/form1',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: "A node's financial-year energy summary in the shape of BEE's Form 1, as a CSV, PDF or XLS file", body: Form1Request, response: { 200: FileResponse, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const file = await energy.form1(request.auth, request.body);
      return attachment(reply, file.fileName, file.contentType).send(file.content);
    },
  );
  app.get(
    '/api/energy/grid-factors',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: "CEA's grid emission factors by financial year", response: { 200: GridFactors, ...ERROR_RESPONSES } } },
    async () => energy.gridFactors(),
  );
  app.put(
    '/api/energy/grid-factors',
    { config: { access: 'siteAdmin' }, schema: { tags: TAGS, summary: 'Replace the grid factor table (it must hold the current financial year)', body: GridFactorTable, response: { 200: GridFactors, ...RESPONSES } } },
    async (request) => energy.putGridFactors(request.auth, request.body.factors),
  );
  app.post(
    '/api/energy/offsets',
    { config: { access: FLEET_WRITE }, schema: { tags: TAGS, summary: 'Add an entry to the offset ledger (own solar, RECs, green tariff)', body: OffsetInput, response: { 200: Offset, ...RESPONSES } } },
    async (request) => energy.addOffset(request.auth, request.body),
  );
};
