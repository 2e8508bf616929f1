import { Alert, Anchor, Button, Code, CopyButton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { formatIndian } from '@enviro/domain/format-number';
import { useConfirmKey } from '../api/keys';

/** The page of the mailed link: confirms the sign-up and shows the key, this once. */
export function ConfirmKeyView() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmKey();
  const asked = useRef(false);
  useEffect(() => {
    // Once: a second confirmation of the same link is refused, and would hide the key just shown.
    if (token && !asked.current) {
      asked.current = true;
      confirm.mutate(token);
    }
  }, [confirm, token]);

  const back = (
    <Anchor component={Link} to={paths.developers.getHref()}>
      Back to the developers’ page
    </Anchor>
  );
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Your open data API key
      </Title>
      {!token ? (
        <Alert color="orange" title="This link is incomplete">
          Open the whole link from the mail. {back}
        </Alert>
      ) : confirm.isError ? (
        <Alert color="red" title="This link does not work">
          {confirm.error.message}. {back}
        </Alert>
      ) : !confirm.data ? (
        <Text>Confirming…</Text>
      ) : (
        <>
          <Text>Keep this key: it is shown only now. Send it in the X-API-Key header of every request.</Text>
          <Code block aria-label="Your key" style={{ overflowWrap: 'anywhere' }}>
            {confirm.data.key}
          </Code>
          <CopyButton value={confirm.data.key}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} w="fit-content">
                {copied ? 'Copied' : 'Copy the key'}
              </Button>
            )}
          </CopyButton>
          <Text size="sm">
            Limits: {confirm.data.perMinute} requests a minute and {formatIndian(confirm.data.perHour, 0)} an hour. {back}
          </Text>
        </>
      )}
    </Stack>
  );
}
