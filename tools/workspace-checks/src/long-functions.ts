/**
 * Functions longer than a reader can hold in view: every function declaration, function expression, arrow function,
 * method, accessor and constructor of the production sources whose text spans more than `MAX_FUNCTION_LINES` lines,
 * counted from its first line to its last (a React component is a function like any other). A function nested in a
 * long one is measured on its own as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './import-cycles';

export const MAX_FUNCTION_LINES = 80;
/** A production file longer than this is more than one module: split it by what its parts do. */
export const MAX_FILE_LINES = 400;

export interface LongFunction {
  /** The file, relative to the root it was searched from, with forward slashes. */
  file: string;
  /** The function's name: its own, the variable or property it is assigned to, or `(anonymous)`. */
  name: string;
  /** Its first line, counted from 1. */
  line: number;
  lines: number;
}

/** Tests, test fixtures, browser-test apps and declaration files are not production code. */
export function isProductionFile(relative: string): boolean {
  const file = relative.split(path.sep).join('/');
  if (/\.(spec|test)\.(ts|tsx|mts)$/.test(file)) return false;
  if (/(^|\/)testing(\/|\.ts$|\.tsx$)/.test(file)) return false;
  if (/^apps\/[^/]+-e2e\//.test(file) || file.startsWith('libs/testing/')) return false;
  return true;
}

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  // `const X = memo(function …)`, `app.get('/path', async () => …)`: named after the call.
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteral(first) ? ` ${first.text}` : '';
    const holder = parent.parent;
    if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return holder.name.text;
    return `${callee}(${label.trim()})`;
  }
  return '(anonymous)';
}

/** The functions of one source text longer than `max` lines. */
export function longFunctionsIn(fileName: string, text: string, max = MAX_FUNCTION_LINES): Omit<LongFunction, 'file'>[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Omit<LongFunction, 'file'>[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ name: nameOf(fn), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The long functions of the production files under `dirs` (relative to `root`). */
export function longFunctions(root: string, dirs: readonly string[], max = MAX_FUNCTION_LINES): LongFunction[] {
  const found: LongFunction[] = [];
  for (const file of sourceFiles(root, dirs)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (!isProductionFile(relative)) continue;
    for (const fn of longFunctionsIn(file, fs.readFileSync(file, 'utf8'), max)) found.push({ file: relative, ...fn });
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The production files under `dirs` (relative to `root`) longer than `max` lines, with their line counts. */
export function longFiles(root: string, dirs: readonly string[], max = MAX_FILE_LINES): { file: string; lines: number }[] {
  const found: { file: string; lines: number }[] = [];
  for (const file of sourceFiles(root, dirs)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (!isProductionFile(relative)) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n').length - 1;
    if (lines > max) found.push({ file: relative, lines });
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}
