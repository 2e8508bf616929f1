import { Alert, Modal, Text, Textarea } from '@mantine/core';
import { ChangeRequestPatch, type ChangeRequest, type ChangeRequestStatus } from '@enviro/contracts/change-requests';
import { FormActions } from '@/components/form/form-actions';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyInfo } from '@/lib/notify';
import { useMoveChangeRequest } from '../api/change-requests';
import { MOVE_LABELS, requestName, STATUS_LABELS } from './change-request-labels';

const EXPLAIN: Partial<Record<ChangeRequestStatus, string>> = {
  UNDER_REVIEW: 'The industry is told you are looking at it; it can no longer change the request.',
  APPROVED: 'An approved maintenance window counts as maintenance in every figure: no exceedance alerts, left out of availability and compliance, flagged to the regulator.',
  REJECTED: 'Say why, so the industry can ask again.',
  WITHDRAWN: 'The board is told the request is withdrawn; it cannot be approved afterwards.',
  CLOSED: 'Files the decided request away.',
};

/** One move of a request with a comment; the other party is mailed. */
export function MoveModal({ request, status, onClose }: { request: ChangeRequest; status: ChangeRequestStatus; onClose: () => void }) {
  const move = useMoveChangeRequest(request.id);
  const { form, general } = useContractForm({
    initialValues: { comment: '' },
    schema: ChangeRequestPatch,
    labels: { comment: 'Comment' },
    toInput: (v) => ({ status, comment: v.comment.trim() }),
    error: move.error,
    check: (v) => (status === 'REJECTED' && v.comment.trim() === '' ? { comment: 'Say why the request is rejected' } : {}),
  });
  const submit = form.onSubmit((body) =>
    move.mutate(body, {
      onSuccess: () => {
        notifyInfo(`The ${requestName(request)} is ${STATUS_LABELS[status].toLowerCase()}.`);
        onClose();
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title={`${MOVE_LABELS[status]}: ${requestName(request)}`}>
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        {EXPLAIN[status] && (
          <Text size="sm" c="dimmed" mb="sm">
            {EXPLAIN[status]}
          </Text>
        )}
        <Textarea label="Comment" required={status === 'REJECTED'} autosize minRows={2} maxLength={4000} data-autofocus {...form.getInputProps('comment')} />
        <FormActions label={MOVE_LABELS[status]} onCancel={onClose} submitting={move.isPending} color={status === 'REJECTED' || status === 'WITHDRAWN' ? 'red' : undefined} />
      </form>
    </Modal>
  );
}
