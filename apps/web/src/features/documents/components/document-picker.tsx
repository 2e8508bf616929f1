import { MultiSelect } from '@mantine/core';
import { useDocuments } from '../api/documents';

/**
 * Documents of the documents area to attach by id (a change request's evidence, a warranty
 * request's photos): the tenant's newest, by title and file. Uploading is the documents page's.
 */
export function DocumentPicker({
  tenantId,
  label,
  description,
  value,
  onChange,
  error,
}: {
  tenantId: number;
  label: string;
  description?: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: React.ReactNode;
}) {
  const documents = useDocuments(tenantId, 0);
  const data = (documents.data?.items ?? []).map((d) => ({ value: String(d.id), label: d.title && d.title !== d.fileName ? `${d.title} (${d.fileName})` : d.fileName }));
  return (
    <MultiSelect
      label={label}
      description={description ?? 'Upload files on the Documents page first'}
      placeholder={documents.isLoading ? 'Loading documents…' : data.length === 0 ? 'No documents uploaded yet' : 'Choose documents'}
      data={data}
      searchable
      clearable
      maxValues={10}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
