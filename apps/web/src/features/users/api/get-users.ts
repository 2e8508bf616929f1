import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { UserPage } from '@enviro/contracts/users';
import { api } from '@/lib/api-client';
import { userKeys } from './query-keys';

export interface UserListParams {
  searchString?: string | undefined;
  tenantId?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
  /** Site users only (SPEC 6); the server refuses it from anyone else. */
  corporateId?: string | undefined;
  page: number;
  size: number;
  sort: string;
  order: 'asc' | 'desc';
}

/** GET /api/users: one page of the users the caller may read. */
export const getUsers = (params: UserListParams, signal?: AbortSignal): Promise<UserPage> =>
  api.get('/users', { params: { ...params }, schema: UserPage, ...(signal ? { signal } : {}) });

export const getUsersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UserListParams) => useQuery(getUsersQueryOptions(params));
