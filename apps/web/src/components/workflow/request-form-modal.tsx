import { Alert, Modal, Text } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormActions } from '@/components/form/form-actions';

interface RequestFormModalProps {
  title: string;
  /** What happens once the request is sent, above the fields. */
  intro: ReactNode;
  /** An error that names no field, above everything. */
  error: string | null | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}

/** The form a request is raised with (maintenance, correction, warranty): its modal, error, intro and actions. */
export function RequestFormModal({ title, intro, error, onSubmit, onClose, submitLabel, submitting, children }: RequestFormModalProps) {
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate>
        {error && (
          <Alert color="red" mb="sm">
            {error}
          </Alert>
        )}
        <Text size="sm" c="dimmed" mb="sm">
          {intro}
        </Text>
        {children}
        <FormActions label={submitLabel} onCancel={onClose} submitting={submitting} />
      </form>
    </Modal>
  );
}
