/**
 * The workflow of a change request (issue 35): an industry raises it, its board decides. Which
 * status may follow which, and which party may make each move, so a withdrawn request is never
 * approved and an industry never approves its own.
 */

export const CHANGE_REQUEST_STATUSES = ['SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'CLOSED'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** Who acts on a request: the industry that raised it, or the board it reports to. */
export type ChangeRequestParty = 'industry' | 'board';

const MOVES: Record<ChangeRequestStatus, Partial<Record<ChangeRequestStatus, readonly ChangeRequestParty[]>>> = {
  SUBMITTED: { UNDER_REVIEW: ['board'], APPROVED: ['board'], REJECTED: ['board'], WITHDRAWN: ['industry'] },
  UNDER_REVIEW: { APPROVED: ['board'], REJECTED: ['board'], WITHDRAWN: ['industry'] },
  // Closing files a decided request away; either party may.
  APPROVED: { CLOSED: ['industry', 'board'] },
  REJECTED: { CLOSED: ['industry', 'board'] },
  WITHDRAWN: {},
  CLOSED: {},
};

const WORDS: Record<ChangeRequestStatus, string> = {
  SUBMITTED: 'submitted',
  UNDER_REVIEW: 'under review',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  WITHDRAWN: 'withdrawn',
  CLOSED: 'closed',
};

/** A status as people read it: "under review". */
export function statusWords(status: ChangeRequestStatus): string {
  return WORDS[status];
}

/** Why a move is refused: `order` when the workflow has no such move, `party` when the caller's side may not make it. */
export type MoveProblem = { kind: 'order' | 'party'; message: string };

/** Null when `party` may move a request from `from` to `to`. */
export function moveProblem(from: ChangeRequestStatus, to: ChangeRequestStatus, party: ChangeRequestParty): MoveProblem | null {
  const parties = MOVES[from][to];
  if (!parties) {
    const next = nextStatuses(from);
    const allowed = next.length ? `it may become ${next.map(statusWords).join(', ')}` : 'nothing follows it';
    return { kind: 'order', message: `a request ${statusWords(from)} cannot become ${statusWords(to)}: ${allowed}` };
  }
  if (!parties.includes(party)) {
    return { kind: 'party', message: `only the ${parties.join(' or the ')} may make a request ${statusWords(to)}` };
  }
  return null;
}

/** The statuses that may follow `from`, whoever moves. */
export function nextStatuses(from: ChangeRequestStatus): ChangeRequestStatus[] {
  return Object.keys(MOVES[from]) as ChangeRequestStatus[];
}

/** The moves `party` may make from `from` (the buttons a screen offers). */
export function movesOf(from: ChangeRequestStatus, party: ChangeRequestParty): ChangeRequestStatus[] {
  return nextStatuses(from).filter((to) => MOVES[from][to]!.includes(party));
}

/** The party that is told of a move: the other one. */
export function otherParty(party: ChangeRequestParty): ChangeRequestParty {
  return party === 'industry' ? 'board' : 'industry';
}
