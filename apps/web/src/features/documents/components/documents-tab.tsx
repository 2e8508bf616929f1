import { Alert, Anchor, Button, FileInput, Group, Modal, Pagination, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { DOCUMENT_MAX_BYTES, DocumentType, type DocumentInfo } from '@enviro/contracts/documents';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { formatInstant } from '@/lib/dates';
import type { Station } from '@/lib/stations';
import { documentFileHref, useAddDocument, useDeleteDocument, useDocumentDetail, useDocuments, useReplaceDocument } from '../api/documents';
import { DOCUMENT_TYPE_LABELS, formatBytes } from './document-labels';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif,image/webp,.docx,.xlsx,.pptx';
const TYPE_OPTIONS = DocumentType.options.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }));

interface DocumentsTabProps {
  tenantId: number;
  stations: readonly Station[];
  canEdit: boolean;
  page: number;
  onPage: (page: number) => void;
  /** The document whose versions are open, from the URL. */
  openId: number | null;
  onOpen: (id: number | null) => void;
}

/** The industry's documents: upload, list with quota use, versions, replace and delete. */
export function DocumentsTab({ tenantId, stations, canEdit, page, onPage, openId, onOpen }: DocumentsTabProps) {
  const documents = useDocuments(tenantId, page);
  const stationName = (id: number | null) => (id === null ? 'The industry' : (stations.find((s) => s.id === id)?.name ?? `Station ${id}`));
  if (documents.isError) return <LoadFailed what="The documents" onRetry={() => void documents.refetch()} />;
  if (!documents.data) return <Loading />;
  const { items, total, size, usedBytes, quotaBytes } = documents.data;
  return (
    <Stack>
      {canEdit && <UploadForm tenantId={tenantId} stations={stations} />}
      <Text size="sm" c="dimmed">
        {total} document{total === 1 ? '' : 's'}, {formatBytes(usedBytes)} of the industry's {formatBytes(quotaBytes)} used (every version counts).
      </Text>
      {items.length === 0 ? (
        <Text c="dimmed">No documents yet.{canEdit ? ' Upload the consents, lab reports and certificates of the industry above.' : ''}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Documents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Of</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => onOpen(d.id)}>
                      {d.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{DOCUMENT_TYPE_LABELS[d.type]}</Table.Td>
                  <Table.Td>{stationName(d.entityId)}</Table.Td>
                  <Table.Td>
                    <Anchor href={documentFileHref(d.id)} download={d.fileName}>
                      {d.fileName}
                    </Anchor>{' '}
                    <Text span size="xs" c="dimmed">
                      {formatBytes(d.bytes)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.version}</Table.Td>
                  <Table.Td>{formatInstant(d.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > size && <Pagination total={Math.ceil(total / size)} value={page + 1} onChange={(p) => onPage(p - 1)} />}
      <VersionsModal id={openId} canEdit={canEdit} onClose={() => onOpen(null)} />
    </Stack>
  );
}

/** A file, its kind, the station it belongs to and a title. */
function UploadForm({ tenantId, stations }: { tenantId: number; stations: readonly Station[] }) {
  const add = useAddDocument();
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<DocumentType>('OTHER');
  const [station, setStation] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const tooLarge = file !== null && file.size > DOCUMENT_MAX_BYTES;
  const submit = () => {
    if (!file || tooLarge) return;
    add.mutate(
      { tenantId, entityId: station === null ? null : Number(station), type, title, file },
      {
        onSuccess: () => {
          setFile(null);
          setTitle('');
        },
      },
    );
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        Upload a document
      </Title>
      <Stack gap="xs">
        <FileInput
          label="File"
          description="PDF, image (PNG, JPEG, GIF, WebP) or Word, Excel, PowerPoint file, at most 25 MB"
          placeholder="Choose a file"
          accept={ACCEPT}
          value={file}
          onChange={setFile}
          clearable
          error={tooLarge ? `This file is ${formatBytes(file.size)}; a document may be at most 25 MB.` : undefined}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select label="Kind" data={TYPE_OPTIONS} value={type} onChange={(v) => setType((v as DocumentType | null) ?? 'OTHER')} allowDeselect={false} miw={200} />
          <Select
            label="Of"
            placeholder="The whole industry"
            data={stations.map((s) => ({ value: String(s.id), label: s.name }))}
            value={station}
            onChange={setStation}
            clearable
            searchable
            miw={200}
          />
          <TextInput label="Title" placeholder="The file's name" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} miw={200} />
        </Group>
        {add.error && <Alert color="red">{add.error.message.replace(/^body\.\w+: /, '')}</Alert>}
        <Group>
          <Button onClick={submit} loading={add.isPending} disabled={!file || tooLarge}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A document's versions, newest first, each downloadable; a new version or the deletion of them all. */
function VersionsModal({ id, canEdit, onClose }: { id: number | null; canEdit: boolean; onClose: () => void }) {
  const detail = useDocumentDetail(id);
  const replace = useReplaceDocument();
  const remove = useDeleteDocument();
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const doc: DocumentInfo | undefined = detail.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={doc ? doc.title : 'Document'} size="lg">
      {detail.isError ? (
        <Alert color="red">This document could not be loaded; it may have been deleted.</Alert>
      ) : !detail.data ? (
        <Loading h={120} />
      ) : (
        <Stack>
          <Table aria-label="Versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Uploaded</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.data.versions.map((v) => (
                <Table.Tr key={v.version}>
                  <Table.Td>{v.version}</Table.Td>
                  <Table.Td>
                    <Anchor href={documentFileHref(detail.data.id, v.version)} download={v.fileName}>
                      {v.fileName}
                    </Anchor>{' '}
                    <Text span size="xs" c="dimmed">
                      {formatBytes(v.bytes)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatInstant(v.uploadedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {canEdit && (
            <>
              <Group align="flex-end">
                <FileInput label="New version" placeholder="Choose a file" accept={ACCEPT} value={file} onChange={setFile} clearable style={{ flex: 1 }} />
                <Button
                  disabled={!file}
                  loading={replace.isPending}
                  onClick={() => file && replace.mutate({ id: detail.data.id, file }, { onSuccess: () => setFile(null) })}
                >
                  Upload version
                </Button>
              </Group>
              {replace.error && <Alert color="red">{replace.error.message.replace(/^body\.\w+: /, '')}</Alert>}
              <Group justify="flex-end">
                <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                  Delete document
                </Button>
              </Group>
              <ConfirmModal
                opened={confirming}
                title="Delete this document?"
                confirmLabel="Delete"
                danger
                loading={remove.isPending}
                onClose={() => setConfirming(false)}
                onConfirm={() =>
                  remove.mutate(detail.data.id, {
                    onSuccess: () => {
                      setConfirming(false);
                      onClose();
                    },
                  })
                }
              >
                {detail.data.title} and its {detail.data.versions.length} version{detail.data.versions.length === 1 ? '' : 's'} are deleted for good.
              </ConfirmModal>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
