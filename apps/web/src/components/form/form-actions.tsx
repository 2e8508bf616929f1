import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  /** The submit button's words ('Save', 'Create', …). */
  label: string;
  onCancel: () => void;
  /** The request is on its way: the submit button spins. */
  submitting?: boolean;
  /** The submit button's colour where it is not the default (red for a destructive action). */
  color?: string | undefined;
}

/** The last row of a form in a modal: Cancel, then the button that submits the form. */
export function FormActions({ label, onCancel, submitting, color }: FormActionsProps) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" color={color} loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}
