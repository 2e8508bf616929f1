import { useMutation } from '@tanstack/react-query';
import { CodeSent } from '@enviro/contracts/accounts';
import { api } from '@/lib/api-client';

export type Channel = 'email' | 'phone';

/** POST /api/users/{id}/verifyEmail or /verifyPhone: a 6-digit code to the user's own address. */
export const sendCode = ({ userId, channel }: { userId: number; channel: Channel }): Promise<CodeSent> =>
  api.post(`/users/${userId}/${channel === 'email' ? 'verifyEmail' : 'verifyPhone'}`, { schema: CodeSent });

export const useSendCode = () => useMutation({ mutationFn: sendCode });
