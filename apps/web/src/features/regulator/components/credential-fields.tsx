import { Button, Group, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import type { RegulatorProtocol } from '@enviro/contracts/regulator';
import { CREDENTIAL_LABELS, PROTOCOL_CREDENTIALS, type CredentialDraft, type CredentialName } from './credentials';

interface CredentialFieldsProps {
  protocol: RegulatorProtocol;
  /** Which credentials the server has stored (never their values). */
  set: readonly CredentialName[];
  draft: CredentialDraft;
  onChange: (draft: CredentialDraft) => void;
  error?: string | undefined;
}

/**
 * The protocol's credentials, entered but never shown back: a stored one says so and stays unless
 * a new value is typed or it is cleared.
 */
export function CredentialFields({ protocol, set, draft, onChange, error }: CredentialFieldsProps) {
  const type = (name: CredentialName, value: string) => onChange({ ...draft, values: { ...draft.values, [name]: value } });
  const toggleClear = (name: CredentialName) =>
    onChange({ ...draft, cleared: draft.cleared.includes(name) ? draft.cleared.filter((n) => n !== name) : [...draft.cleared, name] });
  return (
    <Stack gap="xs">
      {PROTOCOL_CREDENTIALS[protocol].map((name) => {
        const stored = set.includes(name);
        const clearing = draft.cleared.includes(name);
        const description = clearing ? 'Will be removed on save' : stored ? 'Stored (not shown). Leave empty to keep it.' : 'Not set';
        const props = {
          label: CREDENTIAL_LABELS[name],
          description,
          value: draft.values[name] ?? '',
          autoComplete: 'new-password',
          placeholder: stored && !clearing ? '••••••••' : '',
          onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => type(name, e.currentTarget.value),
        };
        return (
          <Group key={name} align="flex-end" gap="xs" wrap="nowrap">
            {name === 'publicKey' ? <Textarea {...props} autosize minRows={2} maxRows={6} style={{ flex: 1 }} styles={{ input: { fontFamily: 'monospace' } }} /> : <PasswordInput {...props} style={{ flex: 1 }} />}
            {stored && (
              <Button variant="subtle" color={clearing ? 'gray' : 'red'} size="xs" onClick={() => toggleClear(name)}>
                {clearing ? 'Keep' : 'Clear'}
              </Button>
            )}
          </Group>
        );
      })}
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}
