import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { HLS_SRC, HLS_STUBS, hlsOmitted } from './hls-omitted.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** Bundles `entry` in memory with the plugin; resolves to the bundled input files. */
async function bundle(entry: string, plugin = hlsOmitted(), absWorkingDir = root): Promise<string[]> {
  const result = await esbuild.build({ entryPoints: [entry], bundle: true, format: 'esm', write: false, metafile: true, logLevel: 'silent', absWorkingDir, plugins: [plugin] });
  return Object.keys(result.metafile.inputs);
}

describe('the hls.js modules the player page leaves out', () => {
  it('are modules of the installed hls.js, each with a stub that exists', () => {
    for (const [module, stub] of Object.entries(HLS_STUBS)) {
      expect(existsSync(path.join(HLS_SRC, `${module}.ts`)), module).toBe(true);
      expect(existsSync(stub), stub).toBe(true);
    }
  });

  it("are replaced by their stubs in a bundle of hls.js's sources, and nothing else is", async () => {
    const inputs = await bundle(path.join(HLS_SRC, 'exports-named.ts'));
    for (const module of Object.keys(HLS_STUBS)) expect(inputs).not.toContain(relative(path.join(HLS_SRC, `${module}.ts`)));
    expect(inputs).toEqual(expect.arrayContaining([...new Set(Object.values(HLS_STUBS))].map(relative)));
    // The rest of hls.js is there: the player's own engine needs it.
    for (const kept of ['hls.ts', 'controller/timeline-controller.ts', 'demux/transmuxer.ts', 'utils/vttparser.ts', 'controller/cap-level-controller.ts']) {
      expect(inputs).toContain(relative(path.join(HLS_SRC, kept)));
    }
  });
});

describe('hlsOmitted', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = '';
  });

  /** A package's sources under `dir`/src: `files` by path, and a stub outside it. */
  async function fakePackage(files: Record<string, string>) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hls-omitted-'));
    for (const [file, text] of Object.entries({ ...files, 'stub.ts': 'export default undefined;\n' })) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    return { src: path.join(dir, 'src'), stub: path.join(dir, 'stub.ts') };
  }

  it('replaces a listed module imported from inside the package, not one of the same name outside it', async () => {
    const { src, stub } = await fakePackage({
      'src/main.ts': "import Gone from './controller/gone';\nimport '../app';\nexport default [Gone];\n",
      'src/controller/gone.ts': 'export default class Gone {}\n',
      'app.ts': "import Gone from './src/controller/gone';\nexport default Gone;\n",
    });
    const inputs = await bundle(path.join(src, 'main.ts'), hlsOmitted({ 'controller/gone': stub }, { hlsSrc: src }), dir);
    // The package's own import went to the stub; the outside file's import of the same module did not.
    expect(inputs.sort()).toEqual(['app.ts', 'src/controller/gone.ts', 'src/main.ts', 'stub.ts']);
  });

  it('fails the build when a listed module is not in the package (an upgrade moved it)', async () => {
    const { src, stub } = await fakePackage({ 'src/main.ts': 'export default 1;\n' });
    await expect(bundle(path.join(src, 'main.ts'), hlsOmitted({ 'controller/moved': stub }, { hlsSrc: src }), dir)).rejects.toThrow(
      /hls-omitted: controller\/moved not found under .*update HLS_STUBS in scripts\/hls-omitted\.mjs/,
    );
  });

  it('fails the build when the module is still there but nothing imports it any more', async () => {
    const { src, stub } = await fakePackage({
      'src/main.ts': "import Moved from './controller/moved-elsewhere';\nexport default Moved;\n",
      'src/controller/moved-elsewhere.ts': 'export default class Moved {}\n',
      'src/controller/gone.ts': 'export default class Gone {}\n',
    });
    await expect(bundle(path.join(src, 'main.ts'), hlsOmitted({ 'controller/gone': stub }, { hlsSrc: src }), dir)).rejects.toThrow(
      'hls-omitted: no hls.js module imports controller/gone any more',
    );
  });

  it('asks nothing of a build without the package (the harness page, the bench’s own-code bundle)', async () => {
    const { stub } = await fakePackage({ 'app.ts': 'export default 1;\n', 'src/controller/gone.ts': 'export default 1;\n' });
    await expect(bundle(path.join(dir, 'app.ts'), hlsOmitted({ 'controller/gone': stub }, { hlsSrc: path.join(dir, 'src') }), dir)).resolves.toEqual(['app.ts']);
  });

  it('fails the build when hls.js asks a stub for a named export it does not have', async () => {
    const { src, stub } = await fakePackage({
      'src/main.ts': "import { parse } from './utils/parser';\nexport default parse;\n",
      'src/utils/parser.ts': 'export function parse() {}\n',
    });
    await expect(bundle(path.join(src, 'main.ts'), hlsOmitted({ 'utils/parser': stub }, { hlsSrc: src }), dir)).rejects.toThrow(/No matching export/);
  });
});
