import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InviteAccepted, type AcceptInviteBody } from '@enviro/contracts/accounts';
import { api } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** Sets the invited user's password and confirms their email (POST /api/invite/accept). */
export const acceptInvite = (body: AcceptInviteBody): Promise<InviteAccepted> =>
  api.post('/invite/accept', { body, schema: InviteAccepted, redirectOn401: false });

export const useAcceptInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: (_, body) => queryClient.removeQueries({ queryKey: accountKeys.invite(body.token) }),
  });
};
