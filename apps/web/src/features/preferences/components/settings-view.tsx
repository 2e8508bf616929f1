import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { PreferencesInput } from '@enviro/contracts/preferences';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyInfo } from '@/lib/notify';
import { usePreferences } from '../api/get-preferences';
import { useSavePreferences } from '../api/save-preferences';

/** SPEC 4 default: one minute between refreshes. */
const DEFAULT_INTERVAL = 1;
const LABELS = { REFRESH_DASHBOARD: 'Refresh dashboards automatically', REFRESH_INTERVAL: 'Refresh interval (minutes)' };

/** The signed-in user's preferences: dashboard auto-refresh and its interval. */
export function SettingsView() {
  const preferences = usePreferences(true);
  const save = useSavePreferences();
  const { form, general } = useContractForm({
    initialValues: { REFRESH_DASHBOARD: false, REFRESH_INTERVAL: DEFAULT_INTERVAL as number | string },
    schema: PreferencesInput,
    labels: LABELS,
    toInput: (v): PreferencesInput => ({
      REFRESH_DASHBOARD: { value: v.REFRESH_DASHBOARD ? '1' : '0' },
      REFRESH_INTERVAL: { value: String(v.REFRESH_INTERVAL) },
    }),
    error: save.error,
  });

  const { setValues } = form;
  useEffect(() => {
    if (!preferences.data) return;
    setValues({
      REFRESH_DASHBOARD: preferences.data.REFRESH_DASHBOARD?.value === '1',
      REFRESH_INTERVAL: Number(preferences.data.REFRESH_INTERVAL?.value) || DEFAULT_INTERVAL,
    });
  }, [preferences.data, setValues]);

  const submit = form.onSubmit((input) => save.mutate(input, { onSuccess: () => notifyInfo('Settings saved.') }));

  return (
    <Stack maw={560}>
      <Title order={2}>Settings</Title>
      <Card withBorder component="form" onSubmit={submit} noValidate>
        <Title order={3} fz="md" mb="xs">
          Dashboard auto-refresh
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Industry dashboards reload their data on their own at this interval.
        </Text>
        {preferences.isError && <Alert color="red" mb="sm">The settings could not be loaded: {preferences.error.message}</Alert>}
        {general && <Alert color="red" mb="sm">{general}</Alert>}
        <Switch label={LABELS.REFRESH_DASHBOARD} {...form.getInputProps('REFRESH_DASHBOARD', { type: 'checkbox' })} />
        <NumberInput
          mt="md"
          label={LABELS.REFRESH_INTERVAL}
          min={1}
          max={1440}
          allowDecimal={false}
          disabled={!form.values.REFRESH_DASHBOARD}
          w={220}
          {...form.getInputProps('REFRESH_INTERVAL')}
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
