import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// The rules of the web app's layout (README.md), read off the source so that breaking one fails
// here instead of waiting for a reviewer: a feature is used through its public file, shared code
// knows no feature, and query keys are written once, in the owning feature's query-keys file.

/** Every source file under src/, by its path relative to src/ ('features/tenants/index.ts'). */
const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['./**/*.ts', './**/*.tsx'], { query: '?raw', import: 'default', eager: true })).map(([file, text]) => [file.slice(2), text]),
);
const FILES = Object.keys(SOURCES).filter((file) => !/\.test\.tsx?$/.test(file));

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, SOURCES[file]!, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    parsed.set(file, source);
  }
  return source;
}

const walked = new Map<string, ts.Node[]>();
/** Every node of a file's syntax tree. */
function nodesOf(file: string): ts.Node[] {
  let found = walked.get(file);
  if (!found) {
    const nodes: ts.Node[] = [];
    const visit = (n: ts.Node) => {
      nodes.push(n);
      n.forEachChild(visit);
    };
    parse(file).forEachChild(visit);
    walked.set(file, (found = nodes));
  }
  return found;
}

/** `file:line` of a node, for messages. */
function at(file: string, node: ts.Node): string {
  const source = parse(file);
  return `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
}

/** The feature a path under src/ belongs to ('features/tenants/api/x' → 'tenants'), or undefined. */
const featureOf = (path: string): string | undefined => /^features\/([^/]+)(\/|$)/.exec(path)?.[1];

/** A path with '.' and '..' segments folded, relative to src/. */
function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

interface Import {
  /** As written. */
  specifier: string;
  /** Resolved relative to src/ without extension ('features/tenants', 'lib/api-client'); undefined for packages. */
  target: string | undefined;
  where: string;
}

/** What a file imports or re-exports from, statically or with import(). */
function importsOf(file: string): Import[] {
  return nodesOf(file).flatMap((node): Import[] => {
    let literal: ts.Expression | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) literal = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) literal = node.arguments[0];
    if (!literal || !ts.isStringLiteral(literal)) return [];
    const specifier = literal.text;
    const target = specifier.startsWith('@/')
      ? specifier.slice(2)
      : specifier.startsWith('.')
        ? normalize(`${file.slice(0, file.lastIndexOf('/') + 1)}${specifier}`)
        : undefined;
    return [{ specifier, target, where: at(file, node) }];
  });
}

// Parsing every file takes a few seconds on a busy machine: done once, before the tests' clocks start.
beforeAll(() => {
  for (const file of FILES) nodesOf(file);
}, 60_000);

const FEATURES = [...new Set(FILES.map(featureOf).filter((f) => f !== undefined))].sort();

describe('imports between features, app/ and shared code', () => {
  it('sees the code it judges', () => {
    expect(FEATURES).toEqual(expect.arrayContaining(['accounts', 'data', 'devices', 'entities', 'gateways', 'tenants']));
    const throughIndex = FILES.flatMap((file) => importsOf(file).filter((i) => /^@\/features\/[^/]+$/.test(i.specifier)));
    expect(throughIndex.length).toBeGreaterThan(50);
  });

  it('every feature has a public file, features/<name>/index.ts', () => {
    expect(FEATURES.filter((feature) => !FILES.includes(`features/${feature}/index.ts`))).toEqual([]);
  });

  it("code outside a feature imports it through its public file ('@/features/<name>'), never a file inside it", () => {
    const deep = FILES.flatMap((file) =>
      importsOf(file)
        .filter((i) => i.target !== undefined && featureOf(i.target) !== undefined && featureOf(i.target) !== featureOf(file))
        .filter((i) => i.specifier !== `@/features/${featureOf(i.target!)}`)
        .map((i) => `${i.where} imports ${i.specifier}`),
    );
    expect(deep).toEqual([]);
  });

  it("a feature's own files reach each other by relative path, never through '@/features/<itself>'", () => {
    const self = FILES.filter(featureOf).flatMap((file) =>
      importsOf(file)
        .filter((i) => i.specifier.startsWith(`@/features/${featureOf(file)}/`) || i.specifier === `@/features/${featureOf(file)}`)
        .map((i) => `${i.where} imports ${i.specifier}`),
    );
    expect(self).toEqual([]);
  });

  it('shared code (components/, lib/, config/) imports no feature and nothing of app/', () => {
    const upward = FILES.filter((file) => /^(components|lib|config|hooks)\//.test(file)).flatMap((file) =>
      importsOf(file)
        .filter((i) => i.target !== undefined && (i.target.startsWith('features/') || i.target.startsWith('app/')))
        .map((i) => `${i.where} imports ${i.specifier}`),
    );
    expect(upward).toEqual([]);
  });

  it('no two features import each other, however indirectly', () => {
    const uses = new Map(FEATURES.map((feature) => [feature, new Set<string>()]));
    for (const file of FILES) {
      const from = featureOf(file);
      if (!from) continue;
      for (const i of importsOf(file)) {
        const to = i.target && featureOf(i.target);
        if (to && to !== from) uses.get(from)!.add(to);
      }
    }
    const cycles: string[] = [];
    const visit = (feature: string, path: string[]) => {
      if (path.includes(feature)) {
        if (feature === path[0]) cycles.push([...path, feature].join(' → '));
        return;
      }
      for (const next of uses.get(feature) ?? []) visit(next, [...path, feature]);
    };
    for (const feature of FEATURES) visit(feature, []);
    expect(cycles).toEqual([]);
  });

  it("every name a feature's public file exports is used outside the feature", () => {
    const used = new Set<string>();
    for (const file of FILES) {
      for (const node of nodesOf(file)) {
        if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
        const feature = /^@\/features\/([^/]+)$/.exec(node.moduleSpecifier.text)?.[1];
        const bindings = node.importClause?.namedBindings;
        if (!feature || feature === featureOf(file) || !bindings || !ts.isNamedImports(bindings)) continue;
        for (const element of bindings.elements) used.add(`${feature}:${(element.propertyName ?? element.name).text}`);
      }
    }
    const unused = FEATURES.flatMap((feature) =>
      nodesOf(`features/${feature}/index.ts`).flatMap((node) =>
        ts.isExportSpecifier(node) && !used.has(`${feature}:${node.name.text}`) ? [`features/${feature}/index.ts exports ${node.name.text}, which nothing outside uses`] : [],
      ),
    );
    expect(unused).toEqual([]);
  });

  // vite.config.ts tells Rollup that feature modules have no side effects, so a route that takes one
  // name from a feature's index does not pull in every module the index re-exports.
  it('a feature module runs nothing as it loads: its top level only imports, exports and declares', () => {
    const DECLARATIONS = new Set([
      ts.SyntaxKind.ImportDeclaration,
      ts.SyntaxKind.ExportDeclaration,
      ts.SyntaxKind.FunctionDeclaration,
      ts.SyntaxKind.ClassDeclaration,
      ts.SyntaxKind.InterfaceDeclaration,
      ts.SyntaxKind.TypeAliasDeclaration,
      ts.SyntaxKind.EnumDeclaration,
      ts.SyntaxKind.VariableStatement,
    ]);
    const effects = FILES.filter(featureOf).flatMap((file) =>
      parse(file)
        .statements.filter((statement) => !DECLARATIONS.has(statement.kind) || (ts.isImportDeclaration(statement) && !statement.importClause))
        .map((statement) => `${at(file, statement)} ${statement.getText(parse(file)).slice(0, 60)}`),
    );
    expect(effects).toEqual([]);
  });
});

/** QueryClient methods whose first argument may be a query key. */
const KEYED_METHODS = new Set([
  'getQueryData',
  'setQueryData',
  'getQueriesData',
  'setQueriesData',
  'ensureQueryData',
  'fetchQuery',
  'prefetchQuery',
  'invalidateQueries',
  'refetchQueries',
  'cancelQueries',
  'removeQueries',
  'resetQueries',
]);

/** An expression without the parentheses, `as`, `satisfies` or `!` around it. */
function bare(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return e;
}

const isQueryKeysFile = (file: string) => /^features\/[^/]+\/api\/query-keys\.ts$/.test(file);

describe('query keys', () => {
  it('every feature with queries keeps its keys in api/query-keys.ts', () => {
    const withQueries = FEATURES.filter((feature) =>
      FILES.some((file) => featureOf(file) === feature && /\bqueryKey\b/.test(SOURCES[file]!)),
    );
    expect(withQueries.filter((feature) => !FILES.includes(`features/${feature}/api/query-keys.ts`))).toEqual([]);
  });

  it('no key is written out as an array outside the query-keys files', () => {
    const literal = FILES.filter((file) => /^(features|app)\//.test(file) && !isQueryKeysFile(file)).flatMap((file) =>
      nodesOf(file).flatMap((node) => {
        if (ts.isPropertyAssignment(node) && node.name.getText() === 'queryKey' && ts.isArrayLiteralExpression(bare(node.initializer))) {
          return [`${at(file, node)} queryKey: ${node.initializer.getText()}`];
        }
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && KEYED_METHODS.has(node.expression.name.text)) {
          const first = node.arguments[0] && bare(node.arguments[0]);
          if (first && ts.isArrayLiteralExpression(first)) return [`${at(file, node)} ${node.expression.name.text}(${first.getText()})`];
        }
        // A key told apart by its first part: key[0] === 'entity-metric'.
        if (ts.isBinaryExpression(node) && /^={2,3}$/.test(node.operatorToken.getText())) {
          const [a, b] = [node.left, node.right];
          const indexed = (e: ts.Expression) => ts.isElementAccessExpression(e) && /[kK]ey$/.test(e.expression.getText());
          if ((indexed(a) && ts.isStringLiteral(b)) || (indexed(b) && ts.isStringLiteral(a))) return [`${at(file, node)} ${node.getText()}`];
        }
        return [];
      }),
    );
    expect(literal).toEqual([]);
  });

  it("a key's first part belongs to one feature", () => {
    const owners = new Map<string, Set<string>>();
    for (const file of FILES.filter(isQueryKeysFile)) {
      for (const node of nodesOf(file)) {
        if (!ts.isArrayLiteralExpression(node)) continue;
        const first = node.elements[0];
        if (first && ts.isStringLiteral(first)) owners.set(first.text, (owners.get(first.text) ?? new Set()).add(featureOf(file)!));
      }
    }
    expect(owners.size).toBeGreaterThan(10);
    expect([...owners].filter(([, features]) => features.size > 1).map(([root, features]) => `${root}: ${[...features].join(', ')}`)).toEqual([]);
  });
});
