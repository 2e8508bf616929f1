import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DocumentDetail, DocumentInfo, DocumentPage, type DocumentType } from '@enviro/contracts/documents';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { documentKeys } from './query-keys';

const PAGE_SIZE = 50;

/** GET /api/documents: a page of the tenant's documents, newest first, with its quota use. */
export const getDocumentsQueryOptions = (tenantId: number, page: number) =>
  queryOptions({
    queryKey: documentKeys.list(tenantId, page),
    queryFn: ({ signal }) => api.get('/documents', { params: { tenantId, page, size: PAGE_SIZE }, schema: DocumentPage, ...withSignal(signal) }),
    placeholderData: keepPreviousData,
  });

export const useDocuments = (tenantId: number, page: number) => useQuery(getDocumentsQueryOptions(tenantId, page));

/** GET /api/document/{id}/info: a document and every version. */
export const useDocumentDetail = (id: number | null) =>
  useQuery({
    queryKey: documentKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(`/document/${id}/info`, { schema: DocumentDetail, ...withSignal(signal) }),
    enabled: id !== null,
  });

/** Where a version's file downloads from (the browser streams it; the session cookie authorises it). */
export const documentFileHref = (id: number, version?: number) => `/api/document/${id}${version === undefined ? '' : `?version=${version}`}`;

export interface NewDocument {
  tenantId: number;
  entityId: number | null;
  type: DocumentType;
  title: string;
  file: File;
}

/** POST /api/add-document: the fields, then the file, as the server reads them. */
const addDocument = (d: NewDocument) => {
  const form = new FormData();
  form.append('tenantId', String(d.tenantId));
  if (d.entityId !== null) form.append('entityId', String(d.entityId));
  form.append('type', d.type);
  if (d.title.trim()) form.append('title', d.title.trim());
  form.append('file', d.file, d.file.name);
  return api.post('/add-document', { body: form, schema: DocumentInfo });
};

/** POST /api/document-file/{id}: a new version of the file. */
const replaceDocument = ({ id, file }: { id: number; file: File }) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post(`/document-file/${id}`, { body: form, schema: DocumentInfo });
};

const deleteDocument = (id: number) => api.delete(`/document/${id}`);

export const useAddDocument = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: addDocument, onSuccess: () => refetchAfterWrite(client, { queryKey: documentKeys.all }) });
};

export const useReplaceDocument = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: replaceDocument, onSuccess: () => refetchAfterWrite(client, { queryKey: documentKeys.all }) });
};

export const useDeleteDocument = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteDocument, onSuccess: () => refetchAfterWrite(client, { queryKey: documentKeys.all }) });
};
