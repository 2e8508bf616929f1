import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, matchPath, useLocation, useNavigate, useOutletContext } from 'react-router';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { paths } from '@/config/paths';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { useTenantInfo } from '@/features/tenants';
import { ApiError, publicTenantIdFrom } from '@/lib/api-client';

/** SPEC 2: these tenant-info failures send the user to /error. */
const FATAL_STATUSES = new Set([500, 401, 404]);

/** Public pages that show the tenant's entity tree. */
const TREE_PAGES = [paths.public.industry.path, paths.public.parameter.path];

/**
 * Loads the tenant named by the path once for every public page below it, and for pages that show
 * its entity tree the tree beside it, instead of after the tenant has arrived.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tenantId = publicTenantIdFrom(pathname);
  const tenant = useTenantInfo(tenantId);
  const treePage = TREE_PAGES.some((page) => matchPath({ path: page, end: false }, pathname) !== null);

  useEffect(() => {
    const id = Number(tenantId);
    if (treePage && Number.isInteger(id) && id > 0) void queryClient.prefetchQuery(getEntityTreeQueryOptions(id));
  }, [queryClient, tenantId, treePage]);

  const failed = tenant.error instanceof ApiError && FATAL_STATUSES.has(tenant.error.status);

  useEffect(() => {
    if (failed) void navigate(paths.error.getHref(), { replace: true });
  }, [failed, navigate]);

  if (tenant.isError && !failed) {
    return (
      <Center h={240}>
        <Stack align="center">
          <Text>The industry could not be loaded.</Text>
          <Button variant="light" onClick={() => void tenant.refetch()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!tenant.data) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <Outlet context={{ tenant: tenant.data } satisfies PublicContext} />;
}

export interface PublicContext {
  /** The tenant the page is about (the path's tenant id). */
  tenant: TenantInfo;
}

export const usePublicTenant = () => useOutletContext<PublicContext>().tenant;
