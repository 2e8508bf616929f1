import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EmailChanged } from '@enviro/contracts/accounts';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { accountKeys } from './query-keys';

/** POST /api/users/{id}/{email}: the new email signs in at once, unconfirmed until its code is entered. */
export const changeEmail = ({ userId, email }: { userId: number; email: string }): Promise<EmailChanged> =>
  api.post(`/users/${userId}/${encodeURIComponent(email)}`, { schema: EmailChanged });

export const useChangeEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeEmail, onSuccess: () => refetchAfterWrite(queryClient, { queryKey: accountKeys.me() }) });
};
