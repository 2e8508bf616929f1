import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** Label of the confirming button, e.g. 'Delete'. */
  confirmLabel: string;
  /** Red for destructive actions. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that changes data; the action runs only on the confirming button. */
export function ConfirmModal({ opened, title, children, confirmLabel, danger, loading, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
