import { describe, expect, it } from 'vitest';
import { CHANGE_REQUEST_STATUSES, moveProblem, movesOf, type ChangeRequestParty, type ChangeRequestStatus } from './change-request-workflow.ts';

describe('change request workflow', () => {
  it.each<[ChangeRequestStatus, ChangeRequestStatus, ChangeRequestParty]>([
    ['SUBMITTED', 'UNDER_REVIEW', 'board'],
    ['SUBMITTED', 'APPROVED', 'board'],
    ['SUBMITTED', 'REJECTED', 'board'],
    ['SUBMITTED', 'WITHDRAWN', 'industry'],
    ['UNDER_REVIEW', 'APPROVED', 'board'],
    ['UNDER_REVIEW', 'WITHDRAWN', 'industry'],
    ['APPROVED', 'CLOSED', 'industry'],
    ['REJECTED', 'CLOSED', 'board'],
  ])('lets %s become %s by the %s', (from, to, party) => {
    expect(moveProblem(from, to, party)).toBeNull();
  });

  it('refuses moves the workflow lacks, naming what may follow', () => {
    expect(moveProblem('WITHDRAWN', 'APPROVED', 'board')).toEqual({ kind: 'order', message: 'a request withdrawn cannot become approved: nothing follows it' });
    expect(moveProblem('APPROVED', 'SUBMITTED', 'industry')).toEqual({ kind: 'order', message: 'a request approved cannot become submitted: it may become closed' });
    expect(moveProblem('SUBMITTED', 'CLOSED', 'board')?.kind).toBe('order');
  });

  it('refuses the wrong party: an industry never approves, a board never withdraws', () => {
    expect(moveProblem('SUBMITTED', 'APPROVED', 'industry')).toEqual({ kind: 'party', message: 'only the board may make a request approved' });
    expect(moveProblem('UNDER_REVIEW', 'WITHDRAWN', 'board')).toEqual({ kind: 'party', message: 'only the industry may make a request withdrawn' });
  });

  it('offers each party its own moves, and none from the end states', () => {
    expect(movesOf('SUBMITTED', 'board')).toEqual(['UNDER_REVIEW', 'APPROVED', 'REJECTED']);
    expect(movesOf('SUBMITTED', 'industry')).toEqual(['WITHDRAWN']);
    for (const party of ['board', 'industry'] as const) {
      expect(movesOf('WITHDRAWN', party)).toEqual([]);
      expect(movesOf('CLOSED', party)).toEqual([]);
    }
    expect(CHANGE_REQUEST_STATUSES).toHaveLength(6);
  });
});
