/**
 * Media Session: lock-screen and media-key integration. Metadata carries the title, for a
 * series 'N сезон, M серия' and the series title, and the poster. Actions: play, pause,
 * seek back/forward (the OS offset, else 10 s), seek to, and next track — installed only
 * while another feature says a next episode exists, and reported as `nextTrackRequested`.
 */
import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
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
import {
  $currentTime,
  $duration,
  $status,
  mediaPaused,
  mediaPlaying,
  mediaSeeked,
  pauseClicked,
  playClicked,
  seekByRequested,
  seekRequested,
} from '../playback';
import { $playbackRate } from '../tracks';

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

export const nowPlayingSet = createEvent<NowPlaying | null>();
export const mediaSessionStarted = createEvent();
/** Whether a next episode exists, so the OS offers "next track". */
export const nextTrackAvailabilitySet = createEvent<boolean>();
/** The OS "next track" action: the series feature moves to the next episode. */
export const nextTrackRequested = createEvent();

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

sample({ clock: sessionPlayRequested, target: playClicked });
sample({ clock: sessionPauseRequested, target: pauseClicked });
sample({ clock: sessionSeekedBack, fn: ({ seekOffset }) => -(seekOffset ?? SEEK_STEP_S), target: seekByRequested });
sample({ clock: sessionSeekedForward, fn: ({ seekOffset }) => seekOffset ?? SEEK_STEP_S, target: seekByRequested });
sample({
  clock: sessionSeekedTo,
  filter: ({ seekTime }) => typeof seekTime === 'number',
  fn: ({ seekTime }) => seekTime!,
  target: seekRequested,
});

sample({
  clock: $status.updates,
  fn: (status) => (status === 'playing' || status === 'buffering' ? 'playing' : status === 'notStarted' ? 'none' : 'paused'),
  target: setPlaybackStateFx,
});
// The playhead is read when the position is due, not combined: that would recompute on every time update.
const positionDue = sample({ clock: [mediaPlaying, mediaPaused, mediaSeeked, $playbackRate.updates, $duration.updates], source: $currentTime });
sample({
  clock: positionDue,
  source: { duration: $duration, playbackRate: $playbackRate },
  fn: ({ duration, playbackRate }, position) => ({ duration, position, playbackRate }),
  target: setPositionFx,
});
