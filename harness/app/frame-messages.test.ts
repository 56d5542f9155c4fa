import { describe, expect, it } from 'vitest';
import { createMessageLog, episodeChange, fullscreenRequest } from './frame-messages';

describe('the player frame messages', () => {
  it('names the episode of an episodeChanged message, with its season when it has one', () => {
    const changed = (episode: unknown) => episodeChange({ event: 'episodeChanged', payload: { episode } });
    expect(changed({ id: 10212, order: 2, season: { order: 1 } })).toEqual({ label: 'S1E2 · 10212', id: 10212 });
    expect(changed({ id: 10101 })).toEqual({ label: '10101', id: 10101 });
    expect(changed(null)).toEqual({ label: null, id: null });
    expect(episodeChange({ event: 'episodeChanged' })).toBeNull();
    expect(episodeChange({ event: 'play' })).toBeNull();
  });

  it('reads enterFullScreen and exitFullScreen, and nothing else', () => {
    expect(fullscreenRequest({ event: 'enterFullScreen' })).toBe(true);
    expect(fullscreenRequest({ event: 'exitFullScreen' })).toBe(false);
    expect(fullscreenRequest({ event: 'play' })).toBeNull();
    expect(fullscreenRequest('enterFullScreen')).toBeNull();
  });

  it('logs the newest messages up to the cap, each with an id of its own', () => {
    const log = createMessageLog(3);
    for (let i = 0; i < 5; i++) log.push({ direction: 'in', t: i, origin: 'o', data: i });
    expect(log.get().map((m) => [m.id, m.data])).toEqual([
      [3, 2],
      [4, 3],
      [5, 4],
    ]);
    log.clear();
    expect(log.get()).toEqual([]);
  });
});
