import type { UserListParams } from './get-users';

const ADMIN_USERS = ['admin-users'] as const;

/** The users administration's query keys: user writes refetch `all`. */
export const userKeys = {
  all: ADMIN_USERS,
  list: (params: UserListParams) => [...ADMIN_USERS, 'list', params] as const,
};
