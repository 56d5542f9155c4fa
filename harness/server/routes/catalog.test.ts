/** The catalogue API the harness serves from fixtures/api, and its scenarios of broken answers. */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test-server';

const origins = useTestServer();

const MASTER = '/media/hls/film-aes/master.m3u8';
const get = (path: string) => fetch(new URL(path, origins.player));

describe('content 140: the AES-128 film', () => {
  it('the catalogue answers 140 with its details, one season and the encrypted master', async () => {
    const details = await get('/catalog-api/contents/140');
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ id: 140, title: 'Испытательная таблица (AES-128)', hasMultipleEpisodes: false });
    expect(await (await get('/catalog-api/contents/140/seasons')).json()).toHaveLength(1);
    const episodes = (await (await get('/catalog-api/episodes?content-id=140')).json()) as Array<{ m3u8MasterFilePath: string; duration: number }>;
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({ m3u8MasterFilePath: MASTER, duration: 12 });
  });
});

describe('garbage-body scenario (108)', () => {
  it('answers 200 with details that are not JSON and episodes and seasons of the wrong shape', async () => {
    const details = await fetch(`${origins.player}/catalog-api/contents/108`);
    expect(details.status).toBe(200);
    expect(details.headers.get('content-type')).toContain('application/json');
    const text = await details.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(await (await fetch(`${origins.player}/catalog-api/episodes?content-id=108`)).json()).toEqual({ items: 'not a list' });
    expect(await (await fetch(`${origins.player}/catalog-api/contents/108/seasons`)).json()).toEqual([{ id: 'первый', order: null }]);
  });
});

describe('server-error scenario (105)', () => {
  it('echoes the credentials it received, as a leaky back end would', async () => {
    const res = await fetch(`${origins.player}/catalog-api/contents/105`, {
      headers: { Authorization: 'Bearer a.b.c', 'X-Session-Context': 'fp-1', Cookie: 'refreshToken=r-1' },
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      message: 'Internal Server Error',
      request: { authorization: 'Bearer a.b.c', 'x-session-context': 'fp-1', cookie: 'refreshToken=r-1' },
    });
  });
});
