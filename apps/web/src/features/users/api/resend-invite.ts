import { useMutation } from '@tanstack/react-query';
import { InviteSent } from '@enviro/contracts/accounts';
import { api } from '@/lib/api-client';

/** POST /api/users/{id}/resendInvite: a new invite link; earlier ones stop working. */
export const resendInvite = (id: number): Promise<InviteSent> => api.post(`/users/${id}/resendInvite`, { schema: InviteSent });

export const useResendInvite = () => useMutation({ mutationFn: resendInvite });
