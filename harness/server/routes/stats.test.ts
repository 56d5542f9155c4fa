import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test-server';
import { parseStatBody, StatsStore, type StatRecord } from './stats';

const origins = useTestServer();

const post = (body: string) => fetch(`${origins.harness}/__harness/stats`, { method: 'POST', body, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });
const stats = async (query = ''): Promise<StatRecord[]> => (await fetch(`${origins.harness}/__harness/stats${query}`)).json() as Promise<StatRecord[]>;

describe('/__harness/stats', () => {
  it('keeps posted events and returns those of one page by mark=, oldest first, narrowed by event=', async () => {
    const page = (client: string) => `${origins.player}/?movie_id=101&auto_play=1&harness-client=${client}`;
    expect((await post(JSON.stringify({ page: page('stats-a'), event: 'videoplayer_start', payload: { movie_id: 101 } }))).status).toBe(204);
    await post(JSON.stringify({ page: page('stats-b'), event: 'videoplayer_autoplay', payload: { result: 'sound' } }));
    await post(JSON.stringify({ page: page('stats-a'), event: 'videoplayer_autoplay', payload: { result: 'muted' } }));

    const mine = await stats('?mark=harness-client%3Dstats-a');
    expect(mine.map(({ event, payload }) => ({ event, payload }))).toEqual([
      { event: 'videoplayer_start', payload: { movie_id: 101 } },
      { event: 'videoplayer_autoplay', payload: { result: 'muted' } },
    ]);
    expect(mine[0]!.id).toBeLessThan(mine[1]!.id);
    expect(mine[0]!.page).toBe(page('stats-a'));
    expect((await stats('?mark=stats-b&event=videoplayer_autoplay')).map((one) => one.payload)).toEqual([{ result: 'sound' }]);
    // Not request-log entries.
    const log = (await (await fetch(`${origins.harness}/__harness/requests`)).json()) as Array<{ path: string }>;
    expect(log.filter((entry) => entry.path.includes('stats'))).toEqual([]);
  });

  it('answers a beacon (text/plain: no preflight) and refuses a body that is not a stat', async () => {
    const response = await fetch(`${origins.harness}/__harness/stats`, { method: 'POST', body: JSON.stringify({ page: 'x', event: 'e' }), headers: { Origin: origins.player } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await post('not json')).status).toBe(400);
    expect((await post(JSON.stringify({ page: 'x' }))).status).toBe(400);
    expect((await fetch(`${origins.harness}/__harness/stats`, { method: 'PUT' })).status).toBe(405);
  });

  it('is cleared by DELETE /__harness/log', async () => {
    await post(JSON.stringify({ page: 'p?harness-client=stats-c', event: 'e', payload: null }));
    expect(await stats('?mark=stats-c')).toHaveLength(1);
    await fetch(`${origins.harness}/__harness/log`, { method: 'DELETE' });
    expect(await stats()).toEqual([]);
  });
});

describe('StatsStore', () => {
  it('keeps the newest 5000', () => {
    const store = new StatsStore();
    for (let i = 0; i < 5003; i++) store.add('p', `e${i}`, null);
    const all = store.list();
    expect(all).toHaveLength(5000);
    expect(all[0]!.event).toBe('e3');
  });

  it('parses a beacon body, its payload null when absent', () => {
    expect(parseStatBody('{"page":"p","event":"e"}')).toEqual({ page: 'p', event: 'e', payload: null });
    expect(() => parseStatBody('{"page":1,"event":"e"}')).toThrow();
  });
});
