import { Alert, Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CorporateDetail, CorporateInput } from '@enviro/contracts/corporates';
import { fieldErrors } from '@/components/form/field-errors';
import { notifyInfo } from '@/lib/notify';
import { useSaveCorporate } from '../api/save-corporate';

const FIELDS = ['name', 'contactEmail', 'contactPhone'] as const;
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** Create (corporate null) or edit a corporate; the API's field errors show under their inputs. */
export function CorporateFormModal({ corporate, onClose }: { corporate: CorporateDetail | null; onClose: () => void }) {
  const [values, setValues] = useState<CorporateInput>({
    name: corporate?.name ?? '',
    contactEmail: corporate?.contactEmail ?? null,
    contactPhone: corporate?.contactPhone ?? null,
  });
  const save = useSaveCorporate();
  const { byField, general } = fieldErrors(save.error, FIELDS);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: corporate?.id ?? null, input: values },
      {
        onSuccess: (saved) => {
          notifyInfo(corporate ? `Corporate ${saved.name} updated.` : `Corporate ${saved.name} created.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={corporate ? `Edit ${corporate.name}` : 'New corporate'}>
      <form onSubmit={submit} noValidate>
        {general && <Alert color="red" mb="sm">{general}</Alert>}
        <TextInput label="Name" required data-autofocus value={values.name} error={byField.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} />
        <TextInput
          mt="sm"
          label="Contact email"
          type="email"
          value={values.contactEmail ?? ''}
          error={byField.contactEmail}
          onChange={(e) => setValues({ ...values, contactEmail: orNull(e.currentTarget.value) })}
        />
        <TextInput
          mt="sm"
          label="Contact phone"
          type="tel"
          value={values.contactPhone ?? ''}
          error={byField.contactPhone}
          onChange={(e) => setValues({ ...values, contactPhone: orNull(e.currentTarget.value) })}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {corporate ? 'Save' : 'Create'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
