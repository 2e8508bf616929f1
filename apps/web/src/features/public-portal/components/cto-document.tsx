import { Button, Group, Text } from '@mantine/core';
import { CTO_DOCUMENT_PROPERTY } from '@enviro/contracts/documents';
import { formatDayKey } from '@/lib/dates';
import { saveFile } from '@/lib/download';
import { notifyAlert } from '@/lib/notify';
import { useCurrentCto } from '../api/get-current-cto';
import { useGetDocument } from '../api/get-document';
import type { Station } from '@/lib/stations';

/**
 * The station's consent to operate: its number and validity when one in force is recorded, and
 * its document, downloadable. A station whose newest CTO has expired shows only that, never the
 * expired document as if it were current.
 */
export function CtoDocument({ station }: { station: Station }) {
  const pathName = station.properties.find((p) => p.name === CTO_DOCUMENT_PROPERTY)?.value;
  const document = useGetDocument();
  const current = useCurrentCto(station.id);
  if (current.data?.expiredOn) {
    return (
      <Text size="sm" c="red.9">
        The CTO of this station expired on {formatDayKey(current.data.expiredOn)}; no current CTO is on file.
      </Text>
    );
  }
  const consent = current.data?.consent ?? null;
  if (!pathName) {
    return (
      <Text size="sm" c="dimmed">
        {consent ? `CTO ${consent.number}, valid until ${formatDayKey(consent.expiresOn)}.` : 'No CTO document on file.'}
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
      {consent && (
        <Text size="sm" c="dimmed">
          {consent.number}, issued by {consent.issuedBy}, valid until {formatDayKey(consent.expiresOn)}
        </Text>
      )}
    </Group>
  );
}
