/**
 * The content's start as one value, from the play intent to the first frame, and what reads it:
 * the spinner, the big play button and the start watchdog (below).
 *
 * - 'idle': no play intent stands: none was made, or it ended (a pause, the end, a fatal error);
 * - 'due': a source was asked for with autoplay on; it is played once ready (no play() yet);
 * - 'asked': play() was sent and the media has not said it plays: the spinner;
 * - 'playing': the media says it plays and its time has not moved yet (a frozen picture is no start);
 * - 'refused': the browser refused play, muted too: the big play button is the answer;
 * - 'started': the media time moved while it played: a frame is on screen.
 */
import { attach, combine, createEffect, createEvent, createStore, merge, sample, scopeBind } from 'effector';
import { isPageHidden, watchVisibility } from '../../platform/visibility';
import type { PlaybackEvents } from './events';
import type { PlaybackStatusModel } from './status';
import { isPlayRefusal, type PlaybackEngineModel } from './model';
import { bufferedSeconds, createStartClock, startStalledError, type StartClock, type StartStallReason } from './start-clock';

export type StartState = 'idle' | 'due' | 'asked' | 'playing' | 'refused' | 'started';

const awaitsFrame = (state: StartState) => state === 'due' || state === 'asked' || state === 'playing';

/** The start's state, its first frame, and the spinner and big play button it shows. */
function createStartState(events: PlaybackEvents, status: PlaybackStatusModel, { $autoplay, pauseFx, playFx, playRefused }: PlaybackEngineModel) {
  const { mediaEnded, mediaError, mediaPaused, mediaPlaying, mediaSeeked, mediaSeeking, mediaTimeUpdated, sourceRequested, streamTicked } = events;
  const { $currentTime, $isPlaying, $status, $streamError } = status;
  const $startState = createStore<StartState>('idle')
    .on(playFx, () => 'asked')
    .on(mediaPlaying, (state) => (state === 'asked' || state === 'due' ? 'playing' : state))
    .on([pauseFx, mediaPaused, mediaEnded], () => 'idle')
    .on(playRefused, () => 'refused')
    .on(mediaError, (state, error) => (error.fatal ? 'idle' : state));
  // A source asked for with autoplay on is a play intent from its request.
  sample({ clock: sourceRequested, source: $autoplay, fn: (autoplay): StartState => (autoplay ? 'due' : 'idle'), target: $startState });

  // The first frame: the media says it plays and its time passes the point where play began. The
  // point is taken when play is asked for, when the media starts playing and when a seek lands.
  const $framePoint = createStore<number | null>(null)
    .on(mediaSeeking, () => null)
    .on(mediaSeeked, (_, { currentTime }) => currentTime);
  sample({ clock: [playFx, mediaPlaying], source: $currentTime, target: $framePoint });
  const timeFact = merge([mediaTimeUpdated, streamTicked]);
  /** A frame showed for the play intent that stood. */
  const startFrameShown = sample({
    clock: timeFact,
    source: { state: $startState, status: $status, point: $framePoint },
    filter: ({ state, status, point }, { currentTime }) => awaitsFrame(state) && status === 'playing' && point !== null && currentTime > point,
    fn: () => undefined,
  });
  $startState.on(startFrameShown, () => 'started');

  /** A play intent stands and no frame has shown for it yet: the start watchdog's clock may run. */
  const $startAwaited = $startState.map(awaitsFrame);
  /** Play was sent and the media has not said it plays (a slow or stalled first segment). */
  const $startPending = $startState.map((state) => state === 'asked');
  /** The surface's spinner: buffering, or a first frame that was asked for and has not come yet. */
  const $spinnerShown = combine($status, $startPending, $streamError, (status, pending, error) => status === 'buffering' || (pending && error === null));
  /** The big play button: nothing plays, nothing is on its way, nothing failed. */
  const $bigPlayShown = combine($isPlaying, $startPending, $streamError, (playing, pending, error) => !playing && !pending && error === null);
  return { $startState, timeFact, startFrameShown, $startAwaited, $spinnerShown, $bigPlayShown };
}

type Start = ReturnType<typeof createStartState>;

/*
 * The start watchdog (issue 22): no endless spinner, no silent stop. A play intent must end in a
 * moving picture; one that shows no frame and loads nothing for START_STALL_LIMIT_MS, or shows no
 * frame for START_FRAME_LIMIT_MS however the loading moves, ends in the stream error ('startStalled'),
 * reported like any fatal engine error, with 'Повторить'.
 *
 * - The intent ($startState): a play command sent to the media (a click, a key, autoplay's play
 *   at sourceReady, the release of a play deferred by an ad, the resume prompt's answer), or a
 *   source requested with autoplay on (an autoplay whose source never gets ready is covered too;
 *   a retry is one).
 * - It ends with the first frame (the media reports playing and its time moves on), a pause (the
 *   command or the media's fact), the end, the browser refusing autoplay (NotAllowedError: the
 *   big play button is the answer to that), a new source without autoplay, or a fatal error.
 * - The clock runs only while the intent stands and nothing holds it: not while an ad holds the
 *   content ($playHeld), not while the page is hidden. Each time it starts again it starts afresh.
 * - Loading progress (a piece buffered, the buffered seconds growing, the manifest parsed)
 *   restarts the stall limit, not the frame limit.
 */


/** The watchdog's clock: made when the engine arrives, run while the start is awaited and nothing holds it. */
function createStartClockModel({ engineAttached, sourceRequested }: PlaybackEvents, { $streamError }: PlaybackStatusModel, { $playHeld }: PlaybackEngineModel, { $startAwaited }: Start) {
  /** A timer of the start clock ran out. */
  const startClockExpired = createEvent<StartStallReason>();
  /** The page was hidden (true) or shown (false). */
  const pageHiddenChanged = createEvent<boolean>();

  const createClockFx = createEffect(() => createStartClock(scopeBind(startClockExpired, { safe: true })));
  const watchPageFx = createEffect(() => {
    watchVisibility(scopeBind(pageHiddenChanged, { safe: true }));
    return isPageHidden();
  });
  const $clock = createStore<StartClock | null>(null, { serialize: 'ignore' }).on(createClockFx.doneData, (_, clock) => clock);
  const $pageHidden = createStore(false)
    .on(pageHiddenChanged, (_, hidden) => hidden)
    .on(watchPageFx.doneData, (_, hidden) => hidden);

  sample({ clock: engineAttached, source: $clock, filter: (clock) => clock === null, fn: () => undefined, target: [createClockFx, watchPageFx] });

  /** The watchdog's clock runs: an intent stands, nothing holds it, the page is seen, nothing failed. */
  const $startClockRunning = combine(
    $startAwaited,
    $playHeld,
    $pageHidden,
    $streamError,
    (awaited, held, hidden, error) => awaited && !held && !hidden && error === null,
  );

  const startClockFx = attach({ source: $clock, effect: (clock) => clock?.start() });
  const stopClockFx = attach({ source: $clock, effect: (clock) => clock?.stop() });
  const progressClockFx = attach({ source: $clock, effect: (clock) => clock?.progressed() });

  sample({ clock: $startClockRunning.updates, filter: Boolean, fn: () => undefined, target: startClockFx });
  sample({ clock: $startClockRunning.updates, filter: (running) => !running, fn: () => undefined, target: stopClockFx });
  // A clock made after the intent (the engine attached late) starts at once.
  sample({ clock: $clock.updates, source: $startClockRunning, filter: (running, clock) => running && clock !== null, fn: () => undefined, target: startClockFx });
  // Another source is another start: both limits start again.
  sample({ clock: sourceRequested, source: $startClockRunning, filter: Boolean, fn: () => undefined, target: startClockFx });
  return { startClockExpired, pageHiddenChanged, $startClockRunning, progressClockFx };
}

/** Loading progress restarts the stall limit; an aborted play is asked again; a stalled start fails. */
function wireStartProgress(
  { mediaError, mediaLoadProgressed, mediaPaused, sourceReady, sourceRequested }: PlaybackEvents,
  { $playHeld, pauseFx, playFx }: PlaybackEngineModel,
  { $startAwaited, startFrameShown, timeFact }: Start,
  { startClockExpired, $startClockRunning, progressClockFx }: ReturnType<typeof createStartClockModel>,
) {
  // Loading progress: a piece buffered, the manifest parsed, or more seconds buffered than the last
  // time fact showed (read only while the clock runs: a film that plays does not pay for it).
  const $buffered = createStore(0).reset(sourceRequested);
  const bufferRead = sample({
    clock: timeFact,
    source: $buffered,
    filter: $startClockRunning,
    fn: (before, time) => ({ before, now: bufferedSeconds(time) }),
  });
  $buffered.on(bufferRead, (_, { now }) => now);
  const bufferGrew = sample({ clock: bufferRead, filter: ({ before, now }) => now > before + 0.001, fn: () => undefined });
  const loadProgressed = merge([mediaLoadProgressed, sourceReady, bufferGrew]);
  sample({ clock: loadProgressed, filter: $startClockRunning, fn: () => undefined, target: progressClockFx });

  // A play() the engine aborted (a reload of the media under it) is asked again once loading moves.
  const $playAborted = createStore(false)
    .on(playFx.failData, (_, error) => !isPlayRefusal(error))
    .reset([playFx, sourceRequested, startFrameShown, pauseFx, mediaPaused]);
  sample({
    clock: [mediaLoadProgressed, bufferGrew],
    source: { aborted: $playAborted, awaited: $startAwaited, held: $playHeld },
    filter: ({ aborted, awaited, held }) => aborted && awaited && !held,
    fn: () => undefined,
    target: playFx,
  });

  /** The start stalled: the stream error, and the media is paused so nothing starts behind it. */
  const startStalled = sample({ clock: startClockExpired, filter: $startClockRunning });
  sample({ clock: startStalled, fn: startStalledError, target: mediaError });
  sample({ clock: startStalled, fn: () => undefined, target: pauseFx });
}

/** The start state machine and its watchdog, made in the order the module once made them. */
export function createStart(events: PlaybackEvents, status: PlaybackStatusModel, engine: PlaybackEngineModel) {
  const start = createStartState(events, status, engine);
  const clock = createStartClockModel(events, status, engine, start);
  wireStartProgress(events, engine, start, clock);
  const { $startState, $startAwaited, $spinnerShown, $bigPlayShown } = start;
  return { $startState, $startAwaited, $spinnerShown, $bigPlayShown, pageHiddenChanged: clock.pageHiddenChanged };
}
