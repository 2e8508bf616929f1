import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VerificationState } from '@enviro/contracts/accounts';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { accountKeys } from './query-keys';
import type { Channel } from './send-code';

/** POST /api/users/{id}/verifyEmailOtp or /verifyPhoneOtp: the code confirms the address. */
export const checkCode = ({ userId, channel, otp }: { userId: number; channel: Channel; otp: string }): Promise<VerificationState> =>
  api.post(`/users/${userId}/${channel === 'email' ? 'verifyEmailOtp' : 'verifyPhoneOtp'}`, { body: { otp }, schema: VerificationState });

export const useCheckCode = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkCode, onSuccess: () => refetchAfterWrite(queryClient, { queryKey: accountKeys.me() }) });
};
