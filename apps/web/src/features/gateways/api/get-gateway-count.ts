import { queryOptions, useQuery } from '@tanstack/react-query';
import { GatewayCount } from '@enviro/contracts/gateways';
import { api } from '@/lib/api-client';
import { gatewayKeys } from './query-keys';

/** GET /api/gatewayCount: gateways in service and live; partnerId (site users only, SPEC 6) narrows to that partner's industries. */
export const getGatewayCount = (partnerId: number | undefined, signal?: AbortSignal) =>
  api.get('/gatewayCount', { params: { partnerId }, schema: GatewayCount, ...(signal ? { signal } : {}) });

export const useGatewayCount = (partnerId: number | undefined) =>
  useQuery(queryOptions({ queryKey: gatewayKeys.count(partnerId), queryFn: ({ signal }) => getGatewayCount(partnerId, signal) }));
