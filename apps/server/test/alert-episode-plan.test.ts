import { describe, expect, it } from 'vitest';
import { planSeries, type KnownEpisode, type SeriesPlanInput } from '../src/modules/alerts/alert-episode-plan.ts';

const B = 15 * 60_000;
const row = (slot: number, value: number | null, breach = value !== null && value > 50) => ({ bucket: slot * B, value, breach });
const episode = (o: Partial<KnownEpisode> & { id: string; startedAt: number; lastBreachAt: number }): KnownEpisode => ({
  status: 'OPEN',
  endedAt: null,
  peak: null,
  slotCount: 1,
  message: 'm',
  ...o,
});
const plan = (o: Partial<SeriesPlanInput>) =>
  planSeries({ clearSlots: 1, needed: 1, limits: { min: null, max: 50 }, describe: (peak) => `peak ${peak}`, episodes: [], rows: [], changed: [], ...o });

describe('the episodes a series’ slot results call for', () => {
  it('never extends a CLOSED alert: the breach after it opens a new one', () => {
    const closed = episode({ id: '7', status: 'CLOSED', startedAt: 0, lastBreachAt: 2 * B, slotCount: 3 });
    const out = plan({ episodes: [closed], rows: [row(0, 60), row(1, 70), row(2, 80), row(3, 90)], changed: [3 * B] });
    expect(out.updates).toEqual([]);
    expect(out.inserts).toMatchObject([{ state: { status: 'OPEN', startedAt: 3 * B, lastBreachAt: 3 * B, slotCount: 1, peak: 90 }, escalate: true }]);
  });

  it('continues from the stored figures of the episode the new slots follow, and resolves it at the first clean slot', () => {
    const open = episode({ id: '9', startedAt: 0, lastBreachAt: 2 * B, slotCount: 3, peak: 70 });
    const out = plan({ episodes: [open], seed: open, rows: [row(3, 80), row(4, 10)], changed: [3 * B, 4 * B] });
    expect(out.inserts).toEqual([]);
    expect(out.updates).toEqual([
      {
        id: '9',
        state: { status: 'RESOLVED', startedAt: 0, lastBreachAt: 3 * B, endedAt: 4 * B, peak: 80, slotCount: 4, message: 'peak 80', mergedInto: null },
        transitions: [{ from: 'OPEN', to: 'RESOLVED', comment: 'back within limits for 1 slot(s)' }],
      },
    ]);
  });

  it('opens a SUSTAINED alert only on a run of consecutive breaching slots as long as its duration', () => {
    expect(plan({ needed: 2, rows: [row(0, 60), row(1, 10), row(2, 60)], changed: [2 * B] }).inserts).toEqual([]);
    expect(plan({ needed: 2, rows: [row(0, 10), row(1, 60), row(2, 70)], changed: [2 * B] }).inserts).toMatchObject([{ state: { startedAt: B, slotCount: 2 } }]);
  });

  it('changes nothing when the stored episode already matches its slots', () => {
    const open = episode({ id: '3', startedAt: B, lastBreachAt: 2 * B, slotCount: 2, peak: 70, message: 'peak 70' });
    expect(plan({ episodes: [open], rows: [row(0, 10), row(1, 60), row(2, 70)], changed: [B, 2 * B] })).toEqual({ updates: [], inserts: [] });
  });
});
