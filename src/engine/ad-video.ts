/**
 * The ad's own <video> element, beside the content's: an ad never touches the content's media
 * pipeline (hls.js, its buffer, its position). One element serves every ad of the page.
 */
import { playOrMute } from './play-or-mute';
import { mountIn, type Mountable } from '../platform/mount';
import { createAdElement } from './ad-element';

export interface AdVideoFacts {
  canPlayThrough: void;
  playing: void;
  /** `ended` tells a pause at the end from a viewer's pause. */
  paused: { ended: boolean };
  ended: void;
  timeUpdated: { currentTime: number; duration: number };
  volumeChanged: { volume: number; muted: boolean };
  /** A media error other than an abort: `mediaErrorCode` is MediaError.code (2 network, 3 decode, 4 source). */
  failed: { mediaErrorCode: number; message: string };
  /**
   * The browser let the ad start with sound, then paused it on finding its sound (Safari's engine
   * does, for an ad asked to play before its metadata): it plays on muted.
   */
  soundRefused: void;
}

type Listener<T> = (value: T) => void;

export interface AdVideo extends Mountable {
  /** Starts fetching `url` at once (preload=auto), so the first play shows a frame without a round trip. */
  load(url: string): void;
  /**
   * Plays; when the browser refuses sound without a gesture, retries muted. Resolves with how it
   * plays ('muted': the browser's mute, not the viewer's); rejects like HTMLMediaElement.play().
   */
  play(): Promise<'sound' | 'muted'>;
  pause(): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  /** Drops the source and stops any download. */
  unload(): void;
  canPlayType(mimeType: string): string;
  on<K extends keyof AdVideoFacts>(fact: K, listener: Listener<AdVideoFacts[K]>): () => void;
}

const MEDIA_ERR_ABORTED = 1;
const HAVE_FUTURE_DATA = 3;
const HAVE_ENOUGH_DATA = 4;
/** How far into the ad a pause nobody asked for still counts as the browser's refusal of its sound. */
const REFUSAL_WINDOW_S = 1;

/** What the adapter's commands tell its event listeners. */
interface PlayState {
  /** A pause this adapter asked for is on its way (pause(), unload()). */
  pauseAsked: boolean;
  /** Where the last play with sound started; null when it played muted. */
  soundFrom: number | null;
}

type Emit = <K extends keyof AdVideoFacts>(fact: K, value: AdVideoFacts[K]) => void;

/**
 * The element's events as the adapter's facts, while it has a source. A pause nobody asked for,
 * just after a play with sound, is the browser refusing the sound: the ad plays on muted.
 */
function forwardAdEvents(element: HTMLVideoElement, emit: Emit, state: PlayState): void {
  const hasSource = () => element.hasAttribute('src');
  const time = () => ({ currentTime: element.currentTime, duration: element.duration });
  element.addEventListener('canplaythrough', () => hasSource() && emit('canPlayThrough', undefined));
  element.addEventListener('playing', () => hasSource() && emit('playing', undefined));
  element.addEventListener('pause', () => {
    if (!hasSource()) return;
    const { soundFrom } = state;
    const refused = !state.pauseAsked && !element.ended && !element.muted && soundFrom !== null && element.currentTime - soundFrom < REFUSAL_WINDOW_S;
    state.pauseAsked = false;
    if (refused) {
      state.soundFrom = null;
      element.muted = true;
      emit('soundRefused', undefined);
      element.play().catch(() => emit('paused', { ended: false }));
      return;
    }
    emit('paused', { ended: element.ended });
  });
  element.addEventListener('ended', () => hasSource() && emit('ended', undefined));
  element.addEventListener('timeupdate', () => hasSource() && emit('timeUpdated', time()));
  element.addEventListener('durationchange', () => hasSource() && emit('timeUpdated', time()));
  element.addEventListener('volumechange', () => emit('volumeChanged', { volume: element.volume, muted: element.muted }));
  element.addEventListener('error', () => {
    const error = element.error;
    if (!hasSource() || !error || error.code === MEDIA_ERR_ABORTED) return;
    emit('failed', { mediaErrorCode: error.code, message: error.message || `MediaError ${error.code}` });
  });
}

/** A detached <video>, made at the first question and never in the page: what the browser can play is the same for every element. */
/**
 * This browser's HTMLMediaElement.canPlayType ('probably', 'maybe', or '' for no), for a page
 * with no ad video of its own (the harness's VAST inspector). The element asked is dropped at
 * once: a `<video>` kept for it would be one more live element for the page's whole life.
 */
export function canPlayType(mimeType: string): string {
  return document.createElement('video').canPlayType(mimeType);
}

export function createAdVideo(element: HTMLVideoElement = createAdElement()): AdVideo {

  const listeners = new Map<keyof AdVideoFacts, Set<Listener<never>>>();
  const emit: Emit = (fact, value) => {
    (listeners.get(fact) as Set<Listener<typeof value>> | undefined)?.forEach((listener) => listener(value));
  };
  const state: PlayState = { pauseAsked: false, soundFrom: null };
  forwardAdEvents(element, emit, state);

  return {
    mount: (host) => mountIn(element, host),
    load(url) {
      if (element.getAttribute('src') === url) {
        // The page's start is loading this media already (start/early-ad.ts): the facts the
        // listeners missed come now.
        void Promise.resolve().then(() => replayLoaded(element, emit));
        return;
      }
      element.src = url;
      element.load();
    },
    async play() {
      state.pauseAsked = false;
      const from = element.currentTime;
      const muted = element.muted;
      // Autoplay with sound refused: an ad plays muted rather than not at all.
      const result = await playOrMute({ play: () => element.play(), setMuted: (value) => void (element.muted = value) }, { muted });
      if (result === 'blocked') throw new DOMException('The browser refused to play the ad, muted too', 'NotAllowedError');
      // 'sound': as the ad was set (muted by the viewer, through the content's mute, is no refusal).
      state.soundFrom = result === 'sound' && !muted ? from : null;
      return result === 'muted' ? 'muted' : 'sound';
    },
    pause() {
      state.pauseAsked = !element.paused;
      element.pause();
    },
    setVolume(volume) {
      element.volume = Math.min(1, Math.max(0, volume));
      if (volume > 0 && element.muted) element.muted = false;
    },
    setMuted(muted) {
      element.muted = muted;
    },
    unload() {
      state.pauseAsked = !element.paused;
      element.pause();
      element.removeAttribute('src');
      element.load();
    },
    canPlayType: (mimeType) => element.canPlayType(mimeType),
    on(fact, listener) {
      const set = listeners.get(fact) ?? new Set<Listener<never>>();
      listeners.set(fact, set);
      set.add(listener as Listener<never>);
      return () => void set.delete(listener as Listener<never>);
    },
  };
}

/**
 * What the page's start's element has already told: its length, that it can play through, and,
 * when the start played it for the viewer (start/early-ad.ts), that it plays, or that it ended.
 */
function replayLoaded(element: HTMLVideoElement, emit: Emit): void {
  if (Number.isFinite(element.duration)) emit('timeUpdated', { currentTime: element.currentTime, duration: element.duration });
  if (element.readyState >= HAVE_ENOUGH_DATA || element.ended) emit('canPlayThrough', undefined);
  // A play still waiting for data tells its own 'playing' when it starts.
  if ((!element.paused && element.readyState >= HAVE_FUTURE_DATA) || element.ended) emit('playing', undefined);
  if (element.ended) emit('ended', undefined);
}
