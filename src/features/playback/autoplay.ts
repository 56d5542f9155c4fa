/**
 * Autoplay's outcome and the sound the browser refused (issue 38; the rule is src/lib/autoplay.ts).
 * An autoplay ends with sound, muted (the browser refused sound: 'Включить звук' shows until the
 * viewer turns it on) or blocked (muted refused too: the poster and the big play button). The
 * first media to play for it tells the outcome: the content, or the pre-roll's ad element.
 * The page's start may have played the start episode already: its outcome is adopted, not asked
 * again. The outcome goes to rstat4 as `videoplayer_autoplay` with `{ result }`.
 */
import { createEvent, createStore, merge, sample } from 'effector';
import { sendStatFx, stat } from '../../platform/stats';
import type { PlaybackEvents } from './events';
import type { AutoplayResult, PlaybackEngineModel } from './model';
import type { PlaybackVolume } from './volume';

/** Autoplay's outcome, told once, and the offer of sound the browser refused. */
export function createAutoplay(
  { pageStartAdopted, soundRefused }: PlaybackEvents,
  { $fallbackMuted, autoplayRequested, playFx, unlockFx }: PlaybackEngineModel,
  { setMutedFx }: PlaybackVolume,
) {
  /** The page's start played the start episode (or tried): its outcome and the browser's refusal of sound. */
  const earlyAutoplay = pageStartAdopted.map(({ autoplay }) => autoplay);
  /** The ad's element played first for the content (a pre-roll): with sound, or muted by the browser. */
  const adMediaPlayed = createEvent<AutoplayResult>();
  const autoplayResolved = createEvent<AutoplayResult>();
  /** The 'Включить звук' button: one click turns on the content's and the ad's sound. */
  const unmuteClicked = createEvent();
  const $autoplayResult = createStore<AutoplayResult | null>(null).on(autoplayResolved, (_, result) => result);

  /**
   * 'pending': an autoplay asked to play and its outcome is not told yet. 'adopted': the page's start
   * told it, and the model's own request at the source it connected to tells nothing.
   */
  const $autoplayState = createStore<'idle' | 'pending' | 'adopted'>('idle')
    .on(earlyAutoplay, (state, { autoplay }) => (autoplay === null ? state : 'adopted'))
    .on(autoplayRequested, (state) => (state === 'adopted' ? 'idle' : 'pending'))
    .on(autoplayResolved, (state) => (state === 'pending' ? 'idle' : state));
  const $autoplayPending = $autoplayState.map((state) => state === 'pending');

  sample({ clock: earlyAutoplay, filter: ({ soundRefused }) => soundRefused, fn: () => undefined, target: soundRefused });
  sample({ clock: earlyAutoplay, filter: ({ autoplay }) => autoplay !== null, fn: ({ autoplay }) => autoplay!, target: autoplayResolved });

  // The content plays muted with the ad it follows: unmuted, it would be refused.
  const adMuted = sample({ clock: adMediaPlayed, filter: (result) => result === 'muted', fn: () => undefined });
  sample({ clock: adMuted, target: soundRefused });
  sample({ clock: adMuted, fn: () => true, target: setMutedFx });

  /** The first element to play for a pending autoplay tells its outcome: the content, or the pre-roll's ad. */
  const mediaPlayed = merge([playFx.doneData.filterMap((result) => result ?? undefined), adMediaPlayed]);
  sample({
    clock: mediaPlayed,
    source: { pending: $autoplayPending, fallback: $fallbackMuted },
    filter: ({ pending }) => pending,
    // An element still muted for the browser played: its play() resolved as any other.
    fn: ({ fallback }, result) => (result === 'sound' && fallback ? 'muted' : result),
    target: autoplayResolved,
  });
  sample({ clock: autoplayResolved, fn: (result) => stat('autoplay', { result }), target: sendStatFx });

  // The viewer's gesture: sound on, and the content may play with it later (Safari's engine).
  sample({ clock: unmuteClicked, target: unlockFx });
  sample({ clock: unmuteClicked, fn: () => false, target: setMutedFx });
  /** Whether 'Включить звук' shows: the browser, not the viewer, muted the player. */
  return { adMediaPlayed, unmuteClicked, $unmuteOffered: $fallbackMuted, $autoplayResult };
}
