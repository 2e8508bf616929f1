import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { WarrantyCommentInput, type WarrantyRequest, type WarrantyStatus } from '@enviro/contracts/warranty-requests';
import { useContractForm } from '@/components/form/use-contract-form';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatInstant } from '@/lib/dates';
import { getWarrantyRequestQueryOptions, useAddWarrantyComment } from '../api/warranty-requests';
import { OverdueBadge, WarrantyStatusBadge } from './warranty-badges';
import { slaText, WARRANTY_MOVE_LABELS, WARRANTY_STATUS_LABELS } from './warranty-labels';
import { WarrantyMoveModal } from './warranty-move-modal';

/** One warranty request: facts and SLA, the comment thread, the caller's moves and a comment box. */
export function WarrantyRequestView({ id, mayComment }: { id: number; mayComment: boolean }) {
  const valid = Number.isInteger(id) && id > 0;
  const request = useQuery({ ...getWarrantyRequestQueryOptions(id), enabled: valid });
  if (!valid || (request.error instanceof ApiError && request.error.status === 404)) {
    return (
      <Stack>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Warranty request not found
        </Title>
        <Text>There is no such warranty request among those you read.</Text>
        <Anchor component={Link} to={paths.app.warrantyRequests.getHref()}>
          Back to warranty requests
        </Anchor>
      </Stack>
    );
  }
  if (request.isError) return <LoadFailed what="The warranty request" onRetry={() => void request.refetch()} />;
  if (!request.data) return <Loading />;
  return <RequestPage w={request.data} mayComment={mayComment} />;
}

function RequestPage({ w, mayComment }: { w: WarrantyRequest; mayComment: boolean }) {
  const [move, setMove] = useState<WarrantyStatus | null>(null);
  const facts: [string, string][] = [
    ['Industry', w.industry],
    ['Device', w.station ? `${w.device} (${w.station})` : w.device],
    ['Serial number', w.serialNo],
    ['Service partner', w.partner],
    ['Raised', `${w.raisedBy}, ${formatInstant(w.createdAt)}`],
    ['Terms', `resolved within ${w.slaHours} hours`],
    ['Due (IST)', formatInstant(w.dueAt)],
    ['Time left', slaText(w)],
  ];
  return (
    <Stack>
      <Anchor component={Link} to={paths.app.warrantyRequests.getHref()} size="sm">
        ← Warranty requests
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap={4}>
            <WarrantyStatusBadge status={w.status} />
            {w.overdue && <OverdueBadge />}
          </Group>
          <Title order={1} fz={{ base: 22, sm: 28 }} mt={4}>
            Warranty request {w.id}: {w.device}
          </Title>
          <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{w.fault}</Text>
        </div>
        {w.moves.length > 0 && (
          <Group gap="xs">
            {w.moves.map((m) => (
              <Button key={m} variant={m === 'RESOLVED' || m === 'CLOSED' ? 'filled' : 'default'} color={m === 'REJECTED' ? 'red' : undefined} onClick={() => setMove(m)}>
                {WARRANTY_MOVE_LABELS[m]}
              </Button>
            ))}
          </Group>
        )}
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {w.photos.length > 0 && (
          <List size="sm" mt="sm">
            {w.photos.map((p) => (
              <List.Item key={p.id}>{p.fileName}</List.Item>
            ))}
          </List>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} fz="lg" mb="xs">
          Comments
        </Title>
        {w.comments.length === 0 ? (
          <Text c="dimmed" size="sm">
            No comment yet.
          </Text>
        ) : (
          <Stack gap="sm">
            {w.comments.map((c) => (
              <div key={c.id}>
                <Text size="xs" c="dimmed">
                  {c.author}, {formatInstant(c.at)} IST{c.status ? ` — made it ${WARRANTY_STATUS_LABELS[c.status].toLowerCase()}` : ''}
                </Text>
                {c.body && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    {c.body}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        )}
        {mayComment && w.status !== 'CLOSED' && <CommentForm id={w.id} />}
      </Paper>
      {move && <WarrantyMoveModal request={w} status={move} onClose={() => setMove(null)} />}
    </Stack>
  );
}

function CommentForm({ id }: { id: number }) {
  const add = useAddWarrantyComment(id);
  const { form, general } = useContractForm({
    initialValues: { comment: '' },
    schema: WarrantyCommentInput,
    labels: { comment: 'Comment' },
    toInput: (v) => ({ comment: v.comment.trim() }),
    error: add.error,
  });
  const submit = form.onSubmit((body) => add.mutate(body, { onSuccess: () => form.reset() }));
  return (
    <form onSubmit={submit} noValidate>
      {general && (
        <Alert color="red" my="sm">
          {general}
        </Alert>
      )}
      <Textarea mt="md" label="Comment" autosize minRows={2} maxLength={4000} {...form.getInputProps('comment')} />
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={add.isPending}>
          Add comment
        </Button>
      </Group>
    </form>
  );
}
