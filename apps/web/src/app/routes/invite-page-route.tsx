import { InvitePage } from '@/features/accounts';

/** The invite page, loaded when /invite/:token is opened. */
export function InvitePageRoute() {
  return <InvitePage />;
}
