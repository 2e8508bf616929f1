import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setActingTenant } from '@/lib/acting-tenant';
import { api } from '@/lib/api-client';

/** POST /api/logout: ends the session; the server clears both cookies. */
export const logout = (): Promise<{ loggedOut: true }> => api.post('/logout', { redirectOn401: false });

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Signed out locally even when the server could not be told: the next call would send to /login anyway.
    onSettled: () => {
      setActingTenant(null);
      queryClient.clear();
    },
  });
};
