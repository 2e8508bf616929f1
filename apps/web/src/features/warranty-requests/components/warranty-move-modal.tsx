import { Alert, Modal, Textarea } from '@mantine/core';
import { WarrantyPatch, type WarrantyRequest, type WarrantyStatus } from '@enviro/contracts/warranty-requests';
import { FormActions } from '@/components/form/form-actions';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyInfo } from '@/lib/notify';
import { useMoveWarranty } from '../api/warranty-requests';
import { WARRANTY_MOVE_LABELS, WARRANTY_STATUS_LABELS } from './warranty-labels';

/** One move of a warranty request; the comment goes to the thread. */
export function WarrantyMoveModal({ request, status, onClose }: { request: WarrantyRequest; status: WarrantyStatus; onClose: () => void }) {
  const move = useMoveWarranty(request.id);
  const { form, general } = useContractForm({
    initialValues: { comment: '' },
    schema: WarrantyPatch,
    labels: { comment: 'Comment' },
    toInput: (v) => ({ status, comment: v.comment.trim() }),
    error: move.error,
    check: (v) => (status === 'REJECTED' && v.comment.trim() === '' ? { comment: 'Say why the request is rejected' } : {}),
  });
  const submit = form.onSubmit((body) =>
    move.mutate(body, {
      onSuccess: () => {
        notifyInfo(`Warranty request ${request.id} is ${WARRANTY_STATUS_LABELS[status].toLowerCase()}.`);
        onClose();
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title={`${WARRANTY_MOVE_LABELS[status]}: warranty request ${request.id}`}>
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <Textarea label="Comment" required={status === 'REJECTED'} autosize minRows={2} maxLength={4000} data-autofocus {...form.getInputProps('comment')} />
        <FormActions label={WARRANTY_MOVE_LABELS[status]} onCancel={onClose} submitting={move.isPending} color={status === 'REJECTED' ? 'red' : undefined} />
      </form>
    </Modal>
  );
}
