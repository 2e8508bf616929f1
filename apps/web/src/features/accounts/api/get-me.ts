import { queryOptions, useQuery } from '@tanstack/react-query';
import { SessionUser } from '@enviro/contracts/accounts';
import { api } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** The signed-in user with their verification state (GET /api/users/me). */
export const getMe = (signal?: AbortSignal): Promise<SessionUser> =>
  api.get('/users/me', { schema: SessionUser, ...(signal ? { signal } : {}) });

export const getMeQueryOptions = () => queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => getMe(signal) });

export const useMe = () => useQuery(getMeQueryOptions());
