import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/**
 * /app/account: the signed-in user's profile, password and email/phone verification, and how they
 * are told of alerts (a child of /app).
 */
export const accountRoute: RouteObject = {
  path: paths.app.account.path,
  lazy: async () => ({ Component: (await import('./account-page-route')).AccountPageRoute }),
};
