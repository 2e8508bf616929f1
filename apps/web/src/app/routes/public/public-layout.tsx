import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import type { TenantInfo } from '@enviro/contracts/tenant';
import { paths } from '@/config/paths';
import { useTenantInfo } from '@/features/tenant/api/get-tenant-info';
import { ApiError, publicTenantIdFrom } from '@/lib/api-client';

/** SPEC 2: these tenant-info failures send the user to /error. */
const FATAL_STATUSES = new Set([500, 401, 404]);

/** Loads the tenant named by the path once for every public page below it. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tenant = useTenantInfo(publicTenantIdFrom(pathname));
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
