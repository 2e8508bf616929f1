import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BudgetStatus,
  BudgetStatuses,
  EmissionOffsetData,
  EnergyCost,
  EnergyFacilities,
  EnergyMeter,
  EnergyMeterList,
  EnergyMetrics,
  GridFactors,
  LocatedDevices,
  Offset,
  SecAnswer,
  TariffVersions,
  type EnergyMeterInput,
  type ManualReadingsInput,
  ManualReadingsResult,
  type OffsetInput,
  type ProductionInput,
  type TariffVersionInput,
} from '@enviro/contracts/energy';
import type { ReportFormat } from '@enviro/contracts/reports';
import { z } from 'zod';
import { api, withSignal, type Download } from '@/lib/api-client';
import { energyKeys } from './query-keys';

export interface MetricsQuery {
  nodeIds: readonly number[];
  startDate: string;
  endDate: string;
  interval: 'hour_1' | 'day_1' | 'month_1';
  excluseEnergyMeters?: boolean;
}

export interface SecQuery {
  nodeId: number;
  startDate: string;
  endDate: string;
  baselineStart: string;
  baselineEnd: string;
}

const five = 5 * 60_000;

export const useFacilities = (tenantId: number) =>
  useQuery(queryOptions({ queryKey: energyKeys.facilities(tenantId), queryFn: ({ signal }) => api.get('/energy/facilities', { params: { tenantId }, schema: EnergyFacilities, ...withSignal(signal) }) }));

export const useLocatedDevices = (facilityId: number | undefined) =>
  useQuery({
    queryKey: energyKeys.located(facilityId ?? 0),
    queryFn: ({ signal }) => api.get(`/energy/facility/${facilityId}/locatedDevices`, { schema: LocatedDevices, ...withSignal(signal) }),
    enabled: facilityId !== undefined,
  });

export const useEnergyMetrics = (q: MetricsQuery | undefined) =>
  useQuery({
    queryKey: energyKeys.metrics(q ?? { nodeIds: [], startDate: '', endDate: '', interval: 'day_1' }),
    queryFn: ({ signal }) =>
      api.get('/energy/metrics', {
        params: { nodeIds: q!.nodeIds.join(','), startDate: q!.startDate, endDate: q!.endDate, interval: q!.interval, excluseEnergyMeters: q!.excluseEnergyMeters === false ? 'false' : undefined },
        schema: EnergyMetrics,
        ...withSignal(signal),
      }),
    enabled: q !== undefined && q.nodeIds.length > 0,
    staleTime: five,
  });

export const useEnergyCost = (nodeId: number | undefined, month: string) =>
  useQuery({
    queryKey: energyKeys.cost(nodeId ?? 0, month),
    queryFn: ({ signal }) => api.get('/energy/cost', { params: { nodeId, month }, schema: EnergyCost, ...withSignal(signal) }),
    enabled: nodeId !== undefined,
    staleTime: five,
  });

export const useBudgets = (nodeId: number | undefined, day: string) =>
  useQuery({
    queryKey: energyKeys.budgets(nodeId ?? 0, day),
    queryFn: ({ signal }) => api.post('/data/entityBudget', { body: { entityIds: [nodeId], durationRefDate: day }, schema: BudgetStatuses, ...withSignal(signal) }),
    enabled: nodeId !== undefined,
    staleTime: five,
  });

export const useSec = (q: SecQuery | undefined) =>
  useQuery({
    queryKey: energyKeys.sec(q ?? { nodeId: 0, startDate: '', endDate: '', baselineStart: '', baselineEnd: '' }),
    queryFn: ({ signal }) => api.get('/energy/sec', { params: { ...q! }, schema: SecAnswer, ...withSignal(signal) }),
    enabled: q !== undefined,
    staleTime: five,
  });

export const useEmissions = (nodeId: number | undefined, fy: string) =>
  useQuery({
    queryKey: energyKeys.emissions(nodeId ?? 0, fy),
    queryFn: ({ signal }) => api.post('/data/emissionoffsetData', { body: { entityIds: [nodeId], fy }, schema: EmissionOffsetData, ...withSignal(signal) }),
    enabled: nodeId !== undefined,
    staleTime: five,
  });

export const useMeterHistory = (nodeId: number | undefined) =>
  useQuery({
    queryKey: energyKeys.history(nodeId ?? 0),
    queryFn: ({ signal }) => api.get(`/entities/${nodeId}/all-energy-meter`, { schema: EnergyMeterList, ...withSignal(signal) }),
    enabled: nodeId !== undefined,
  });

/** Makes a station a meter or replaces its meter; every energy query is read again. */
export function useSaveMeter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entityId, input }: { entityId: number; input: EnergyMeterInput }) => api.post(`/entities/${entityId}/energy-meter`, { body: input, schema: EnergyMeter }),
    onSuccess: () => client.invalidateQueries({ queryKey: energyKeys.all }),
  });
}

/** Ends a meter (its history stays). */
export function useDeleteMeter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (meterId: number) => api.delete(`/energy/energy-meter/${meterId}`, { schema: EnergyMeter }),
    onSuccess: () => client.invalidateQueries({ queryKey: energyKeys.all }),
  });
}

/** Sets a node's budget for a month or a financial year; the budgets are read again. */
export function useSetBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { nodeId: number; period: 'MONTH' | 'FY'; periodKey: string; budgetKwh: number }) => api.put('/energy/budgets', { body: input, schema: BudgetStatus }),
    onSuccess: () => client.invalidateQueries({ queryKey: energyKeys.all }),
  });
}

/** The dated tariff versions of a connection (its main meter's station), oldest first. */
export const useTariffs = (entityId: number | undefined) =>
  useQuery({
    queryKey: energyKeys.tariffs(entityId ?? 0),
    queryFn: ({ signal }) => api.get('/energy/tariffs', { params: { entityId }, schema: TariffVersions, ...withSignal(signal) }),
    enabled: entityId !== undefined,
  });

/** Adds a dated version to a connection's tariff; tariffs and costs are read again. */
export function useAddTariff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TariffVersionInput) => api.post('/energy/tariffs', { body: input, schema: TariffVersions }),
    onSuccess: () => client.invalidateQueries({ queryKey: energyKeys.all }),
  });
}

/** Stores a node's production of some days (all or none); SEC is read again. */
export function useSaveProduction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductionInput) => api.put('/energy/production', { body: input, schema: z.object({ nodeId: z.number(), days: z.number() }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: energyKeys.all }),
  });
}

/** Adds an entry to the offset ledger; emissions are read again. */
export function useAddOffset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OffsetInput) => api.post('/energy/offsets', { body: input, schema: Offset }),
    onSuccess: () => client.invalidateQueries({ queryKey: energyKeys.all }),
  });
}

/** CEA's grid emission factors by financial year. */
export const useGridFactors = () =>
  useQuery({ queryKey: energyKeys.gridFactors, queryFn: ({ signal }) => api.get('/energy/grid-factors', { schema: GridFactors, ...withSignal(signal) }), staleTime: five });

/** Replaces the grid factor table (site administrators); emissions are read again. */
export function useSaveGridFactors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (factors: { fy: string; tco2PerMwh: number; source: string }[]) => api.put('/energy/grid-factors', { body: { factors }, schema: GridFactors }),
    onSuccess: () => client.invalidateQueries({ queryKey: energyKeys.all }),
  });
}

/** The financial year's summary in the shape of BEE's Form 1 as a CSV, XLS or PDF file. */
export const useDownloadForm1 = () =>
  useMutation({ mutationFn: (body: { nodeId: number; fy: string; format: ReportFormat }): Promise<Download> => api.download('/energy/form1', { body }) });

/** Stores a meter's register read by hand; every energy figure is read again. */
export function useEnterReadings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualReadingsInput) => api.post('/energy/readings', { body: input, schema: ManualReadingsResult }),
    onSuccess: () => client.invalidateQueries({ queryKey: energyKeys.all }),
  });
}
