import { queryOptions, useQuery } from '@tanstack/react-query';
import { InviteInfo } from '@enviro/contracts/accounts';
import { api } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** Whom an invite link is for, or that it expired or was used (GET /api/invite/{token}); 404 for an unknown link. */
export const getInvite = (token: string, signal?: AbortSignal): Promise<InviteInfo> =>
  api.get(`/invite/${encodeURIComponent(token)}`, { schema: InviteInfo, redirectOn401: false, ...(signal ? { signal } : {}) });

export const getInviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.invite(token),
    queryFn: ({ signal }) => getInvite(token, signal),
    retry: false,
    staleTime: Infinity,
  });

export const useInvite = (token: string) => useQuery(getInviteQueryOptions(token));
