import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = new URL('./vast.mjs', import.meta.url).pathname;
const fixture = (name: string) => new URL(`../fixtures/vast/${name}`, import.meta.url).pathname;

async function inspect(...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [script, ...args]);
    return { code: 0, json: JSON.parse(stdout) as Record<string, unknown> };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

// A loopback server for the URL form: fixtures/vast by name, one slow route, one 500.
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const name = (req.url ?? '').split('?')[0]!.slice(1);
    if (name === 'broken') {
      res.statusCode = 500;
      res.end();
      return;
    }
    readFile(fixture(name), 'utf8').then(
      (text) => res.end(text),
      () => {
        res.statusCode = 404;
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('npm run vast', () => {
  it('prints the parsed ad of a file in the documented shape', async () => {
    const { code, json } = await inspect(fixture('inline-skippable.xml'), '--creative-id', 'cr-7');
    expect(code).toBe(0);
    expect(Object.keys(json!)).toEqual([
      'ok',
      'skipOffset',
      'duration',
      'mediaFiles',
      'impressions',
      'errors',
      'clickThrough',
      'clickTracking',
      'tracking',
      'progressOffset',
      'id',
    ]);
    expect(json).toMatchObject({
      ok: true,
      skipOffset: 5,
      duration: 12,
      mediaFiles: [{ url: 'http://127.0.0.1:4101/media/ads/ad-12s.mp4', type: 'video/mp4', width: 640, height: 360, codec: 'avc1.4D401E, mp4a.40.2' }],
      clickThrough: 'http://127.0.0.1:4101/advertiser',
      progressOffset: 8,
      id: 'cr-7',
    });
    expect((json!.tracking as Record<string, string[]>).firstQuartile).toEqual(['http://127.0.0.1:4101/track/firstQuartile?ad=skippable']);
  });

  it('follows a wrapper chain of local files', async () => {
    const { json } = await inspect(fixture('wrapper-a.xml'));
    expect(json).toMatchObject({ ok: true, duration: 5, id: null });
    expect(json!.impressions).toHaveLength(4);
  });

  it('reports a VAST failure as ok:false with code and message, exit 0', async () => {
    // Each run is a process of its own: they go side by side.
    expect(await Promise.all([inspect(fixture('unplayable.xml')), inspect(fixture('malformed.xml')), inspect(fixture('multiple-ads.xml'))])).toEqual([
      { code: 0, json: { ok: false, code: 403, message: 'Not found supported mediaFile' } },
      { code: 0, json: { ok: false, code: 100, message: 'Failed parsing xml' } },
      { code: 0, json: { ok: false, code: 901, message: 'Empty vast' } },
    ]);
  });

  it('fetches a URL, takes creativeId from it and follows wrappers over HTTP', async () => {
    const { code, json } = await inspect(`${base}/wrapper-a.xml?creativeId=from-url`);
    expect(code).toBe(0);
    expect(json).toMatchObject({ ok: true, id: 'from-url' });
    expect(await inspect(`${base}/broken`)).toEqual({ code: 0, json: { ok: false, code: 900, message: 'Failed to load VAST' } });
  });

  it('exits non-zero only for a usage error', async () => {
    const runs = await Promise.all([inspect(), inspect('--creative-id'), inspect(fixture('empty.xml'), 'extra'), inspect('no/such/file.xml')]);
    expect(runs.map((result) => result.code)).toEqual([2, 2, 2, 2]);
  });
});
