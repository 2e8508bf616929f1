import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AlertBulkAcknowledgeResult,
  AlertDetail,
  type AlertAcknowledge,
  type AlertBulkAcknowledge,
  type AlertClose,
} from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { alertKeys } from './query-keys';

/** POST /api/alert/{id}/acknowledge: stops its escalation. */
export const acknowledgeAlert = (id: number, body: AlertAcknowledge): Promise<AlertDetail> =>
  api.post(`/alert/${id}/acknowledge`, { body, schema: AlertDetail });

/** POST /api/alert/{id}/close: closed by a person, with a reason. */
export const closeAlert = (id: number, body: AlertClose): Promise<AlertDetail> =>
  api.post(`/alert/${id}/close`, { body, schema: AlertDetail });

/** POST /api/alerts/acknowledge: several at once; those no longer OPEN are skipped. */
export const acknowledgeAlerts = (body: AlertBulkAcknowledge) =>
  api.post('/alerts/acknowledge', { body, schema: AlertBulkAcknowledgeResult });

export type AlertAction = { kind: 'acknowledge'; id: number; body: AlertAcknowledge } | { kind: 'close'; id: number; body: AlertClose };

/** Acknowledges or closes one alert; every alert query (list, page, counts) refetches. */
export function useAlertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AlertAction) => (action.kind === 'acknowledge' ? acknowledgeAlert(action.id, action.body) : closeAlert(action.id, action.body)),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: alertKeys.all }),
  });
}

/** Acknowledges several alerts; every alert query refetches. */
export function useBulkAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlerts,
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: alertKeys.all }),
  });
}
