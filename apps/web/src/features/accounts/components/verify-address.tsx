import { OtpBody, type CodeSent } from '@enviro/contracts/accounts';
import { formatClock } from '@/lib/dates';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyInfo } from '@/lib/notify';
import { useCheckCode } from '../api/check-code';
import { useSendCode, type Channel } from '../api/send-code';

interface VerifyAddressProps {
  userId: number;
  channel: Channel;
  /** The email or phone as shown; null when the user has none. */
  address: string | null;
  verified: boolean;
  /** A code sent elsewhere (changing the email sends one). */
  sent?: CodeSent | null | undefined;
}

const LABEL: Record<Channel, string> = { email: 'Email', phone: 'Phone' };

/** Confirm an email or phone: send a 6-digit code, then enter it. */
export function VerifyAddress({ userId, channel, address, verified, sent: sentElsewhere }: VerifyAddressProps) {
  const send = useSendCode();
  const check = useCheckCode();
  const [sent, setSent] = useState<CodeSent | null>(null);
  const { form, general } = useContractForm({
    initialValues: { otp: '' },
    schema: OtpBody,
    labels: { otp: 'Code' },
    toInput: (v): OtpBody => ({ otp: v.otp.trim() }),
    error: check.error,
  });
  const waitSeconds = useCountdown(sent);
  useEffect(() => {
    if (sentElsewhere) setSent(sentElsewhere);
  }, [sentElsewhere]);

  const sendCode = () => send.mutate({ userId, channel }, { onSuccess: (s) => { setSent(s); form.reset(); check.reset(); } });
  const submit = form.onSubmit(({ otp }) =>
    check.mutate({ userId, channel, otp }, { onSuccess: () => { setSent(null); notifyInfo(`${LABEL[channel]} confirmed.`); } }),
  );

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{LABEL[channel]}</Title>
          {address !== null && (
            <Badge variant="light" color={verified ? 'teal' : 'orange'}>
              {verified ? 'confirmed' : 'not confirmed'}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {address ?? `No ${channel} on your account; ask your administrator to add one.`}
        </Text>
        {address !== null && !verified && (
          <>
            <Group>
              <Button variant="light" onClick={sendCode} loading={send.isPending} disabled={waitSeconds > 0}>
                {sent ? (waitSeconds > 0 ? `Send a new code in ${waitSeconds} s` : 'Send a new code') : 'Send code'}
              </Button>
            </Group>
            {send.error && (
              <Text c="red" size="sm" role="alert">
                {send.error.message}
              </Text>
            )}
            {sent && (
              <form onSubmit={submit} noValidate aria-label={`Confirm ${channel}`}>
                <Stack gap="xs">
                  <Text size="sm">
                    A code went to {sent.sentTo}; it works until {formatClock(sent.expiresAt)} (10 minutes, 5 tries).
                  </Text>
                  <Group align="flex-start">
                    <TextInput
                      label="Code"
                      placeholder="6 digits"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      w={160}
                      {...form.getInputProps('otp')}
                    />
                    <Button type="submit" mt={25} loading={check.isPending}>
                      Confirm
                    </Button>
                  </Group>
                  {general && (
                    <Text c="red" size="sm" role="alert">
                      {general}
                    </Text>
                  )}
                </Stack>
              </form>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Seconds until another code may be asked for, counting down once a second. */
function useCountdown(sent: CodeSent | null): number {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sent) setUntil(Date.now() + sent.resendAfterSeconds * 1000);
  }, [sent]);
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}
