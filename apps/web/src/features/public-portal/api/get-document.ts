import { useMutation } from '@tanstack/react-query';
import type { DocumentRequest } from '@enviro/contracts/documents';
import { api, type Download } from '@/lib/api-client';

/** A stored document's file (POST /api/documentById). */
export const getDocument = (request: DocumentRequest): Promise<Download> => api.download('/documentById', { body: request });

/** Fetches on demand: documents are opened by a click, never preloaded. */
export const useGetDocument = () => useMutation({ mutationFn: getDocument });
