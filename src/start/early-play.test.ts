import { describe, expect, it } from 'vitest';
import { parseConfig } from '../features/session/config';
import { planEarlyStart, playsAtOnce, type EarlyPlayInput } from './early-play';

const episode = { id: 7, duration: 600 };

function input(search: string, rest: Partial<Omit<EarlyPlayInput, 'config'>> = {}, rootData: Record<string, string> = {}): EarlyPlayInput {
  const config = parseConfig({ search, pageUrl: `http://player.test/${search}`, rootData: { baseUrl: 'http://player.test', ...rootData } });
  return { config, episode, adList: null, storedProgress: null, muted: false, ...rest };
}

describe('the entry plays the start itself only when the model would play it at once', () => {
  it('autoplay on, no ads, nothing saved: plays, from t too', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1')))).toBe(true);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1&t=30')))).toBe(true);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { adList: { prerollList: [] } })))).toBe(true);
  });

  it('autoplay off: waits for the viewer', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1')))).toBe(false);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=0')))).toBe(false);
  });

  it('a pre-roll is due (the ad list has one, or demo mode): the ad comes first', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { adList: { prerollList: [{ vastUrl: 'http://ads.test/vast.xml' }] } })))).toBe(false);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1&advert=1')))).toBe(false);
  });

  it('an ad list entry with no usable link plans no pre-roll, as in the model', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { adList: { prerollList: [{ vastUrl: 'javascript:alert(1)' }, { dataXml: '  ' }] } })))).toBe(true);
  });

  it('the ad list answer does not settle it yet: waits for the model', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { adList: undefined })))).toBe(false);
  });

  it('a saved position or episode_time offers the resume prompt: no play', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: { '7': 120 } })))).toBe(false);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1&episode_time=90')))).toBe(false);
  });

  it('a saved position of another episode, a finished one or a corrupt store does not hold it back', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: { '8': 120 } })))).toBe(true);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: { '7': 598 } })))).toBe(true);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: 'garbage' })))).toBe(true);
  });

  it('the plan says how it plays: with sound, muted as the viewer left it, or on a click', () => {
    expect(planEarlyStart(input('?movie_id=1&auto_play=1'))?.play).toBe('sound');
    expect(planEarlyStart(input('?movie_id=1&auto_play=1', { muted: true }))?.play).toBe('muted');
    expect(planEarlyStart(input('?movie_id=1'))?.play).toBe('click');
    expect(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: { '7': 120 } }))).toMatchObject({ play: 'click', resumeAt: 120, startTime: 0 });
    expect(planEarlyStart(input('?movie_id=1&auto_play=1&advert=1'))).toMatchObject({ play: 'sound', preroll: true });
    expect(planEarlyStart(input('?movie_id=1&auto_play=1&t=30'))).toMatchObject({ episodeId: 7, startTime: 30, resumeAt: null, preroll: false });
  });
});
