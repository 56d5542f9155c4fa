/**
 * The layering of DESIGN.md ("Layout"), checked on the static import graph of `src/`:
 *
 * 1. A model file (a non-test `.ts` file of `features/**` outside `view/` folders and `view.ts`
 *    entries, and of `api/`, `lib/`, `vast/`) never reaches React, react-dom, effector-react,
 *    hls.js or a stylesheet, directly or through other files' static imports. Platform adapters
 *    (`platform/**`) may touch the DOM but obey the same rule.
 * 2. A feature imports another feature only through its entry: `index.ts` (the model API), or
 *    `view.ts` (its components) from a view.
 * 3. The page's start (`app/main.ts` and what it imports statically: `src/start/`, the features'
 *    pure rules) evaluates no model: it never reaches effector, patronum, the API clients
 *    (`api/http.ts`), React, effector-react, hls.js or a stylesheet other than the page's own. That is what lets the first
 *    frame come before the app's long evaluation on a phone-class CPU (docs/architecture.md §4).
 *
 * 4. Only the composition root (`src/app/`) links one feature's units to another's (ADR 0006): a
 *    feature's file other than a view or a test imports no effector unit of another feature (it
 *    may import its types and pure rules).
 * 5. No feature module makes units on import (ADR 0006): outside functions, a non-test file of
 *    `features/**` calls no effector or patronum unit maker (`createStore`, `sample`, …); every
 *    unit is made by the feature's factory.
 * 6. The media stack (`src/engine/`) alone makes media elements and plays them by the autoplay
 *    rule (`playOrMute`), and no store holds an engine, an element or the ad's video: a store
 *    keeps the engine's key (`engine/engines.ts`).
 *
 * Type-only imports are erased by the compiler and are not edges; `import()` is an edge only for
 * rule 2 (a lazily loaded chunk is not part of the importer's bundle).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { is } from 'effector';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Packages a model must not reach (a subpath such as `react-dom/client` counts as its package). */
const FORBIDDEN_PACKAGES = ['react', 'react-dom', 'effector-react', 'hls.js'];

interface ImportEdge {
  specifier: string;
  dynamic: boolean;
}

/** The module specifiers a file loads at run time: `import`, `export … from` and `import()`. */
function runtimeImports(fileName: string, text: string): ImportEdge[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!importIsTypeOnly(node)) edges.push({ specifier: node.moduleSpecifier.text, dynamic: false });
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!exportIsTypeOnly(node)) edges.push({ specifier: node.moduleSpecifier.text, dynamic: false });
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) edges.push({ specifier: argument.text, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // The automatic JSX runtime (tsconfig "jsx": "react-jsx") imports react/jsx-runtime into every .tsx file.
  if (fileName.endsWith('.tsx')) edges.push({ specifier: 'react/jsx-runtime', dynamic: false });
  return edges;
}

/** `import type …`, or `import { type A, type B }` with no value binding: erased by the compiler. */
function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** `./x` → `x` as written (a stylesheet), `x.ts`, `x.tsx`, `x/index.ts`, `x/index.tsx`. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** A node of the graph: an absolute file path, or `package:<name>` for a bare import. */
type Target = string;

interface Graph {
  /** Static edges, for reachability. */
  staticEdges: Map<string, Target[]>;
  /** Every edge with the specifier as written, for the feature boundary rule. */
  allEdges: Map<string, { target: Target; specifier: string; dynamic: boolean }[]>;
  unresolved: string[];
}

function buildGraph(files: string[]): Graph {
  const staticEdges = new Map<string, Target[]>();
  const allEdges = new Map<string, { target: Target; specifier: string; dynamic: boolean }[]>();
  const unresolved: string[] = [];
  for (const file of files) {
    if (!/\.tsx?$/.test(file)) continue;
    const edges = runtimeImports(file, readFileSync(file, 'utf8')).flatMap((edge) => {
      if (!edge.specifier.startsWith('.')) return [{ ...edge, target: `package:${packageName(edge.specifier)}` }];
      const target = resolveRelative(file, edge.specifier);
      if (!target) {
        unresolved.push(`${rel(file)} → '${edge.specifier}'`);
        return [];
      }
      return [{ ...edge, target }];
    });
    allEdges.set(file, edges);
    staticEdges.set(
      file,
      edges.filter((edge) => !edge.dynamic).map((edge) => edge.target),
    );
  }
  return { staticEdges, allEdges, unresolved };
}

function rel(path: string): string {
  return path.startsWith('package:') ? path.slice('package:'.length) : relative(SRC, path).split('\\').join('/');
}

function isForbidden(target: Target): boolean {
  if (target.startsWith('package:')) return FORBIDDEN_PACKAGES.includes(target.slice('package:'.length));
  return target.endsWith('.css');
}

/** For each forbidden target `file` reaches, the shortest chain of files from `file` to it. */
function forbiddenChains(graph: Graph, file: string, forbidden: (target: Target) => boolean = isForbidden): string[][] {
  const parent = new Map<Target, Target | null>([[file, null]]);
  const queue: Target[] = [file];
  const found: Target[] = [];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (forbidden(current)) {
      found.push(current);
      continue;
    }
    for (const next of graph.staticEdges.get(current) ?? []) {
      if (parent.has(next)) continue;
      parent.set(next, current);
      queue.push(next);
    }
  }
  return found.map((target) => {
    const chain: Target[] = [];
    for (let node: Target | null | undefined = target; node; node = parent.get(node)) chain.unshift(node);
    return chain.map(rel);
  });
}

const FEATURE = /^features\/([^/]+)\/(.*)$/;

function featureOf(path: string): { name: string; inner: string } | undefined {
  const match = FEATURE.exec(rel(path));
  return match ? { name: match[1]!, inner: match[2]! } : undefined;
}

const isTest = (path: string): boolean => /\.test\.tsx?$/.test(path);

function isFeatureView(path: string): boolean {
  const feature = featureOf(path);
  return !!feature && (feature.inner === 'view.ts' || feature.inner.startsWith('view/') || path.endsWith('.tsx'));
}

function isModelFile(path: string): boolean {
  const name = rel(path);
  if (!name.endsWith('.ts') || isTest(name)) return false;
  if (name.startsWith('features/')) return !isFeatureView(path);
  return /^(api|lib|vast)\//.test(name);
}

function isPlatformFile(path: string): boolean {
  const name = rel(path);
  return name.startsWith('platform/') && name.endsWith('.ts') && !isTest(name);
}

/** Rule 2: `importer` (in a feature) may load `target` (in another feature) only through its entry. */
function crossesFeatureBoundary(importer: string, target: Target): boolean {
  if (target.startsWith('package:')) return false;
  const from = featureOf(importer);
  const to = featureOf(target);
  if (!from || !to || from.name === to.name) return false;
  if (to.inner === 'index.ts') return false;
  if (to.inner === 'view.ts') return !isFeatureView(importer);
  return true;
}

/** Rule 3: what the page's start must not evaluate. Its start-up calls are plain `fetch` (api/early.ts). */
const START_FORBIDDEN_PACKAGES = ['effector', 'patronum', ...FORBIDDEN_PACKAGES];
const START_FORBIDDEN_FILES = [join(SRC, 'api/http.ts')];
const PAGE_STYLESHEET = join(SRC, 'app/player.css');

function isForbiddenAtStart(target: Target): boolean {
  if (target.startsWith('package:')) return START_FORBIDDEN_PACKAGES.includes(target.slice('package:'.length));
  if (START_FORBIDDEN_FILES.includes(target)) return true;
  return target.endsWith('.css') && target !== PAGE_STYLESHEET;
}

const files = listFiles(SRC);
const graph = buildGraph(files);

function reachabilityReport(modelFiles: string[]): string[] {
  return modelFiles.flatMap((file) => forbiddenChains(graph, file).map((chain) => `  ${chain.join(' → ')}`));
}

/** The names a file imports as values, by module specifier (`import { a, type B }` gives `a`). */
function valueImports(fileName: string, text: string): Map<string, string[]> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names = new Map<string, string[]>();
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier) || importIsTypeOnly(node)) continue;
    const bindings = node.importClause?.namedBindings;
    const imported = bindings && ts.isNamedImports(bindings)
      ? bindings.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text)
      : ['*'];
    names.set(node.moduleSpecifier.text, [...(names.get(node.moduleSpecifier.text) ?? []), ...imported]);
  }
  return names;
}

/**
 * Rule 4: each unit of another feature a feature's model file imports, as `file → feature.name`.
 * A namespace or default import counts as all of the module's units.
 */
async function crossFeatureUnits(file: string): Promise<string[]> {
  const from = featureOf(file);
  if (!from || isTest(file) || isFeatureView(file)) return [];
  const found: string[] = [];
  for (const [specifier, names] of valueImports(file, readFileSync(file, 'utf8'))) {
    const target = specifier.startsWith('.') ? resolveRelative(file, specifier) : undefined;
    const to = target && featureOf(target);
    if (!target || !to || to.name === from.name) continue;
    const module = (await import(target)) as Record<string, unknown>;
    const units = names.includes('*') ? Object.keys(module).filter((name) => is.unit(module[name])) : names.filter((name) => is.unit(module[name]));
    found.push(...units.map((name) => `${rel(file)} → ${to.name}.${name}`));
  }
  return found;
}

/**
 * Model files that still hear other features' units when imported: each is to move its links to
 * app/links/ (issue 50, item 1). The list only shrinks: a file here that no longer imports a unit
 * of another feature fails the test until it leaves the list.
 */
const LINKS_TO_MOVE: string[] = [];

/** The calls that make units: effector's and patronum's. */
const UNIT_MAKERS = new Set(['createStore', 'createEvent', 'createEffect', 'createApi', 'createDomain', 'sample', 'combine', 'attach', 'merge', 'restore', 'split', 'debounce', 'interval', 'throttle']);

/** The unit makers a file calls outside any function (rule 5), as `name:line`. */
function unitsMadeOnImport(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && UNIT_MAKERS.has(node.expression.text)) {
      found.push(`${node.expression.text}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

describe('the import graph of src/', () => {
  it('resolves every relative import', () => {
    expect(graph.unresolved).toEqual([]);
  });

  it('rule 1: no model file reaches react, react-dom, effector-react, hls.js or a .css file through static imports', () => {
    const models = files.filter(isModelFile);
    // Every feature has a model entry, and the folders the rule names are all there.
    expect(models.filter((file) => featureOf(file)?.inner === 'index.ts').length).toBeGreaterThanOrEqual(11);
    expect(models.length).toBeGreaterThan(60);
    const violations = reachabilityReport(models);
    expect(violations.length, `model files that reach a view dependency (file → … → forbidden):\n${violations.join('\n')}\n`).toBe(0);
  });

  it('rule 1 for platform adapters: no file of platform/ reaches react, react-dom, effector-react, hls.js or a .css file', () => {
    const adapters = files.filter(isPlatformFile);
    expect(adapters.length).toBeGreaterThan(10);
    const violations = reachabilityReport(adapters);
    expect(violations.length, `platform adapters that reach a view dependency (file → … → forbidden):\n${violations.join('\n')}\n`).toBe(0);
  });

  it('rule 3: the page\'s start (app/main.ts, statically) reaches no effector, patronum, API client, React, hls.js or a view\'s stylesheet', () => {
    const entry = join(SRC, 'app/main.ts');
    const violations = forbiddenChains(graph, entry, isForbiddenAtStart).map((chain) => `  ${chain.join(' → ')}`);
    expect(violations.length, `the page's start reaches (entry → … → forbidden):\n${violations.join('\n')}\n`).toBe(0);
  });

  it("rule 2: a feature imports another feature only through its index.ts (or, from a view, its view.ts)", () => {
    const violations = [...graph.allEdges].flatMap(([importer, edges]) =>
      edges
        .filter((edge) => crossesFeatureBoundary(importer, edge.target))
        .map((edge) => `  ${rel(importer)} → ${rel(edge.target)} (import${edge.dynamic ? '()' : ''} '${edge.specifier}')`),
    );
    expect(violations.length, `imports past another feature's entry (importer → imported file):\n${violations.join('\n')}\n`).toBe(0);
  });

  it("rule 4: only src/app links one feature's units to another's: a feature's model file imports no unit of another feature", async () => {
    const found = (await Promise.all(files.filter((file) => /\.tsx?$/.test(file)).map(crossFeatureUnits))).flat();
    const importers = new Set(found.map((line) => line.split(' → ')[0]!));
    const violations = found.filter((line) => !LINKS_TO_MOVE.includes(line.split(' → ')[0]!));
    expect(violations, `feature files that import another feature's units (file → feature.unit); link them in src/app/links/:\n${violations.join('\n')}\n`).toEqual([]);
    expect(LINKS_TO_MOVE.filter((file) => !importers.has(file)), 'files in LINKS_TO_MOVE that no longer import a unit of another feature').toEqual([]);
  });
});

describe('the media stack (rule 6)', () => {
  const sources = files.filter((file) => /\.tsx?$/.test(file) && !isTest(rel(file)) && !rel(file).startsWith('test-support/'));
  const outsideEngine = sources.filter((file) => !rel(file).startsWith('engine/'));
  const matching = (list: string[], pattern: RegExp) =>
    list.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => `${rel(file)}: ${match[0]}`));

  it('only src/engine/ makes a media element or calls the autoplay rule', () => {
    expect(matching(outsideEngine, /createElement\(\s*['"](video|audio)['"]\s*\)/g)).toEqual([]);
    expect(matching(outsideEngine, /\bplayOrMute\s*\(/g)).toEqual([]);
    // The rule checks what it means to: the engine makes its elements and calls the rule.
    expect(matching(sources, /createElement\(\s*['"]video['"]\s*\)/g).length).toBeGreaterThan(0);
    expect(matching(sources, /\bplayOrMute\s*\(/g).length).toBeGreaterThan(0);
  });

  it('no store holds an engine, a media element, its surface or the ad video', () => {
    const held = /createStore<[^>]*\b(MediaEngine|HTML\w*Element|MediaSurface|AdVideo|AdElement)\b/g;
    expect(matching(sources, held)).toEqual([]);
    // The pattern finds what it forbids.
    expect(['createStore<MediaEngine | null>(null)', 'createStore<HTMLVideoElement | null>(null)', 'createStore<MediaKey | null>(null)'].map((code) => new RegExp(held).test(code))).toEqual([true, true, false]);
  });
});

describe('the checker itself', () => {
  it('rule 5: no feature module makes units on import: its factory makes them', () => {
    const made = files
      .filter((file) => featureOf(rel(file)) && !isTest(rel(file)) && /\.tsx?$/.test(file))
      .flatMap((file) => unitsMadeOnImport(file, readFileSync(file, 'utf8')).map((call) => `${rel(file)} ${call}`));
    expect(made).toEqual([]);
  });

  it('tells a unit made on import from one made in a function (rule 5)', () => {
    const text = "const $a = createStore(0);\nexport function make() { return sample({ clock: $a }); }\nconst f = () => createEvent();";
    expect(unitsMadeOnImport('x.ts', text)).toEqual(['createStore:1']);
  });

  it('reads value imports, re-exports, side-effect imports and import(), and skips type-only ones', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "import { type D, d } from './d';",
      "import './e';",
      "export { f } from './f';",
      "export type { G } from './g';",
      "export * from './h';",
      "type Lazy = typeof import('./i');",
      "const lazy = () => import('./j');",
    ].join('\n');
    expect(runtimeImports('x.ts', text)).toEqual([
      { specifier: './a', dynamic: false },
      { specifier: './d', dynamic: false },
      { specifier: './e', dynamic: false },
      { specifier: './f', dynamic: false },
      { specifier: './h', dynamic: false },
      { specifier: './j', dynamic: true },
    ]);
    expect(runtimeImports('x.tsx', '')).toEqual([{ specifier: 'react/jsx-runtime', dynamic: false }]);
  });

  it('reads the value names a file imports (rule 4), not its types', () => {
    const text = ["import { a, type B, c as d } from './x';", "import type { E } from './y';", "import * as all from './z';", "import './w';"].join('\n');
    expect([...valueImports('x.ts', text)]).toEqual([['./x', ['a', 'c']], ['./z', ['*']], ['./w', ['*']]]);
  });

  it('finds the chains it forbids where they exist: the app view reaches React, a feature view its stylesheet', () => {
    const chains = (name: string) => forbiddenChains(graph, join(SRC, name)).map((chain) => chain.join(' → '));
    expect(chains('app/app.tsx')).toContain('app/app.tsx → react');
    expect(chains('features/ads/view/ad-overlay.tsx')).toContain('features/ads/view/ad-overlay.tsx → features/ads/view/ad-overlay.css');
    // The app, which the entry loads with import() only, reaches every package the start must not.
    const atStart = forbiddenChains(graph, join(SRC, 'app/create-player.tsx'), isForbiddenAtStart).map((chain) => chain.at(-1));
    expect(atStart).toEqual(expect.arrayContaining(['effector', 'api/http.ts', 'react', 'features/playback/view/surface.css']));
  });

  it('tells the entries from the internals', () => {
    const at = (name: string) => join(SRC, name);
    expect(isModelFile(at('features/playback/index.ts'))).toBe(true);
    expect(isModelFile(at('features/playback/view/use-shortcuts.ts'))).toBe(false);
    expect(isModelFile(at('features/playback/model.test.ts'))).toBe(false);
    expect(crossesFeatureBoundary(at('features/share/model.ts'), at('features/playback/index.ts'))).toBe(false);
    expect(crossesFeatureBoundary(at('features/share/model.ts'), at('features/playback/model.ts'))).toBe(true);
    expect(crossesFeatureBoundary(at('features/share/model.ts'), at('features/playback/view.ts'))).toBe(true);
    expect(crossesFeatureBoundary(at('features/share/view/share-popup.tsx'), at('features/playback/view.ts'))).toBe(false);
    expect(crossesFeatureBoundary(at('features/share/view/share-popup.tsx'), at('features/playback/view/controls.tsx'))).toBe(true);
    expect(crossesFeatureBoundary(at('app/app.tsx'), at('features/playback/view/controls.tsx'))).toBe(false);
  });
});
