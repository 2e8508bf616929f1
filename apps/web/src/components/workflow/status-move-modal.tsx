import { Alert, Modal, Text, Textarea } from '@mantine/core';
import type { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyInfo } from '@/lib/notify';

/** A move's mutation as the modal drives it: TanStack Query's `mutate`, its pending state and error. */
export interface MoveMutation<S extends string> {
  mutate: (body: { status: S; comment: string }, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
}

/**
 * One move of a request through its workflow (change requests, warranty requests): a comment for the
 * other party (required to reject), what the move does, and the button named for it. The other
 * party is told by mail; `done` is the notice once it went through.
 */
export function StatusMoveModal<S extends string>({
  status,
  title,
  action,
  explain,
  done,
  schema,
  move,
  danger = false,
  onClose,
}: {
  status: S;
  title: string;
  /** The button's words, e.g. "Approve". */
  action: string;
  explain?: string | undefined;
  /** The notice once moved, e.g. "Warranty request 4 is resolved." */
  done: string;
  /** The PATCH body's contract ({ status, comment }). */
  schema: z.ZodType;
  move: MoveMutation<S>;
  danger?: boolean;
  onClose: () => void;
}) {
  const rejecting = status === 'REJECTED';
  const { form, general } = useContractForm({
    initialValues: { comment: '' },
    schema,
    labels: { comment: 'Comment' },
    toInput: (v) => ({ status, comment: v.comment.trim() }),
    error: move.error,
    check: (v) => (rejecting && v.comment.trim() === '' ? { comment: 'Say why the request is rejected' } : {}),
  });
  const submit = form.onSubmit((body) =>
    move.mutate(body, {
      onSuccess: () => {
        notifyInfo(done);
        onClose();
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        {explain && (
          <Text size="sm" c="dimmed" mb="sm">
            {explain}
          </Text>
        )}
        <Textarea label="Comment" required={rejecting} autosize minRows={2} maxLength={4000} data-autofocus {...form.getInputProps('comment')} />
        <FormActions label={action} onCancel={onClose} submitting={move.isPending} color={danger || rejecting ? 'red' : undefined} />
      </form>
    </Modal>
  );
}
