import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatInstant } from '@/lib/dates';
import { formatIndian } from '@enviro/domain/format-number';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { useAlerts } from '../api/get-alerts';
import { SeverityBadge } from './alert-badges';
import { paramText, peakText } from './alert-labels';

/** How many of the newest open alerts the panel lists. */
const SHOWN = 5;

/**
 * The newest open alerts across every industry the user reads, with their number and a way to the
 * whole list: what a quasi-regulator looks at first.
 */
export function OpenAlertsPanel() {
  const alerts = useAlerts({ status: ['OPEN'], page: 0, size: SHOWN });
  if (alerts.isError) return <LoadFailed what="The open alerts" onRetry={() => void alerts.refetch()} h={120} />;
  if (!alerts.data) return <Loading h={120} />;
  const { items, total } = alerts.data;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text component="h2" fw={600} fz="md" m={0}>
            Open alerts across your industries: {formatIndian(total, 0)}
          </Text>
          <Anchor component={Link} to={paths.app.alerts.getHref({ status: 'OPEN' })} size="sm">
            All open alerts →
          </Anchor>
        </Group>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            No alert is open.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Newest open alerts">
            {items.map((a) => (
              <li key={a.id}>
                <Group gap="xs" wrap="wrap">
                  <SeverityBadge severity={a.severity} />
                  <Anchor component={Link} to={paths.app.alert.getHref(a.id)} size="sm" fw={600}>
                    {a.tenantName}: {a.stationName ?? a.deviceName}, {paramText(a)}
                  </Anchor>
                  <Text span size="sm" c="dimmed">
                    peak {peakText(a)}, since {formatInstant(a.startedAt)} IST
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
