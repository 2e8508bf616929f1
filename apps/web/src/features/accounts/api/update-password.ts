import { useMutation } from '@tanstack/react-query';
import { PasswordUpdated, type PasswordUpdateBody } from '@enviro/contracts/accounts';
import { api } from '@/lib/api-client';

/** POST /api/users/{id}/password/update: the user's own password; their other sessions end. */
export const updatePassword = ({ userId, ...body }: PasswordUpdateBody & { userId: number }): Promise<PasswordUpdated> =>
  api.post(`/users/${userId}/password/update`, { body, schema: PasswordUpdated });

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
