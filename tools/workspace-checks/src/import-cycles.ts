/**
 * The workspace's import graph, built with the TypeScript compiler's own module resolution (the `paths` of
 * tsconfig.base.json included), and its circles: sets of files that import one another, directly or through others.
 * Imports of types count as well: two files that need each other's declarations are one module split in two, and
 * what both need belongs in a third file they both import.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.nx', 'tmp', '.tools', '.git']);

/** Every TypeScript source under `dirs` (relative to `root`), declaration files left out. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path.join(dir, entry.name));
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        found.push(path.join(dir, entry.name));
      }
    }
  };
  for (const dir of dirs) {
    const full = path.join(root, dir);
    if (fs.existsSync(full)) walk(full);
  }
  return found;
}

/** The module names a file imports: its imports and re-exports (of types too), `import()` and `require()` calls. */
export function importedSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      names.push(node.moduleSpecifier.text);
      return;
    }
    const argument = ts.isCallExpression(node) && node.arguments.length === 1 ? node.arguments[0] : undefined;
    if (ts.isCallExpression(node) && argument && ts.isStringLiteral(argument)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) names.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The graph of imports among `files`, resolved as `tsconfig` resolves them; other modules are left out. */
export function importGraph(files: readonly string[], tsconfig: string): ImportGraph {
  const config = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const options: ts.CompilerOptions = { ...(config?.options ?? {}), moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext };
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(path.dirname(tsconfig), (f) => f, options);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const name of importedSpecifiers(file, fs.readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(name, file, options, ts.sys, cache).resolvedModule?.resolvedFileName;
      if (resolved && known.has(resolved) && resolved !== file) targets.add(resolved);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The graph's circles: its strongly connected components of more than one file (Tarjan's algorithm, iterative). */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const lowOf = (node: string): number => low.get(node) ?? Number.POSITIVE_INFINITY;
  const enter = (node: string): { node: string; edges: readonly string[]; edge: number } => {
    index.set(node, index.size);
    low.set(node, index.size - 1);
    stack.push(node);
    onStack.add(node);
    return { node, edges: graph.get(node) ?? [], edge: 0 };
  };
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [enter(start)];
    for (let frame = work.at(-1); frame !== undefined; frame = work.at(-1)) {
      const target = frame.edges[frame.edge];
      if (target !== undefined) {
        frame.edge += 1;
        const seen = index.get(target);
        if (seen === undefined) work.push(enter(target));
        else if (onStack.has(target)) low.set(frame.node, Math.min(lowOf(frame.node), seen));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(lowOf(parent.node), lowOf(frame.node)));
      if (lowOf(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        component.push(member);
        if (member === frame.node) break;
      }
      if (component.length > 1) cycles.push(component.sort());
    }
  }
  return cycles;
}
