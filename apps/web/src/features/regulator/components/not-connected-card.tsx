import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { NotConnectedTenants } from '@enviro/contracts/regulator';
import type { z } from 'zod';
import { formatIndian } from '@enviro/domain/format-number';
import { paths } from '@/config/paths';
import { formatAt } from './format';

type Row = z.infer<typeof NotConnectedTenants>[number];

/** The list names a few; a board's table lists its own first. */
const SHOWN = 5;

const REASONS: Record<Row['reason'], (r: Row) => string> = {
  NO_MAPPING: () => 'mapped to no regulator connection',
  DISABLED: () => 'every mapping or connection is disabled',
  STOPPED: (r) => `stopped ${formatAt(r.since)} by a configuration error: ${r.detail ?? ''}`,
  FAILING: (r) => `records waiting since ${formatAt(r.since)}, nothing accepted since`,
};

/** SPEC 7 actionable task: industries with stations that should report and no working connection, each opening its page. */
export function NotConnectedCard({ rows }: { rows: readonly Row[] }) {
  if (rows.length === 0) return null;
  return (
    <Alert color="orange" title={`${formatIndian(rows.length, 0)} ${rows.length === 1 ? 'industry does' : 'industries do'} not reach the regulator`}>
      <List size="sm" spacing={2}>
        {rows.slice(0, SHOWN).map((r) => (
          <List.Item key={r.tenantId}>
            <Anchor component={Link} to={paths.app.regulatorIndustry.getHref(r.tenantId)} size="sm" fw={600}>
              {r.tenantName}
            </Anchor>{' '}
            <Text span size="sm">
              ({formatIndian(r.stations, 0)} reporting station{r.stations === 1 ? '' : 's'}): {REASONS[r.reason](r)}
            </Text>
          </List.Item>
        ))}
      </List>
      {rows.length > SHOWN && (
        <Text size="sm" mt={4}>
          and {formatIndian(rows.length - SHOWN, 0)} more.
        </Text>
      )}
    </Alert>
  );
}
