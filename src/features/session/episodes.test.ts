import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEpisodes, type EpisodeDto } from '../../api/dto';
import { chooseEpisode, nextEpisode, sortEpisodes, type EpisodeRequest } from './episodes';
import { sanitizeProgress } from '../../lib/watched';

function episode(id: number, season: number, order: number, isCompleted = false): EpisodeDto {
  return {
    id, title: `${order}. E${order}`, description: '', order, posterPath: null, duration: 10, watchProgress: 0,
    watchedAt: null, isCompleted, m3u8MasterFilePath: `/media/${id}.m3u8`, season: { id: season * 10, order: season },
  };
}

// Deliberately shuffled, as the API may return them.
const series = [episode(23, 2, 3), episode(12, 1, 2), episode(21, 2, 1), episode(11, 1, 1), episode(22, 2, 2), episode(13, 1, 3)];
const none = { episodeId: null, season: null, episode: null };
const ids = (list: EpisodeDto[]) => list.map((e) => e.id);

describe('sortEpisodes', () => {
  it('orders by season order, then episode order', () => {
    expect(ids(sortEpisodes(series))).toEqual([11, 12, 13, 21, 22, 23]);
  });

  it('puts episodes without a season first and does not mutate its input', () => {
    const film = { ...episode(1, 1, 1), season: null };
    const input = [episode(11, 1, 1), film];
    expect(ids(sortEpisodes(input))).toEqual([1, 11]);
    expect(ids(input)).toEqual([11, 1]);
  });
});

describe('chooseEpisode', () => {
  it('rule 1: by episode_id', () => {
    expect(chooseEpisode(series, { ...none, episodeId: 22, season: 1, episode: 1 })?.id).toBe(22);
  });

  it('rule 2: by season order and episode order', () => {
    expect(chooseEpisode(series, { ...none, season: 2, episode: 3 })?.id).toBe(23);
  });

  it('rule 2: the episode defaults to 1', () => {
    expect(chooseEpisode(series, { ...none, season: 2, episode: null })?.id).toBe(21);
  });

  it('rule 3: the first episode not completed', () => {
    const watched = series.map((e) => (e.season?.order === 1 ? { ...e, isCompleted: true } : e));
    expect(chooseEpisode(watched, none)?.id).toBe(21);
  });

  it('rule 3: an episode watched to within 5 s of its end on this device counts as completed (a returning viewer)', () => {
    // S1E1 and S1E2 (10 s each) finished here: S1E3.
    expect(chooseEpisode(series, none, { 11: 10, 12: 5 })?.id).toBe(13);
    // Stopped earlier: that episode (the resume prompt offers the position).
    expect(chooseEpisode(series, none, { 11: 10, 12: 4.9 })?.id).toBe(12);
    // The catalogue's isCompleted and this device's positions add up.
    expect(chooseEpisode(series.map((e) => (e.id === 11 ? { ...e, isCompleted: true } : e)), none, { 12: 9 })?.id).toBe(13);
    // Without a duration nothing is known to be finished.
    expect(chooseEpisode(series.map((e) => ({ ...e, duration: null })), none, { 11: 10 })?.id).toBe(11);
    // Positions of other contents' episodes change nothing.
    expect(chooseEpisode(series, none, { 10211: 10 })?.id).toBe(11);
  });

  it('rules 1 and 2 win over what was watched here; rule 4 when everything was', () => {
    const all = { 11: 10, 12: 10, 13: 10, 21: 10, 22: 10, 23: 10 };
    expect(chooseEpisode(series, { ...none, episodeId: 12 }, all)?.id).toBe(12);
    expect(chooseEpisode(series, { ...none, season: 1, episode: 1 }, all)?.id).toBe(11);
    expect(chooseEpisode(series, none, all)?.id).toBe(11);
  });

  it('rule 4: the first episode when all are completed', () => {
    expect(chooseEpisode(series.map((e) => ({ ...e, isCompleted: true })), none)?.id).toBe(11);
  });

  it('an unknown episode_id falls through to the next rules', () => {
    expect(chooseEpisode(series, { ...none, episodeId: 999, season: 2, episode: 2 })?.id).toBe(22);
    expect(chooseEpisode(series, { ...none, episodeId: 999 })?.id).toBe(11);
  });

  it('a season and episode out of range fall through', () => {
    expect(chooseEpisode(series, { ...none, season: 5, episode: 1 })?.id).toBe(11);
  });

  it('no episodes gives null', () => {
    expect(chooseEpisode([], none)).toBeNull();
  });
});

describe('nextEpisode', () => {
  it('crosses into the next season and stops after the last', () => {
    expect(nextEpisode(series, series.find((e) => e.id === 13)!)?.id).toBe(21);
    expect(nextEpisode(series, series.find((e) => e.id === 23)!)).toBeNull();
    expect(nextEpisode(series, null)).toBeNull();
  });
});

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('episode choice', () => {
  const fixtureJson = (path: string): unknown => JSON.parse(readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8'));
  const series = parseEpisodes(fixtureJson('api/episodes/102.json'));
  const completedFirst = parseEpisodes(fixtureJson('api/episodes/107.json'));
  const req = (partial: Partial<EpisodeRequest>): EpisodeRequest => ({ episodeId: null, season: null, episode: null, ...partial });

  const CHOICE_ROWS: Array<[label: string, episodes: typeof series, request: EpisodeRequest, expectedId: number]> = [
    ['unknown episode_id → first not completed', series, req({ episodeId: 999 }), 10211],
    ['unknown episode_id on 107 → first not completed (S2E1)', completedFirst, req({ episodeId: 999 }), 10721],
    ['season without episode → that season, episode 1', series, req({ season: 2, episode: 1 }), 10221],
    ['season out of range → first not completed', series, req({ season: 9, episode: 1 }), 10211],
    ['episode out of range → first not completed', series, req({ season: 1, episode: 9 }), 10211],
    ['episode without season → ignored', series, req({ episode: 3 }), 10211],
    ['unknown episode_id + valid season/episode → season/episode', series, req({ episodeId: 5, season: 2, episode: 3 }), 10223],
  ];

  it.each(CHOICE_ROWS)('%s', (_label, episodes, request, expectedId) => {
    expect(chooseEpisode(episodes, request)?.id).toBe(expectedId);
  });

  // A deep link (issue 48) naming no episode, for a viewer who finished S1E1 and S1E2 here: rule 3 gives S1E3.
  const WATCHED = { 10211: 10, 10212: 8 };
  const DEEP_LINK_ROWS: Array<[label: string, request: EpisodeRequest, expectedId: number]> = [
    ['season out of range → first not finished here (S1E3)', req({ season: 9, episode: 1 }), 10213],
    ['episode out of range → first not finished here (S1E3)', req({ season: 2, episode: 9 }), 10213],
    ['episode without season → ignored, first not finished here', req({ season: null, episode: 3 }), 10213],
    ['existing season and episode → that episode, even if finished', req({ season: 1, episode: 1 }), 10211],
  ];

  it.each(DEEP_LINK_ROWS)('%s', (_label, request, expectedId) => {
    expect(chooseEpisode(series, request, WATCHED)?.id).toBe(expectedId);
  });

  it.each([
    ['a stored array', ['10211', 10]],
    ['positions as strings', { 10211: '10' }],
    ['negative and non-finite positions', { 10211: -1, 10212: Number.NaN }],
  ])('stored progress of the wrong shape (%s) counts for nothing once sanitised', (_label, raw) => {
    expect(chooseEpisode(series, req({}), sanitizeProgress(raw))?.id).toBe(10211);
  });

  it('no episodes at all → null (the page shows the no-episodes text)', () => {
    expect(chooseEpisode([], req({ episodeId: 1 }))).toBeNull();
  });
});
