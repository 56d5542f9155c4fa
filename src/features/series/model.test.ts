import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { ContentDto, EpisodeDto, SeasonDto } from '../../api/dto';
import { $content, $currentEpisode, $episodes, $seasons } from '../session';
import {
  $lastChoice, $menuEpisodes, $menuSeasonId, $menuSeasons, $nextEpisode, $seasonsMenuOpen, episodeEnded, episodeSelected,
  menuBackClicked, menuSeasonPicked, nextEpisodeClicked, seasonsMenuToggled,
} from './model';

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
