import { useMutation } from '@tanstack/react-query';
import { OpenKeyConfirmAnswer, OpenKeySignUpAnswer, type OpenKeySignUp } from '@enviro/contracts/open-data';
import { api } from '@/lib/api-client';

/** POST /api/open/v1/keys: a confirmation link is mailed to the address. */
export const signUpForKey = (body: OpenKeySignUp) => api.post('/open/v1/keys', { body, schema: OpenKeySignUpAnswer, redirectOn401: false });

/** POST /api/open/v1/keys/confirm: the key, shown this once. */
export const confirmKey = (token: string) => api.post('/open/v1/keys/confirm', { body: { token }, schema: OpenKeyConfirmAnswer, redirectOn401: false });

export const useSignUpForKey = () => useMutation({ mutationFn: signUpForKey });
export const useConfirmKey = () => useMutation({ mutationFn: confirmKey });
