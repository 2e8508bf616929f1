import type { RouteObject } from 'react-router';

/** /app/account: the signed-in user's profile, password and email/phone verification (a child of /app). */
export const accountRoute: RouteObject = {
  path: 'account',
  lazy: async () => ({ Component: (await import('@/features/accounts/components/account-page')).AccountPage }),
};
