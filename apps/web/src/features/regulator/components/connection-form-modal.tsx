import { Alert, Divider, Modal, NumberInput, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { RegulatorConnectionInput, RegulatorProtocol, type RegulatorConnection } from '@enviro/contracts/regulator';
import { useTenants } from '@/features/tenants';
import { useContractForm } from '@/components/form/use-contract-form';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useSaveConnection } from '../api/save-connection';
import { CredentialFields } from './credential-fields';
import { credentialsInput, emptyDraft } from './credentials';
import { PROTOCOL_LABELS } from './format';

const LABELS = {
  statutoryId: 'Statutory body',
  name: 'Name',
  protocol: 'Protocol',
  url: 'URL',
  enabled: 'Enabled',
  backfillDays: 'Back-fill limit (days)',
  credentials: 'Credentials',
};

const PROTOCOLS = RegulatorProtocol.options.map((p) => ({ value: p, label: PROTOCOL_LABELS[p] }));

function initial(c: RegulatorConnection | null) {
  return {
    statutoryId: c ? String(c.statutoryId) : null as string | null,
    name: c?.name ?? '',
    protocol: c?.protocol ?? 'CPCB_ODAMS',
    url: c?.url ?? '',
    enabled: c?.enabled ?? true,
    backfillDays: (c?.backfillDays ?? 7) as number | string,
    credentials: emptyDraft(),
  };
}
type Values = ReturnType<typeof initial>;

function toInput(v: Values): RegulatorConnectionInput {
  const credentials = credentialsInput(v.credentials, v.protocol);
  return {
    statutoryId: v.statutoryId === null ? Number.NaN : Number(v.statutoryId),
    name: v.name.trim(),
    protocol: v.protocol,
    url: v.url.trim(),
    enabled: v.enabled,
    backfillDays: typeof v.backfillDays === 'number' ? v.backfillDays : Number.NaN,
    ...(credentials ? { credentials } : {}),
  };
}

/** Create or edit a regulator endpoint; credentials are entered here and never shown back. */
export function ConnectionFormModal({ connection, onClose }: { connection: RegulatorConnection | null; onClose: () => void }) {
  const save = useSaveConnection();
  const boards = useTenants({ type: 'statutory', size: 200, sort: 'name' });
  const { form, general } = useContractForm({ initialValues: initial(connection), schema: RegulatorConnectionInput, labels: LABELS, toInput, error: save.error });
  // Switching protocol shows other credentials; what was typed for the old one is not sent.
  const [protocol, setProtocol] = useState(form.values.protocol);

  const submit = form.onSubmit((input) =>
    save.mutate(
      { id: connection?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notifyInfo(connection ? `Connection ${saved.name} saved.` : `Connection ${saved.name} created.`);
          onClose();
        },
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={connection ? `Edit ${connection.name}` : 'New regulator connection'} size="lg">
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={LABELS.statutoryId}
            required
            searchable
            data={(boards.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            {...form.getInputProps('statutoryId')}
          />
          <TextInput label={LABELS.name} required placeholder="CPCB ODAMS" {...form.getInputProps('name')} />
          <Select
            label={LABELS.protocol}
            data={PROTOCOLS}
            allowDeselect={false}
            {...form.getInputProps('protocol')}
            onChange={(value) => {
              const next = (value ?? 'CPCB_ODAMS') as Values['protocol'];
              form.setFieldValue('protocol', next);
              setProtocol(next);
            }}
          />
          <NumberInput label={LABELS.backfillDays} min={1} max={90} allowDecimal={false} {...form.getInputProps('backfillDays')} />
        </SimpleGrid>
        <TextInput mt="sm" label={LABELS.url} required placeholder="https://" {...form.getInputProps('url')} />
        <Switch mt="md" label="Enabled: records are queued and pushed" {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Divider my="md" label="Credentials" labelPosition="left" />
        <Text size="xs" c="dimmed" mb="xs">
          Used for every industry on this connection unless its mapping has its own. Stored encrypted; never shown again.
        </Text>
        <CredentialFields
          protocol={protocol}
          set={connection?.credentialsSet ?? []}
          draft={form.values.credentials}
          onChange={(d) => form.setFieldValue('credentials', d)}
          error={form.errors.credentials as string | undefined}
        />
        <FormActions label={connection ? 'Save' : 'Create'} onCancel={onClose} submitting={save.isPending} />
      </form>
    </Modal>
  );
}
