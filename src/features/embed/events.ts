/**
 * The player's facts as player.js events (protocol.ts lists them with their values). The
 * content's go through contentEventOccurred, which holds them back while an ad break runs.
 */
import { createStore, sample } from 'effector';
import type { EngineTime } from '../../engine/types';
import { AdStatus, isRunning, isTerminal, type AdBreakKind, type AdStatusChange } from '../ads';
import type { EmbedDeps, Receiver } from './model';
import { progressDue, streamErrorValue, timeUpdateDue, timeValue, type EmbedEvent } from './protocol';

const AD_END_REASONS: Partial<Record<AdStatus, string>> = {
  [AdStatus.Completed]: 'completed',
  [AdStatus.Skipped]: 'skipped',
  [AdStatus.Stopped]: 'stopped',
  [AdStatus.Error]: 'error',
};

/**
 * What an ad status change announces: adStarted at its first frame; adSkipped, then adEnded, when
 * a started ad ends (an ad that fails before its first frame was never announced, and is not).
 */
export function adAnnouncements({ ad, from, to }: AdStatusChange, kind: AdBreakKind | null): EmbedEvent[] {
  if (to === AdStatus.Started) {
    return [{ event: 'adStarted', value: { id: ad.id, kind, duration: ad.duration, skipOffset: ad.skipOffset } }];
  }
  if (!isRunning(from) || !isTerminal(to)) return [];
  const ended: EmbedEvent = { event: 'adEnded', value: { id: ad.id, reason: AD_END_REASONS[to] ?? 'stopped' } };
  return to === AdStatus.Skipped ? [{ event: 'adSkipped', value: { id: ad.id } }, ended] : [ended];
}

/** The events: the content's time and load, and its facts. */
export function createEvents(deps: EmbedDeps, receiver: Receiver) {
  const { sourceRequested } = deps;
  const { mediaTimeReported, contentEventOccurred } = receiver;
  /** The last time and loaded end sent: timeupdate and progress go out when they moved enough. */
  const $lastTimeSent = createStore<number | null>(null).reset(sourceRequested);
  const $lastLoadedSent = createStore<number | null>(null).reset(sourceRequested);

  const timeDue = sample({
    clock: mediaTimeReported,
    source: $lastTimeSent,
    filter: (last, { currentTime, duration }) => Number.isFinite(duration) && duration > 0 && timeUpdateDue(last, currentTime),
    fn: (_, time): EngineTime => time,
  });
  $lastTimeSent.on(timeDue, (_, { currentTime }) => currentTime);
  sample({
    clock: timeDue,
    fn: ({ currentTime, duration }): EmbedEvent => ({ event: 'timeupdate', value: timeValue(currentTime, duration) }),
    target: contentEventOccurred,
  });

  const loadedEnd = ({ currentTime, bufferedAhead }: EngineTime) => currentTime + Math.max(0, bufferedAhead);
  const loadDue = sample({
    clock: mediaTimeReported,
    source: $lastLoadedSent,
    filter: (last, time) => progressDue(last, loadedEnd(time)),
    fn: (_, time): EngineTime => time,
  });
  $lastLoadedSent.on(loadDue, (_, time) => loadedEnd(time));
  sample({
    clock: loadDue,
    fn: (time): EmbedEvent => ({ event: 'progress', value: timeValue(loadedEnd(time), time.duration) }),
    target: contentEventOccurred,
  });

  announceFacts(deps, receiver);
}

/** The player's facts: play, pause, end, seek, errors, episodes, fullscreen, ads, chapters. */
function announceFacts(deps: EmbedDeps, receiver: Receiver) {
  const { mediaPlaying, mediaPaused, mediaEnded, mediaSeeked, pauseFx, $isPlaying, $duration, sourceRequested, $streamError, episodeChosen } = deps;
  const { $fullscreen, adStatusChanged, $break, chapterEntered } = deps;
  const { contentEventOccurred, eventOccurred, eventsOccurred, $loopEnabled } = receiver;
  sample({ clock: mediaPlaying, fn: (): EmbedEvent => ({ event: 'play' }), target: contentEventOccurred });
  /**
   * A pause of playing media is announced when the media is told to pause: pause() stops it at once
   * and only queues its event, and on a busy main thread the client's next messages (a listener
   * added, a play) run before that event would. A client must not hear a pause it did not cause.
   * The media's own pause fact then goes out only for pauses nobody announced (the media's own end
   * of data, the browser's own pause).
   */
  const $pauseAnnounced = createStore(false);
  const pauseCommanded = sample({ clock: pauseFx, source: $isPlaying, filter: Boolean, fn: () => true });
  /** The media reported a pause: whether it was announced already, read once for both uses below. */
  const pauseFact = sample({ clock: mediaPaused, source: $pauseAnnounced });
  $pauseAnnounced.on(pauseCommanded, () => true).reset([mediaPlaying, sourceRequested, pauseFact]);
  sample({ clock: pauseCommanded, fn: (): EmbedEvent => ({ event: 'pause' }), target: contentEventOccurred });
  sample({ clock: pauseFact, filter: (announced) => !announced, fn: (): EmbedEvent => ({ event: 'pause' }), target: contentEventOccurred });
  sample({ clock: mediaEnded, filter: $loopEnabled.map((loop) => !loop), fn: (): EmbedEvent => ({ event: 'ended' }), target: contentEventOccurred });
  sample({
    clock: mediaSeeked,
    source: $duration,
    fn: (duration, { currentTime }): EmbedEvent => ({ event: 'seeked', value: timeValue(currentTime, duration) }),
    target: contentEventOccurred,
  });

  sample({
    clock: $streamError.updates,
    filter: Boolean,
    fn: (error): EmbedEvent => ({ event: 'error', value: streamErrorValue(error) }),
    target: eventOccurred,
  });
  sample({ clock: episodeChosen, fn: (episode): EmbedEvent => ({ event: 'episodeChanged', value: episode }), target: eventOccurred });
  sample({ clock: $fullscreen.updates, fn: (fullscreen): EmbedEvent => ({ event: 'fullscreenChange', value: { fullscreen } }), target: eventOccurred });
  const adAnnounced = sample({ clock: adStatusChanged, source: $break, fn: (brk, change) => adAnnouncements(change, brk?.kind ?? null) });
  sample({ clock: adAnnounced, filter: (events) => events.length > 0, target: eventsOccurred });
  sample({
    clock: chapterEntered,
    fn: ({ title, role, start, end }): EmbedEvent => ({ event: 'chapterChange', value: { title, role, start, end } }),
    target: contentEventOccurred,
  });
}
