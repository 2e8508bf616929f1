import { Alert, Modal, TextInput } from '@mantine/core';
import { CorporateInput, type CorporateDetail } from '@enviro/contracts/corporates';
import { useContractForm } from '@/components/form/use-contract-form';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useSaveCorporate } from '../api/save-corporate';

const LABELS = { name: 'Name', contactEmail: 'Contact email', contactPhone: 'Contact phone' };
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** Create (corporate null) or edit a corporate; checked before it is sent, the API's refusals under their inputs. */
export function CorporateFormModal({ corporate, onClose }: { corporate: CorporateDetail | null; onClose: () => void }) {
  const save = useSaveCorporate();
  const { form, general } = useContractForm({
    initialValues: { name: corporate?.name ?? '', contactEmail: corporate?.contactEmail ?? '', contactPhone: corporate?.contactPhone ?? '' },
    schema: CorporateInput,
    labels: LABELS,
    toInput: (v): CorporateInput => ({ name: v.name.trim(), contactEmail: orNull(v.contactEmail), contactPhone: orNull(v.contactPhone) }),
    error: save.error,
  });

  const submit = form.onSubmit((input) =>
    save.mutate(
      { id: corporate?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notifyInfo(corporate ? `Corporate ${saved.name} updated.` : `Corporate ${saved.name} created.`);
          onClose();
        },
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={corporate ? `Edit ${corporate.name}` : 'New corporate'}>
      <form onSubmit={submit} noValidate>
        {general && <Alert color="red" mb="sm">{general}</Alert>}
        <TextInput label={LABELS.name} required data-autofocus {...form.getInputProps('name')} />
        <TextInput mt="sm" label={LABELS.contactEmail} type="email" {...form.getInputProps('contactEmail')} />
        <TextInput mt="sm" label={LABELS.contactPhone} type="tel" {...form.getInputProps('contactPhone')} />
        <FormActions label={corporate ? 'Save' : 'Create'} onCancel={onClose} submitting={save.isPending} />
      </form>
    </Modal>
  );
}
