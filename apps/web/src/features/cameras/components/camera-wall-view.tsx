import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Playlist } from '@enviro/contracts/cameras';
import { wallPageAt, wallPages } from '@enviro/domain/cameras/mp4-fragments';
import { paths } from '@/config/paths';
import { usePlaylists } from '../api/cameras';
import { LivePlayer } from './live-player';
import { PlaylistFormModal } from './playlist-form-modal';
import { QueryBody } from './query-body';

const COLUMNS: Record<number, number> = { 1: 1, 4: 2, 9: 3, 16: 4 };

/**
 * The camera wall: a playlist's cameras tiled 1, 4, 9 or 16 at a time, turning to the next page every
 * interval (`?playlist=` in the URL). Each tile is a live view; the server opens one upstream per
 * camera however many tiles and people watch it.
 */
export function CameraWallView({ mayEdit }: { mayEdit: boolean }) {
  const playlists = usePlaylists();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Playlist | 'new' | null>(null);
  return (
    <Stack>
      <Anchor component={Link} to={paths.app.cameras.getHref()} size="sm">
        ← Cameras
      </Anchor>
      <QueryBody query={playlists} what="the playlists">
        {(data) => {
          const chosen = data.items.find((p) => String(p.id) === params.get('playlist')) ?? data.items[0];
          return (
            <>
              <Group justify="space-between" wrap="wrap">
                <Title order={1} fz={{ base: 24, sm: 30 }}>
                  Camera wall
                </Title>
                <Group gap="xs">
                  {chosen?.mayEdit && (
                    <Button variant="default" onClick={() => setEditing(chosen)}>
                      Change playlist
                    </Button>
                  )}
                  {mayEdit && <Button onClick={() => setEditing('new')}>New playlist</Button>}
                </Group>
              </Group>
              {data.items.length === 0 ? (
                <Alert color="gray">No playlist yet.{mayEdit ? ' Make one from the cameras to watch together.' : ''}</Alert>
              ) : (
                <>
                  <Select
                    label="Playlist"
                    maw={360}
                    data={data.items.map((p) => ({ value: String(p.id), label: `${p.name} (${p.industry})` }))}
                    value={chosen ? String(chosen.id) : null}
                    onChange={(v) => setParams((p) => (v ? p.set('playlist', v) : p.delete('playlist'), p), { replace: true })}
                  />
                  {chosen && <Wall playlist={chosen} />}
                </>
              )}
            </>
          );
        }}
      </QueryBody>
      {editing && <PlaylistFormModal playlist={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function Wall({ playlist }: { playlist: Playlist }) {
  const pages = wallPages(playlist.cameras, playlist.layout);
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (pages.length <= 1) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [pages.length]);
  const page = wallPageAt(pages.length, playlist.intervalSeconds, startedAt, now);
  const tiles = pages[page] ?? [];
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {playlist.cameras.length} cameras, {playlist.layout} to a page
        {pages.length > 1 ? `; page ${page + 1} of ${pages.length}, turning every ${playlist.intervalSeconds} s` : ''}
      </Text>
      <SimpleGrid cols={{ base: Math.min(2, COLUMNS[playlist.layout] ?? 2), sm: COLUMNS[playlist.layout] ?? 2 }} spacing={4} aria-label="Camera wall">
        {tiles.map((c) => (
          <Stack key={c.id} gap={0}>
            <LivePlayer cameraId={c.id} name={c.name} height={playlist.layout === 1 ? 480 : playlist.layout === 4 ? 260 : 160} />
            <Anchor component={Link} to={paths.app.camera.getHref(c.id)} size="xs">
              {c.name}
              {c.station ? `, ${c.station}` : ''}
            </Anchor>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
