/**
 * What the engine does on an hls.js error, per Hls instance: error-policy.ts decides the action,
 * this part carries it out on the live instance and reports the error (hls-events.ts
 * `toEngineError`) as fatal or not, as hls.js's error controller acts for its policy.
 */
import { Events, type ErrorData } from 'hls.js';
import type Hls from 'hls.js';
import { errorAction, refusedSegment } from './error-policy';
import { toEngineError, type EmitFact } from './hls-events';
import { applySubtitleModes } from './subtitle-modes';
import { isWorkerFailure } from './transmux-worker';

export interface ErrorHandlerParts {
  /** The engine's Hls instance now: null until `createHls` has returned. */
  live: () => Hls | null;
  video: HTMLVideoElement;
  emit: EmitFact;
}

/** Listens to one instance's errors; the counts start afresh with each instance (each source). */
export function handleErrors(instance: Hls, { live, video, emit }: ErrorHandlerParts): void {
  let mediaRecoveries = 0;
  /** The last audio track whose playlist loaded: where a failing one falls back to. */
  let loadedAudioTrack: number | null = null;
  /**
   * The segments refused since a segment of their type (film, audio) last reached the buffer,
   * until the film's first one has: a start that cannot go on ends, a film that has played stalls.
   */
  const refused = new Set<string>();
  let filmBuffered = false;

  function onError(data: ErrorData): void {
    const error = toEngineError(data);
    const segment = refusedSegment(data);
    // Nothing is kept once the film has buffered: refused again, it is then hls.js's to report.
    const refusedAgain = segment !== null && refused.has(segment);
    if (segment !== null && !filmBuffered) refused.add(segment);
    const action = errorAction(data, mediaRecoveries, loadedAudioTrack, refusedAgain);
    if (action.type === 'ignore') return;
    const hls = live();
    // No instance to act on until createHls has returned: such an error goes out as it came.
    if (!hls || action.type === 'report') {
      emit('error', error);
    } else if (action.type === 'stopLoad') {
      hls.stopLoad();
      emit('error', { ...error, fatal: true });
    } else if (action.type === 'restoreAudioTrack' || action.type === 'subtitlesOff') {
      // hls.js stopped loading on the error it made fatal: the other rendition, then on from here.
      if (action.type === 'restoreAudioTrack') hls.audioTrack = action.id;
      else {
        hls.subtitleTrack = -1;
        applySubtitleModes(video.textTracks, null);
      }
      hls.startLoad(video.currentTime);
      emit('error', { ...error, fatal: false });
    } else {
      if (action.swapAudioCodec) hls.swapAudioCodec();
      mediaRecoveries += 1;
      hls.recoverMediaError();
      emit('error', { ...error, fatal: false });
    }
  }

  // hls.js goes on without its worker: transmux-worker.ts reports that, once.
  instance.on(Events.ERROR, (_, data) => {
    if (!isWorkerFailure(data)) onError(data);
  });
  instance.on(Events.AUDIO_TRACK_LOADED, (_, data) => (loadedAudioTrack = data.id));
  instance.on(Events.FRAG_BUFFERED, (_, { frag }) => {
    if (frag.type === 'main') filmBuffered = true;
    for (const segment of refused) if (filmBuffered || segment.startsWith(`${frag.type} `)) refused.delete(segment);
  });
}
