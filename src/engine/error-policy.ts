/**
 * What the engine does with an hls.js error, apart from what it reports (hls-events.ts
 * `toEngineError`): as hls.js's error controller keeps deciding what went wrong apart from how to
 * recover.
 */
import { ErrorDetails, ErrorTypes, type ErrorData } from 'hls.js';

export type ErrorAction =
  /** Report the error as hls.js sent it. */
  | { type: 'report' }
  /** Not an error: hls.js gave up a request of its own. Nothing is reported. */
  | { type: 'ignore' }
  /** Stop loading and report the error fatal. */
  | { type: 'stopLoad' }
  /** Recover the media (swapping the audio codec first when asked) and report the error non-fatal. */
  | { type: 'recoverMedia'; swapAudioCodec: boolean }
  /** Go back to the audio track that loaded before, load on, and report the error non-fatal. */
  | { type: 'restoreAudioTrack'; id: number }
  /** Turn the subtitles off, load on, and report the error non-fatal. */
  | { type: 'subtitlesOff' };

/** Fatal media errors recovered per source; the next one is reported fatal. */
const MEDIA_RECOVERIES = 2;

const AUDIO_PLAYLIST_ERRORS: ReadonlySet<string> = new Set([ErrorDetails.AUDIO_TRACK_LOAD_ERROR, ErrorDetails.AUDIO_TRACK_LOAD_TIMEOUT]);
const SUBTITLE_PLAYLIST_ERRORS: ReadonlySet<string> = new Set([ErrorDetails.SUBTITLE_LOAD_ERROR, ErrorDetails.SUBTITLE_TRACK_LOAD_TIMEOUT]);

/**
 * A segment of the film or its audio that the server refused (HTTP 4xx), as a key (its type,
 * address and byte range); null for anything else. hls.js does not ask for a refused segment
 * again: it turns to another level, and, a failed level's penalty expiring at once, round again.
 * Subtitles are not here: without them the film plays on (SPEC.md §8).
 */
export function refusedSegment(data: ErrorData): string | null {
  const code = data.response?.code ?? 0;
  const frag = data.frag;
  if (data.details !== ErrorDetails.FRAG_LOAD_ERROR || !frag || (frag.type !== 'main' && frag.type !== 'audio') || code < 400 || code > 499) return null;
  return `${frag.type} ${frag.url}#${frag.byteRangeStartOffset ?? ''}`;
}

/**
 * `mediaRecoveries`: the recoveries already tried for the current source; `loadedAudioTrack`: the
 * last audio track whose playlist loaded, null before any; `refusedAgain`: at the start (before the
 * film's first segment reached the buffer), this segment was refused before.
 */
export function errorAction(data: ErrorData, mediaRecoveries: number, loadedAudioTrack: number | null = null, refusedAgain = false): ErrorAction {
  // hls.js cancels a load of its own when it switches level, seeks or resets a loader, and sends
  // that as a non-fatal 'aborted' error. Nothing failed (SPEC.md §8: abort errors are ignored), and
  // analytics would count a stream error that no viewer met.
  if (!data.fatal && data.details === ErrorDetails.INTERNAL_ABORTED) return { type: 'ignore' };
  // An alternate rendition's playlist that fails is not the stream failing (SPEC.md §8: audio-track
  // and subtitle playlist errors are non-fatal). hls.js, with no other rendition group to turn to,
  // makes it fatal and stops loading: the viewer keeps the audio that played, or loses the subtitles.
  if (data.fatal && AUDIO_PLAYLIST_ERRORS.has(data.details)) {
    const failed = (data.context as { id?: unknown } | undefined)?.id;
    if (loadedAudioTrack !== null && loadedAudioTrack !== failed) return { type: 'restoreAudioTrack', id: loadedAudioTrack };
  }
  if (data.fatal && SUBTITLE_PLAYLIST_ERRORS.has(data.details)) return { type: 'subtitlesOff' };
  if (!data.fatal && (data.details === ErrorDetails.KEY_LOAD_ERROR || data.details === ErrorDetails.KEY_LOAD_TIMEOUT)) {
    // Keys are not retried (SPEC.md §7). hls.js would switch rendition and, its key cache
    // cleared, ask for the same key again: the first failure ends the stream.
    return { type: 'stopLoad' };
  }
  // At the start, hls.js came back to a segment it was refused: it has nowhere left to turn, and
  // the spinner would turn until the start watchdog's limit. Once the film has played, a missing
  // segment stays a non-fatal error: the film stalls there, and a seek past it plays on.
  if (refusedAgain && refusedSegment(data) !== null) return { type: 'stopLoad' };
  // A manifest none of whose codecs the browser plays has nothing to recover: it is the error.
  const recoverable = data.details !== ErrorDetails.MANIFEST_INCOMPATIBLE_CODECS_ERROR;
  if (data.fatal && data.type === ErrorTypes.MEDIA_ERROR && recoverable && mediaRecoveries < MEDIA_RECOVERIES) {
    // First a plain recovery; a second failure often means an audio codec mismatch.
    return { type: 'recoverMedia', swapAudioCodec: mediaRecoveries === 1 };
  }
  return { type: 'report' };
}
