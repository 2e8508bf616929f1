import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helper.ts';

// The schema distributes by tenant on Citus (docs/STORAGE.md, "Distribution by tenant"): every table
// the migrations create is named in one of the doc's three lists, and the migrated schema keeps each
// list's rule. A new table fails here until it is placed, so the rule holds for every future table.

const DOC = readFileSync(fileURLToPath(new URL('../../../docs/STORAGE.md', import.meta.url)), 'utf8');

type Kind = 'distributed' | 'reference' | 'lookup';
const HEADINGS: Record<Kind, string> = {
  distributed: '**Distributed by `tenant_id`**',
  reference: '**Reference tables**',
  lookup: '**Global lookups**',
};

/** The tables a list of the doc's Citus section names on its `Tables:` line. */
function listed(kind: Kind): string[] {
  const section = DOC.slice(DOC.indexOf('## Distribution by tenant'));
  const start = section.indexOf(`- ${HEADINGS[kind]}`);
  if (start < 0) throw new Error(`docs/STORAGE.md has no list headed ${HEADINGS[kind]}`);
  const rest = section.slice(start);
  // The Tables: line and its continuation lines, up to the next item or paragraph.
  const line = /\n\s+Tables: ([\s\S]+?)(?:\n- |\n\n)/.exec(rest);
  if (!line) throw new Error(`the list ${HEADINGS[kind]} has no Tables: line`);
  return [...line[1]!.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1]!);
}

interface Key {
  table: string;
  kind: 'p' | 'u' | 'f' | 'i';
  name: string;
  columns: string[];
  /** Foreign keys: the referenced table and columns. */
  refTable?: string;
  refColumns?: string[];
}

let db: TestDatabase;
let tables: Map<string, string[]>;
let keys: Key[];

beforeAll(async () => {
  db = await createTestDatabase();
  const cols = await db.pool.query<{ table: string; columns: string[] }>(`
    SELECT c.relname AS table, array_agg(a.attname ORDER BY a.attnum) AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    GROUP BY c.relname`);
  tables = new Map(cols.rows.map((r) => [r.table, r.columns]));
  const constraints = await db.pool.query<Key>(`
    SELECT c.conrelid::regclass::text AS table, c.contype AS kind, c.conname AS name,
      ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns,
      CASE WHEN c.contype = 'f' THEN c.confrelid::regclass::text END AS "refTable",
      CASE WHEN c.contype = 'f' THEN ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] END AS "refColumns"
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public' AND c.contype IN ('p', 'u', 'f') AND NOT t.relispartition`);
  // Unique indexes that are no constraint (partial or on expressions): an expression column reads ''.
  const indexes = await db.pool.query<Key>(`
    SELECT t.relname AS table, 'i' AS kind, x.relname AS name,
      ARRAY(SELECT coalesce(a.attname, '') FROM unnest(i.indkey) WITH ORDINALITY k(n, o) LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS columns
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class x ON x.oid = i.indexrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public' AND i.indisunique AND NOT t.relispartition
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`);
  keys = [...constraints.rows, ...indexes.rows];
});

afterAll(async () => {
  await db?.close();
});

describe('every table is placed for distribution by tenant (docs/STORAGE.md)', () => {
  it('each table the migrations create is in exactly one list, and each listed table exists', () => {
    const placed = [...listed('distributed'), ...listed('reference'), ...listed('lookup')];
    const twice = placed.filter((t, i) => placed.indexOf(t) !== i);
    expect(twice, 'tables in two lists').toEqual([]);
    expect([...tables.keys()].filter((t) => !placed.includes(t)).sort(), 'tables in no list of docs/STORAGE.md').toEqual([]);
    expect(placed.filter((t) => !tables.has(t)).sort(), 'listed tables the migrations do not create').toEqual([]);
  });

  it('a distributed table carries tenant_id and leads its primary key and every unique key with it', () => {
    const broken: string[] = [];
    for (const table of listed('distributed')) {
      if (!tables.get(table)?.includes('tenant_id')) broken.push(`${table}: no tenant_id column`);
      const own = keys.filter((k) => k.table === table);
      if (!own.some((k) => k.kind === 'p')) broken.push(`${table}: no primary key`);
      for (const k of own.filter((k) => k.kind !== 'f')) {
        if (k.columns[0] !== 'tenant_id') broken.push(`${table}.${k.name} (${k.columns.join(', ')}) does not lead with tenant_id`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('a foreign key between distributed tables joins tenant_id to tenant_id; none points at a lookup', () => {
    const distributed = new Set(listed('distributed'));
    const lookups = new Set(listed('lookup'));
    const broken: string[] = [];
    for (const k of keys.filter((k) => k.kind === 'f')) {
      if (lookups.has(k.refTable!)) broken.push(`${k.table}.${k.name} references the global lookup ${k.refTable}`);
      if (!distributed.has(k.table) || !distributed.has(k.refTable!)) continue;
      const at = k.columns.indexOf('tenant_id');
      if (at < 0 || k.refColumns![at] !== 'tenant_id') broken.push(`${k.table}.${k.name} (${k.columns.join(', ')}) → ${k.refTable} does not join on tenant_id`);
    }
    expect(broken).toEqual([]);
  });

  it('a reference table refers to reference tables only, and carries no tenant_id', () => {
    const reference = new Set(listed('reference'));
    const broken: string[] = [];
    for (const table of reference) {
      if (tables.get(table)?.includes('tenant_id')) broken.push(`${table}: has tenant_id, so it belongs to a tenant`);
      for (const k of keys.filter((k) => k.table === table && k.kind === 'f')) {
        if (!reference.has(k.refTable!)) broken.push(`${table}.${k.name} → ${k.refTable}, not a reference table`);
      }
    }
    expect(broken).toEqual([]);
  });
});
