/**
 * The current source's state, kept from the facts as they go by (types.ts `EngineSourceState`), so
 * that whoever connects late reads where things stand. Free of hls.js: the real engine and the
 * scripted one keep it alike.
 */
import type { EngineFactName, EngineFacts, EngineSourceState } from './types';

/** Errors a source keeps: a start's worth, however long a film plays on recovering. */
export const SOURCE_ERRORS_KEPT = 20;

export interface SourceStateKeeper {
  /** A new source: its state starts afresh, but for the element's volume and rate. */
  start(url: string, startTime: number): void;
  /** Takes a fact into the state (before it goes to the listeners). */
  observe<K extends EngineFactName>(fact: K, payload: EngineFacts[K] | undefined): void;
  current(): EngineSourceState | null;
}

type Update = (state: EngineSourceState, payload: never) => void;

/** What each fact says about the source; facts missing here (seeks, loading progress) are no state. */
const UPDATES: Partial<Record<EngineFactName, Update>> = {
  sourceReady: (state, ready: EngineFacts['sourceReady']) => void (state.ready = ready),
  levelsUpdated: (state, levels: EngineFacts['levelsUpdated']) => void (state.levels = levels),
  levelSwitched: (state, level: EngineFacts['levelSwitched']) => void (state.level = level),
  audioTracksUpdated: (state, tracks: EngineFacts['audioTracksUpdated']) => void (state.audioTracks = tracks),
  audioTrackSwitched: (state, { id }: EngineFacts['audioTrackSwitched']) => void (state.audioTrack = id),
  subtitleTracksUpdated: (state, tracks: EngineFacts['subtitleTracksUpdated']) => void (state.subtitleTracks = tracks),
  subtitleTrackSwitched: (state, { id }: EngineFacts['subtitleTrackSwitched']) => void (state.subtitleTrack = id),
  playing: (state) => void (state.flow = 'playing'),
  paused: (state) => void (state.flow = 'paused'),
  waiting: (state) => void (state.flow = 'waiting'),
  ended: (state) => void (state.flow = 'ended'),
  timeUpdated: (state, time: EngineFacts['timeUpdated']) => void (state.time = time),
  durationChanged: (state, { duration }: EngineFacts['durationChanged']) => void (state.duration = duration),
  volumeChanged: (state, volume: EngineFacts['volumeChanged']) => void (state.volume = volume),
  rateChanged: (state, { rate }: EngineFacts['rateChanged']) => void (state.rate = rate),
  cuesChanged: (state, { texts }: EngineFacts['cuesChanged']) => void (state.cues = texts),
  thumbnailTrackFound: (state, { url }: EngineFacts['thumbnailTrackFound']) => void (state.thumbnailTrack = url),
  chaptersTrackFound: (state, { url }: EngineFacts['chaptersTrackFound']) => void (state.chaptersTrack = url),
  error: (state, error: EngineFacts['error']) => {
    if (error.fatal) state.error = error;
    state.errors = [...state.errors, error].slice(-SOURCE_ERRORS_KEPT);
  },
};

function freshState(url: string, startTime: number, { volume, rate }: Pick<EngineSourceState, 'volume' | 'rate'>): EngineSourceState {
  return {
    url,
    startTime,
    ready: null,
    levels: null,
    audioTracks: null,
    subtitleTracks: null,
    level: null,
    audioTrack: null,
    subtitleTrack: null,
    flow: null,
    flowAt: null,
    playedAt: null,
    time: null,
    duration: null,
    volume,
    rate,
    cues: [],
    thumbnailTrack: null,
    chaptersTrack: null,
    error: null,
    errors: [],
  };
}

const FLOWS: ReadonlySet<EngineFactName> = new Set(['playing', 'paused', 'waiting', 'ended']);

/** `now`: the page's clock (platform/page-clock.ts), which the model stamps its own facts with. */
export function createSourceState(now: () => number = () => performance.now()): SourceStateKeeper {
  // The element's facts before any source (its volume) are kept for the first one.
  let state = freshState('', 0, { volume: null, rate: null });
  let started = false;
  return {
    start(url, startTime) {
      state = freshState(url, startTime, state);
      started = true;
    },
    observe(fact, payload) {
      (UPDATES[fact] as ((state: EngineSourceState, payload: unknown) => void) | undefined)?.(state, payload);
      if (!FLOWS.has(fact)) return;
      state.flowAt = now();
      if (fact === 'playing') state.playedAt ??= state.flowAt;
    },
    current: () => (started ? { ...state } : null),
  };
}

/** A state as the facts that said it, one per thing (every error kept), in the order a source reports them. */
export function stateFacts(state: EngineSourceState): Array<[EngineFactName, unknown]> {
  const facts: Array<[EngineFactName, unknown]> = [];
  const add = (fact: EngineFactName, payload: unknown, known = payload !== null) => {
    if (known) facts.push([fact, payload]);
  };
  add('thumbnailTrackFound', state.thumbnailTrack === null ? null : { url: state.thumbnailTrack });
  add('chaptersTrackFound', state.chaptersTrack === null ? null : { url: state.chaptersTrack });
  add('sourceReady', state.ready);
  add('levelsUpdated', state.levels);
  add('levelSwitched', state.level);
  add('audioTracksUpdated', state.audioTracks);
  add('audioTrackSwitched', state.audioTrack === null ? null : { id: state.audioTrack });
  add('subtitleTracksUpdated', state.subtitleTracks);
  add('subtitleTrackSwitched', state.subtitleTrack === null ? null : { id: state.subtitleTrack });
  add('volumeChanged', state.volume);
  add('rateChanged', state.rate === null ? null : { rate: state.rate });
  add('durationChanged', state.duration === null ? null : { duration: state.duration });
  add(state.flow ?? 'playing', undefined, state.flow !== null);
  add('timeUpdated', state.time);
  add('cuesChanged', { texts: state.cues }, state.cues.length > 0);
  // The fatal error the source stands at, also when more recent errors pushed it out of those kept.
  add('error', state.error, state.error !== null && !state.errors.includes(state.error));
  for (const error of state.errors) add('error', error);
  return facts;
}
