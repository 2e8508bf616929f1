import { Center } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm, nextPath } from '@/features/accounts';

/** /login: after signing in, the page the user was sent from (`next`) or their app; `userName` fills the email in (from the invite page). */
export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Center px="md" py={48}>
      <LoginForm
        initialUserName={params.get('userName')?.trim() ?? ''}
        onSignedIn={() => void navigate(nextPath(params.get('next')), { replace: true })}
      />
    </Center>
  );
}
