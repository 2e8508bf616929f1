/**
 * Warranty requests (issue 35): the industry reports a faulty device, its service partner handles
 * it. Which status may follow which, whose move each is, and the SLA timer of the partner's terms.
 */

export const WARRANTY_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'REJECTED', 'CLOSED'] as const;
export type WarrantyStatus = (typeof WARRANTY_STATUSES)[number];

export type WarrantyParty = 'industry' | 'partner';

const MOVES: Record<WarrantyStatus, Partial<Record<WarrantyStatus, WarrantyParty>>> = {
  OPEN: { IN_PROGRESS: 'partner', RESOLVED: 'partner', REJECTED: 'partner' },
  IN_PROGRESS: { RESOLVED: 'partner', REJECTED: 'partner' },
  // The industry confirms the fix by closing, or sends it back when the fault is still there.
  RESOLVED: { CLOSED: 'industry', IN_PROGRESS: 'industry' },
  REJECTED: { CLOSED: 'industry' },
  CLOSED: {},
};

const WORDS: Record<WarrantyStatus, string> = { OPEN: 'open', IN_PROGRESS: 'in progress', RESOLVED: 'resolved', REJECTED: 'rejected', CLOSED: 'closed' };

export const warrantyStatusWords = (s: WarrantyStatus) => WORDS[s];

/** Null when `party` may move a request from `from` to `to`; else why not (`order`: no such move, `party`: not theirs). */
export function warrantyMoveProblem(from: WarrantyStatus, to: WarrantyStatus, party: WarrantyParty): { kind: 'order' | 'party'; message: string } | null {
  const who = MOVES[from][to];
  if (!who) {
    const next = Object.keys(MOVES[from]) as WarrantyStatus[];
    return { kind: 'order', message: `a request ${WORDS[from]} cannot become ${WORDS[to]}: ${next.length ? `it may become ${next.map((s) => WORDS[s]).join(', ')}` : 'nothing follows it'}` };
  }
  return who === party ? null : { kind: 'party', message: `only the ${who} may make a request ${WORDS[to]}` };
}

/** The moves `party` may make now (the buttons a screen offers). */
export function warrantyMovesOf(from: WarrantyStatus, party: WarrantyParty): WarrantyStatus[] {
  return (Object.entries(MOVES[from]) as [WarrantyStatus, WarrantyParty][]).filter(([, who]) => who === party).map(([to]) => to);
}

/** Statuses while the partner's SLA clock runs. */
const RUNNING: readonly WarrantyStatus[] = ['OPEN', 'IN_PROGRESS'];

/**
 * The SLA timer: minutes left until `dueAt` while the partner still has the request (negative once
 * past), null once it left the partner's hands; overdue when the clock ran out.
 */
export function slaState(status: WarrantyStatus, dueAt: number, now: number): { minutesLeft: number | null; overdue: boolean } {
  if (!RUNNING.includes(status)) return { minutesLeft: null, overdue: false };
  const minutesLeft = Math.floor((dueAt - now) / 60_000);
  return { minutesLeft, overdue: now > dueAt };
}

/** The two clocks of a partner's terms on one request. */
export interface WarrantyTimers {
  /** Minutes left to respond while the partner has not (negative once past); null once it responded or the request left its hands. */
  responseMinutesLeft: number | null;
  /** Not responded within the response hours (while it is still the partner's). */
  responseOverdue: boolean;
  /** Responded, but after the response hours. */
  respondedLate: boolean;
  /** As `slaState`: the resolution clock. */
  minutesLeft: number | null;
  resolutionOverdue: boolean;
  /** Either clock ran out while the partner has the request: what lists flag and sort first. */
  overdue: boolean;
}

/**
 * Both SLA clocks: the partner responds (takes the request up or answers in its thread) within the
 * response hours, and resolves it within the resolution hours, each counted from when it was raised.
 */
export function warrantyTimers(r: { status: WarrantyStatus; respondBy: number; respondedAt: number | null; dueAt: number }, now: number): WarrantyTimers {
  const resolution = slaState(r.status, r.dueAt, now);
  const waiting = r.respondedAt === null && RUNNING.includes(r.status);
  const responseOverdue = waiting && now > r.respondBy;
  return {
    responseMinutesLeft: waiting ? Math.floor((r.respondBy - now) / 60_000) : null,
    responseOverdue,
    respondedLate: r.respondedAt !== null && r.respondedAt > r.respondBy,
    minutesLeft: resolution.minutesLeft,
    resolutionOverdue: resolution.overdue,
    overdue: responseOverdue || resolution.overdue,
  };
}
