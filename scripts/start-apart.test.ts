import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleStartApart } from './start-apart.mjs';

const OPTIONS = { bundle: true, splitting: true, format: 'esm' as const, entryNames: '[name]-[hash]', chunkNames: 'chunks/[name]-[hash]', metafile: true, logLevel: 'silent' as const, plugins: [] };

/** A start and a lazy module that share a module with state and a class, as the player's do (the prefetched playlists, typed errors). */
const SOURCES: Record<string, string> = {
  'start/lazy-modules.ts': "export const importRest = () => import('../rest');\n",
  'state.ts': 'export class Fault extends Error {}\nexport const box = { n: 0 };\nexport function bump(): number {\n  return ++box.n;\n}\n',
  'rest.ts': "import { Fault, box, bump } from './state';\nexport { box };\nexport const read = () => bump();\nexport const fault = () => new Fault('lost');\n",
  'main.ts': [
    "import { Fault, box, bump } from './state';",
    "import { importRest } from './start/lazy-modules';",
    'bump();',
    '(globalThis as any).startResult = importRest().then((rest) => ({ same: rest.box === box, n: rest.read(), caught: rest.fault() instanceof Fault }));',
  ].join('\n'),
};

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  delete (globalThis as { document?: unknown }).document;
});

async function build(extra: { alias?: Record<string, string> } = {}) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'start-apart-'));
  for (const [file, text] of Object.entries(SOURCES)) {
    await mkdir(path.dirname(path.join(dir, 'src', file)), { recursive: true });
    await writeFile(path.join(dir, 'src', file), text);
  }
  const outdir = path.join(dir, 'assets');
  const built = await bundleStartApart({ root: dir, entry: 'src/main.ts', outdir, options: { ...OPTIONS, ...extra, absWorkingDir: dir }, startPlugins: [], lazyModulesFile: 'src/start/lazy-modules.ts' });
  const startJs = Object.keys(built.metafile.outputs).find((file) => built.metafile.outputs[file]!.entryPoint === 'src/main.ts' && file.endsWith('.js'))!;
  return { ...built, outdir, startJs };
}

describe('the player page built as a start and the rest', () => {
  it('shares the start\'s modules with the rest: one state and one class, never a copy', async () => {
    const { metafile, lazy, outdir, startJs } = await build();
    // The page names the rest's address; the start reads it there.
    const rest = lazy.find(({ name }) => name === 'importRest')!;
    (globalThis as { document?: unknown }).document = {
      baseURI: pathToFileURL(`${dir}/`).href,
      querySelector: (selector: string) => (selector === 'meta[name="lazy-module-importRest"]' ? { content: `./${rest.file}` } : null),
    };
    await import(pathToFileURL(path.join(dir, startJs)).href);
    const result = await (globalThis as unknown as { startResult: Promise<unknown> }).startResult;
    expect(result).toEqual({ same: true, n: 2, caught: true });
    // The rest's file imports the state from the start's file, which has it alone.
    const restText = await readFile(path.join(dir, rest.file), 'utf8');
    expect(restText).not.toMatch(/extends Error/);
    expect(restText).toContain(`../${path.basename(startJs)}`);
    expect(path.dirname(path.join(dir, rest.file))).toBe(path.join(outdir, 'chunks'));
    // As one build lists it: the rest is a lazy import of the start, for the size report and the bench.
    expect(metafile.outputs[startJs]!.imports).toContainEqual({ path: rest.file, kind: 'dynamic-import' });
  });

  it('refuses a rest that would hold its own copy of a start module (reached by an alias)', async () => {
    SOURCES['rest.ts'] = SOURCES['rest.ts']!.replace("from './state'", "from '@state'");
    try {
      await expect(build({ alias: { '@state': './src/state.ts' } })).rejects.toThrow(/own copy of src\/state\.ts/);
    } finally {
      SOURCES['rest.ts'] = SOURCES['rest.ts']!.replace("from '@state'", "from './state'");
    }
  });

  it("rejects the lazy import, not the start, when the page names no address", async () => {
    const { startJs } = await build();
    (globalThis as { document?: unknown }).document = { baseURI: pathToFileURL(`${dir}/`).href, querySelector: () => null };
    await import(pathToFileURL(path.join(dir, startJs)).href);
    await expect((globalThis as unknown as { startResult: Promise<unknown> }).startResult).rejects.toThrow(TypeError);
  });
});
