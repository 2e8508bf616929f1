import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral } from '../src/platform/database/array-literal.ts';
import { createTestDatabase, type TestDatabase } from './helper.ts';

const STRINGS = ['', 'plain', 'NULL', 'null', ' padded ', 'a,b', '{x}', 'say "hi"', 'back\\slash', '\\"', 'ऋतु ☁', 'tab\there', 'line\nbreak', "it's"];
const FLOATS = [0, -0, 1.5, -2.25, 1e21, 5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, 0.1 + 0.2, Infinity, -Infinity, Number.NaN];

describe('array parameters written as literals (array-literal.ts)', () => {
  let database: TestDatabase;
  let plain: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    // pg's own conversion, for comparison: a client not opened by openDatabase.
    plain = new pg.Client({ connectionString: database.url });
    await plain.connect();
  });
  afterAll(async () => {
    await plain?.end();
    await database?.close();
  });

  const both = async (text: string, values: unknown[]) => {
    const ours = await database.pool.query(text, values);
    const theirs = await plain.query(text, values);
    return { ours: ours.rows[0], theirs: theirs.rows[0] };
  };

  it('reads strings with quotes, backslashes, commas, braces, blanks and NULL-like text as pg sends them', async () => {
    const { ours, theirs } = await both('SELECT $1::text[] AS a, cardinality($1::text[]) AS n', [STRINGS]);
    expect(ours).toEqual({ a: STRINGS, n: STRINGS.length });
    expect(ours).toEqual(theirs);
  });

  it('reads doubles (extremes, infinities, NaN; minus zero as 0, as pg sends it), integers, bigints, booleans and nulls as pg sends them', async () => {
    const flags = [true, false, null, undefined];
    const values = [FLOATS, [1, -32768, 32767, null], ['9007199254740993', 12n, null], flags, flags, FLOATS];
    // The last two as text: what PostgreSQL read, character for character.
    const text = `SELECT $1::float8[]::text[] AS f, $2::smallint[] AS s, $3::bigint[]::text[] AS b, $4::boolean[] AS t, $5::text[] AS tt, $6::text[] AS ft`;
    const { ours, theirs } = await both(text, values);
    expect(ours).toEqual(theirs);
    expect(ours!.f).toEqual(['0', '0', '1.5', '-2.25', '1e+21', '5e-324', '1.7976931348623157e+308', '-1.7976931348623157e+308', '0.30000000000000004', 'Infinity', '-Infinity', 'NaN']);
    expect(ours!.b).toEqual(['9007199254740993', '12', null]);
    expect(ours!.t).toEqual([true, false, null, null]);
    expect(ours!.tt).toEqual(['true', 'false', null, null]);
    expect(ours!.ft).toEqual(FLOATS.map(String));
  });

  it('writes the arrays of prepared statements ({ name, text, values }) the same way', async () => {
    const text = 'SELECT $1::text[] AS a, $2::float8[] AS f';
    const ours = await database.pool.query({ name: 'array-literal-test', text, values: [STRINGS, FLOATS] });
    const theirs = await plain.query({ name: 'array-literal-test', text, values: [STRINGS, FLOATS] });
    expect(ours.rows[0]).toEqual(theirs.rows[0]);
    expect(ours.rows[0].a).toEqual(STRINGS);
  });

  it('leaves arrays of dates, nested arrays and objects to pg', async () => {
    const at = new Date('2026-11-27T10:15:00.123Z');
    expect(arrayLiteral([at])).toBeUndefined();
    expect(arrayLiteral([[1, 2]])).toBeUndefined();
    expect(arrayLiteral([{ a: 1 }])).toBeUndefined();
    const { ours, theirs } = await both('SELECT $1::timestamptz[] AS d, $2::int[] AS m', [[at, null], [[1, 2], [3, 4]]]);
    expect(ours).toEqual({ d: [at, null], m: [[1, 2], [3, 4]] });
    expect(ours).toEqual(theirs);
  });

  it('is what Kysely statements send, through unnest, for a batch of thousands of rows', async () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => String(10_000_000_000 + i));
    const values = ids.map((_, i) => (i % 7 === 0 ? null : i / 3));
    const { rows } = await sql<{ n: number; ids: string; total: number; nulls: number }>`
      SELECT count(*)::int AS n, max(u.id)::text AS ids, sum(u.v) AS total, count(*) FILTER (WHERE u.v IS NULL)::int AS nulls
      FROM unnest(${sql.val(ids)}::bigint[], ${sql.val(values)}::float8[]) AS u(id, v)`.execute(database.db);
    expect(rows[0]).toMatchObject({ n: 5_000, ids: ids.at(-1), nulls: values.filter((v) => v === null).length });
    // Summed in another order than here: equal to the last few bits.
    expect(rows[0]!.total).toBeCloseTo(values.reduce<number>((s, v) => s + (v ?? 0), 0), 6);
  });

  it('writes the literal text expected for plain values', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral([1, 2.5, null, true, 'a"b\\c'])).toBe('{1,2.5,NULL,true,"a\\"b\\\\c"}');
  });
});
