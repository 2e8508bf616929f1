import { Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/api-client';

/** Seconds behind the newest frame past which the player jumps ahead (a live view, not a recording). */
const MAX_LAG_S = 3;

type State = { kind: 'connecting' } | { kind: 'live' } | { kind: 'failed'; message: string } | { kind: 'waiting'; message: string };

/**
 * A camera's live view: the server's fragmented MP4 (GET /api/camera/{id}/live, chunked) appended
 * to a Media Source Extensions buffer as it arrives (docs/CAMERAS.md "Stream transport"). Leaving
 * the page aborts the request, so the server stops the camera's stream when nobody else watches.
 */
export function LivePlayer({ cameraId, name, height = 360, offlineReason = null }: { cameraId: number; name: string; height?: number | string; offlineReason?: string | null }) {
  const video = useRef<HTMLVideoElement>(null);
  // A camera known to be offline is not dialled by itself: the reason shows, and a button tries anyway.
  const [state, setState] = useState<State>(offlineReason ? { kind: 'waiting', message: offlineReason } : { kind: 'connecting' });
  const [attempt, setAttempt] = useState(offlineReason ? -1 : 0);

  useEffect(() => {
    const element = video.current;
    if (!element || attempt < 0) return;
    const abort = new AbortController();
    setState({ kind: 'connecting' });
    void play(element, cameraId, abort.signal, () => setState({ kind: 'live' })).catch((e: unknown) => {
      if (abort.signal.aborted) return;
      setState({ kind: 'failed', message: e instanceof ApiError || e instanceof Error ? e.message : 'the live view stopped' });
    });
    return () => abort.abort();
  }, [cameraId, attempt]);

  return (
    <Box pos="relative" bg="dark.9" style={{ borderRadius: 4, overflow: 'hidden' }}>
      <video ref={video} muted autoPlay playsInline aria-label={`Live view of ${name}`} style={{ display: 'block', width: '100%', height, objectFit: 'contain' }} />
      {state.kind !== 'live' && (
        <Center pos="absolute" inset={0} p="sm">
          {state.kind === 'connecting' ? (
            <Stack align="center" gap={4}>
              <Loader size="sm" color="gray.3" />
              <Text size="sm" c="gray.3">
                Connecting to {name}…
              </Text>
            </Stack>
          ) : (
            <Stack align="center" gap="xs">
              <Text size="sm" c="gray.2" ta="center">
                {state.message}
              </Text>
              <Button size="xs" variant="white" onClick={() => setAttempt((n) => Math.max(0, n + 1))}>
                {state.kind === 'waiting' ? 'Try to watch' : 'Try again'}
              </Button>
            </Stack>
          )}
        </Center>
      )}
    </Box>
  );
}

async function play(element: HTMLVideoElement, cameraId: number, signal: AbortSignal, onLive: () => void): Promise<void> {
  if (typeof MediaSource === 'undefined') throw new Error('this browser cannot play live video (no Media Source Extensions)');
  const response = await api.stream(`/camera/${cameraId}/live`, signal);
  const mime = response.headers.get('content-type') ?? 'video/mp4; codecs="avc1.42E01E"';
  if (!MediaSource.isTypeSupported(mime)) throw new Error(`this browser cannot play the camera's video (${mime})`);
  const source = new MediaSource();
  element.src = URL.createObjectURL(source);
  await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
  const buffer = source.addSourceBuffer(mime);
  const appended = () => new Promise((resolve) => buffer.addEventListener('updateend', resolve, { once: true }));
  const reader = response.body!.getReader();
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
  let started = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done || signal.aborted) break;
    buffer.appendBuffer(value);
    await appended();
    const ranges = buffer.buffered;
    if (ranges.length === 0) continue;
    const end = ranges.end(ranges.length - 1);
    if (!started) {
      started = true;
      element.currentTime = ranges.start(ranges.length - 1);
      void element.play().catch(() => undefined);
      onLive();
    } else if (end - element.currentTime > MAX_LAG_S) {
      element.currentTime = end - 0.5;
    }
    // Keep half a minute behind the playhead: a live view holds no recording in memory.
    if (element.currentTime - ranges.start(0) > 60) {
      buffer.remove(ranges.start(0), element.currentTime - 30);
      await appended();
    }
  }
  if (!signal.aborted) throw new Error('the camera stopped sending video');
}
