import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fieldErrors } from '@/components/form/field-errors';
import { notifyInfo } from '@/lib/notify';
import { usePreferences } from '@/api/get-preferences';
import { useSavePreferences } from '../api/save-preferences';

/** SPEC 4 default: one minute between refreshes. */
const DEFAULT_INTERVAL = 1;

/** The signed-in user's preferences: dashboard auto-refresh and its interval. */
export function SettingsView() {
  const preferences = usePreferences(true);
  const save = useSavePreferences();
  const [refresh, setRefresh] = useState(false);
  const [interval, setMinutes] = useState<number | string>(DEFAULT_INTERVAL);

  useEffect(() => {
    if (!preferences.data) return;
    setRefresh(preferences.data.REFRESH_DASHBOARD?.value === '1');
    setMinutes(Number(preferences.data.REFRESH_INTERVAL?.value) || DEFAULT_INTERVAL);
  }, [preferences.data]);

  const { byField, general } = fieldErrors(save.error, ['REFRESH_DASHBOARD', 'REFRESH_INTERVAL'] as const);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { REFRESH_DASHBOARD: { value: refresh ? '1' : '0' }, REFRESH_INTERVAL: { value: String(interval) } },
      { onSuccess: () => notifyInfo('Settings saved.') },
    );
  };

  return (
    <Stack maw={560}>
      <Title order={2}>Settings</Title>
      <Card withBorder component="form" onSubmit={submit}>
        <Title order={3} fz="md" mb="xs">
          Dashboard auto-refresh
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Industry dashboards reload their data on their own at this interval.
        </Text>
        {preferences.isError && <Alert color="red" mb="sm">The settings could not be loaded: {preferences.error.message}</Alert>}
        {general && <Alert color="red" mb="sm">{general}</Alert>}
        <Switch label="Refresh dashboards automatically" checked={refresh} onChange={(e) => setRefresh(e.currentTarget.checked)} error={byField.REFRESH_DASHBOARD} />
        <NumberInput
          mt="md"
          label="Refresh interval (minutes)"
          min={1}
          max={1440}
          allowDecimal={false}
          disabled={!refresh}
          value={interval}
          onChange={setMinutes}
          error={byField.REFRESH_INTERVAL}
          w={220}
        />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={save.isPending} disabled={!preferences.data}>
            Save
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
