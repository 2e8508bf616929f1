import { Alert, Button, Checkbox, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ALERT_SEVERITIES, defaultNotificationChannels, type AlertSeverity, type NotificationPreferences, type UserNotificationChannel } from '@enviro/contracts/alerts';
import { useMe } from '@/features/accounts';
import { notifyInfo } from '@/lib/notify';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';
import { titleCase } from './alert-labels';

const CHANNELS = [
  { value: 'EMAIL', label: 'E-mail' },
  { value: 'SMS', label: 'SMS' },
  { value: 'IN_APP', label: 'In-app' },
] as const;
type UserChannel = UserNotificationChannel;
type Choice = Record<AlertSeverity, UserChannel[]>;

function toChoice(prefs: NotificationPreferences): Choice {
  return Object.fromEntries(
    ALERT_SEVERITIES.map((s) => [s, prefs.preferences.find((p) => p.severity === s)?.channels ?? defaultNotificationChannels(s)]),
  ) as Choice;
}

/**
 * How the user is told of alerts: channels per severity (GET/PUT /api/notificationPreferences). The
 * defaults are ticked until the user changes them, and SMS wait for a confirmed phone, as the server
 * sends them.
 */
export function NotificationPreferencesCard() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const me = useMe();
  const smsChosen = choiceHasSms(prefs.data);
  const [choice, setChoice] = useState<Choice | null>(null);
  useEffect(() => {
    if (prefs.data) setChoice(toChoice(prefs.data));
  }, [prefs.data]);

  const flip = (severity: AlertSeverity, channel: UserChannel, on: boolean) =>
    setChoice((c) => c && { ...c, [severity]: on ? [...c[severity], channel] : c[severity].filter((x) => x !== channel) });

  return (
    <Paper withBorder p="md">
      <Title order={3} fz="lg">
        Alert notifications
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        An alert comes to you when its industry's escalation names you: by default the industry's administrators and users and the users of
        the boards it reports to and of CPCB, as soon as a limit is exceeded and every hour until someone acknowledges it. Unless you change it
        here: e-mail, SMS and in-app for every severity, early warnings without SMS. Nothing ticked for a severity: you are not told of those.
      </Text>
      {me.data && !me.data.phoneVerified && smsChosen && (
        <Alert color="yellow" mb="sm">
          SMS go only to a confirmed phone.{' '}
          {me.data.phone === null
            ? 'Your account has no phone number (your administrator adds it), so you get no SMS.'
            : 'Your phone is not confirmed yet: you get no SMS until you confirm it above.'}
        </Alert>
      )}
      {prefs.isError && <Alert color="red">Your notification choices could not be loaded: {prefs.error.message}</Alert>}
      {!choice ? (
        !prefs.isError && <Skeleton h={160} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { preferences: ALERT_SEVERITIES.map((severity) => ({ severity, channels: choice[severity] })) },
              { onSuccess: () => notifyInfo('Notification choices saved.') },
            );
          }}
        >
          <Table aria-label="Alert notification channels" maw={460}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Severity</Table.Th>
                {CHANNELS.map((c) => (
                  <Table.Th key={c.value} ta="center">
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ALERT_SEVERITIES.map((s) => (
                <Table.Tr key={s}>
                  <Table.Td>{titleCase(s)}</Table.Td>
                  {CHANNELS.map((c) => (
                    <Table.Td key={c.value}>
                      <Group justify="center">
                        <Checkbox
                          aria-label={`${c.label} for ${titleCase(s)} alerts`}
                          checked={choice[s].includes(c.value)}
                          onChange={(e) => flip(s, c.value, e.currentTarget.checked)}
                        />
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {save.error && (
            <Alert color="red" mt="sm">
              {save.error.message}
            </Alert>
          )}
          <Button type="submit" mt="sm" loading={save.isPending}>
            Save notification choices
          </Button>
        </form>
      )}
    </Paper>
  );
}

/** Whether SMS are chosen (or left to the default) for any severity. */
function choiceHasSms(prefs: NotificationPreferences | undefined): boolean {
  return prefs !== undefined && Object.values(toChoice(prefs)).some((channels) => channels.includes('SMS'));
}
