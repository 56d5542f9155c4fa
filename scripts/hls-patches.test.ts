import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { HLS_SRC } from './hls-omitted.mjs';
import { HLS_PATCHES, hlsPatched, type HlsPatch } from './hls-patches.mjs';

/** Bundles `entry` in memory with the plugin; resolves to the bundle's text. */
async function bundle(entry: string, plugin = hlsPatched()): Promise<string> {
  const result = await esbuild.build({ entryPoints: [entry], bundle: true, format: 'esm', write: false, logLevel: 'silent', plugins: [plugin] });
  return result.outputFiles[0]!.text;
}

describe("the fixes to hls.js's sources", () => {
  it('each find their passage exactly once in the installed hls.js', () => {
    for (const { module, find } of HLS_PATCHES) {
      const text = readFileSync(path.join(HLS_SRC, `${module}.ts`), 'utf8');
      expect(text.split(find).length - 1, module).toBe(1);
    }
  });

  it("leave the stream's fragment loader alone when an init segment fails for a fragment that is no longer current", async () => {
    const text = await bundle(path.join(HLS_SRC, 'controller/base-stream-controller.ts'));
    expect(text).toContain('if (!this.fragContextChanged(mediaFrag)) this.fragmentLoader.abort();');
  });
});

describe('hlsPatched', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = '';
  });

  async function fakeHls(source: string): Promise<string> {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hls-patches-'));
    await mkdir(path.join(dir, 'controller'));
    await writeFile(path.join(dir, 'controller/a.ts'), source);
    return dir;
  }
  const patch: HlsPatch = { module: 'controller/a', find: 'const x = 1;', replace: 'const x = 2;' };

  it('replaces the passage in the module it names', async () => {
    const src = await fakeHls('export const x = 1;\n');
    const patched = { ...patch, find: 'export const x = 1;', replace: 'export const x = 2;' };
    expect(await bundle(path.join(src, 'controller/a.ts'), hlsPatched([patched], { hlsSrc: src }))).toMatch(/x = 2/);
  });

  it.each([
    ['not there', 'export const y = 1;\n'],
    ['there more than once', 'const x = 1;\nexport { x };\nfunction f() { const x = 1; return x; }\nexport { f };\n'],
  ])('fails the build when the passage is %s', async (_, source) => {
    const src = await fakeHls(source);
    await expect(bundle(path.join(src, 'controller/a.ts'), hlsPatched([patch], { hlsSrc: src }))).rejects.toThrow(/hls-patches: .*controller\/a/);
  });
});
