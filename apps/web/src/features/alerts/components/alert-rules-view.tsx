import { stationTypeLabel } from '@/lib/labels';
import { useParamLabel } from '@/features/data';
import { Badge, Button, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ALERT_CONDITIONS, type AlertRule } from '@enviro/contracts/alerts';
import { formatIndian } from '@enviro/domain/format-number';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { useListParams } from '@/components/table/use-list-params';
import { collectStations } from '@/lib/stations';
import { notifyInfo } from '@/lib/notify';
import { useAlertRules } from '../api/get-alert-rules';
import { useEscalations } from '../api/escalations';
import { usePatchAlertRule } from '../api/save-alert-rule';
import { SeverityBadge } from './alert-badges';
import { COMPARISON_LABELS, CONDITION_LABELS } from './alert-labels';
import { AlertRuleFormModal } from './alert-rule-form-modal';
import { RuleConditionModal } from './rule-condition-modal';

/** What a rule watches, in words: 'PM 15-minute average above 50', 'Data loss for 30 min'. */
export function conditionText(r: AlertRule): string {
  const kind = CONDITION_LABELS[r.type];
  if (r.type === 'DATA_LOSS') return `${kind}: no reading for ${r.durationMinutes ?? '?'} min`;
  if (r.type === 'DATA_FILL') return kind;
  const limit = (v: number | null) => (v === null ? "the parameter's limit" : formatIndian(v));
  const side =
    r.comparison !== 'OUTSIDE'
      ? `${COMPARISON_LABELS[r.comparison]} ${limit(r.comparison === 'BELOW' ? r.thresholdMin : r.thresholdMax)}`
      : r.thresholdMin === null && r.thresholdMax === null
        ? "outside the parameter's limits"
        : `outside ${limit(r.thresholdMin)} – ${limit(r.thresholdMax)}`;
  return `${kind} ${side}${r.type === 'SUSTAINED' ? ` for ${r.durationMinutes ?? '?'} min` : ''}`;
}

/** SPEC 7 alert configuration of one industry: list, create and edit, enable or disable, change the condition. */
export function AlertRulesView({ tenantId }: { tenantId: number }) {
  const list = useListParams({ sort: 'name', size: 20 });
  const type = ALERT_CONDITIONS.find((c) => c === list.filter('type'));
  const status = list.filter('status') === 'ENABLED' || list.filter('status') === 'DISABLED' ? (list.filter('status') as 'ENABLED' | 'DISABLED') : undefined;
  const rules = useAlertRules({ tenantId, page: list.page, size: list.size, ...(type ? { type } : {}), ...(status ? { status } : {}) });
  const tree = useQuery(getEntityTreeQueryOptions(tenantId));
  const stations = useMemo(() => (tree.data ? collectStations(tree.data) : []), [tree.data]);
  const escalations = useEscalations(tenantId);
  const patch = usePatchAlertRule();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [changing, setChanging] = useState<AlertRule | null>(null);

  const setEnabled = (r: AlertRule, on: boolean) =>
    patch.mutate(
      { id: r.id, patch: [{ op: 'SET', att: 'status', value: on ? 'ENABLED' : 'DISABLED' }] },
      { onSuccess: (saved) => notifyInfo(`Rule ${saved.name} ${on ? 'enabled' : 'disabled'}.`) },
    );

  const paramLabel = useParamLabel();
  const columns: PagedColumn<AlertRule>[] = [
    {
      header: 'Name',
      wrap: true,
      cell: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {r.name}
          </Text>
          {r.isDefault && (
            <Badge size="xs" variant="outline" color="gray" style={{ minWidth: 'max-content' }}>
              CPCB default
            </Badge>
          )}
        </Group>
      ),
    },
    { header: 'Applies to', wrap: true, cell: (r) => r.nodeName ?? (r.categoryId ? `Every ${stationTypeLabel(r.categoryId)} station` : 'Every station') },
    { header: 'Parameters', wrap: true, cell: (r) => (r.paramNames.length ? r.paramNames.map(paramLabel).join(', ') : 'Every parameter with a limit') },
    { header: 'Condition', wrap: true, cell: conditionText },
    { header: 'Severity', cell: (r) => <SeverityBadge severity={r.severity} /> },
    {
      header: 'Enabled',
      cell: (r) => (
        <Switch
          aria-label={`Enable ${r.name}`}
          checked={r.status === 'ENABLED'}
          disabled={patch.isPending && patch.variables?.id === r.id}
          onChange={(e) => setEnabled(r, e.currentTarget.checked)}
        />
      ),
    },
    {
      header: 'Actions',
      sticky: true,
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="light" onClick={() => setEditing(r)} aria-label={`Edit ${r.name}`}>
            Edit
          </Button>
          <Button size="compact-xs" variant="light" color="gray" onClick={() => setChanging(r)} aria-label={`Change the condition of ${r.name}`}>
            Condition
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Alert rules</Title>
        <Button onClick={() => setEditing('new')}>New rule</Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Condition"
          placeholder="Every condition"
          clearable
          w={{ base: '100%', xs: 220 }}
          data={ALERT_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))}
          value={type ?? null}
          onChange={(v) => list.update({ type: v })}
        />
        <Select
          label="Status"
          placeholder="Enabled and disabled"
          clearable
          w={{ base: '100%', xs: 200 }}
          data={[{ value: 'ENABLED', label: 'Enabled' }, { value: 'DISABLED', label: 'Disabled' }]}
          value={status ?? null}
          onChange={(v) => list.update({ status: v })}
        />
      </Group>
      {patch.error && <Text c="red" size="sm">The rule could not be changed: {patch.error.message}</Text>}
      <PagedTable list={list} caption="Alert rules" columns={columns} query={rules} what="alert rules" rowKey={(r) => r.id} emptyText="No rule yet." />
      {editing && (
        <AlertRuleFormModal
          tenantId={tenantId}
          rule={editing === 'new' ? null : editing}
          stations={stations}
          escalations={escalations.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {changing && <RuleConditionModal rule={changing} onClose={() => setChanging(null)} />}
    </Stack>
  );
}
