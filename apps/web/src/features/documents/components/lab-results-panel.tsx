import { Anchor, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatIndian } from '@enviro/domain/format-number';
import { formatInstant } from '@/lib/dates';
import { useMeasurements } from '../api/measurements';
import { Deviation } from './deviation';

/**
 * Beside a station's trend of a parameter: the past year's lab results of that parameter there, each
 * with the analyser's average over the sampling time and the deviation. Nothing when there are none.
 */
export function LabResultsPanel({ entityId, paramName, paramLabel }: { entityId: number; paramName: string; paramLabel: string }) {
  const measurements = useMeasurements(entityId);
  const rows = (measurements.data?.items ?? []).flatMap((m) => m.values.filter((v) => v.paramName === paramName).map((v) => ({ m, v })));
  if (rows.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Text fw={600} component="h2" fz="md" m={0} mb="xs">
        Lab results of {paramLabel} at this station
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Lab results beside the trend">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sampled</Table.Th>
              <Table.Th>Lab result</Table.Th>
              <Table.Th>Analyser average</Table.Th>
              <Table.Th>Deviation</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.reverse().map(({ m, v }) => (
              <Table.Tr key={m.id}>
                <Table.Td>{formatInstant(m.sampledAt)}</Table.Td>
                <Table.Td>
                  {v.value} {v.unit}
                </Table.Td>
                <Table.Td>{v.continuousAverage === null ? '—' : `${formatIndian(v.continuousAverage, 2)} ${v.continuousUnit ?? ''}`}</Table.Td>
                <Table.Td>
                  <Deviation percent={v.deviationPercent} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Anchor component={Link} to={paths.app.documents.getHref({ tab: 'measurements', station: entityId })} size="sm">
        All lab results of this station
      </Anchor>
    </Paper>
  );
}
