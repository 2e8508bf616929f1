import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConsentAlertRules, ConsentList, Consent, type NewConsent } from '@enviro/contracts/consents';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { consentKeys } from './query-keys';

/** GET /api/consents: the industry's consents, soonest expiry first. */
export const useConsents = (tenantId: number) =>
  useQuery({ queryKey: consentKeys.list(tenantId), queryFn: ({ signal }) => api.get('/consents', { params: { tenantId }, schema: ConsentList, ...withSignal(signal) }) });

export const useAddConsent = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewConsent) => api.post('/consents', { body, schema: Consent }),
    onSuccess: () => refetchAfterWrite(client, { queryKey: consentKeys.all }),
  });
};

export const useDeleteConsent = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.delete(`/consents/${id}`), onSuccess: () => refetchAfterWrite(client, { queryKey: consentKeys.all }) });
};

/** POST /api/consents/{id}/alert-rules: an alert rule of each consented limit. */
export const useConsentAlertRules = () => useMutation({ mutationFn: (id: number) => api.post(`/consents/${id}/alert-rules`, { schema: ConsentAlertRules }) });
