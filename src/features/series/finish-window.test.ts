import { allSettled, fork, type Scope } from 'effector';
import { describe, expect, it } from 'vitest';
import type { ContentDto, EpisodeDto } from '../../api/dto';
import { $content, $currentEpisode, $episodes } from '../session';
import { $currentTime, $duration } from '../playback';
import { $breakPhase } from '../ads';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { $lastChoice } from './model';
import { $finishCountdown, $finishWindowShown, finishWindowClosed, finishWindowNextClicked } from './finish-window';

const episode = (id: number, order: number): EpisodeDto => ({
  id, title: `${order}. E${id}`, description: '', order, posterPath: null, duration: 60, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: `/m/${id}.m3u8`, season: { id: 1, order: 1 },
});
const episodes = [episode(11, 1), episode(12, 2)];

function setup(currentId = 11, content: Partial<ContentDto> = { hasMultipleEpisodes: true }) {
  const stats: StatEvent[] = [];
  const scope = fork({
    values: [
      [$content, { id: 1, title: 'S', ...content } as ContentDto],
      [$episodes, content.hasMultipleEpisodes ? episodes : [episodes[0]!]],
      [$currentEpisode, episodes.find((e) => e.id === currentId)!],
      [$duration, 60],
    ],
    handlers: [[sendStatFx, (stat: StatEvent) => (stats.push(stat), true)]],
  });
  return { scope, stats, events: () => stats.map((s) => s.event).filter((e) => e.startsWith('finishEpisode')) };
}
const at = (scope: Scope, time: number) => allSettled($currentTime, { scope, params: time });

describe('end-of-episode card', () => {
  it('shows in the last 10 s of an episode with a next one, counting down whole seconds, and is sent once', async () => {
    const { scope, events } = setup();
    await at(scope, 49.9);
    expect(scope.getState($finishWindowShown)).toBe(false);
    await at(scope, 50);
    expect(scope.getState($finishWindowShown)).toBe(true);
    expect(scope.getState($finishCountdown)).toBe(10);
    await at(scope, 52.3);
    expect(scope.getState($finishCountdown)).toBe(8);
    await at(scope, 59.5);
    expect(scope.getState($finishCountdown)).toBe(1);
    expect(events()).toEqual(['finishEpisode_window_show']);
  });

  it('hides when the viewer seeks back before the window, and shows (and is sent) again after', async () => {
    const { scope, events } = setup();
    await at(scope, 55);
    await at(scope, 20);
    expect(scope.getState($finishWindowShown)).toBe(false);
    await at(scope, 51);
    expect(scope.getState($finishWindowShown)).toBe(true);
    expect(events()).toEqual(['finishEpisode_window_show', 'finishEpisode_window_show']);
  });

  it('the play-now button plays the next episode as the next-episode button does', async () => {
    const { scope, events } = setup();
    await at(scope, 55);
    await allSettled(finishWindowNextClicked, { scope });
    expect(scope.getState($currentEpisode)?.id).toBe(12);
    expect(scope.getState($lastChoice)).toBe('next');
    expect(events()).toEqual(['finishEpisode_window_show', 'finishEpisode_window_next_click']);
  });

  it('closing only hides the card for this episode; the next episode shows it again', async () => {
    const { scope, events } = setup();
    await at(scope, 55);
    await allSettled(finishWindowClosed, { scope });
    expect(scope.getState($finishWindowShown)).toBe(false);
    await at(scope, 57);
    expect(scope.getState($finishWindowShown)).toBe(false);
    // Still the same episode: nothing else changed (auto-advance at the end is the series model's).
    expect(scope.getState($currentEpisode)?.id).toBe(11);
    expect(events()).toEqual(['finishEpisode_window_show', 'finishEpisode_window_close']);
  });

  it('is not shown for the last episode, for a film, or while an ad plays', async () => {
    const last = setup(12);
    await at(last.scope, 55);
    expect(last.scope.getState($finishWindowShown)).toBe(false);

    const film = setup(11, { hasMultipleEpisodes: false });
    await at(film.scope, 55);
    expect(film.scope.getState($finishWindowShown)).toBe(false);

    const ad = setup();
    await allSettled($breakPhase, { scope: ad.scope, params: 'running' });
    await at(ad.scope, 55);
    expect(ad.scope.getState($finishWindowShown)).toBe(false);
    await allSettled($breakPhase, { scope: ad.scope, params: 'idle' });
    expect(ad.scope.getState($finishWindowShown)).toBe(true);
    expect(last.events().concat(film.events())).toEqual([]);
  });

  it('the play-now intent does nothing outside the window', async () => {
    const { scope } = setup();
    await at(scope, 10);
    await allSettled(finishWindowNextClicked, { scope });
    expect(scope.getState($currentEpisode)?.id).toBe(11);
  });
});
