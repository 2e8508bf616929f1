import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Escalation } from '@enviro/contracts/alerts';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { notifyInfo } from '@/lib/notify';
import { useDeleteEscalation, useEscalations } from '../api/escalations';
import { EscalationFormModal } from './escalation-form-modal';

type Recipients = Escalation['levels'][number]['recipients'];

const ROLE_WORDS: Record<string, string> = { admin: 'administrators', statutory: 'board officers', user: 'users' };
const roles = (list: readonly string[]) => {
  const words = list.map((r) => ROLE_WORDS[r] ?? r);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
};

/** Whom a level tells, in words. */
export function recipientsText(r: Recipients): string {
  const parts = [
    r.industryRoles.length ? `the industry's ${roles(r.industryRoles)}` : '',
    r.corporateRoles.length ? `its corporate's ${roles(r.corporateRoles)}` : '',
    r.statutoryRoles.length ? `the ${roles(r.statutoryRoles)} of the boards it reports to` : '',
    r.cpcb ? "CPCB's users" : '',
    r.userIds.length ? `${r.userIds.length} named users` : '',
    ...r.emails,
    ...r.phones,
    ...r.webhooks.map((w) => `webhook ${w}`),
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'nobody';
}

/** SPEC 1 escalation management: an industry's policies, their levels, delays and repeats. */
export function EscalationsView({ tenantId }: { tenantId: number }) {
  const policies = useEscalations(tenantId);
  const remove = useDeleteEscalation();
  const [editing, setEditing] = useState<Escalation | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Escalation | null>(null);

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Escalations</Title>
        <Button onClick={() => setEditing('new')}>New escalation</Button>
      </Group>
      <Text c="dimmed" size="sm">
        An opened alert is told to each level after its delay, and again at its repeat interval until someone acknowledges it or it clears. Each
        person is told by the channels chosen on their account page: unless they changed them, e-mail, SMS (to a confirmed phone) and in-app,
        early warnings without SMS.
      </Text>
      {policies.isError ? (
        <LoadFailed what="The escalations" onRetry={() => void policies.refetch()} />
      ) : !policies.data ? (
        <Loading />
      ) : policies.data.length === 0 ? (
        <Text c="dimmed">
          No escalation yet: within five minutes the CPCB default is added, telling the industry's administrators and users, the users of the
          boards it reports to and CPCB's users at once and every hour until acknowledged.
        </Text>
      ) : (
        policies.data.map((p) => (
          <Paper key={p.id} withBorder p="md">
            <Group justify="space-between" wrap="wrap" mb="xs">
              <Group gap="xs">
                <Title order={3} fz="lg">
                  {p.name}
                </Title>
                {p.isDefault && <Badge variant="light">Default</Badge>}
              </Group>
              <Group gap="xs">
                <Button size="compact-sm" variant="light" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                  Edit
                </Button>
                <Button size="compact-sm" variant="light" color="red" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
                  Delete
                </Button>
              </Group>
            </Group>
            <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Levels of ${p.name}`}>
              {p.levels.map((l, i) => (
                <li key={i} style={{ borderTop: '1px solid var(--mantine-color-gray-2)', paddingTop: 6 }}>
                  <Text size="sm" fw={600}>
                    Level {i + 1}: {l.delayMinutes === 0 ? 'at once' : `after ${l.delayMinutes} min`},{' '}
                    {l.repeatMinutes === null ? 'told once' : `again every ${l.repeatMinutes} min until acknowledged`}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Tells {recipientsText(l.recipients)}
                  </Text>
                </li>
              ))}
            </Stack>
          </Paper>
        ))
      )}
      {editing && <EscalationFormModal tenantId={tenantId} policy={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifyInfo(`Escalation ${deleting.name} deleted.`);
              setDeleting(null);
            },
          })
        }
      >
        {remove.error ? `It could not be deleted: ${remove.error.message}` : 'Rules that use it fall back to the industry’s default escalation.'}
      </ConfirmModal>
    </Stack>
  );
}
