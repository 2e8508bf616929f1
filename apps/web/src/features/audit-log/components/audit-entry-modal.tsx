import { Modal, ScrollArea, Table, Text } from '@mantine/core';
import type { AuditLogEntry } from '@enviro/contracts/audit-log';
import { auditDiff } from './audit-diff';

/** The before and after of one change, field by field, changed fields highlighted. */
export function AuditEntryModal({ entry, onClose }: { entry: AuditLogEntry; onClose: () => void }) {
  const rows = auditDiff(entry.before, entry.after);
  return (
    <Modal opened onClose={onClose} title={`${entry.action} ${entry.entity}`} size="xl">
      {rows.length === 0 ? (
        <Text c="dimmed">Nothing recorded.</Text>
      ) : (
        <ScrollArea type="auto">
          <Table aria-label="Before and after" miw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.field} bg={r.changed ? 'var(--mantine-color-yellow-light)' : undefined} data-changed={r.changed || undefined}>
                  <Table.Td fw={r.changed ? 600 : undefined}>{r.field}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{r.before}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{r.after}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
