import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { EntityNode } from '@enviro/contracts/entities';
import { api } from '@/lib/api-client';
import { entityTreeKeys } from './query-keys';

const FullTree = z.array(EntityNode);

/** The tenant's entity tree with devices and their parameters (GET /api/entities). */
export const getEntityTree = (tenantId: number, signal?: AbortSignal): Promise<EntityNode[]> =>
  api.get('/entities', {
    params: { tenantId, getDevices: true, params: true, status: 'ENABLED' },
    schema: FullTree,
    ...(signal ? { signal } : {}),
  });

export const getEntityTreeQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: entityTreeKeys.tenant(tenantId),
    queryFn: ({ signal }) => getEntityTree(tenantId, signal),
  });

export const useEntityTree = (tenantId: number) => useQuery(getEntityTreeQueryOptions(tenantId));
