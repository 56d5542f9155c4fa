import { allSettled, fork, type Scope } from 'effector';
import { describe, expect, it } from 'vitest';
import type { ContentDto, EpisodeDto } from '../../api/dto';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { fetchChaptersTrackFx } from '../../platform/chapters-track';
import { creditsCountdownOver, finishWindowAt } from './finish-window';
import { linkedFeatures } from '../../test-support/linked-features';

// The features' links, as the player makes them.
const features = linkedFeatures();
const { $currentTime, $duration, $controlsVisible, $status, engineAttached } = features.playback;
const {
  $finishCountdown, $finishTrigger, $finishWindowShown, $lastChoice, finishWindowClosed, finishWindowCreditsClicked, finishWindowNextClicked,
} = features.series;
const { $creditsChapter } = features.chapters;
const { $content, $currentEpisode, $episodes } = features.session;
const { $loopEnabled } = features.embed;
const { $breakPhase } = features.ads;

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
  return {
    scope,
    stats,
    events: () => stats.map((s) => s.event).filter((e) => e.startsWith('finishEpisode')),
    /** The card's statistics with their trigger: 'show:end', 'close:credits'… */
    sent: () => stats.filter((s) => s.event.startsWith('finishEpisode_window_')).map((s) => `${s.event.slice(21)}:${String(s.payload?.trigger)}`),
  };
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

describe('the card’s trigger: the end as today, or the start of the credits', () => {
  it.each([
    // time, duration, credits start → the window
    [49.9, 60, null, null],
    [50, 60, null, { trigger: 'end', secondsLeft: 10 }],
    [59.5, 60, null, { trigger: 'end', secondsLeft: 1 }],
    [39.9, 60, 40, null],
    [40, 60, 40, { trigger: 'credits', secondsLeft: 10 }],
    [49.2, 60, 40, { trigger: 'credits', secondsLeft: 1 }],
    // With credits, the credits' window only: past its countdown, none (the next episode has started).
    [50, 60, 40, null],
    [58, 60, 40, null],
    // Credits shorter than the countdown count down to the end.
    [56, 60, 55, { trigger: 'credits', secondsLeft: 4 }],
    // Credits from a chapters file longer than the episode's duration never show.
    [50, 60, 60, { trigger: 'end', secondsLeft: 10 }],
    [0, 60, 0, null],
    [5, 0, 0, null],
  ] as const)('at %s s of %s with credits at %s: %j', (time, duration, credits, expected) => {
    expect(finishWindowAt(time, duration, credits)).toEqual(expected);
  });

  it('the credits’ countdown runs out when the playhead plays past its end, before the episode’s', () => {
    expect(creditsCountdownOver(49.9, 40, 60)).toBe(false);
    expect(creditsCountdownOver(50, 40, 60)).toBe(true);
    expect(creditsCountdownOver(51.4, 40, 60)).toBe(true);
    // A seek far past it is a seek.
    expect(creditsCountdownOver(58, 40, 60)).toBe(false);
    // Credits shorter than the countdown: the end is the end's (auto-advance).
    expect(creditsCountdownOver(60, 55, 60)).toBe(false);
  });

  it('today’s events carry trigger: end', async () => {
    const { scope, sent } = setup();
    await at(scope, 55);
    await allSettled(finishWindowNextClicked, { scope });
    const again = setup();
    await at(again.scope, 55);
    await allSettled(finishWindowClosed, { scope: again.scope });
    expect([...sent(), ...again.sent()]).toEqual(['show:end', 'next_click:end', 'show:end', 'close:end']);
  });
});

describe('credits: the card opens when the credits start', () => {
  const CHAPTERS = 'WEBVTT\n\nintro\n00:00:00.000 --> 00:00:05.000\nЗаставка\n\ncredits\n00:00:40.000 --> 00:01:00.000\nТитры\n';

  /** The series' card over an episode whose chapters file has credits at 40 s of 60, loaded by the chapters feature. */
  async function withCredits(currentId = 11, chapters = CHAPTERS) {
    const setupResult = setup(currentId);
    const scope = fork({
      values: [
        [$content, { id: 1, title: 'S', hasMultipleEpisodes: true } as ContentDto],
        [$episodes, episodes],
        [$currentEpisode, episodes.find((e) => e.id === currentId)!],
        [$duration, 60],
        // Past the first frame: the chapters file is fetched as soon as it is named.
        [$status, 'playing'],
        // Under hidden controls: shown, the stream tick would poll the engine and keep the scope from settling.
        [$controlsVisible, false],
      ],
      handlers: [
        [sendStatFx, (stat: StatEvent) => (setupResult.stats.push(stat), true)],
        [fetchChaptersTrackFx, async (url: string) => ({ text: chapters, url })],
      ],
    });
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    engine.emit('chaptersTrackFound', { url: 'https://cdn.test/s1e1/chapters.vtt' });
    await allSettled(scope);
    return { ...setupResult, scope };
  }

  it('opens at the credits with its countdown; at zero the next episode starts, as at the end', async () => {
    const { scope, sent } = await withCredits();
    expect(scope.getState($creditsChapter)?.start).toBe(40);
    await at(scope, 39.5);
    expect(scope.getState($finishWindowShown)).toBe(false);
    await at(scope, 40);
    expect(scope.getState($finishTrigger)).toBe('credits');
    expect(scope.getState($finishCountdown)).toBe(10);
    await at(scope, 45.5);
    expect(scope.getState($finishCountdown)).toBe(5);
    await at(scope, 49.5);
    expect(scope.getState($currentEpisode)?.id).toBe(11);
    await at(scope, 50.3);
    expect(scope.getState($currentEpisode)?.id).toBe(12);
    expect(scope.getState($lastChoice)).toBe('auto');
    expect(sent()).toEqual(['show:credits']);
  });

  it("'Смотреть титры' closes the card and the credits play on; the card does not come back before the end", async () => {
    const { scope, sent } = await withCredits();
    await at(scope, 42);
    await allSettled(finishWindowCreditsClicked, { scope });
    expect(scope.getState($finishWindowShown)).toBe(false);
    await at(scope, 50.3);
    await at(scope, 55);
    await at(scope, 59.5);
    expect(scope.getState($finishWindowShown)).toBe(false);
    expect(scope.getState($currentEpisode)?.id).toBe(11);
    expect(sent()).toEqual(['show:credits', 'credits_click:credits']);
  });

  it('× in the credits closes it as well, told with its trigger; the play-now button plays the next one at once', async () => {
    const closed = await withCredits();
    await at(closed.scope, 41);
    await allSettled(finishWindowClosed, { scope: closed.scope });
    await at(closed.scope, 50.3);
    expect(closed.scope.getState($currentEpisode)?.id).toBe(11);
    expect(closed.sent()).toEqual(['show:credits', 'close:credits']);

    const next = await withCredits();
    await at(next.scope, 41);
    await allSettled(finishWindowNextClicked, { scope: next.scope });
    expect(next.scope.getState($currentEpisode)?.id).toBe(12);
    expect(next.scope.getState($lastChoice)).toBe('next');
    expect(next.sent()).toEqual(['show:credits', 'next_click:credits']);
  });

  it('a seek past the countdown is no countdown running out: the credits play to the end, where auto-advance is the end’s', async () => {
    const { scope, sent } = await withCredits();
    await at(scope, 41);
    await at(scope, 57);
    expect(scope.getState($currentEpisode)?.id).toBe(11);
    expect(scope.getState($finishWindowShown)).toBe(false);
    expect(sent()).toEqual(['show:credits']);
  });

  it('back before the credits, the countdown starts again when they do', async () => {
    const { scope } = await withCredits();
    await at(scope, 45);
    await at(scope, 20);
    expect(scope.getState($finishWindowShown)).toBe(false);
    await at(scope, 51);
    expect(scope.getState($currentEpisode)?.id).toBe(11);
    await at(scope, 40.5);
    await at(scope, 50.4);
    expect(scope.getState($currentEpisode)?.id).toBe(12);
  });

  it('not while an ad plays: no card, and the countdown does not run out under it', async () => {
    const { scope } = await withCredits();
    await allSettled($breakPhase, { scope, params: 'running' });
    await at(scope, 40);
    expect(scope.getState($finishWindowShown)).toBe(false);
    await at(scope, 50.2);
    expect(scope.getState($currentEpisode)?.id).toBe(11);
  });

  it('a loop set by the embedder holds the next episode back, as it does at the end', async () => {
    const { scope } = await withCredits();
    await allSettled($loopEnabled, { scope, params: true });
    await at(scope, 40);
    await at(scope, 50.3);
    expect(scope.getState($currentEpisode)?.id).toBe(11);
  });

  it('credits shorter than the countdown count down to the end, where auto-advance is the end’s', async () => {
    const { scope } = await withCredits(11, 'WEBVTT\n\ncredits\n00:00:55.000 --> 00:01:00.000\nТитры\n');
    await at(scope, 55);
    expect(scope.getState($finishTrigger)).toBe('credits');
    expect(scope.getState($finishCountdown)).toBe(5);
    await at(scope, 59.9);
    expect(scope.getState($currentEpisode)?.id).toBe(11);
  });

  it('the last episode of the last season keeps today’s behaviour: no card, credits or not', async () => {
    const { scope, events } = await withCredits(12);
    await at(scope, 40);
    await at(scope, 50.3);
    await at(scope, 55);
    expect(scope.getState($finishWindowShown)).toBe(false);
    expect(scope.getState($currentEpisode)?.id).toBe(12);
    expect(events()).toEqual([]);
  });
});
