import { allSettled, createStore, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { ContentDto, EpisodeDto, SeasonDto } from '../../api/dto';
import { createSession, parseConfig } from '../session';
import type { ProgressMap } from '../progress';
import { linked } from '../../test-support/linked';
import { createSeries, posterUrl, watchedShare } from './model';

// The session series hears, built by its factory, as the player builds it.
const { $config, $content, $currentEpisode, $episodes, $seasons, episodeChosen } = linked(createSession);
/** The positions progress saved, as series is given them. */
const $savedProgress = createStore<ProgressMap>({});
const {
  $lastChoice, $menuEpisodeRows, $menuEpisodes, $menuSeasonId, $menuSeasons, $nextEpisode, $nextEpisodePoster, $seasonsMenuOpen,
  episodeEnded, episodeSelected, menuBackClicked, menuSeasonPicked, nextEpisodeClicked, seasonsMenuToggled,
} = linked(() =>
  createSeries({
    $config, $content, $seasons, $episodes, $currentEpisode, episodeChosen, $savedProgress,
    // The end-of-episode card's inputs, which these tests leave still.
    $currentTime: createStore(0), $duration: createStore(0), $breakPhase: createStore('idle'), $creditsChapter: createStore(null),
  }),
);

const episode = (id: number, season: number, order: number): EpisodeDto => ({
  id, title: `${order}. E`, description: '', order, posterPath: null, duration: 10, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: `/m/${id}.m3u8`, season: { id: season * 100, order: season },
});
const seasons: SeasonDto[] = [{ id: 100, order: 1 }, { id: 200, order: 2 }, { id: 300, order: 3 }];
const episodes = [episode(11, 1, 1), episode(12, 1, 2), episode(21, 2, 1), episode(22, 2, 2)];
const series = { id: 1, title: 'S', hasMultipleEpisodes: true } as ContentDto;

function scopeAt(currentId: number) {
  return fork({
    values: [
      [$content, series],
      [$seasons, seasons],
      [$episodes, episodes],
      [$currentEpisode, episodes.find((e) => e.id === currentId)!],
    ],
  });
}

describe('series model', () => {
  it('auto-advances across seasons when an episode ends', async () => {
    const scope = scopeAt(12);
    expect(scope.getState($nextEpisode)?.id).toBe(21);
    await allSettled(episodeEnded, { scope });
    expect(scope.getState($currentEpisode)?.id).toBe(21);
    expect(scope.getState($lastChoice)).toBe('auto');
  });

  it('does not advance after the last episode', async () => {
    const scope = scopeAt(22);
    expect(scope.getState($nextEpisode)).toBeNull();
    await allSettled(episodeEnded, { scope });
    await allSettled(nextEpisodeClicked, { scope });
    expect(scope.getState($currentEpisode)?.id).toBe(22);
    expect(scope.getState($lastChoice)).toBe('start');
  });

  it('the next-episode button is a "next" choice', async () => {
    const scope = scopeAt(11);
    await allSettled(nextEpisodeClicked, { scope });
    expect(scope.getState($currentEpisode)?.id).toBe(12);
    expect(scope.getState($lastChoice)).toBe('next');
  });

  it('the menu opens on the season list, shows a chosen season, goes back, and closes on a choice', async () => {
    const scope = scopeAt(21);
    expect(scope.getState($menuSeasons).map((s) => s.order)).toEqual([1, 2]);
    await allSettled(seasonsMenuToggled, { scope });
    expect(scope.getState($seasonsMenuOpen)).toBe(true);
    expect(scope.getState($menuSeasonId)).toBeNull();
    expect(scope.getState($menuEpisodes)).toEqual([]);
    await allSettled(menuSeasonPicked, { scope, params: 200 });
    expect(scope.getState($menuEpisodes).map((e) => e.id)).toEqual([21, 22]);
    await allSettled(menuBackClicked, { scope });
    expect(scope.getState($menuSeasonId)).toBeNull();
    await allSettled(menuSeasonPicked, { scope, params: 100 });
    expect(scope.getState($menuEpisodes).map((e) => e.id)).toEqual([11, 12]);
    await allSettled(episodeSelected, { scope, params: episodes[1]! });
    expect(scope.getState($currentEpisode)?.id).toBe(12);
    expect(scope.getState($lastChoice)).toBe('menu');
    expect(scope.getState($seasonsMenuOpen)).toBe(false);
  });

  it('opens on the season list again after a season was left open', async () => {
    const scope = scopeAt(11);
    await allSettled(seasonsMenuToggled, { scope });
    await allSettled(menuSeasonPicked, { scope, params: 200 });
    await allSettled(seasonsMenuToggled, { scope });
    expect(scope.getState($seasonsMenuOpen)).toBe(false);
    await allSettled(seasonsMenuToggled, { scope });
    expect(scope.getState($menuSeasonId)).toBeNull();
  });
});

describe('the episode list: posters and what was watched, decided in the model', () => {
  const base = 'http://player.test';
  const config = parseConfig({ search: '?movie_id=1', pageUrl: `${base}/?movie_id=1`, rootData: { baseUrl: base } });

  it.each([
    ['a path on the base URL', '/media/posters/11.jpg', base, `${base}/media/posters/11.jpg`],
    ['an absolute https link', 'https://cdn.example/p.jpg', base, 'https://cdn.example/p.jpg'],
    ['a javascript: link', 'javascript:alert(1)', base, null],
    ['a data: link', 'data:image/png;base64,AAAA', base, null],
    ['no path', null, base, null],
    ['no base URL yet', '/media/posters/11.jpg', null, null],
  ])('poster: %s', (_, path, baseUrl, expected) => {
    expect(posterUrl(path, baseUrl)).toBe(expected);
  });

  it.each([
    ['the saved position first', { '11': 5 }, { watchProgress: 1 }, 0.5],
    ["the catalogue's watchProgress without one", {}, { watchProgress: 3 }, 0.3],
    ['1 when completed', {}, { isCompleted: true }, 1],
    ['clamped to 0..1', { '11': 40 }, {}, 1],
    ['0 with no duration', { '11': 5 }, { duration: 0 }, 0],
  ])('watched share: %s', (_, saved, fields, expected) => {
    expect(watchedShare({ ...episode(11, 1, 1), ...fields }, saved)).toBe(expected);
  });

  it('rows of the open season carry the poster, the share and "watched" from 0.95 on; the next episode has its poster', async () => {
    const posters = episodes.map((e) => ({ ...e, posterPath: `/p/${e.id}.jpg` }));
    const scope = fork({
      values: [
        [$config, config],
        [$content, series],
        [$seasons, seasons],
        [$episodes, [{ ...posters[0]!, isCompleted: true }, posters[1]!, posters[2]!, posters[3]!]],
        [$currentEpisode, posters[0]!],
        [$savedProgress, { '12': 9.49, '21': 9.5 }],
      ],
    });
    await allSettled(menuSeasonPicked, { scope, params: 100 });
    expect(scope.getState($menuEpisodeRows).map(({ episode, poster, watched, done }) => [episode.id, poster, watched.toFixed(3), done])).toEqual([
      [11, `${base}/p/11.jpg`, '1.000', true],
      [12, `${base}/p/12.jpg`, '0.949', false],
    ]);
    await allSettled(menuSeasonPicked, { scope, params: 200 });
    expect(scope.getState($menuEpisodeRows).map(({ watched, done }) => [watched, done])).toEqual([[0.95, true], [0, false]]);
    expect(scope.getState($nextEpisodePoster)).toBe(`${base}/p/12.jpg`);
  });
});
