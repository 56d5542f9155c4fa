/**
 * The Media Session API: what the OS shows on the lock screen, in notifications and on
 * hardware media keys. Every call is a no-op where the API is missing.
 */

export interface SessionMetadata {
  title: string;
  /** For a series: 'N сезон, M серия'. */
  artist: string;
  /** For a series: the series title. */
  album: string;
  artworkUrl: string | null;
}

export type SessionAction = 'play' | 'pause' | 'seekbackward' | 'seekforward' | 'seekto' | 'nexttrack';

/** What an action handler is told: the seek offset or target, in seconds, when the OS gives one. */
export interface SessionActionDetails {
  seekOffset?: number;
  seekTime?: number;
}

function session(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

export function setSessionMetadata(metadata: SessionMetadata | null): void {
  const target = session();
  if (!target || typeof MediaMetadata === 'undefined') return;
  target.metadata = metadata
    ? new MediaMetadata({
        title: metadata.title,
        artist: metadata.artist,
        album: metadata.album,
        artwork: metadata.artworkUrl ? [{ src: metadata.artworkUrl }] : [],
      })
    : null;
}

/** Installs (or, with null, removes) the handler of one action; unknown actions are ignored. */
export function setSessionActionHandler(action: SessionAction, handler: ((details: SessionActionDetails) => void) | null): void {
  const target = session();
  if (!target) return;
  try {
    target.setActionHandler(
      action,
      handler ? (details) => handler({ seekOffset: details.seekOffset ?? undefined, seekTime: details.seekTime ?? undefined }) : null,
    );
  } catch {
    // The browser does not know this action.
  }
}

export function setSessionPlaybackState(state: 'none' | 'paused' | 'playing'): void {
  const target = session();
  if (target) target.playbackState = state;
}

/** Keeps the OS scrubber in step; ignored until the duration is known. */
export function setSessionPosition(position: { duration: number; position: number; playbackRate: number }): void {
  const target = session();
  const { duration, position: at, playbackRate } = position;
  if (!target?.setPositionState || !Number.isFinite(duration) || duration <= 0) return;
  try {
    target.setPositionState({ duration, position: Math.min(Math.max(0, at), duration), playbackRate: playbackRate > 0 ? playbackRate : 1 });
  } catch {
    // An out-of-range state is dropped rather than thrown.
  }
}
