import { Alert, Box, Button, Card, FileInput, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LOGO_MAX_BYTES } from '@enviro/contracts/documents';
import { tenantLogoHref, useTenantLogo, useUploadTenantLogo } from '../api/upload-logo';

/**
 * The tenant's logo for the letterhead of its PDF reports (with its name and billing address): the
 * current one, and for those who may change the tenant's set-up a PNG or JPEG to upload.
 */
export function TenantLogoCard({ tenantId, editable }: { tenantId: number; editable: boolean }) {
  const upload = useUploadTenantLogo();
  const [file, setFile] = useState<File | null>(null);
  const logo = useTenantLogo(tenantId);
  const [version, setVersion] = useState(0);

  return (
    <Card withBorder>
      <Title order={3} fz="md" mb="xs">
        Report letterhead logo
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Printed at the top of your PDF reports beside the industry's name and billing address. PNG or JPEG, at most {LOGO_MAX_BYTES / 1024} KiB.
      </Text>
      <Stack gap="sm">
        <Box h={64} aria-label="Current logo">
          {logo.isError ? (
            <Text size="sm" c="red">
              The logo could not be read: {logo.error.message}
            </Text>
          ) : !logo.data ? null : logo.data.logo === null ? (
            <Text size="sm" c="dimmed">
              No logo yet: reports show the name and address only.
            </Text>
          ) : (
            <Image src={tenantLogoHref(tenantId, version)} alt="Current logo" h={56} w="auto" fit="contain" />
          )}
        </Box>
        {editable ? (
          <Group align="flex-end" wrap="wrap">
            <FileInput label="New logo" placeholder="Choose a PNG or JPEG" accept="image/png,image/jpeg" value={file} onChange={setFile} clearable miw={220} style={{ flex: 1 }} />
            <Button
              disabled={!file}
              loading={upload.isPending}
              onClick={() =>
                file &&
                upload.mutate(
                  { tenantId, file },
                  {
                    onSuccess: () => {
                      setFile(null);
                      setVersion(Date.now());
                    },
                  },
                )
              }
            >
              Upload logo
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Your administrators change the logo.
          </Text>
        )}
        {upload.error && <Alert color="red">The logo was not saved: {upload.error.message}</Alert>}
      </Stack>
    </Card>
  );
}
