/**
 * Issue 40: no function over 80 lines in `src`, `sdk`, `harness` or `bench`. A long function is
 * read as several concerns at once; past this length it is split into named parts (hooks and
 * sub-components, one handler per route, pure rules in their own modules, measure/report steps).
 *
 * Every function with a body counts (declarations, expressions, arrows, methods, accessors,
 * constructors), from its first token to its last, so a nested function counts inside its parent
 * as well as on its own. Test files are left out: a `describe` block is a list, not a function.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['src', 'sdk', 'harness', 'bench'];
/** Generated or binary output, and dependencies. */
const SKIPPED_DIRS = new Set(['node_modules', 'bench/results', 'bench/media']);
const LIMIT = 80;

interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = { '.ts': ts.ScriptKind.TS, '.tsx': ts.ScriptKind.TSX, '.mjs': ts.ScriptKind.JS, '.js': ts.ScriptKind.JS };

function isChecked(file: string): boolean {
  return path.extname(file) in SCRIPT_KINDS && !file.endsWith('.d.ts') && !/\.(test|check)\.[cm]?[jt]sx?$/.test(file);
}

/** Repository-relative paths (with `/`) of the checked files under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) || SKIPPED_DIRS.has(file) ? [] : sourceFiles(file);
    return entry.isFile() && isChecked(file) ? [file] : [];
  });
}

type FunctionWithBody = ts.FunctionLikeDeclaration & { body: ts.Node };

function hasBody(node: ts.Node): node is FunctionWithBody {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node) ||
      ts.isConstructorDeclaration(node)) &&
    node.body !== undefined
  );
}

function propertyName(name: ts.PropertyName | ts.BindingName, source: ts.SourceFile): string {
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText(source);
}

/** `Class.member` inside a class, the bare member name elsewhere (object literals). */
function memberName(node: ts.Node, name: string): string {
  const owner = node.parent;
  return ts.isClassLike(owner) && owner.name ? `${owner.name.text}.${name}` : name;
}

/**
 * A function's own name, or for an anonymous one where it stands: the variable, property or
 * assignment it is given to, the call it is passed to (`page.evaluate callback`), an IIFE.
 */
function functionName(fn: FunctionWithBody, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(fn)) return memberName(fn, 'constructor');
  if (fn.name) return memberName(fn, propertyName(fn.name, source));
  let node: ts.Node = fn;
  // Through parentheses, `as`, `satisfies` and `!` to the place the value lands.
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent) || ts.isNonNullExpression(node.parent)) node = node.parent;
  const place = node.parent;
  if (ts.isVariableDeclaration(place) || ts.isPropertyAssignment(place) || ts.isPropertyDeclaration(place)) return propertyName(place.name, source);
  if (ts.isBinaryExpression(place) && place.operatorToken.kind === ts.SyntaxKind.EqualsToken) return place.left.getText(source);
  if (ts.isExportAssignment(place)) return 'default export';
  if (ts.isCallExpression(place)) return place.expression === node ? 'IIFE' : `${place.expression.getText(source)} callback`;
  if (ts.isJsxExpression(place) && ts.isJsxAttribute(place.parent)) return `${place.parent.name.getText(source)} handler`;
  return 'anonymous';
}

function longFunctions(file: string): LongFunction[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  // A file no longer than the limit holds no function over it: most files are not parsed at all.
  if (text.split('\n').length <= LIMIT) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, SCRIPT_KINDS[path.extname(file)]);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (hasBody(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > LIMIT) found.push({ file, line: first + 1, name: functionName(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const describeLong = (fn: LongFunction) => `${fn.file}:${fn.line} ${fn.name} (${fn.lines} lines)`;

describe(`functions of ${ROOTS.join(', ')}`, () => {
  it(`are at most ${LIMIT} lines long`, () => {
    expect(ROOTS.flatMap(sourceFiles).flatMap(longFunctions).map(describeLong)).toEqual([]);
  });
});
