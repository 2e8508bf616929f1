import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/** /invite/:token: an invited user sets a password (top level; router.tsx wires it in). Lazy, like the public pages. */
export const inviteRoute: RouteObject = {
  path: paths.invite.path,
  lazy: async () => ({ Component: (await import('./invite-page-route')).InvitePageRoute }),
};
