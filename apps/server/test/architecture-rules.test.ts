import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { at, descendants, FILES, importsOf, moduleOf, parse, SRC } from './source-files.ts';

// The rules of the server's layout (docs/ARCHITECTURE.md, "How the server is put together"), read
// off the source so that breaking one fails here instead of waiting for a reviewer to notice. Every
// exception is listed with its reason, and an exception nothing needs any more fails too, so the
// lists only shrink.

interface ImportException {
  /** Importing file or folder (a prefix of its path under src/). */
  from: string;
  /** Imported file or folder (a prefix). */
  to: string;
  reason: string;
}

// Modules talk through services; platform is what modules build on, so it never reaches back.
const IMPORT_EXCEPTIONS: ImportException[] = [];

function importProblem(file: string, target: string): string | undefined {
  const from = moduleOf(file);
  const to = moduleOf(target);
  if (from && to && from !== to && target.endsWith('.repository.ts')) return `module ${from} reaches into ${to}'s repository`;
  if (file.startsWith('platform/') && to) return 'platform depends on a module';
  return undefined;
}

const exceptionFor = (file: string, target: string) => IMPORT_EXCEPTIONS.find((e) => file.startsWith(e.from) && target.startsWith(e.to));

describe('imports between modules and platform', () => {
  const crossings = FILES.flatMap((file) =>
    importsOf(file).flatMap(({ target, node }) => {
      const problem = importProblem(file, target);
      return problem ? [{ file, target, where: at(file, node), problem }] : [];
    }),
  );

  it('a module reads another module through its services, and platform imports no module', () => {
    const unexcused = crossings.filter((c) => !exceptionFor(c.file, c.target)).map((c) => `${c.where} imports ${c.target}: ${c.problem}`);
    expect(unexcused).toEqual([]);
  });

  it('every listed exception is still needed', () => {
    const unused = IMPORT_EXCEPTIONS.filter((e) => !crossings.some((c) => exceptionFor(c.file, c.target) === e));
    expect(unused).toEqual([]);
  });
});

// SQL lives in repositories. These files of the database platform run statements of their own, none
// of which reads or writes the product's tables.
const SQL_OUTSIDE_REPOSITORIES: Record<string, string> = {
  'platform/database/migrate.ts': 'applies the migration files, on one connection holding the migration lock',
  'platform/database/partitions.ts': 'creates reading partitions ahead of time through a database function',
  'platform/database/embedded.ts': 'creates the database in the embedded cluster it has just started',
  'platform/database/database.plugin.ts': 'pings the pool for /healthz (SELECT 1)',
  'platform/database/leases.ts': 'takes and counts advisory locks on a connection of its own, no table',
  'platform/database/pooled-repository.ts': 'the base class of pooled repositories: runs their prepared statements',
};

/** Calls that build or run SQL: Kysely's query builders, raw statements, pg's `query`. */
const SQL_METHODS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'query', 'executeQuery']);

/** Whether a call chain goes through `.transaction()`: `db.transaction().execute(fn)` runs a function, not SQL. */
function throughTransaction(node: ts.Expression): boolean {
  for (let e: ts.Expression = node; ; ) {
    if (ts.isCallExpression(e)) {
      if (ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'transaction') return true;
      e = e.expression;
    } else if (ts.isPropertyAccessExpression(e)) e = e.expression;
    else return false;
  }
}

function sqlIn(file: string): string[] {
  return descendants(parse(file)).flatMap((node) => {
    // sql`…`, sql<T>`…`
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') return [`${at(file, node)} sql\`…\``];
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return [];
    const { expression: receiver, name } = node.expression;
    // sql.raw(…), sql.ref(…), …
    if (ts.isIdentifier(receiver) && receiver.text === 'sql') return [`${at(file, node)} sql.${name.text}(…)`];
    if (SQL_METHODS.has(name.text)) return [`${at(file, node)} .${name.text}(…)`];
    if (name.text === 'execute' && node.arguments.length > 0 && !throughTransaction(receiver)) return [`${at(file, node)} .execute(…)`];
    return [];
  });
}

describe('SQL', () => {
  // Repositories, and the query helpers an owner exports for other modules' repositories to compose.
  const withSql = FILES.filter((file) => !file.endsWith('.repository.ts') && !file.endsWith('.queries.ts')).map((file) => ({ file, sql: sqlIn(file) }));

  it('is found where it is', () => {
    expect(FILES.filter((f) => f.endsWith('.repository.ts')).flatMap(sqlIn).length).toBeGreaterThan(100);
  });

  it('runs in repositories only', () => {
    const outside = withSql.filter((f) => !(f.file in SQL_OUTSIDE_REPOSITORIES)).flatMap((f) => f.sql);
    expect(outside).toEqual([]);
  });

  it('every file allowed SQL outside a repository still runs some', () => {
    const idle = Object.keys(SQL_OUTSIDE_REPOSITORIES).filter((file) => !withSql.some((f) => f.file === file && f.sql.length > 0));
    expect(idle).toEqual([]);
  });
});

// A module is opened by <area>.module.ts, a fastify plugin whose opening comment names the SPEC
// sections the area serves, so the spec and the code find each other.
const MODULES_WITHOUT_MODULE_FILE: Record<string, string> = {};

describe('module files', () => {
  const areas = readdirSync(path.join(SRC, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

  it('each module has <area>.module.ts opening with a comment that names SPEC sections', () => {
    const missing = areas
      .filter((area) => !(area in MODULES_WITHOUT_MODULE_FILE))
      .filter((area) => {
        const file = path.join(SRC, 'modules', area, `${area}.module.ts`);
        if (!existsSync(file)) return true;
        const opening = /^\s*\/\*\*[\s\S]*?\*\//.exec(readFileSync(file, 'utf8'))?.[0];
        return !opening?.includes('SPEC');
      });
    expect(missing).toEqual([]);
  });

  it('a module excused from a module file has no module file and no routes', () => {
    const outgrown = Object.keys(MODULES_WITHOUT_MODULE_FILE).filter(
      (area) => !areas.includes(area) || FILES.some((f) => f.startsWith(`modules/${area}/`) && /\.(module|routes)\.ts$/.test(f)),
    );
    expect(outgrown).toEqual([]);
  });
});

// A service method taking the caller checks it first, through the one access module, so what a
// method does before the check cannot leak anything.
const ACCESS_FILE = 'platform/access/access.ts';

const UNCHECKED_METHODS: Record<string, string> = {
  'modules/entities/entities.service.ts#EntityService.restriction':
    "the caller's own entity limit, which every caller may know; the services that call it have checked access already",
  'modules/reports/reports.service.ts#ReportService.rawData':
    'reads only through RawDataService.table, which checks the caller first on every page it reads',
};

const ACCESS_FUNCTIONS = new Set(
  parse(ACCESS_FILE).statements.flatMap((s) =>
    ts.isFunctionDeclaration(s) && s.name && s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ? [s.name.text] : [],
  ),
);

type Method = ts.MethodDeclaration & { body: ts.Block };

const isPublic = (m: ts.MethodDeclaration) =>
  !ts.isPrivateIdentifier(m.name) && !m.modifiers?.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword);

function takesCallerFirst(m: ts.MethodDeclaration): boolean {
  const first = m.parameters[0];
  return first !== undefined && first.name.getText() === 'auth' && first.type?.getText() === 'Auth';
}

/**
 * Whether the method's first statement calls an access function, or hands `auth` to another method
 * of the class whose first statement does (`metric(auth, r) { return this.trends(auth, r, …) }`).
 */
function checksFirst(method: Method, methods: Map<string, Method>, seen = new Set<Method>()): boolean {
  const first = method.body.statements[0];
  if (!first || seen.has(method)) return false;
  seen.add(method);
  return [first, ...descendants(first)].some((node) => {
    if (!ts.isCallExpression(node)) return false;
    if (ts.isIdentifier(node.expression)) return ACCESS_FUNCTIONS.has(node.expression.text);
    const callee = node.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.expression.kind !== ts.SyntaxKind.ThisKeyword) return false;
    const target = methods.get(callee.name.text);
    const passesAuth = node.arguments[0] !== undefined && ts.isIdentifier(node.arguments[0]) && node.arguments[0].text === 'auth';
    return target !== undefined && passesAuth && checksFirst(target, methods, seen);
  });
}

describe('services taking the caller', () => {
  const methods = FILES.filter((f) => f.endsWith('.service.ts')).flatMap((file) =>
    parse(file).statements.filter(ts.isClassDeclaration).flatMap((cls) => {
      if (!cls.name || !cls.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
      const all = new Map(
        cls.members.flatMap((m) => (ts.isMethodDeclaration(m) && m.body && ts.isIdentifier(m.name) ? [[m.name.text, m as Method] as const] : [])),
      );
      return [...all.values()]
        .filter((m) => isPublic(m) && takesCallerFirst(m))
        .map((m) => ({ key: `${file}#${cls.name!.text}.${m.name.getText()}`, where: at(file, m), ok: checksFirst(m, all) }));
    }),
  );

  it('finds the access module and the services', () => {
    expect(ACCESS_FUNCTIONS).toContain('assertSignedIn');
    expect(methods.length).toBeGreaterThan(50);
  });

  it('check access in their first statement through platform/access/access.ts', () => {
    const unchecked = methods.filter((m) => !m.ok && !(m.key in UNCHECKED_METHODS)).map((m) => `${m.where} ${m.key}`);
    expect(unchecked).toEqual([]);
  });

  it('every listed unchecked method still exists and still needs the exception', () => {
    const stale = Object.keys(UNCHECKED_METHODS).filter((key) => !methods.some((m) => m.key === key && !m.ok));
    expect(stale).toEqual([]);
  });
});

// One time model: days, months and quarters come from the zone helpers of packages/domain
// (time-zone.ts), never from a hand-written offset. +05:30 is right for India and wrong the day a
// range is asked in another zone, and a second way of computing days drifts from the first.
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** The zone helpers: the one place an offset may be written. */
const ZONE_HELPERS = new Set(['packages/domain/src/time-zone.ts']);

/** What a hand-written India offset looks like in code: 19800 s or ms, 5.5 hours, 330 minutes, +05:30, IST_OFFSET/IST_MS. */
const LITERAL_OFFSETS = [/19_?800/, /\b5\.5\s*\)?\s*\*\s*(3_?600|60)/, /\b330\s*\*\s*60/, /utcOffset\(\s*330\b/, /\+05:?30\b/, /\bIST_(OFFSET|MS)/];

// Instants shown to people as examples of the format they may send: words, not arithmetic. Listed
// by the text allowed, exactly (wherever the file moves), with where it is shown and why.
const OFFSET_EXAMPLES: Record<string, string> = {
  '2025-01-31T10:15:00+05:30': 'server, telemetry/csv-row.ts: an example in the error text of a bad ts cell',
  '2026-03-01T10:00:00+05:30': "web, a device's CSV upload help: an example of the ts column",
};

/** Every .ts and .tsx source under the apps', packages' and tools' src/ folders, tests left out, relative to the repository. */
function sourceFiles(): string[] {
  const roots = ['apps', 'packages', 'tools'].flatMap((top) =>
    readdirSync(path.join(REPO, top), { withFileTypes: true }).filter((e) => e.isDirectory() && existsSync(path.join(REPO, top, e.name, 'src'))).map((e) => `${top}/${e.name}/src`),
  );
  const walk = (dir: string): string[] =>
    readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(rel);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
    });
  return roots.flatMap(walk);
}

/** The code of a source without its comments (a comment may say +05:30; code may not compute with it). */
function codeOf(file: string, text: string): string {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

/** The literal offsets in a file's code, the listed examples left out. */
function literalOffsets(file: string, text: string): string[] {
  // Most files hold nothing like one even in their comments: only those are parsed.
  if (!LITERAL_OFFSETS.some((re) => re.test(text))) return [];
  let code = codeOf(file, text);
  for (const example of Object.keys(OFFSET_EXAMPLES)) code = code.split(example).join('');
  return code.split('\n').filter((line) => LITERAL_OFFSETS.some((re) => re.test(line))).map((line) => `${file}: ${line.trim()}`);
}

describe('time: no literal IST offset outside the zone helpers', () => {
  const files = sourceFiles();

  it('reads the sources of every app, package and tool', () => {
    for (const dir of ['apps/server/src/', 'apps/web/src/', 'packages/contracts/src/', 'packages/domain/src/', 'tools/bench/src/']) {
      expect(files.some((f) => f.startsWith(dir)), dir).toBe(true);
    }
    expect(files.some((f) => f.endsWith('.tsx'))).toBe(true);
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('knows an offset written by hand, in code and not in comments', () => {
    const found = (code: string) => literalOffsets('x.ts', code).length > 0;
    expect(
      ['const IST_OFFSET_MS = 5.5 * 3_600_000;', 'x + 19800', 'x + 19_800_000', 'new Date(`${day}T00:00:00+05:30`)', '(hour - 5.5) * 3_600_000', 'const o = 330 * 60_000;', 'd.utcOffset(330)', 't + IST_MS'].map(found),
    ).toEqual([true, true, true, true, true, true, true, true]);
    expect(['// India is UTC+05:30', '/** 19,800 s */ const pH = 5.5;', 'const width = 330;'].map(found)).toEqual([false, false, false]);
  });

  it('finds none in the code outside the zone helpers', () => {
    const offsets = files.filter((f) => !ZONE_HELPERS.has(f)).flatMap((f) => literalOffsets(f, readFileSync(path.join(REPO, f), 'utf8')));
    expect(offsets).toEqual([]);
  });

  it('every listed example is still in some code and would be an offset without the exception', () => {
    const texts = files.map((f) => readFileSync(path.join(REPO, f), 'utf8'));
    const stale = Object.keys(OFFSET_EXAMPLES).filter((example) => {
      const shown = files.some((f, i) => texts[i]!.includes(example) && codeOf(f, texts[i]!).includes(example));
      return !shown || !LITERAL_OFFSETS.some((re) => re.test(example));
    });
    expect(stale).toEqual([]);
  });
});
