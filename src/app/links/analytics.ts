/**
 * What analytics hears from the other features: which item plays (session), where the playhead
 * is and what failed (playback, engine), whether an ad break holds the content (ads), the device
 * class, and the frame-rate drop sampling over the content's element (the engine's surface).
 * The QoE figures (qoe-model.ts) also hear the play requests, seeks and media facts (playback),
 * the renditions played (tracks), the ad breaks and ad failures (ads), and pagehide. The skip
 * button's appearances and presses come from chapters.
 * These are analytics' behaviours: the features it listens to know nothing of it.
 */
import { attach, combine, createEffect, createStore, sample, scopeBind } from 'effector';
import { interval } from 'patronum/interval';
import { WORKER_FALLBACK_DETAIL, type EngineError } from '../../engine/types';
import { AdStatus, isRunning } from '../../features/ads';
import { detectDeviceTypeFx } from '../../platform/device';
import type { FrameCounts } from '../../platform/playback-quality';
import type { ErrorReport } from '../../platform/sentry';
import { watchPageHide } from '../../platform/visibility';
import type { Features } from '../create-features';
import { playedSinceStart, reportStreamErrorFx, type QoeFact, type StreamErrorReport } from '../../features/analytics';
import { engineOf } from '../../engine/engines';

/** The window over which dropped frames are counted for the frame-rate drop event. */
const FRAME_WINDOW_MS = 10_000;

/** What plays, the device, the skip button, and where the playhead is while content plays. */
function linkItemAndPosition({ playback, session, analytics, chapters, ads }: Features): void {
  const { $duration, $status, mediaEnded, mediaTimeUpdated, streamTicked } = playback;
  const { $content, $currentEpisode, $imdbId, appStarted } = session;
  const { chapterSkipClicked, chapterSkipOffered, contentPlayingChanged, deviceDetected, itemChanged, positionUpdated } = analytics;
  const { chapterSkipped, skipOfferShown } = chapters;
  sample({ clock: appStarted, target: detectDeviceTypeFx });
  sample({ clock: detectDeviceTypeFx.doneData, target: deviceDetected });

  const $item = combine($content, $currentEpisode, $imdbId, (content, episode, imdbId) => ({
    contentId: content?.id ?? null,
    episodeId: episode?.id ?? null,
    imdbId,
  }));
  sample({ clock: $item.updates, target: itemChanged });

  // The skip button: shown, and pressed by the viewer (a skip by the setting is no press).
  sample({ clock: skipOfferShown, fn: ({ role }) => role, target: chapterSkipOffered });
  sample({ clock: chapterSkipped, filter: ({ by }) => by === 'viewer', fn: ({ role }) => role, target: chapterSkipClicked });

  // Marks are crossed by playing content: positions count only while the media plays.
  sample({
    clock: [mediaTimeUpdated, streamTicked],
    source: $status,
    filter: (status) => status === 'playing',
    fn: (_, { currentTime, duration }) => ({ position: currentTime, duration }),
    target: positionUpdated,
  });
  sample({ clock: mediaEnded, source: $duration, fn: (duration) => ({ position: duration, duration }), target: positionUpdated });

  const $contentPlaying = combine($status, ads.$breakPhase, (status, phase) => status === 'playing' && phase !== 'running');
  sample({ clock: $contentPlaying.updates, target: contentPlayingChanged });
}

/** Engine errors, with what the engine measured, to rstat4 and to error reporting. */
function linkErrors({ streamErrorReported }: Features['analytics'], { $lastTime, $engineKey, mediaError }: Features['playback']): void {
  // Every engine error, with what the engine measured at that moment: the buffer ahead of the last
  // time fact, read now (the engine reads it when asked), from a single-store source (a combined
  // one would be recomputed on every time update).
  const errorContextFx = attach({
    source: $engineKey,
    effect: (key, { error, bufferedLength }: { error: EngineError; bufferedLength: number }): StreamErrorReport => ({
      error,
      bandwidthEstimate: engineOf(key)?.bandwidthEstimate ?? Number.NaN,
      bufferedLength,
    }),
  });
  sample({ clock: mediaError, source: $lastTime, fn: (time, error) => ({ error, bufferedLength: time?.bufferedAhead ?? 0 }), target: errorContextFx });
  sample({ clock: errorContextFx.doneData, target: streamErrorReported });

  // A fatal stream error also goes to error reporting (SPEC.md §8); the URL stays out, it may carry a token.
  const streamErrorReport = (error: EngineError): ErrorReport => ({
    error: new Error(`Stream error: ${error.detail}`),
    tags: { errorType: error.kind, details: error.detail },
    contexts: { stream: { details: error.detail, fatal: error.fatal, responseCode: error.responseCode ?? null } },
    fingerprint: ['stream-error', error.detail],
  });
  sample({ clock: mediaError, filter: (error) => error.fatal, fn: streamErrorReport, target: reportStreamErrorFx });
  // The transmuxer on the main thread (the engine reports it once): the stream plays, the site's CSP wants a look.
  sample({
    clock: mediaError,
    filter: (error) => error.detail === WORKER_FALLBACK_DETAIL,
    fn: (error): ErrorReport => ({ ...streamErrorReport(error), error: new Error(error.message), level: 'warning' }),
    target: reportStreamErrorFx,
  });
}

/** The frame-rate drop event over the content's element. */
function linkFrameDrops({ contentPlayingChanged, framesSampled }: Features['analytics'], { $engineKey }: Features['playback']): void {
  // Frame-rate drops: dropped frames counted over a window while content plays. The counters of
  // the window's start are taken with the reading: a sample whose source is $lastFrames, clocked
  // by the reading that also updates it, would see the new counters and never find a window.
  const $lastFrames = createStore<FrameCounts | null>(null, { serialize: 'ignore' });
  const readFrameWindowFx = attach({
    source: { key: $engineKey, last: $lastFrames },
    effect: ({ key, last }) => ({ last, now: engineOf(key)?.surface.frameCounts() ?? null }),
  });
  const { tick: frameWindowEnded } = interval({
    timeout: FRAME_WINDOW_MS,
    start: contentPlayingChanged.filter({ fn: Boolean }),
    stop: contentPlayingChanged.filter({ fn: (playing) => !playing }),
  });
  sample({ clock: frameWindowEnded, fn: () => undefined, target: readFrameWindowFx });
  sample({
    clock: readFrameWindowFx.doneData,
    filter: ({ last, now }) => last !== null && now !== null && now.totalFrames > last.totalFrames,
    fn: ({ last, now }) => ({
      droppedFrames: now!.droppedFrames - last!.droppedFrames,
      totalFrames: now!.totalFrames - last!.totalFrames,
      windowMs: FRAME_WINDOW_MS,
    }),
    target: framesSampled,
  });
  $lastFrames.on(readFrameWindowFx.doneData, (_, { now }) => now).reset(contentPlayingChanged.filter({ fn: (playing) => !playing }));
}

/** The quality-of-experience facts, and the page leaving. */
function linkQoe({ playback, analytics, tracks, ads, session }: Features): void {
  const { autoplayRequested, $engineKey, $source, mediaEnded, mediaPaused, mediaPlaying, mediaSeeked, mediaWaiting, sourceAdopted, playRefused, playRequested, seekFx, sourceRequested } = playback;
  const { qoePageLeft, qoeAutoplayed, qoeFactHappened, qoeSourceRequested } = analytics;
  const { $levels, levelSwitched } = tracks;
  const { $breakPhase, adFailed, adStatusChanged } = ads;
  // Quality-of-experience facts (qoe-model.ts). Transitions only: no time update reaches them.
  const fact = (made: QoeFact) => (): QoeFact => made;
  sample({ clock: sourceRequested, fn: () => undefined, target: qoeSourceRequested });
  sample({ clock: autoplayRequested, fn: () => undefined, target: qoeAutoplayed });
  sample({ clock: playRequested, fn: fact({ type: 'intent' }), target: qoeFactHappened });
  sample({ clock: playRefused, fn: fact({ type: 'refused' }), target: qoeFactHappened });
  sample({ clock: mediaWaiting, fn: fact({ type: 'waiting' }), target: qoeFactHappened });
  sample({ clock: mediaPaused, fn: fact({ type: 'paused' }), target: qoeFactHappened });
  sample({ clock: mediaEnded, fn: fact({ type: 'ended' }), target: qoeFactHappened });
  sample({ clock: seekFx, fn: fact({ type: 'seek' }), target: qoeFactHappened });
  sample({ clock: mediaSeeked, fn: fact({ type: 'seeked' }), target: qoeFactHappened });
  sample({ clock: $breakPhase.updates, fn: (phase): QoeFact => ({ type: 'adBreak', running: phase === 'running' }), target: qoeFactHappened });
  // Ad start failures: every failure, less those of ads that had shown frames. The failed ad's
  // status is gone by the time a sample on adFailed could read it; its change to Error says where from.
  sample({ clock: adFailed, fn: fact({ type: 'adFailed' }), target: qoeFactHappened });
  sample({
    clock: adStatusChanged,
    filter: ({ from, to }) => to === AdStatus.Error && isRunning(from),
    fn: fact({ type: 'adFailedAfterStart' }),
    target: qoeFactHappened,
  });
  sample({
    clock: levelSwitched,
    source: $levels,
    fn: (levels, { level }): QoeFact => ({ type: 'level', bitrate: levels.find((candidate) => candidate.index === level)?.bitrate ?? Number.NaN }),
    target: qoeFactHappened,
  });
  // The entry may have started the content before the model heard of it: how long it has played
  // tells when its first frame showed.
  const readPlayedFx = attach({
    source: { key: $engineKey, source: $source },
    effect: ({ key, source }): QoeFact => ({ type: 'playing', playedMs: playedSinceStart(engineOf(key)?.readTime() ?? null, source?.startTime ?? 0) }),
  });
  sample({ clock: mediaPlaying, fn: () => undefined, target: readPlayedFx });
  sample({ clock: readPlayedFx.doneData, target: qoeFactHappened });
  // Or it stalled after its first frame before the model listened: the frame and the stall are
  // told at their own times, so the stall counts as one, whole.
  const stalledWhenAdopted = sample({
    clock: sourceAdopted,
    filter: ({ flow, flowAt, playedAt }) => flow === 'waiting' && flowAt !== null && playedAt !== null,
  });
  sample({ clock: stalledWhenAdopted, fn: ({ playedAt }): QoeFact & { at?: number } => ({ type: 'playing', playedMs: 0, at: playedAt! }), target: qoeFactHappened });
  sample({ clock: stalledWhenAdopted, fn: ({ flowAt }): QoeFact & { at?: number } => ({ type: 'waiting', at: flowAt! }), target: qoeFactHappened });

  const watchPageHideFx = createEffect(() => {
    watchPageHide(scopeBind(qoePageLeft, { safe: true }));
  });
  sample({ clock: session.appStarted, fn: () => undefined, target: watchPageHideFx });
}

/** Links analytics to the features it hears; the player calls it once (app/link-features.ts). */
export function linkAnalytics(features: Features): void {
  linkItemAndPosition(features);
  linkErrors(features.analytics, features.playback);
  linkFrameDrops(features.analytics, features.playback);
  linkQoe(features);
}
