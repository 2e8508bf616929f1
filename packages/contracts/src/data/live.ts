import { z } from 'zod';
import { Id } from '../common.ts';

/**
 * GET /api/data/live: a Server-Sent Events stream of the latest values of stations as readings are
 * committed, for the station view and dashboards (the public portal keeps polling). Each `values`
 * event carries a RecentResponse (data/recent.ts): first every latest value within the backscan,
 * then only the values that changed. A query string, since EventSource cannot send a body.
 */

/** 'a, b,,c' → ['a', 'b', 'c']; anything but text is left for the array schema to refuse. */
const splitList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0)
    : value;

export const LiveQuery = z.strictObject({
  /** Stations or groups, comma-separated ids ('12,13'). Ids outside the caller's tenants answer 404. */
  entityIds: z.preprocess(splitList, z.array(Id).min(1).max(200)),
  /** Parameters, comma-separated standard names ('pm,so2'); default every parameter. */
  params: z.preprocess(splitList, z.array(z.string().min(1).max(64)).min(1).max(256)).optional(),
  /** Also stream the stations under the requested groups ('true' or 'false', default false). */
  includeDescendants: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** How far back the first event's latest values may be, in hours (default 4: the station view's window). */
  backscan: z.coerce.number().positive().max(24 * 31).default(4),
});
export type LiveQuery = z.output<typeof LiveQuery>;

/** The declared 200 answer: an event stream, not JSON. */
export const LiveStream = z.string().meta({
  format: 'text/event-stream',
  description: "Server-Sent Events: 'values' events whose data is a RecentResponse (JSON); ': keep-alive' comments every 20 s; the server ends the stream after 15 minutes and the browser's EventSource reconnects (checking the session again)",
});
