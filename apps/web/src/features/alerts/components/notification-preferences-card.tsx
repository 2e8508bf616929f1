import { Alert, Button, Checkbox, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ALERT_SEVERITIES, type AlertSeverity, type NotificationPreferences } from '@enviro/contracts/alerts';
import { notifyInfo } from '@/lib/notify';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';
import { titleCase } from './alert-labels';

const CHANNELS = [
  { value: 'EMAIL', label: 'E-mail' },
  { value: 'SMS', label: 'SMS' },
  { value: 'IN_APP', label: 'In-app' },
] as const;
type UserChannel = (typeof CHANNELS)[number]['value'];
type Choice = Record<AlertSeverity, UserChannel[]>;

/** The server's defaults for a severity the user never chose (the contract's TSDoc). */
const DEFAULT_CHANNELS = (s: AlertSeverity): UserChannel[] => (s === 'CRITICAL' ? ['EMAIL', 'SMS', 'IN_APP'] : ['EMAIL', 'IN_APP']);

function toChoice(prefs: NotificationPreferences): Choice {
  return Object.fromEntries(
    ALERT_SEVERITIES.map((s) => [s, prefs.preferences.find((p) => p.severity === s)?.channels ?? DEFAULT_CHANNELS(s)]),
  ) as Choice;
}

/** How the user is told of alerts: channels per severity (GET/PUT /api/notificationPreferences). */
export function NotificationPreferencesCard() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
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
        How you are told when an alert you receive opens, by its severity. Nothing ticked: not told.
      </Text>
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
