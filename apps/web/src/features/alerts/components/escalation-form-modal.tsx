import { ActionIcon, Alert, Button, Checkbox, Fieldset, Group, Modal, MultiSelect, NumberInput, SimpleGrid, TagsInput, Text, TextInput } from '@mantine/core';
import { EscalationInput, type Escalation } from '@enviro/contracts/alerts';
import { useContractForm } from '@/components/form/use-contract-form';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useSaveEscalation } from '../api/escalations';

const ROLES = [
  { value: 'admin', label: 'Administrators' },
  { value: 'user', label: 'Users' },
];
/** A board's users have its own role too (the CPCB default names it). */
const BOARD_ROLES = [ROLES[0]!, { value: 'statutory', label: 'Board officers' }, ROLES[1]!];

interface LevelValues {
  delayMinutes: number | '';
  repeatMinutes: number | '';
  industryRoles: string[];
  corporateRoles: string[];
  statutoryRoles: string[];
  cpcb: boolean;
  /** Named users (kept as they are: the form does not edit them). */
  userIds: number[];
  emails: string[];
  phones: string[];
  webhooks: string[];
}

interface EscalationValues {
  [key: string]: unknown;
  name: string;
  isDefault: boolean;
  levels: LevelValues[];
}

const NEW_LEVEL: LevelValues = {
  delayMinutes: 0,
  repeatMinutes: 60,
  industryRoles: ['admin', 'user'],
  corporateRoles: [],
  statutoryRoles: [],
  cpcb: false,
  userIds: [],
  emails: [],
  phones: [],
  webhooks: [],
};

const toLevel = (l: Escalation['levels'][number]): LevelValues => ({
  delayMinutes: l.delayMinutes,
  repeatMinutes: l.repeatMinutes ?? '',
  industryRoles: l.recipients.industryRoles,
  corporateRoles: l.recipients.corporateRoles,
  statutoryRoles: l.recipients.statutoryRoles,
  cpcb: l.recipients.cpcb,
  userIds: l.recipients.userIds,
  emails: l.recipients.emails,
  phones: l.recipients.phones,
  webhooks: l.recipients.webhooks,
});

/** Create (policy null) or edit an escalation policy: levels with a delay, a repeat interval until acknowledged, and recipients. */
export function EscalationFormModal({ tenantId, policy, onClose }: { tenantId: number; policy: Escalation | null; onClose: () => void }) {
  const save = useSaveEscalation();
  const { form, general } = useContractForm({
    initialValues: {
      name: policy?.name ?? '',
      isDefault: policy?.isDefault ?? false,
      levels: policy ? policy.levels.map(toLevel) : [NEW_LEVEL],
    } as EscalationValues,
    schema: EscalationInput,
    labels: { name: 'Name', isDefault: 'Default policy', levels: 'Levels' },
    toInput: (v): EscalationInput => ({
      tenantId,
      name: v.name.trim(),
      isDefault: v.isDefault,
      levels: v.levels.map((l) => ({
        delayMinutes: l.delayMinutes === '' ? 0 : l.delayMinutes,
        repeatMinutes: l.repeatMinutes === '' ? null : l.repeatMinutes,
        recipients: {
          industryRoles: l.industryRoles,
          corporateRoles: l.corporateRoles,
          statutoryRoles: l.statutoryRoles,
          cpcb: l.cpcb,
          userIds: l.userIds,
          emails: l.emails,
          phones: l.phones,
          webhooks: l.webhooks,
        },
      })),
    }),
    error: save.error,
  });

  const submit = form.onSubmit((input) =>
    save.mutate(
      { id: policy?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notifyInfo(policy ? `Escalation ${saved.name} updated.` : `Escalation ${saved.name} created.`);
          onClose();
        },
      },
    ),
  );
  const level = (i: number, name: keyof LevelValues) => form.getInputProps(`levels.${i}.${name}`);

  return (
    <Modal opened onClose={onClose} title={policy ? `Edit ${policy.name}` : 'New escalation'} size="xl">
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Checkbox mt="sm" label="The industry's default (rules without an escalation use it)" {...form.getInputProps('isDefault', { type: 'checkbox' })} />
        {form.errors.levels && (
          <Text c="red" size="sm" mt="sm">
            {form.errors.levels}
          </Text>
        )}
        {form.values.levels.map((_, i) => (
          <Fieldset key={i} mt="md" legend={`Level ${i + 1}`}>
            <Group justify="flex-end" mt={-8}>
              {form.values.levels.length > 1 && (
                <ActionIcon variant="subtle" color="red" aria-label={`Remove level ${i + 1}`} onClick={() => form.removeListItem('levels', i)}>
                  ×
                </ActionIcon>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NumberInput label="Starts after (minutes)" min={0} max={10_080} allowDecimal={false} {...level(i, 'delayMinutes')} />
              <NumberInput
                label="Repeats every (minutes) until acknowledged"
                placeholder="Told once"
                min={1}
                max={10_080}
                allowDecimal={false}
                {...level(i, 'repeatMinutes')}
              />
              <MultiSelect label="The industry's" placeholder="Nobody" data={ROLES} clearable {...level(i, 'industryRoles')} />
              <MultiSelect label="Its corporate's" placeholder="Nobody" data={ROLES} clearable {...level(i, 'corporateRoles')} />
              <MultiSelect label="Its statutory bodies' (SPCB)" placeholder="Nobody" data={BOARD_ROLES} clearable {...level(i, 'statutoryRoles')} />
              <Checkbox mt={{ base: 0, xs: 28 }} label="CPCB" {...form.getInputProps(`levels.${i}.cpcb`, { type: 'checkbox' })} />
              <TagsInput label="E-mail addresses" placeholder="Type and press Enter" {...level(i, 'emails')} />
              <TagsInput label="Phone numbers (SMS)" placeholder="+919876543210" {...level(i, 'phones')} />
            </SimpleGrid>
            <TagsInput mt="sm" label="Webhooks (a JSON POST per alert)" placeholder="https://…" {...level(i, 'webhooks')} />
          </Fieldset>
        ))}
        <Button
          mt="sm"
          variant="light"
          disabled={form.values.levels.length >= 5}
          onClick={() => form.insertListItem('levels', { ...NEW_LEVEL, delayMinutes: 30 * form.values.levels.length, industryRoles: [], userIds: [] })}
        >
          Add a level
        </Button>
        <FormActions label={policy ? 'Save' : 'Create'} onCancel={onClose} submitting={save.isPending} />
      </form>
    </Modal>
  );
}
