/**
 * Issue 40: docs by audience. The README, docs/architecture.md and e2e/README.md stay within their
 * sizes, the README keeps the two commands of its quick start, and every relative link in the
 * README, in docs/ and in the other READMEs reaches a file (and, for `#anchor`, a heading of it, by
 * GitHub's slug rules). Every test or source file they name in backticks exists, so a renamed,
 * merged or split test cannot leave the docs pointing at nothing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const KB = 1000;

const LIMITS: ReadonlyArray<[string, number]> = [
  ['README.md', 15 * KB],
  ['docs/architecture.md', 20 * KB],
  ['e2e/README.md', 25 * KB],
];

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownUnder(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

const LINKED = ['README.md', 'bench/README.md', 'e2e/README.md', ...markdownUnder('docs')];
const CITING = [...LINKED, 'fixtures/README.md'];

const FENCED = /^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1[^\n]*$/gm;

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(text: string): string {
  return text.replace(FENCED, '').replace(/`[^`\n]*`/g, '');
}

/** `[text](target)` and `![alt](target)` targets, without an optional title. */
function linkTargets(text: string): string[] {
  return [...prose(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** Every anchor a markdown file offers, with GitHub's -1, -2 for repeated headings. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const body = text.replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1[^\n]*$/gm, '');
  for (const match of body.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

/** What is wrong with one link of `from`, or null when it resolves. */
function brokenLink(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [rawPath = '', anchor] = target.split('#', 2);
  const file = rawPath === '' ? path.join(ROOT, from) : path.resolve(path.join(ROOT, path.dirname(from)), decodeURIComponent(rawPath));
  if (!existsSync(file)) return `${from}: ${target}: no such file`;
  if (anchor === undefined || anchor === '' || !file.endsWith('.md') || statSync(file).isDirectory()) return null;
  return anchors(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()) ? null : `${from}: ${target}: no such heading`;
}

/**
 * Where a cited path starts, as e2e/README.md's notation has it: `x.spec.ts` is in e2e/,
 * `ads/model/break.test.ts` under src/features/, `engine/types.ts` under src/, others from the root.
 */
const CITE_ROOTS = ['', 'src/features', 'src', 'e2e'];
/** The notation's own examples. */
const PLACEHOLDERS = new Set(['x.spec.ts', 'feature/x.test.ts']);
/** A .ts or .tsx file (tests and specs included): no glob, `<name>` or `commit:path`. */
const TS_PATH = /^(?:[\w@.-]+\/)*[\w@-][\w@.-]*\.tsx?$/;
const TEST_FILE = /\.(test|spec)\.tsx?$/;

/** Paragraphs and table rows: the units in which a bare name is in the folder of a path before it. */
function units(text: string): string[] {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(paragraph.join('\n'));
    paragraph = [];
  };
  for (const line of text.replace(FENCED, '').split('\n')) {
    if (line.trim() === '') flush();
    else if (line.trimStart().startsWith('|')) {
      flush();
      out.push(line);
    } else paragraph.push(line);
  }
  flush();
  return out;
}

/** Each .ts/.tsx path in a unit's inline code, with the folders of the paths named before it. */
function citedPaths(unit: string): Array<{ cited: string; folders: string[] }> {
  const out: Array<{ cited: string; folders: string[] }> = [];
  const folders: string[] = [];
  for (const [, code] of unit.matchAll(/`([^`\n]+)`/g)) {
    for (const word of code!.split(/[\s,;()'"]+/)) {
      if (!TS_PATH.test(word) || PLACEHOLDERS.has(word)) continue;
      out.push({ cited: word, folders: [...folders] });
      if (word.includes('/')) folders.push(path.posix.dirname(word));
    }
  }
  return out;
}

let names: Set<string> | undefined;
/** The name of every file in the repository (not node_modules, builds or dot folders). */
function fileNames(dir = ''): Set<string> {
  if (dir === '' && names) return names;
  const found = new Set<string>();
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || ['node_modules', 'dist', 'test-results', 'playwright-report'].includes(entry.name)) continue;
    if (entry.isDirectory()) for (const name of fileNames(path.join(dir, entry.name))) found.add(name);
    else found.add(entry.name);
  }
  if (dir === '') names = found;
  return found;
}

/**
 * Whether a path cited in `doc` names a file: from a cite root or the doc's folder; a bare name
 * also in the folder of a path before it in its paragraph or table row; a bare module name that
 * every feature has (`index.ts`, `view.ts`) anywhere. A bare test name gets no such leeway.
 */
function resolves(doc: string, cited: string, folders: string[]): boolean {
  const bare = !cited.includes('/');
  const dirs = ['', path.dirname(doc), ...(bare ? folders : [])];
  if (CITE_ROOTS.some((root) => dirs.some((dir) => existsSync(path.join(ROOT, root, dir, cited))))) return true;
  return bare && !TEST_FILE.test(cited) && fileNames().has(cited);
}

describe('the docs', () => {
  it.each(LIMITS)('%s is at most its size (%i bytes)', (file, limit) => {
    expect(Buffer.byteLength(read(file))).toBeLessThanOrEqual(limit);
  });

  it('the README keeps the quick start commands', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('every relative link in the README, docs/ and the other READMEs resolves, anchors included', () => {
    const broken = LINKED.flatMap((file) => linkTargets(read(file)).map((target) => brokenLink(file, target)));
    expect(broken.filter((problem) => problem !== null)).toEqual([]);
  });

  it('every test or source file named in backticks in the READMEs and docs/ exists', () => {
    const missing = CITING.flatMap((doc) =>
      units(read(doc)).flatMap((unit) =>
        citedPaths(unit)
          .filter(({ cited, folders }) => !resolves(doc, cited, folders))
          .map(({ cited }) => `${doc}: ${cited}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('GitHub slugs: punctuation goes, Cyrillic and hyphens stay, repeats are numbered', () => {
    expect(slug('§4 The start-up path')).toBe('4-the-start-up-path');
    expect(slug('`npm test` and `e2e/`')).toBe('npm-test-and-e2e');
    expect(slug('Свой поток: any stream')).toBe('свой-поток-any-stream');
    expect([...anchors('# A\n## A\n```\n# not a heading\n```\n## A')]).toEqual(['a', 'a-1', 'a-2']);
  });
});
