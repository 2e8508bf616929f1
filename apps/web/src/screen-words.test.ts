import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// What a person reads is written in few places: dates by lib/dates.ts, and no spec references or
// internal codes in the text of a screen. Read off the sources so that a new screen breaking it
// fails here.

const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['./**/*.ts', './**/*.tsx'], { query: '?raw', import: 'default', eager: true })).map(([file, text]) => [file.slice(2), text]),
);
const FILES = Object.keys(SOURCES).filter((file) => !/\.test\.tsx?$/.test(file));

function nodes(file: string): { node: ts.Node; source: ts.SourceFile }[] {
  const source = ts.createSourceFile(file, SOURCES[file]!, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { node: ts.Node; source: ts.SourceFile }[] = [];
  const visit = (node: ts.Node) => {
    out.push({ node, source });
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return out;
}
const at = (file: string, source: ts.SourceFile, node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;

/** The one date helper, and the pickers, whose inputs take machine values ('YYYY-MM-DD', 'HH:mm'). */
const MAY_FORMAT_DATES = (file: string) => file === 'lib/dates.ts' || file.startsWith('components/date-picker/');
/** Formatters of @enviro/domain/format-date that only lib/dates.ts calls. */
const DOMAIN_FORMATTERS = new Set(['formatInZone', 'formatDateTime12', 'formatDateTime24', 'formatByPeriod']);
/** The browser's own date texts, each in the viewer's locale and zone. */
const LOCALE_DATE_METHODS = new Set(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toDateString', 'toTimeString', 'toUTCString', 'toGMTString']);

describe('what screens say', () => {
  it('format dates only through lib/dates.ts (one format per period, SPEC 9)', () => {
    const found: string[] = [];
    for (const file of FILES.filter((f) => !MAY_FORMAT_DATES(f))) {
      for (const { node, source } of nodes(file)) {
        if (ts.isImportDeclaration(node) && (node.moduleSpecifier as ts.StringLiteral).text === '@enviro/domain/format-date') {
          const named = node.importClause?.namedBindings;
          if (named && ts.isNamedImports(named)) for (const e of named.elements) if (DOMAIN_FORMATTERS.has(e.name.text)) found.push(`${at(file, source, node)} imports ${e.name.text}`);
        }
        if (ts.isPropertyAccessExpression(node) && LOCALE_DATE_METHODS.has(node.name.text)) found.push(`${at(file, source, node)} calls ${node.name.text}`);
        if (ts.isNewExpression(node) && node.expression.getText(source) === 'Intl.DateTimeFormat') found.push(`${at(file, source, node)} makes an Intl.DateTimeFormat`);
        // dayjs(...).format('DD MMM') and the like: any .format() given a literal with date tokens.
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'format') {
          const arg = node.arguments[0];
          if (arg && ts.isStringLiteralLike(arg) && /YY|MM|DD|HH|hh|mm|ss/.test(arg.text)) found.push(`${at(file, source, node)} formats a date as '${arg.text}'`);
        }
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'toString' && ts.isNewExpression(node.expression.expression) && node.expression.expression.expression.getText(source) === 'Date')
          found.push(`${at(file, source, node)} writes a Date with toString()`);
      }
    }
    expect(found).toEqual([]);
  });

  it('never name a spec section ("SPEC 4") in a text a person reads', () => {
    const found: string[] = [];
    for (const file of FILES) {
      for (const { node, source } of nodes(file)) {
        const text = ts.isStringLiteralLike(node) || ts.isJsxText(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) ? node.text : null;
        if (text !== null && /\bSPEC \d/.test(text)) found.push(`${at(file, source, node)}: ${text.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
