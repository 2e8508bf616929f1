import { Anchor, Card, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Board } from '@enviro/contracts/public-portal';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { useSearchChoices } from '@/lib/use-search-choices';
import { useBoards } from '../api/get-boards';

/** The boards whose industries the portal publishes, by state, each opening its industries list. */
export function BoardsView() {
  const boards = useBoards({});
  // The search lives in the URL, so a filtered list can be shared.
  const [params, update] = useSearchChoices();
  const search = params.get('q') ?? '';
  const shown = useMemo(() => filterBoards(boards.data ?? [], search), [boards.data, search]);
  const setSearch = (q: string) => update({ q });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Enviro public portal
        </Title>
        <Text>
          Live emission, effluent and ambient air data of industries, as published by the pollution control boards. Pick a board to
          see the industries it monitors. Developers and researchers can read the published data through the{' '}
          <Anchor component={Link} to={paths.developers.getHref()}>
            open data API
          </Anchor>
          .
        </Text>
      </div>
      <TextInput
        label="Search boards"
        placeholder="Board or state"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
      />
      {boards.isError ? (
        <LoadFailed what="The boards" onRetry={() => void boards.refetch()} />
      ) : !boards.data ? (
        <Loading />
      ) : boards.data.length === 0 ? (
        <Text>No board publishes its industries yet.</Text>
      ) : shown.length === 0 ? (
        <Text>No board matches “{search}”.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Boards">
          {shown.map((b) => (
            <Card key={b.id} withBorder padding="md" component="li">
              <Anchor component={Link} to={paths.public.industries.getHref(b.id)} fw={700}>
                {b.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {[b.state ?? 'State not given', b.city].filter(Boolean).join(' · ')}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Boards whose name, state or city contains the search, ignoring case. */
export function filterBoards(boards: readonly Board[], search: string): Board[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...boards];
  return boards.filter((b) => [b.name, b.state, b.city].some((text) => text?.toLowerCase().includes(needle)));
}
