import { Alert, Anchor, Badge, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { Consent, ConsentKind, ConsentLimit } from '@enviro/contracts/consents';
import { ConfirmModal } from '@/components/confirm-modal';
import { DayInput } from '@/components/date-picker/day-input';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { formatDayKey } from '@/lib/dates';
import { notifyInfo } from '@/lib/notify';
import type { Station } from '@/lib/stations';
import { useAddConsent, useConsentAlertRules, useConsents, useDeleteConsent } from '../api/consents';
import { documentFileHref } from '../api/documents';
import { standingBadge } from './document-labels';

interface ConsentsTabProps {
  tenantId: number;
  stations: readonly Station[];
  canEdit: boolean;
}

/** The industry's consents (CTO, NOC) with their expiry, soonest first; a new one; its limits made alert rules. */
export function ConsentsTab({ tenantId, stations, canEdit }: ConsentsTabProps) {
  const consents = useConsents(tenantId);
  const rules = useConsentAlertRules();
  const remove = useDeleteConsent();
  const [deleting, setDeleting] = useState<Consent | null>(null);
  if (consents.isError) return <LoadFailed what="The consents" onRetry={() => void consents.refetch()} />;
  if (!consents.data) return <Loading />;
  const items = consents.data.items;
  return (
    <Stack>
      {canEdit && <ConsentForm tenantId={tenantId} stations={stations} />}
      {rules.error && <Alert color="red">{rules.error.message}</Alert>}
      {items.length === 0 ? (
        <Text c="dimmed">No consents recorded yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Consents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Consent</Table.Th>
                <Table.Th>Of</Table.Th>
                <Table.Th>Issued by</Table.Th>
                <Table.Th>Valid</Table.Th>
                <Table.Th>Expiry</Table.Th>
                <Table.Th>Consented limits</Table.Th>
                {canEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((c) => {
                const badge = standingBadge(c.standing, c.daysLeft);
                return (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      {c.kind} {c.documentId === null ? c.number : <Anchor href={documentFileHref(c.documentId)}>{c.number}</Anchor>}
                    </Table.Td>
                    <Table.Td>{c.entityName ?? 'The industry'}</Table.Td>
                    <Table.Td>{c.issuedBy}</Table.Td>
                    <Table.Td>
                      {formatDayKey(c.issuedOn)} to {formatDayKey(c.expiresOn)}
                    </Table.Td>
                    <Table.Td>
                      {/* Wrapped, not cut: "Expired 10 days ago" is the point of the column. */}
                      <Badge color={badge.color} h="auto" py={2} styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}>
                        {badge.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{c.limits.length === 0 ? '—' : c.limits.map((l) => `${l.paramName} ≤ ${l.maxValue} ${l.unit}`).join(', ')}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {c.limits.length > 0 && (
                            <Button
                              size="xs"
                              variant="light"
                              loading={rules.isPending && rules.variables === c.id}
                              onClick={() => rules.mutate(c.id, { onSuccess: (r) => notifyInfo(`${r.ruleIds.length} alert rule${r.ruleIds.length === 1 ? '' : 's'} made of the limits of ${c.kind} ${c.number}`) })}
                            >
                              Make alert rules
                            </Button>
                          )}
                          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(c)}>
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canEdit && (
        <Text size="sm" c="dimmed">
          Alert rules made of consented limits are listed with the others under <Anchor href={paths.admin.alertRules.getHref()}>Alert rules</Anchor>.
        </Text>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this consent?"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {deleting ? `${deleting.kind} ${deleting.number} and its reminders are deleted; its document, if any, stays.` : ''}
      </ConfirmModal>
    </Stack>
  );
}

/** A new consent: kind, number, board, validity, station and consented limits. */
function ConsentForm({ tenantId, stations }: { tenantId: number; stations: readonly Station[] }) {
  const add = useAddConsent();
  const [kind, setKind] = useState<ConsentKind>('CTO');
  const [number, setNumber] = useState('');
  const [issuedBy, setIssuedBy] = useState('');
  const [issuedOn, setIssuedOn] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [station, setStation] = useState<string | null>(null);
  const [limits, setLimits] = useState<ConsentLimit[]>([]);
  const field = (add.error as { field?: string } | null)?.field ?? '';
  const errorOf = (f: string) => (field === `body.${f}` ? add.error?.message.replace(/^body\.\w+: /, '') : undefined);
  const submit = () =>
    add.mutate(
      { tenantId, entityId: station === null ? null : Number(station), kind, number, issuedBy, issuedOn, expiresOn, limits },
      {
        onSuccess: () => {
          setNumber('');
          setLimits([]);
        },
      },
    );
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        Record a consent
      </Title>
      <Stack gap="xs">
        <Group grow align="flex-start" wrap="wrap">
          <Select label="Kind" data={[{ value: 'CTO', label: 'Consent to operate (CTO)' }, { value: 'NOC', label: 'No-objection certificate (NOC)' }]} value={kind} onChange={(v) => setKind((v as ConsentKind | null) ?? 'CTO')} allowDeselect={false} miw={200} />
          <TextInput label="Number" placeholder="RPCB/CTO/2026/12345" value={number} onChange={(e) => setNumber(e.currentTarget.value)} error={errorOf('number')} required miw={200} />
          <TextInput label="Issued by" placeholder="Rajasthan State Pollution Control Board" value={issuedBy} onChange={(e) => setIssuedBy(e.currentTarget.value)} error={errorOf('issuedBy')} required miw={200} />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <DayInput label="Issued on" value={issuedOn} onChange={setIssuedOn} error={errorOf('issuedOn')} required miw={160} />
          <DayInput label="Valid until" value={expiresOn} onChange={setExpiresOn} error={errorOf('expiresOn')} required miw={160} />
          <Select label="Of" placeholder="The whole industry" data={stations.map((s) => ({ value: String(s.id), label: s.name }))} value={station} onChange={setStation} clearable searchable miw={200} />
        </Group>
        {limits.map((l, i) => (
          <Group key={i} align="flex-end" wrap="wrap">
            <TextInput label="Parameter" placeholder="pm" value={l.paramName} onChange={(e) => setLimits(limits.map((x, j) => (j === i ? { ...x, paramName: e.currentTarget.value } : x)))} w={140} />
            <NumberInput label="At most" value={l.maxValue} min={0} onChange={(v) => setLimits(limits.map((x, j) => (j === i ? { ...x, maxValue: Number(v) } : x)))} w={120} />
            <TextInput label="Unit" placeholder="mg/Nm3" value={l.unit} onChange={(e) => setLimits(limits.map((x, j) => (j === i ? { ...x, unit: e.currentTarget.value } : x)))} w={120} />
            <Button variant="subtle" color="red" onClick={() => setLimits(limits.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </Group>
        ))}
        {add.error && !['body.number', 'body.issuedBy', 'body.issuedOn', 'body.expiresOn'].includes(field) && <Alert color="red">{add.error.message}</Alert>}
        <Group>
          <Button variant="light" onClick={() => setLimits([...limits, { paramName: '', maxValue: 0, unit: '' }])}>
            Add a consented limit
          </Button>
          <Button onClick={submit} loading={add.isPending} disabled={!number || !issuedBy || !issuedOn || !expiresOn}>
            Record
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
