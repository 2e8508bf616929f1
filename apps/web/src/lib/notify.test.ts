import { beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
const { NOTIFICATION_MS, notifyAlert, notifyInfo } = await import('./notify');

describe('notify: SPEC 4 notices last 4 seconds; info as success, alert as danger', () => {
  beforeEach(() => show.mockClear());

  it.each([
    ['info', notifyInfo, 'green'],
    ['alert', notifyAlert, 'red'],
  ] as const)('%s shows %s for 4 s', (_kind, notify, color) => {
    notify('Report Generated Succesfully.');
    expect(show).toHaveBeenCalledWith({ message: 'Report Generated Succesfully.', color, autoClose: 4000 });
    expect(NOTIFICATION_MS).toBe(4000);
  });
});
