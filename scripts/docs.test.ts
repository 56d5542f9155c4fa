/**
 * Issue 40: docs by audience. The README, docs/architecture.md and e2e/README.md stay within their
 * sizes, the README keeps the two commands of its quick start, and every relative link in the
 * README, in docs/ and in the other READMEs reaches a file (and, for `#anchor`, a heading of it, by
 * GitHub's slug rules).
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

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(text: string): string {
  return text.replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
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

  it('GitHub slugs: punctuation goes, Cyrillic and hyphens stay, repeats are numbered', () => {
    expect(slug('§4 The start-up path')).toBe('4-the-start-up-path');
    expect(slug('`npm test` and `e2e/`')).toBe('npm-test-and-e2e');
    expect(slug('Свой поток: any stream')).toBe('свой-поток-any-stream');
    expect([...anchors('# A\n## A\n```\n# not a heading\n```\n## A')]).toEqual(['a', 'a-1', 'a-2']);
  });
});
