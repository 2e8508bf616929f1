import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The server's source as the architecture tests read it: files, their syntax trees and imports.

export const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Every .ts file under src/, as a path relative to it with forward slashes. */
export function tsFiles(dir = ''): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return tsFiles(rel);
    return entry.name.endsWith('.ts') ? [rel] : [];
  });
}

export const FILES = tsFiles();
const parsed = new Map<string, ts.SourceFile>();

export function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(path.join(SRC, file), 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

export function descendants(node: ts.Node): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    found.push(n);
    n.forEachChild(visit);
  };
  node.forEachChild(visit);
  return found;
}

/** `file:line` of a node, for messages. */
export function at(file: string, node: ts.Node): string {
  const source = parse(file);
  return `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
}

/** The area of a file under modules/, or undefined. */
export function moduleOf(file: string): string | undefined {
  return /^modules\/([^/]+)\//.exec(file)?.[1];
}

/** The files a file imports or re-exports from (static or dynamic), resolved relative to src/; packages left out. */
export function importsOf(file: string): { target: string; node: ts.Node }[] {
  const specifiers = descendants(parse(file)).flatMap((node): { text: string; node: ts.Node }[] => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      return [{ text: node.moduleSpecifier.text, node }];
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)) {
      return [{ text: node.arguments[0].text, node }];
    }
    return [];
  });
  return specifiers
    .filter((s) => s.text.startsWith('.'))
    .map((s) => ({ target: path.posix.join(path.posix.dirname(file), s.text), node: s.node }));
}
