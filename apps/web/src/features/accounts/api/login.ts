import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SessionUser, type LoginBody } from '@enviro/contracts/accounts';
import { setActingTenant } from '@/lib/acting-tenant';
import { api } from '@/lib/api-client';

/** POST /api/login: a wrong password answers 401 here, shown on the form, not a trip to /login. */
export const login = (body: LoginBody): Promise<SessionUser> =>
  api.post('/login', { body, schema: SessionUser, redirectOn401: false });

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => {
      // Nothing of a previous user's session (cached answers, a tenant acted for) carries over.
      setActingTenant(null);
      queryClient.clear();
    },
  });
};
