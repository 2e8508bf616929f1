import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ErrorCodes,
  FilesOfOneDay,
  ListOfFiles,
  LogFiles,
  SuccessCounts,
  type FilesOfOneDayQuery,
  type ListOfFilesQuery,
  type LogFilesQuery,
  type LogSummaryQuery,
} from '@enviro/contracts/regulator';
import { api, withSignal } from '@/lib/api-client';
import { regulatorKeys } from './query-keys';

// The push logs of SPEC 7 (compliance and uptime), one fetcher per route. Every filter is optional
// but the industry; the server's default range is the last 7 IST days.

/** A route's query as the page builds it (the contract coerces ids, so its input type says unknown). */
type Query<T extends z.ZodType> = { [K in keyof z.output<T>]?: z.output<T>[K] } & { tenantId: number };
const params = (q: object) => ({ ...q }) as Record<string, string | number | undefined>;

/** GET /api/getListOfFiles: records per IST day of their slot, newest day first. */
export const getListOfFiles = (q: Query<typeof ListOfFilesQuery>, signal?: AbortSignal) =>
  api.get('/getListOfFiles', { params: params(q), schema: ListOfFiles, ...withSignal(signal) });

/** GET /api/getListOfFilesOfOneDay: the records of one day, a page at a time. */
export const getFilesOfOneDay = (q: Query<typeof FilesOfOneDayQuery>, signal?: AbortSignal) =>
  api.get('/getListOfFilesOfOneDay', { params: params(q), schema: FilesOfOneDay, ...withSignal(signal) });

/** GET /api/getListofLogFiles: push attempts, newest first. */
export const getLogFiles = (q: Query<typeof LogFilesQuery>, signal?: AbortSignal) =>
  api.get('/getListofLogFiles', { params: params(q), schema: LogFiles, ...withSignal(signal) });

/** GET /api/getErrorCodes: error codes with counts and meaning, most frequent first. */
export const getErrorCodes = (q: Query<typeof LogSummaryQuery>, signal?: AbortSignal) =>
  api.get('/getErrorCodes', { params: params(q), schema: ErrorCodes, ...withSignal(signal) });

/** GET /api/getSuccessCounts: pushes per IST day and station. */
export const getSuccessCounts = (q: Query<typeof LogSummaryQuery>, signal?: AbortSignal) =>
  api.get('/getSuccessCounts', { params: params(q), schema: SuccessCounts, ...withSignal(signal) });

/** Logs change with every push: each visit fetches them again, keeping the last page on screen meanwhile. */
const fresh = { staleTime: 0, placeholderData: keepPreviousData } as const;

export const useListOfFiles = (q: Query<typeof ListOfFilesQuery>) =>
  useQuery(queryOptions({ queryKey: regulatorKeys.log(q.tenantId, 'files', q), queryFn: ({ signal }) => getListOfFiles(q, signal), ...fresh }));

export const useFilesOfOneDay = (q: Query<typeof FilesOfOneDayQuery> | null) =>
  useQuery({
    queryKey: regulatorKeys.log(q?.tenantId ?? 0, 'day', q ?? {}),
    queryFn: ({ signal }) => getFilesOfOneDay(q!, signal),
    enabled: q !== null,
    ...fresh,
  });

export const useLogFiles = (q: Query<typeof LogFilesQuery>) =>
  useQuery(queryOptions({ queryKey: regulatorKeys.log(q.tenantId, 'attempts', q), queryFn: ({ signal }) => getLogFiles(q, signal), ...fresh }));

export const useErrorCodes = (q: Query<typeof LogSummaryQuery>) =>
  useQuery(queryOptions({ queryKey: regulatorKeys.log(q.tenantId, 'errors', q), queryFn: ({ signal }) => getErrorCodes(q, signal), ...fresh }));

export const useSuccessCounts = (q: Query<typeof LogSummaryQuery>) =>
  useQuery(queryOptions({ queryKey: regulatorKeys.log(q.tenantId, 'success', q), queryFn: ({ signal }) => getSuccessCounts(q, signal), ...fresh }));
