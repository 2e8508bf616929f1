import { Button, Group, Text } from '@mantine/core';
import { CTO_DOCUMENT_PROPERTY } from '@enviro/contracts/documents';
import { saveFile } from '@/lib/download';
import { notifyAlert } from '@/lib/notify';
import { useGetDocument } from '../api/get-document';
import type { Station } from '@/lib/stations';

/** The station's consent to operate, downloadable when one is on file. */
export function CtoDocument({ station }: { station: Station }) {
  const pathName = station.properties.find((p) => p.name === CTO_DOCUMENT_PROPERTY)?.value;
  const document = useGetDocument();
  if (!pathName) {
    return (
      <Text size="sm" c="dimmed">
        No CTO document on file.
      </Text>
    );
  }
  const open = () =>
    document.mutate(
      { pathName },
      {
        onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? `CTO ${station.name}.pdf`),
        onError: (error) => notifyAlert(`The CTO document could not be loaded: ${error.message}`),
      },
    );
  return (
    <Group gap="xs">
      <Button variant="light" onClick={open} loading={document.isPending}>
        Download CTO document
      </Button>
    </Group>
  );
}
