import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { WarrantyCommentInput, type WarrantyRequest, type WarrantyStatus } from '@enviro/contracts/warranty-requests';
import { useContractForm } from '@/components/form/use-contract-form';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { RequestFacts, RequestHead, RequestNotFound } from '@/components/workflow/request-parts';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatInstant } from '@/lib/dates';
import { getWarrantyRequestQueryOptions, useAddWarrantyComment } from '../api/warranty-requests';
import { OverdueBadge, WarrantyStatusBadge } from './warranty-badges';
import { responseText, slaText, WARRANTY_MOVE_LABELS, WARRANTY_STATUS_LABELS } from './warranty-labels';
import { WarrantyMoveModal } from './warranty-move-modal';

/** One warranty request: facts and SLA, the comment thread, the caller's moves and a comment box. */
export function WarrantyRequestView({ id, mayComment }: { id: number; mayComment: boolean }) {
  const valid = Number.isInteger(id) && id > 0;
  const request = useQuery({ ...getWarrantyRequestQueryOptions(id), enabled: valid });
  if (!valid || (request.error instanceof ApiError && request.error.status === 404)) {
    return <RequestNotFound title="Warranty request not found" text="There is no such warranty request among those you read." backHref={paths.app.warrantyRequests.getHref()} backLabel="Back to warranty requests" />;
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
    ['Terms', `respond within ${w.responseHours} hours, resolve within ${w.slaHours} hours`],
    ['Respond by (IST)', `${formatInstant(w.respondBy)} (${responseText(w, formatInstant)})`],
    ['Resolve by (IST)', `${formatInstant(w.dueAt)} (${slaText(w)})`],
  ];
  return (
    <Stack>
      <RequestHead
        backHref={paths.app.warrantyRequests.getHref()}
        backLabel="Warranty requests"
        badges={
          <>
            <WarrantyStatusBadge status={w.status} />
            {w.overdue && <OverdueBadge w={w} />}
          </>
        }
        title={`Warranty request ${w.id}: ${w.device}`}
        text={w.fault}
        moves={w.moves.map((m) => ({ status: m, label: WARRANTY_MOVE_LABELS[m], main: m === 'RESOLVED' || m === 'CLOSED', danger: m === 'REJECTED' }))}
        onMove={setMove}
      />
      <RequestFacts facts={facts} columns={4} documents={w.photos} documentsLabel="Photos" />
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
