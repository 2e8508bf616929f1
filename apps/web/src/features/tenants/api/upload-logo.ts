import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOGO_MAX_BYTES, LogoInfo, LogoState } from '@enviro/contracts/documents';
import { api } from '@/lib/api-client';
import { notifyInfo } from '@/lib/notify';
import { refetchAfterWrite } from '@/lib/query-client';
import { tenantKeys } from './query-keys';

/** Where a tenant's logo is shown from (GET; the session cookie authenticates it); `version` defeats a stale image after an upload. */
export const tenantLogoHref = (tenantId: number, version = 0) => `/api/logo/tenant/${tenantId}${version ? `?v=${version}` : ''}`;

/** The file's bytes as base64, as the upload contract takes them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** POST /api/add-logo/tenant/{id}: the logo heading the tenant's PDF reports. */
export async function uploadTenantLogo({ tenantId, file }: { tenantId: number; file: File }): Promise<LogoInfo> {
  if (file.size > LOGO_MAX_BYTES) throw new Error(`The image is ${Math.ceil(file.size / 1024)} KiB; a logo may be at most ${LOGO_MAX_BYTES / 1024} KiB.`);
  return api.post(`/add-logo/tenant/${tenantId}`, { body: { fileName: file.name, content: await base64Of(file) }, schema: LogoInfo });
}

/** GET /api/logo/tenant/{id}/info: whether the tenant has a logo (asked first, so no image is requested that is not there). */
export const useTenantLogo = (tenantId: number) =>
  useQuery(queryOptions({ queryKey: tenantKeys.logo(tenantId), queryFn: ({ signal }) => api.get(`/logo/tenant/${tenantId}/info`, { schema: LogoState, signal }) }));

/**
 * Where the app header shows the user's own tenant's logo from, or null while unknown or when it has
 * none. Asked as the own tenant (no TENANT-ID), like the image itself, so switching to another
 * tenant never asks for it in the other's name.
 */
export function useOwnTenantLogoSrc(tenantId: number | null): string | null {
  const info = useQuery({
    queryKey: tenantKeys.ownLogo(tenantId ?? 0),
    queryFn: ({ signal }) => api.get(`/logo/tenant/${tenantId}/info`, { schema: LogoState, signal, asOwnTenant: true }),
    enabled: tenantId !== null,
  });
  // The size changes with a new logo, so the browser does not show the one it cached.
  return tenantId !== null && info.data?.logo ? tenantLogoHref(tenantId, info.data.logo.bytes) : null;
}

export function useUploadTenantLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTenantLogo,
    onSuccess: (_, { tenantId }) => {
      notifyInfo('Logo saved; it heads your PDF reports from now on.');
      return refetchAfterWrite(queryClient, { queryKey: tenantKeys.logo(tenantId) });
    },
  });
}
