/**
 * The statistics catalogue (stat-events.ts) against the code: each event it lists is sent
 * somewhere, and no event name the code or the recorded traces spell out is missing from it.
 * Which payload goes with which name is the typecheck's part (`stat` in stats.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SHARE_TARGETS } from '../features/share';
import { STAT_EVENTS, STAT_PREFIX } from './stat-events';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const TRACES = join(SRC, '../fixtures/traces');
const CATALOGUE = join(SRC, 'platform/stat-events.ts');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const sources = listFiles(SRC).filter((path) => /\.tsx?$/.test(path) && path !== CATALOGUE && path !== fileURLToPath(import.meta.url));
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** The string literals of a file (module specifiers aside), and the fixed heads of templates such as `popup_share_${id}`. */
function literalsOf(path: string): { strings: string[]; templateHeads: string[] } {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const strings: string[] = [];
  const templateHeads: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    if (ts.isTemplateExpression(node)) templateHeads.push(node.head.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { strings, templateHeads };
}

/** The modules that send statistics: non-test files that use sendStatFx. */
const senders = sources.filter((path) => !isTest(path) && /\bsendStatFx\b/.test(readFileSync(path, 'utf8')) && !path.endsWith('platform/stats.ts'));
const sent = senders.map(literalsOf);
const sentNames = new Set(sent.flatMap(({ strings }) => strings));
/** Names built from a template: the share popup's one event per network, `popup_share_${id}` (share/model.ts). */
const TEMPLATED: Record<string, readonly string[]> = { popup_share_: SHARE_TARGETS.map(({ id }) => id) };
for (const head of sent.flatMap(({ templateHeads }) => templateHeads)) for (const tail of TEMPLATED[head] ?? []) sentNames.add(`${head}${tail}`);

const catalogued = new Set<string>(STAT_EVENTS);
const short = (wireName: string) => wireName.slice(STAT_PREFIX.length);

describe('the statistics catalogue', () => {
  it('lists each event once, every one with the videoplayer_ prefix', () => {
    expect(STAT_EVENTS.length).toBeGreaterThan(40);
    expect(catalogued.size).toBe(STAT_EVENTS.length);
    expect(STAT_EVENTS.filter((name) => !name.startsWith(STAT_PREFIX) || name.length === STAT_PREFIX.length)).toEqual([]);
  });

  it('has each of its events sent by a module that uses sendStatFx', () => {
    expect(senders.length).toBeGreaterThanOrEqual(6);
    expect(STAT_EVENTS.filter((name) => !sentNames.has(short(name)))).toEqual([]);
  });

  it('names every videoplayer_ event that src (code, comments, tests) and the recorded traces spell out', () => {
    const texts = [...sources, ...listFiles(TRACES).filter((path) => path.endsWith('.json'))].map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    // A name ending in '_' is a pattern ('videoplayer_ad_*', 'videoplayer_{event}'), not an event.
    const named = texts.flatMap(({ path, text }) =>
      [...text.matchAll(/videoplayer_\w+/g)].map(([name]) => ({ path: relative(SRC, path), name })).filter(({ name }) => !name.endsWith('_')),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(({ name }) => !catalogued.has(name))).toEqual([]);
  });
});
