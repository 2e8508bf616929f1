import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useEntityTree } from '@/features/entities';
import { collectStations } from '@/lib/stations';
import { ConsentsTab } from './consents-tab';
import { DocumentsTab } from './documents-tab';
import { MeasurementsTab } from './measurements-tab';

const TABS = ['documents', 'consents', 'measurements'] as const;
type Tab = (typeof TABS)[number];

/**
 * An industry's documents, consents and manual measurements, one tab each. The tab, the page, the
 * document whose versions are open and the station measured are in the URL (`?tab=consents`,
 * `?page=`, `?doc=`, `?station=`), so a reminder mail's link opens the consents and the back button
 * closes a document.
 */
export function DocumentsView({ tenantId, canEdit }: { tenantId: number; canEdit: boolean }) {
  const [search, setSearch] = useSearchParams();
  const tree = useEntityTree(tenantId);
  const stations = tree.data ? collectStations(tree.data) : [];
  const tab: Tab = TABS.find((t) => t === search.get('tab')) ?? 'documents';
  const set = (changes: Record<string, string | null>) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  const page = Math.max(0, Number(search.get('page')) || 0);
  const doc = Number(search.get('doc')) || null;
  const station = Number(search.get('station')) || null;
  return (
    <Stack>
      <Title order={1} fz="xl">
        Documents
      </Title>
      <Tabs value={tab} onChange={(t) => set({ tab: t === 'documents' ? null : t, page: null, doc: null, station: null })}>
        <Tabs.List>
          <Tabs.Tab value="documents">Files</Tabs.Tab>
          <Tabs.Tab value="consents">Consents (CTO, NOC)</Tabs.Tab>
          <Tabs.Tab value="measurements">Lab results</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="documents" pt="md">
          <DocumentsTab
            tenantId={tenantId}
            stations={stations}
            canEdit={canEdit}
            page={page}
            onPage={(p) => set({ page: p === 0 ? null : String(p) })}
            openId={doc}
            onOpen={(id) => set({ doc: id === null ? null : String(id) })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="consents" pt="md">
          <ConsentsTab tenantId={tenantId} stations={stations} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="measurements" pt="md">
          <MeasurementsTab tenantId={tenantId} stations={stations} canEdit={canEdit} stationId={station} onStation={(id) => set({ station: id === null ? null : String(id) })} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
