import { describe, expect, it } from 'vitest';
import { isPlainTelemetryPayload, MAX_TELEMETRY_ENTRIES, TelemetryPayload } from './telemetry.ts';

// What devices send, as JSON.parse makes it: the plain test must say yes exactly where the schema
// does, or a body it lets through would skip a check the schema makes.
const bodies = [
  '{"pm": 42.1, "so2": 12}',
  '{"ts": 1737963587742, "values": {"pm": 42.1}}',
  '[{"pm": 1}, {"ts": 1737963587742, "values": {"so2": "12"}}]',
  '[]',
  '{}',
  '[{"pm": 1}, null]',
  '[{"pm": 1}, [1, 2]]',
  '[[{"pm": 1}]]',
  '[1, 2]',
  '"pm"',
  '42',
  'null',
  'true',
  JSON.stringify(Array.from({ length: MAX_TELEMETRY_ENTRIES }, () => ({ pm: 1 }))),
  JSON.stringify(Array.from({ length: MAX_TELEMETRY_ENTRIES + 1 }, () => ({ pm: 1 }))),
];

describe('isPlainTelemetryPayload', () => {
  it.each(bodies.map((body) => [body.slice(0, 60), body]))('agrees with TelemetryPayload on %s', (_, body) => {
    const value: unknown = JSON.parse(body);
    const schema = TelemetryPayload.safeParse(value);
    expect(isPlainTelemetryPayload(value)).toBe(schema.success);
    if (schema.success) expect(value).toEqual(schema.data);
  });

  it('keeps a "__proto__" key the schema drops, for the parser to refuse as an unknown parameter', () => {
    const value: unknown = JSON.parse('{"__proto__": {"pm": 1}}');
    expect(isPlainTelemetryPayload(value)).toBe(true);
    expect(Object.keys(value as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('leaves to the schema what JSON.parse never makes', () => {
    expect(isPlainTelemetryPayload(Object.create(null))).toBe(false);
    expect(isPlainTelemetryPayload([new Date(0)])).toBe(false);
  });
});
