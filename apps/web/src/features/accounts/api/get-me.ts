import { queryOptions, useQuery } from '@tanstack/react-query';
import { SessionUser } from '@enviro/contracts/accounts';
import { api } from '@/lib/api-client';

/** The signed-in user with their verification state (GET /api/users/me). */
export const getMe = (signal?: AbortSignal): Promise<SessionUser> =>
  api.get('/users/me', { schema: SessionUser, ...(signal ? { signal } : {}) });

/** Shared key: the account page's mutations invalidate it so the profile shows what changed. */
export const getMeQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: ({ signal }) => getMe(signal) });

export const useMe = () => useQuery(getMeQueryOptions());
