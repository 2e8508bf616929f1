import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { InviteInfo } from '@enviro/contracts/accounts';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useInvite } from '../api/get-invite';
import { SetPasswordForm } from './set-password-form';

/** /invite/:token: whom the invite is for and the form to set a password, or why the link no longer works. */
export function InvitePage() {
  const { token = '' } = useParams();
  const invite = useInvite(token);
  return (
    <Center py="xl" px="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
        <Stack>
          <Title order={2}>Accept your invite</Title>
          {invite.isPending ? (
            <Center py="md">
              <Loader aria-label="Loading the invite" />
            </Center>
          ) : invite.isError ? (
            <Alert color="red" title="This invite link does not work">
              {invite.error instanceof ApiError && invite.error.status === 404
                ? 'The link is not valid. Check that you opened the whole link from the email, or ask your administrator for a new invite.'
                : invite.error.message}
            </Alert>
          ) : (
            <InviteState invite={invite.data} token={token} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

function InviteState({ invite, token }: { invite: InviteInfo; token: string }) {
  if (invite.state === 'VALID') {
    return (
      <>
        <Text style={{ overflowWrap: 'anywhere' }}>
          Welcome, <b>{invite.name}</b>. Choose a password for <b>{invite.userName}</b> ({invite.tenantName}).
        </Text>
        <SetPasswordForm token={token} userName={invite.userName} />
      </>
    );
  }
  if (invite.state === 'USED') {
    return (
      <Alert color="blue" title="This invite was already accepted">
        <Text size="sm">
          Your password is set. <SignInLink />
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="orange" title="This invite has expired">
      Invites work for 7 days, and only the newest one works. Ask your administrator to send a new invite.
    </Alert>
  );
}

function SignInLink() {
  return (
    <Anchor component={Link} to={paths.login.getHref()}>
      Sign in
    </Anchor>
  );
}
