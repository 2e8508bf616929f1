import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refetchAfterWrite } from './query-client';

/**
 * A list on a page that has just opened: its first fetch is answered with what the server held before
 * a write, but only after the write's own answer has come back.
 */
async function listOpenedBesideAWrite(refresh: (client: QueryClient) => Promise<void>): Promise<string[]> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let stored = ['Kiln watch', 'Kiln watch (copy)'];
  let answerFirst!: () => void;
  const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
  let calls = 0;
  const queryFn = async () => {
    const seen = [...stored];
    if (calls++ === 0) await firstAnswered;
    return seen;
  };
  const observer = new QueryObserver(client, { queryKey: ['dashboards', 'list'], queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  stored = ['Kiln watch']; // the delete commits
  const refreshed = refresh(client);
  answerFirst();
  await refreshed;
  await new Promise((resolve) => setTimeout(resolve, 0));
  unsubscribe();
  return client.getQueryData<string[]>(['dashboards', 'list']) ?? [];
}

describe('refetchAfterWrite', () => {
  it('shows what the write left, where invalidateQueries alone keeps the answer read before it', async () => {
    expect(await listOpenedBesideAWrite((c) => c.invalidateQueries({ queryKey: ['dashboards', 'list'] }))).toEqual(['Kiln watch', 'Kiln watch (copy)']);
    expect(await listOpenedBesideAWrite((c) => refetchAfterWrite(c, { queryKey: ['dashboards', 'list'] }))).toEqual(['Kiln watch']);
  });
});
