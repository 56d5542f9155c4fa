/**
 * Media Session: lock-screen and media-key integration. Metadata carries the title, for a
 * series 'N сезон, M серия' and the series title, and the poster. Actions: play, pause,
 * seek back/forward (the OS offset, else 10 s), seek to, and next track — installed only
 * while another feature says a next episode exists, and reported as `nextTrackRequested`.
 */
import { createEffect, createEvent, createStore, sample, scopeBind, type Event, type EventCallable, type Store } from 'effector';
import { SEEK_STEP_S } from '../../lib/constants';
import { STRINGS } from '../../lib/strings';
import {
  setSessionActionHandler,
  setSessionMetadata,
  setSessionPlaybackState,
  setSessionPosition,
  type SessionActionDetails,
  type SessionMetadata,
} from '../../platform/media-session';
import type { PlaybackStatus } from '../playback';

export interface NowPlaying {
  title: string;
  posterUrl: string | null;
  /** Present for a series episode. */
  episode: { season: number; order: number; title: string } | null;
}

/** The metadata shown by the OS for what plays now. */
export function sessionMetadata({ title, posterUrl, episode }: NowPlaying): SessionMetadata {
  return episode
    ? { title: episode.title || title, artist: STRINGS.seriesEpisode(episode.season, episode.order), album: title, artworkUrl: posterUrl }
    : { title, artist: '', album: '', artworkUrl: posterUrl };
}

/** What the Media Session hears from the other features, named by what it is to the session. */
export interface MediaSessionDeps {
  /** The playhead and the duration (playback), the position the OS shows. */
  $currentTime: Store<number>;
  $duration: Store<number>;
  /** The player's status (playback): the OS's playing or paused. */
  $status: Store<PlaybackStatus>;
  /** When the position is due again (playback's media facts). */
  mediaPlaying: Event<unknown>;
  mediaPaused: Event<unknown>;
  mediaSeeked: Event<unknown>;
  /** The speed (tracks), for the OS's position. */
  $playbackRate: Store<number>;
  /** What the OS's actions ask of playback. */
  playClicked: EventCallable<void>;
  pauseClicked: EventCallable<void>;
  seekByRequested: EventCallable<number>;
  seekRequested: EventCallable<number>;
}

export type MediaSessionModel = ReturnType<typeof createMediaSession>;

/** The Media Session's actions and state, built on the units of the features it hears. */
export function createMediaSession(deps: MediaSessionDeps) {
  const nowPlayingSet = createEvent<NowPlaying | null>();
  const mediaSessionStarted = createEvent();
  /** Whether a next episode exists, so the OS offers "next track". */
  const nextTrackAvailabilitySet = createEvent<boolean>();
  /** The OS "next track" action: the series feature moves to the next episode. */
  const nextTrackRequested = createEvent();

  const sessionPlayRequested = createEvent();
  const sessionPauseRequested = createEvent();
  const sessionSeekedBack = createEvent<SessionActionDetails>();
  const sessionSeekedForward = createEvent<SessionActionDetails>();
  const sessionSeekedTo = createEvent<SessionActionDetails>();

  const $hasNextTrack = createStore(false).on(nextTrackAvailabilitySet, (_, available) => available);

  const setMetadataFx = createEffect((nowPlaying: NowPlaying | null) => setSessionMetadata(nowPlaying && sessionMetadata(nowPlaying)));
  const setPlaybackStateFx = createEffect(setSessionPlaybackState);
  const setPositionFx = createEffect(setSessionPosition);

  const installHandlersFx = createEffect(() => {
    const play = scopeBind(sessionPlayRequested, { safe: true });
    const pause = scopeBind(sessionPauseRequested, { safe: true });
    setSessionActionHandler('play', () => play());
    setSessionActionHandler('pause', () => pause());
    setSessionActionHandler('seekbackward', scopeBind(sessionSeekedBack, { safe: true }));
    setSessionActionHandler('seekforward', scopeBind(sessionSeekedForward, { safe: true }));
    setSessionActionHandler('seekto', scopeBind(sessionSeekedTo, { safe: true }));
  });
  const setNextTrackHandlerFx = createEffect((enabled: boolean) => {
    const next = scopeBind(nextTrackRequested, { safe: true });
    setSessionActionHandler('nexttrack', enabled ? () => next() : null);
  });

  sample({ clock: mediaSessionStarted, target: installHandlersFx });
  sample({ clock: [mediaSessionStarted, $hasNextTrack.updates], source: $hasNextTrack, target: setNextTrackHandlerFx });
  sample({ clock: nowPlayingSet, target: setMetadataFx });

  sample({ clock: sessionPlayRequested, target: deps.playClicked });
  sample({ clock: sessionPauseRequested, target: deps.pauseClicked });
  sample({ clock: sessionSeekedBack, fn: ({ seekOffset }) => -(seekOffset ?? SEEK_STEP_S), target: deps.seekByRequested });
  sample({ clock: sessionSeekedForward, fn: ({ seekOffset }) => seekOffset ?? SEEK_STEP_S, target: deps.seekByRequested });
  sample({
    clock: sessionSeekedTo,
    filter: ({ seekTime }) => typeof seekTime === 'number',
    fn: ({ seekTime }) => seekTime!,
    target: deps.seekRequested,
  });

  sample({
    clock: deps.$status.updates,
    fn: (status) => (status === 'playing' || status === 'buffering' ? 'playing' : status === 'notStarted' ? 'none' : 'paused'),
    target: setPlaybackStateFx,
  });
  // The playhead is read when the position is due, not combined: that would recompute on every time update.
  const positionDue = sample({ clock: [deps.mediaPlaying, deps.mediaPaused, deps.mediaSeeked, deps.$playbackRate.updates, deps.$duration.updates], source: deps.$currentTime });
  sample({
    clock: positionDue,
    source: { duration: deps.$duration, playbackRate: deps.$playbackRate },
    fn: ({ duration, playbackRate }, position) => ({ duration, position, playbackRate }),
    target: setPositionFx,
  });

  return { nowPlayingSet, mediaSessionStarted, nextTrackAvailabilitySet, nextTrackRequested };
}
