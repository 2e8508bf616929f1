import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MeasureTemplate, MeasureTemplateList, Measurement, MeasurementList, type NewMeasureTemplate, type NewMeasurement } from '@enviro/contracts/measurements';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { measurementKeys } from './query-keys';

/** GET /api/measure-templates of the industry. */
export const useMeasureTemplates = (tenantId: number) =>
  useQuery({ queryKey: measurementKeys.templates(tenantId), queryFn: ({ signal }) => api.get('/measure-templates', { params: { tenantId }, schema: MeasureTemplateList, ...withSignal(signal) }) });

/** GET /api/measure-data of a station: the past year's manual results beside the continuous averages. */
export const useMeasurements = (entityId: number | null) =>
  useQuery({
    queryKey: measurementKeys.station(entityId ?? 0),
    queryFn: ({ signal }) => api.get('/measure-data', { params: { entityId }, schema: MeasurementList, ...withSignal(signal) }),
    enabled: entityId !== null,
  });

export const useAddTemplate = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: NewMeasureTemplate) => api.post('/measure-templates', { body, schema: MeasureTemplate }), onSuccess: () => refetchAfterWrite(client, { queryKey: measurementKeys.all }) });
};

export const useRecordMeasurement = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: NewMeasurement) => api.post('/measure-data', { body, schema: Measurement }), onSuccess: () => refetchAfterWrite(client, { queryKey: measurementKeys.all }) });
};

export const useDeleteMeasurement = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.post('/delete/measure-data', { body: { id } }), onSuccess: () => refetchAfterWrite(client, { queryKey: measurementKeys.all }) });
};
