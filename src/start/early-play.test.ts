import { describe, expect, it } from 'vitest';
import { parseConfig } from '../features/session/config';
import { playsAtOnce, type EarlyPlayInput } from './early-play';

const episode = { id: 7, duration: 600 };

function input(search: string, rest: Partial<Omit<EarlyPlayInput, 'config'>> = {}, rootData: Record<string, string> = {}): EarlyPlayInput {
  const config = parseConfig({ search, pageUrl: `http://player.test/${search}`, rootData: { baseUrl: 'http://player.test', ...rootData } });
  return { config, episode, adList: null, storedProgress: null, ...rest };
}

describe('the entry plays the start itself only when the model would play it at once', () => {
  it('autoplay on, no ads, nothing saved: plays, from t too', () => {
    expect(playsAtOnce(input('?movie_id=1&auto_play=1'))).toBe(true);
    expect(playsAtOnce(input('?movie_id=1&auto_play=1&t=30'))).toBe(true);
    expect(playsAtOnce(input('?movie_id=1&auto_play=1', { adList: { prerollList: [] } }))).toBe(true);
  });

  it('autoplay off: waits for the viewer', () => {
    expect(playsAtOnce(input('?movie_id=1'))).toBe(false);
    expect(playsAtOnce(input('?movie_id=1&auto_play=0'))).toBe(false);
  });

  it('a pre-roll is due (the ad list has one, or demo mode): the ad comes first', () => {
    expect(playsAtOnce(input('?movie_id=1&auto_play=1', { adList: { prerollList: [{ vastUrl: 'http://ads.test/vast.xml' }] } }))).toBe(false);
    expect(playsAtOnce(input('?movie_id=1&auto_play=1&advert=1'))).toBe(false);
  });

  it('an ad list entry with no usable link plans no pre-roll, as in the model', () => {
    expect(playsAtOnce(input('?movie_id=1&auto_play=1', { adList: { prerollList: [{ vastUrl: 'javascript:alert(1)' }, { dataXml: '  ' }] } }))).toBe(true);
  });

  it('the ad list answer does not settle it yet: waits for the model', () => {
    expect(playsAtOnce(input('?movie_id=1&auto_play=1', { adList: undefined }))).toBe(false);
  });

  it('a saved position or episode_time offers the resume prompt: no play', () => {
    expect(playsAtOnce(input('?movie_id=1&auto_play=1', { storedProgress: { '7': 120 } }))).toBe(false);
    expect(playsAtOnce(input('?movie_id=1&auto_play=1&episode_time=90'))).toBe(false);
  });

  it('a saved position of another episode, a finished one or a corrupt store does not hold it back', () => {
    expect(playsAtOnce(input('?movie_id=1&auto_play=1', { storedProgress: { '8': 120 } }))).toBe(true);
    expect(playsAtOnce(input('?movie_id=1&auto_play=1', { storedProgress: { '7': 598 } }))).toBe(true);
    expect(playsAtOnce(input('?movie_id=1&auto_play=1', { storedProgress: 'garbage' }))).toBe(true);
  });
});
