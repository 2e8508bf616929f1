import { Alert, Modal, Text, Textarea } from '@mantine/core';
import { AlertAcknowledge, AlertClose } from '@enviro/contracts/alerts';
import { useContractForm } from '@/components/form/use-contract-form';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useAlertAction, useBulkAcknowledge } from '../api/act-on-alert';

/**
 * What the modal does: acknowledge one or several alerts (optional comment), or close one (reason
 * required); `what` names them in a sentence ('the PM alert at Kiln Stack', alertName; '3 alerts').
 */
export type AlertActionTarget = { kind: 'acknowledge'; ids: readonly number[]; what: string } | { kind: 'close'; id: number; what: string };

const sentenceStart = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Acknowledge (stops escalation) or close with a comment; bulk when several ids are given. */
export function AlertActionModal({ target, onClose, onDone }: { target: AlertActionTarget; onClose: () => void; onDone?: () => void }) {
  const one = useAlertAction();
  const bulk = useBulkAcknowledge();
  const closing = target.kind === 'close';
  const pending = one.isPending || bulk.isPending;
  // The one text field is the contract's: 'reason' to close, 'comment' to acknowledge.
  const field = closing ? 'reason' : 'comment';
  const { form, general } = useContractForm({
    initialValues: { [field]: '' } as Record<string, string>,
    schema: closing ? AlertClose : AlertAcknowledge,
    labels: { [field]: closing ? 'Reason' : 'Comment' },
    toInput: (v): { reason: string } | { comment?: string } => {
      const text = (v[field] ?? '').trim();
      return closing ? { reason: text } : text === '' ? {} : { comment: text };
    },
    error: one.error ?? bulk.error,
  });

  const done = (message: string) => {
    notifyInfo(message);
    onDone?.();
    onClose();
  };

  const submit = form.onSubmit((body) => {
    if (target.kind === 'close') {
      one.mutate({ kind: 'close', id: target.id, body: body as AlertClose }, { onSuccess: () => done(`${sentenceStart(target.what)} is closed.`) });
    } else if (target.ids.length === 1) {
      one.mutate({ kind: 'acknowledge', id: target.ids[0]!, body: body as AlertAcknowledge }, { onSuccess: () => done(`${sentenceStart(target.what)} is acknowledged: nobody else is told again.`) });
    } else {
      const n = target.ids.length;
      bulk.mutate(
        { ids: [...target.ids], ...(body as AlertAcknowledge) },
        { onSuccess: (r) => done(`${r.acknowledged} of ${n} alerts are acknowledged${r.acknowledged < n ? ' (the others were no longer open)' : ''}.`) },
      );
    }
  });

  return (
    <Modal opened onClose={onClose} title={closing ? `Close ${target.what}` : `Acknowledge ${target.what}`}>
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <Text size="sm" c="dimmed" mb="sm">
          {closing ? 'A closed alert stops escalating and leaves the active list. Say why it is closed.' : 'Acknowledging stops the escalation: nobody else is told again.'}
        </Text>
        <Textarea
          label={closing ? 'Reason' : 'Comment'}
          required={closing}
          autosize
          minRows={2}
          maxLength={1000}
          data-autofocus
          {...form.getInputProps(field)}
        />
        <FormActions label={closing ? 'Close alert' : 'Acknowledge'} onCancel={onClose} submitting={pending} color={closing ? 'red' : undefined} />
      </form>
    </Modal>
  );
}
